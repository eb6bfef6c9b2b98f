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
	"sort"
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

// Options for ParseWithOptions. Zero values are the defaults. The names are
// the library's options schema (docs/options.md) in Go's case: Zone is the
// option "zone", OffsetWindow "offset-window"; Extra takes any other option of
// the schema by its name (the dialects' own: "seconds-first", "day-or",
// "strict", "format", "hash-fields", ...), so a new option needs no new field.
type Options struct {
	Dialect      string        // "" = "kubernetes"; standard, quartz, jenkins, furiko, croniter, cron-parser, spring
	Seed         []string      // the seed's parts, e.g. {host, job}; hash forms need one
	Host         string        // put before the seed's parts
	Zone         string        // IANA zone; "" = "UTC"
	DST          string        // "" = the dialect's own; cron, wall, skip-first, shift-both, ...
	HashScheme   string        // "" = the dialect's scheme; fc1, jenkins, furiko, croniter, cron-parser
	OffsetWindow time.Duration // > 0: shift each fire time by the seed's stable offset in [0, OffsetWindow)
	BalanceLock  *Balance      // nil: plain H; else hash forms take the lock's slot for this job (a job it does not name keeps plain H)
	NotBefore    time.Time     // zero: none; else no fire before it (included)
	NotAfter     time.Time     // zero: none; else no fire after it (included)
	Except       string        // local dates without fires: "2026-12-25,2026-12-24..2026-12-31", or .ics files (docs/calendars.md)
	ExceptCron   string        // times without fires: cron expressions in the dialect, ';' between two: "* * * * 0,6"
	ExceptMove   string        // a fire on a day of Except: "skip" (default), "following", "preceding", "modified-following"
	Extra        map[string]string

	// Deprecated: use BalanceLock (refused from 0.6).
	Balance *Balance

	// Deprecated: use Zone (refused from 0.6).
	TimeZone string
	// Deprecated: use HashScheme (refused from 0.6).
	Hash string
	// Deprecated: use OffsetWindow (refused from 0.6).
	Spread time.Duration

	robfigSeconds bool // six fields, seconds first (Parser with Second)
}

// Option is one option of the library's schema (docs/options.md).
type Option struct {
	Name, Type, Default, Help string
	Values                    []string // a choice's or flag's allowed values
}

// Schema lists every option the library takes, from the library itself.
func Schema() []Option {
	n := int(C.fuzzycron_option_count())
	out := make([]Option, 0, n)
	for i := 0; i < n; i++ {
		var name, typ, def, values, help *C.char
		C.fuzzycron_option_info(C.size_t(i), &name, &typ, &def, &values, &help)
		o := Option{Name: C.GoString(name), Type: C.GoString(typ), Default: C.GoString(def), Help: C.GoString(help)}
		if v := C.GoString(values); v != "" {
			o.Values = strings.Split(v, ",")
		}
		out = append(out, o)
	}
	return out
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
//	s, err := fuzzycron.ParseWithOptions("H * * * *", fuzzycron.Options{Seed: []string{"sync"}, BalanceLock: lock})
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
	o             C.fuzzycron_options
	strings       []*C.char
	names, values unsafe.Pointer
}

func newCOptions(o Options) *cOptions {
	c := &cOptions{}
	C.fuzzycron_options_init(&c.o)
	var names, values []string
	set := func(name, value string) {
		names = append(names, name)
		values = append(values, value)
	}
	dialect := o.Dialect
	if dialect == "" {
		dialect = "kubernetes"
	}
	set("dialect", dialect)
	for _, p := range o.Seed {
		set("seed", p)
	}
	if o.Host != "" {
		set("host", o.Host)
	}
	for _, z := range []string{o.TimeZone, o.Zone} { // the new name wins
		if z != "" {
			set("zone", z)
		}
	}
	if o.DST != "" {
		set("dst", o.DST)
	}
	for _, h := range []string{o.Hash, o.HashScheme} {
		if h != "" {
			set("hash-scheme", h)
		}
	}
	for _, w := range []time.Duration{o.Spread, o.OffsetWindow} {
		if w != 0 {
			set("offset-window", strconv.FormatInt(int64(w/time.Millisecond), 10)+"ms")
		}
	}
	if o.robfigSeconds {
		set("seconds-first", "true")
	}
	if !o.NotBefore.IsZero() {
		set("not-before", o.NotBefore.UTC().Format(time.RFC3339Nano))
	}
	if !o.NotAfter.IsZero() {
		set("not-after", o.NotAfter.UTC().Format(time.RFC3339Nano))
	}
	if o.Except != "" {
		set("except", o.Except)
	}
	if o.ExceptCron != "" {
		set("except-cron", o.ExceptCron)
	}
	if o.ExceptMove != "" {
		set("except-move", o.ExceptMove)
	}
	keys := make([]string, 0, len(o.Extra))
	for k := range o.Extra {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same order every time, so the same error every time
	for _, k := range keys {
		set(k, o.Extra[k])
	}
	if len(names) > 0 {
		size := C.size_t(len(names)) * C.size_t(unsafe.Sizeof((*C.char)(nil)))
		c.names, c.values = C.malloc(size), C.malloc(size)
		cn := unsafe.Slice((**C.char)(c.names), len(names))
		cv := unsafe.Slice((**C.char)(c.values), len(names))
		for i := range names {
			cn[i], cv[i] = C.CString(names[i]), C.CString(values[i])
			c.strings = append(c.strings, cn[i], cv[i])
		}
		c.o.option_names = (**C.char)(c.names)
		c.o.option_values = (**C.char)(c.values)
		c.o.option_count = C.size_t(len(names))
	}
	lock := o.BalanceLock
	if lock == nil {
		lock = o.Balance
	}
	if lock != nil {
		if lock.handle == nil {
			c.o.balance = (*C.fuzzycron_balance)(unsafe.Pointer(uintptr(1))) // refused as not a live lock
		} else {
			c.o.balance = lock.handle
		}
	}
	return c
}

func (c *cOptions) free() {
	for _, p := range c.strings {
		C.free(unsafe.Pointer(p))
	}
	for _, p := range []unsafe.Pointer{c.names, c.values} {
		if p != nil {
			C.free(p)
		}
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
