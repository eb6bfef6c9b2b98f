module fuzzycron/bench/peers

go 1.19

require (
	github.com/gorhill/cronexpr v0.0.0
	github.com/robfig/cron/v3 v3.0.1
)

// Debian's golang-github-robfig-cron-dev and golang-github-gorhill-cronexpr-dev: nothing is downloaded.
replace github.com/robfig/cron/v3 => /usr/share/gocode/src/github.com/robfig/cron

// Debian's cronexpr has no go.mod: scripts/bench-peers.sh copies it next to a
// copy of this module with one and points this replace at it.
replace github.com/gorhill/cronexpr => ../cronexpr
