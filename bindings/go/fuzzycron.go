// Package fuzzycron is fuzzycron's schedule engine for Go, over its C API
// (cgo; the library is found with pkg-config as fuzzycron-c).
//
//	go get github.com/fuzzycron/fuzzycron/bindings/go
//
// NewParser plugs it into robfig/cron's scheduler, H included:
//
//	c := cron.New(cron.WithParser(fuzzycron.NewParser(fuzzycron.Standard, fuzzycron.WithSeed("billing"))))
//	c.AddFunc("H * * * *", f)
//
// A *Schedule satisfies robfig/cron's Schedule interface, so it runs in
// cron.New().Schedule(...) unchanged:
//
//	s, err := fuzzycron.ParseWithHash("H H(0-5) * * *", jobID)
//	c := cron.New()
//	c.Schedule(s, cron.FuncJob(backup))
//
// Expressions are read in the kubernetes dialect by default (robfig/cron v3's
// ParseStandard grammar: 5 fields, N/s, ? = *, descriptors, TZ= prefixes) plus
// fuzzycron's hash forms H, H(a-b), H/n.
package fuzzycron

/*
#cgo pkg-config: fuzzycron-c
#include <stdlib.h>
#include "fuzzycron/c.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"
	"unsafe"
)

// Error is a rejected input: what is wrong, where (1-based column in Text; Line
// for multi-line specs, else 0) and the offending text.
type Error struct {
	Status  int
	Message string
	Line    int
	Column  int
	Text    string
}

func (e *Error) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("fuzzycron: %s (column %d)", e.Message, e.Column)
	}
	return "fuzzycron: " + e.Message
}

// Status values of Error.Status (fuzzycron/c.h).
const (
	StatusSyntax      = int(C.FUZZYCRON_ERROR_SYNTAX)
	StatusMissingSeed = int(C.FUZZYCRON_ERROR_MISSING_SEED)
	StatusBadSeed     = int(C.FUZZYCRON_ERROR_BAD_SEED)
	StatusTimeZone    = int(C.FUZZYCRON_ERROR_TIME_ZONE)
	StatusUnsupported = int(C.FUZZYCRON_ERROR_UNSUPPORTED)
	StatusArgument    = int(C.FUZZYCRON_ERROR_ARGUMENT)
	StatusHandle      = int(C.FUZZYCRON_ERROR_HANDLE)
)

// ErrClosed is returned for a schedule used after Close.
var ErrClosed = errors.New("fuzzycron: schedule is closed")

// Options for ParseWithOptions. Zero values are the defaults.
type Options struct {
	Dialect  string        // "" = "kubernetes"; standard, quartz, jenkins, furiko, croniter, cron-parser
	Seed     []string      // the seed's parts, e.g. {host, job}; hash forms need one
	TimeZone string        // IANA zone; "" = "UTC"
	DST      string        // "" = the dialect's own (docs/dst.md); cron, wall, skip-first, ...
	Hash     string        // "" = the dialect's scheme; fc1, jenkins, furiko, croniter, cron-parser
	Spread   time.Duration // > 0: shift each fire time by the seed's stable offset in [0, Spread)
	Balance  *Balance      // nil: plain H; else hash forms take the lock's slot for this job (a job it does not name keeps plain H)

	robfigSeconds bool // six fields, seconds first (Parser with Second)
}

// Balance is a balance lock (written by `fuzzycron balance`, docs/balance.md):
// for each group of jobs whose H values compete, the slot each job takes.
// Schedules parsed with it do not need it afterwards; Close frees it.
type Balance struct {
	handle *C.fuzzycron_balance
}

// ReadBalance reads a lock's text. A corrupt or newer lock is an *Error with its Line.
//
//	text, _ := os.ReadFile("jobs.lock")
//	lock, err := fuzzycron.ReadBalance(text)
//	s, err := fuzzycron.ParseWithOptions("H * * * *", fuzzycron.Options{Seed: []string{"sync"}, Balance: lock})
func ReadBalance(text []byte) (*Balance, error) {
	var e C.fuzzycron_error
	var handle *C.fuzzycron_balance
	var p *C.char
	if len(text) > 0 {
		p = (*C.char)(C.CBytes(text))
		defer C.free(unsafe.Pointer(p))
	}
	if C.fuzzycron_balance_read(p, C.size_t(len(text)), &handle, &e) != C.FUZZYCRON_OK {
		return nil, errorOf(&e)
	}
	b := &Balance{handle: handle}
	runtime.SetFinalizer(b, func(b *Balance) { b.Close() })
	return b, nil
}

// Close frees the lock; closing twice is a no-op.
func (b *Balance) Close() error {
	if b == nil || b.handle == nil {
		return nil
	}
	C.fuzzycron_balance_free(b.handle)
	b.handle = nil
	return nil
}

// Schedule is a compiled schedule. It is safe for concurrent use; Close (or
// the garbage collector) frees it.
type Schedule struct {
	handle *C.fuzzycron_schedule
}

// Parse compiles expr (kubernetes dialect). Hash forms are refused: they need
// a seed, which ParseWithHash or ParseWithOptions gives.
func Parse(expr string) (*Schedule, error) {
	s, err := ParseWithOptions(expr, Options{})
	var e *Error
	if errors.As(err, &e) && e.Status == StatusMissingSeed {
		e.Message = "hash forms (H) need a seed: use ParseWithHash(expr, seed) or ParseWithOptions"
	}
	return s, err
}

// ParseWithHash compiles expr with hash forms drawn from seed (its decimal
// text is the seed's one part).
func ParseWithHash(expr string, seed uint64) (*Schedule, error) {
	return ParseWithOptions(expr, Options{Seed: []string{strconv.FormatUint(seed, 10)}})
}

// cOptions holds C copies of Options' strings until free is called.
type cOptions struct {
	o       C.fuzzycron_options
	strings []*C.char
	parts   unsafe.Pointer
}

func newCOptions(o Options) *cOptions {
	c := &cOptions{}
	C.fuzzycron_options_init(&c.o)
	str := func(s string) *C.char {
		p := C.CString(s)
		c.strings = append(c.strings, p)
		return p
	}
	dialect := o.Dialect
	if dialect == "" {
		dialect = "kubernetes"
	}
	c.o.dialect = str(dialect)
	if o.TimeZone != "" {
		c.o.time_zone = str(o.TimeZone)
	}
	if o.DST != "" {
		c.o.dst = str(o.DST)
	}
	if o.Hash != "" {
		c.o.hash = str(o.Hash)
	}
	if len(o.Seed) > 0 {
		size := C.size_t(len(o.Seed)) * C.size_t(unsafe.Sizeof((*C.char)(nil)))
		c.parts = C.malloc(size)
		parts := unsafe.Slice((**C.char)(c.parts), len(o.Seed))
		for i, p := range o.Seed {
			parts[i] = str(p)
		}
		c.o.seed_parts = (**C.char)(c.parts)
		c.o.seed_count = C.size_t(len(o.Seed))
	}
	c.o.spread_ms = C.int64_t(o.Spread / time.Millisecond)
	if o.robfigSeconds {
		c.o.dialect_flags |= C.FUZZYCRON_ROBFIG_SECONDS
	}
	if o.Balance != nil {
		if o.Balance.handle == nil {
			c.o.balance = (*C.fuzzycron_balance)(unsafe.Pointer(uintptr(1))) // refused as not a live lock
		} else {
			c.o.balance = o.Balance.handle
		}
	}
	return c
}

func (c *cOptions) free() {
	for _, p := range c.strings {
		C.free(unsafe.Pointer(p))
	}
	if c.parts != nil {
		C.free(c.parts)
	}
}

func errorOf(e *C.fuzzycron_error) error {
	return &Error{
		Status:  int(e.status),
		Message: C.GoString(&e.message[0]),
		Line:    int(e.line),
		Column:  int(e.column),
		Text:    C.GoString(&e.text[0]),
	}
}

// ParseWithOptions compiles expr with the given dialect, seed, zone, DST policy,
// hash scheme and spread.
func ParseWithOptions(expr string, o Options) (*Schedule, error) {
	opts := newCOptions(o)
	defer opts.free()
	text := C.CString(expr)
	defer C.free(unsafe.Pointer(text))
	var e C.fuzzycron_error
	var handle *C.fuzzycron_schedule
	if C.fuzzycron_parse(text, C.size_t(len(expr)), &opts.o, &handle, &e) != C.FUZZYCRON_OK {
		return nil, errorOf(&e)
	}
	s := &Schedule{handle: handle}
	runtime.SetFinalizer(s, (*Schedule).Close)
	return s, nil
}

// Close frees the schedule; using it afterwards returns zero times.
func (s *Schedule) Close() error {
	if s == nil || s.handle == nil {
		return nil
	}
	C.fuzzycron_schedule_free(s.handle)
	s.handle = nil
	runtime.SetFinalizer(s, nil)
	return nil
}

func (s *Schedule) step(t time.Time, forward bool) time.Time {
	if s == nil || s.handle == nil {
		return time.Time{}
	}
	var out C.int64_t
	var status C.fuzzycron_status
	if forward {
		status = C.fuzzycron_next(s.handle, C.int64_t(t.UnixMilli()), &out, nil)
	} else {
		// "Strictly before t" at millisecond resolution: a t with a fraction of a
		// millisecond has its own millisecond before it.
		ms := t.UnixMilli()
		if t.Sub(time.UnixMilli(ms)) > 0 {
			ms++
		}
		status = C.fuzzycron_prev(s.handle, C.int64_t(ms), &out, nil)
	}
	runtime.KeepAlive(s)
	if status != C.FUZZYCRON_OK {
		return time.Time{}
	}
	return time.UnixMilli(int64(out)).In(t.Location())
}

// Next returns the first fire time strictly after t, in t's location, or the
// zero time when there is none (robfig/cron's Schedule interface).
func (s *Schedule) Next(t time.Time) time.Time { return s.step(t, true) }

// Prev returns the last fire time strictly before t, or the zero time.
func (s *Schedule) Prev(t time.Time) time.Time { return s.step(t, false) }

// Never reports whether the schedule can never fire (February 30th).
func (s *Schedule) Never() bool {
	if s == nil || s.handle == nil {
		return false
	}
	var out C.int
	C.fuzzycron_never(s.handle, &out, nil)
	runtime.KeepAlive(s)
	return out == 1
}

func callText(expr string, o Options, resolve bool) (string, error) {
	opts := newCOptions(o)
	defer opts.free()
	text := C.CString(expr)
	defer C.free(unsafe.Pointer(text))
	var e C.fuzzycron_error
	var needed C.size_t
	capacity := C.size_t(256)
	for {
		buf := (*C.char)(C.malloc(capacity))
		var status C.fuzzycron_status
		if resolve {
			status = C.fuzzycron_resolve(text, C.size_t(len(expr)), &opts.o, buf, capacity, &needed, &e)
		} else {
			status = C.fuzzycron_explain(text, C.size_t(len(expr)), &opts.o, buf, capacity, &needed, &e)
		}
		out := C.GoStringN(buf, C.int(needed))
		C.free(unsafe.Pointer(buf))
		switch status {
		case C.FUZZYCRON_OK:
			return out, nil
		case C.FUZZYCRON_ERROR_BUFFER:
			capacity = needed + 1
		default:
			return "", errorOf(&e)
		}
	}
}

// Resolve returns expr with its hash forms replaced by the values they stand
// for, for o.Seed: the same schedule for any cron that has no H.
func Resolve(expr string, o Options) (string, error) { return callText(expr, o, true) }

// Explain describes expr in English, one sentence per line of the expression.
func Explain(expr string, o Options) (string, error) {
	s, err := callText(expr, o, false)
	return strings.TrimSpace(s), err
}

// Offset returns the seed's stable offset in [0, window) at millisecond resolution.
func Offset(seed []string, window time.Duration) (time.Duration, error) {
	opts := newCOptions(Options{Seed: seed})
	defer opts.free()
	var e C.fuzzycron_error
	var out C.int64_t
	if C.fuzzycron_offset(&opts.o, C.int64_t(window/time.Millisecond), &out, &e) != C.FUZZYCRON_OK {
		return 0, errorOf(&e)
	}
	return time.Duration(out) * time.Millisecond, nil
}

// Version is the library's version.
func Version() string { return C.GoString(C.fuzzycron_version()) }
