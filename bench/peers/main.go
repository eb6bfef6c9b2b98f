// Peer harness for scripts/bench-peers.sh: robfig/cron v3 and gorhill/cronexpr
// (Debian's packages) on the benchmark set of shared/bench/SPEC.md, with its
// method: next from 2026-01-01, wrapping to the start at 2099-01-01.
// Prints "peer<TAB>index<TAB>ns per call" ("-" where the peer rejects it).
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/gorhill/cronexpr"
	"github.com/robfig/cron/v3"
)

var standard = []string{"* * * * *", "*/5 * * * *", "0 0 * * *", "30 2 * * 0", "0 9-17 * * 1-5",
	"15,45 */2 1-10 * *", "0 0 1,15 * *", "0 0 29 2 *", "0 0 31 * *", "", "", "0 0 30 2 *"}

var start = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
var horizon = time.Date(2099, 1, 1, 0, 0, 0, 0, time.UTC)

func measure(next func(time.Time) time.Time) float64 {
	const budget = 300 * time.Millisecond
	t, calls := start, 0
	begin := time.Now()
	for time.Since(begin) < budget {
		for i := 0; i < 256; i++ {
			r := next(t)
			if r.IsZero() || !r.Before(horizon) {
				t = start
			} else {
				t = r
			}
		}
		calls += 256
	}
	return float64(time.Since(begin).Nanoseconds()) / float64(calls)
}

func main() {
	for i, expr := range standard {
		if expr == "" {
			continue
		}
		if s, err := cron.ParseStandard(expr); err == nil {
			fmt.Printf("robfig\t%d\t%.1f\n", i, measure(s.Next))
		} else {
			fmt.Printf("robfig\t%d\t-\n", i)
		}
		if e, err := cronexpr.Parse(expr); err == nil {
			fmt.Printf("cronexpr\t%d\t%.1f\n", i, measure(e.Next))
		} else {
			fmt.Printf("cronexpr\t%d\t-\n", i)
		}
	}
	os.Stdout.Sync()
}
