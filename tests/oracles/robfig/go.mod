module fuzzycron/oracles/robfig

go 1.19

require github.com/robfig/cron/v3 v3.0.1

// Debian's golang-github-robfig-cron-dev (3.0.1): nothing is downloaded.
replace github.com/robfig/cron/v3 => /usr/share/gocode/src/github.com/robfig/cron
