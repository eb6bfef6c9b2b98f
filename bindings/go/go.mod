module github.com/fuzzycron/fuzzycron/bindings/go

go 1.19

require github.com/robfig/cron/v3 v3.0.1
