package fuzzycron_test

import (
	"testing"
	"time"

	fuzzycron "github.com/fuzzycron/fuzzycron/bindings/go"
)

// Catch-up as a library call (issue 32): the same answers as missed.h's
// example, through the C API.
func TestMissed(t *testing.T) {
	s, err := fuzzycron.Parse("0 * * * *")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	last := time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)
	now := time.Date(2026, 3, 1, 12, 30, 0, 0, time.UTC)
	hour := func(h int) time.Time { return time.Date(2026, 3, 1, h, 0, 0, 0, time.UTC) }
	cases := []struct {
		name string
		p    fuzzycron.MissedPolicy
		run  []time.Time
	}{
		{"skip", fuzzycron.MissedPolicy{CatchUp: fuzzycron.CatchUpSkip}, nil},
		{"latest", fuzzycron.MissedPolicy{CatchUp: fuzzycron.CatchUpLatest}, []time.Time{hour(12)}},
		{"all:2", fuzzycron.MissedPolicy{CatchUp: fuzzycron.CatchUpAll, Limit: 2}, []time.Time{hour(11), hour(12)}},
		{"all within 90m", fuzzycron.MissedPolicy{CatchUp: fuzzycron.CatchUpAll, Limit: 10, StartingDeadline: 90 * time.Minute},
			[]time.Time{hour(11), hour(12)}},
	}
	for _, c := range cases {
		m, err := s.Missed(last, now, c.p)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if m.Missed != 4 || m.Skipped != 4-len(c.run) || len(m.Run) != len(c.run) {
			t.Fatalf("%s: %+v", c.name, m)
		}
		for i := range c.run {
			if !m.Run[i].Equal(c.run[i]) {
				t.Fatalf("%s: run %v, want %v", c.name, m.Run, c.run)
			}
		}
	}
}
