module fuzzycron.dev/fuzzycron

go 1.19

// For the tests only: robfig/cron v3.0.1 from Debian's golang-github-robfig-cron-dev
// (the parser Kubernetes pins); nothing is downloaded.
require github.com/robfig/cron/v3 v3.0.1

replace github.com/robfig/cron/v3 => /usr/share/gocode/src/github.com/robfig/cron
