package fuzzycron

/*
#include "fuzzycron/c.h"
*/
import "C"

import (
	"errors"
	"runtime"
	"time"
)

// CatchUp says what to do with fire times a job missed while it was not
// running (the runner's `catchup` setting, docs/runner.md).
type CatchUp int

const (
	CatchUpSkip   CatchUp = C.FUZZYCRON_CATCH_UP_SKIP   // run none of them
	CatchUpLatest CatchUp = C.FUZZYCRON_CATCH_UP_LATEST // run the newest
	CatchUpAll    CatchUp = C.FUZZYCRON_CATCH_UP_ALL    // run them all, at most Limit (the newest)
)

// MissedPolicy is the catch-up policy: with a StartingDeadline, a fire older
// than that at now is not run (0: none).
type MissedPolicy struct {
	CatchUp          CatchUp
	Limit            int // CatchUpAll: at most this many (0: 1)
	StartingDeadline time.Duration
}

// Missed is what a job missed between its last run and now.
type Missed struct {
	Run     []time.Time // to run now, oldest first
	Missed  int         // fire times in (lastRun, now]
	Skipped int         // Missed - len(Run)
}

// Missed returns the fire times in (lastRun, now] and those the policy runs
// now (fuzzycron/missed.h), as the runner decides after downtime.
//
//	s, _ := fuzzycron.Parse("0 * * * *")
//	m, _ := s.Missed(lastRun, time.Now(), fuzzycron.MissedPolicy{CatchUp: fuzzycron.CatchUpLatest})
func (s *Schedule) Missed(lastRun, now time.Time, p MissedPolicy) (Missed, error) {
	if s == nil || s.handle == nil {
		return Missed{}, errors.New("fuzzycron: Missed on a closed schedule")
	}
	limit := p.Limit
	if limit <= 0 {
		limit = 1
	}
	deadline := int64(-1)
	if p.StartingDeadline > 0 {
		deadline = p.StartingDeadline.Milliseconds()
	}
	capacity := limit
	if p.CatchUp != CatchUpAll {
		capacity = 1
	}
	out := make([]C.int64_t, capacity)
	var count, missed C.size_t
	var e C.fuzzycron_error
	status := C.fuzzycron_missed(s.handle, C.int64_t(lastRun.UnixMilli()), C.int64_t(now.UnixMilli()), C.int(p.CatchUp),
		C.size_t(limit), C.int64_t(deadline), &out[0], C.size_t(capacity), &count, &missed, &e)
	runtime.KeepAlive(s)
	if status != C.FUZZYCRON_OK {
		return Missed{}, errorOf(&e)
	}
	m := Missed{Missed: int(missed), Skipped: int(missed) - int(count)}
	for i := 0; i < int(count); i++ {
		m.Run = append(m.Run, time.UnixMilli(int64(out[i])).In(now.Location()))
	}
	return m, nil
}
