package fuzzycron_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/robfig/cron/v3"

	fuzzycron "github.com/fuzzycron/fuzzycron/bindings/go"
)

var from = time.Date(2026, 3, 8, 1, 59, 30, 0, time.UTC)

// A *Schedule is a robfig/cron Schedule.
var _ cron.Schedule = (*fuzzycron.Schedule)(nil)

func TestNextPrev(t *testing.T) {
	s, err := fuzzycron.Parse("0 * * * *")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, want := s.Next(from), time.Date(2026, 3, 8, 2, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("Next = %v, want %v", got, want)
	}
	if got, want := s.Prev(from), time.Date(2026, 3, 8, 1, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("Prev = %v, want %v", got, want)
	}
	ny, _ := time.LoadLocation("America/New_York")
	if got := s.Next(from.In(ny)); got.Location() != ny {
		t.Errorf("Next keeps t's location: %v", got.Location())
	}
	// Strictly before a time with a fraction of a millisecond.
	if got, want := s.Prev(time.Date(2026, 3, 8, 2, 0, 0, 500, time.UTC)), time.Date(2026, 3, 8, 2, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("Prev(02:00:00.0000005) = %v, want %v", got, want)
	}
}

func TestZoneAndDST(t *testing.T) {
	s, err := fuzzycron.ParseWithOptions("30 2 * * *", fuzzycron.Options{Zone: "America/New_York", DST: "cron"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Next(from), time.Date(2026, 3, 8, 7, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("cron policy: %v, want %v (03:00 EDT)", got, want)
	}
	// No DST policy given: the dialect's own (docs/dst.md), skip-both for robfig's.
	own, _ := fuzzycron.ParseWithOptions("30 2 * * *", fuzzycron.Options{Zone: "America/New_York"})
	if got, want := own.Next(from), time.Date(2026, 3, 9, 6, 30, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("default policy: %v, want %v (the next day's 02:30 EDT)", got, want)
	}
	skip, _ := fuzzycron.ParseWithOptions("30 2 * * *", fuzzycron.Options{Zone: "America/New_York", DST: "skip-both"})
	if got, want := skip.Next(from), time.Date(2026, 3, 9, 6, 30, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("skip-both: %v, want %v", got, want)
	}
}

func TestHashNeedsASeed(t *testing.T) {
	_, err := fuzzycron.Parse("H H(0-5) * * *")
	var e *fuzzycron.Error
	if !errors.As(err, &e) || e.Status != fuzzycron.StatusMissingSeed || !strings.Contains(e.Error(), "ParseWithHash") {
		t.Fatalf("Parse(H...) = %v, want a missing-seed error naming ParseWithHash", err)
	}
	s, err := fuzzycron.ParseWithHash("H H(0-5) * * *", 42)
	if err != nil {
		t.Fatal(err)
	}
	resolved, err := fuzzycron.Resolve("H H(0-5) * * *", fuzzycron.Options{Seed: []string{"42"}})
	if err != nil || strings.Contains(resolved, "H") {
		t.Fatalf("Resolve = %q, %v", resolved, err)
	}
	plain, _ := fuzzycron.Parse(resolved)
	a, b := from, from
	for i := 0; i < 20; i++ {
		a, b = s.Next(a), plain.Next(b)
		if !a.Equal(b) {
			t.Fatalf("hashed %v, resolved %q %v", a, resolved, b)
		}
	}
}

func TestErrors(t *testing.T) {
	_, err := fuzzycron.Parse("0 0 * * 7") // robfig: day-of-week 0-6
	var e *fuzzycron.Error
	if !errors.As(err, &e) || e.Status != fuzzycron.StatusSyntax || e.Column != 9 || e.Text != "0 0 * * 7" {
		t.Fatalf("err = %#v", err)
	}
	if _, err := fuzzycron.ParseWithOptions("0 * * * *", fuzzycron.Options{Zone: "Mars/Olympus"}); err == nil {
		t.Error("unknown zone accepted")
	}
	if _, err := fuzzycron.ParseWithOptions("0 * * * *", fuzzycron.Options{Dialect: "cronish"}); err == nil {
		t.Error("unknown dialect accepted")
	}
	if _, err := fuzzycron.Parse("0 * * * *\x00 junk"); err == nil {
		t.Error("a NUL byte ended the expression")
	}
	never, _ := fuzzycron.Parse("0 0 30 2 *")
	if !never.Never() || !never.Next(from).IsZero() {
		t.Error("February 30th fires")
	}
	// Closed schedules answer the zero time; closing twice is fine.
	s, _ := fuzzycron.Parse("* * * * *")
	s.Close()
	if !s.Next(from).IsZero() || s.Close() != nil {
		t.Error("closed schedule")
	}
}

func TestOffsetExplainVersion(t *testing.T) {
	off, err := fuzzycron.Offset([]string{"nightly"}, 15*time.Minute)
	if err != nil || off != 522707*time.Millisecond { // the CLI's `offset --seed nightly --window 15m`
		t.Errorf("Offset = %v, %v", off, err)
	}
	text, err := fuzzycron.Explain("H(0-29) * * * *", fuzzycron.Options{})
	if err != nil || !strings.Contains(text, "a stable minute between :00 and :29") {
		t.Errorf("Explain = %q, %v", text, err)
	}
	long := strings.Repeat("0,", 200) + "0 * * * *" // a long resolution grows the buffer
	if r, err := fuzzycron.Resolve(long, fuzzycron.Options{}); err != nil || r != long {
		t.Errorf("Resolve(long) = %d bytes, %v", len(r), err)
	}
	if fuzzycron.Version() == "" {
		t.Error("no version")
	}
}

// robfig/cron's own parser (the one Kubernetes pins) and ours agree on
// what robfig reads, over a year of fire times in three zones.
func TestSameAsRobfig(t *testing.T) {
	exprs := []string{"*/5 * * * *", "0 9-17 * * 1-5", "30 2 * * *", "0 0 1 * 1", "15 */2 1,15 * *", "0 0 * * SUN",
		"@daily", "@weekly", "@monthly", "5/15 * * * *", "0 0 */2 * *", "0 12 ? JAN-MAR *", "59 23 31 12 *", "0 * * * *"}
	for _, zone := range []string{"UTC", "Asia/Tokyo", "Asia/Kolkata"} {
		loc, _ := time.LoadLocation(zone)
		for _, expr := range exprs {
			theirs, err := cron.ParseStandard(expr)
			if err != nil {
				t.Fatalf("robfig rejects %q: %v", expr, err)
			}
			ours, err := fuzzycron.ParseWithOptions(expr, fuzzycron.Options{Zone: zone})
			if err != nil {
				t.Fatalf("%q: %v", expr, err)
			}
			a, b := from.In(loc), from.In(loc)
			for i := 0; i < 200; i++ {
				a, b = theirs.Next(a), ours.Next(b)
				if !a.Equal(b) {
					t.Fatalf("%q in %s: robfig %v, fuzzycron %v", expr, zone, a, b)
				}
			}
		}
	}
}

// The schedule runs in robfig/cron's scheduler: its entry's next run is ours.
func TestRunsInRobfigCron(t *testing.T) {
	s, err := fuzzycron.ParseWithHash("H * * * *", 7)
	if err != nil {
		t.Fatal(err)
	}
	c := cron.New(cron.WithLocation(time.UTC))
	id := c.Schedule(s, cron.FuncJob(func() {}))
	before := time.Now()
	c.Start()
	defer c.Stop()
	deadline := time.Now().Add(5 * time.Second)
	for c.Entry(id).Next.IsZero() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	next := c.Entry(id).Next
	if want := s.Next(before); !next.Equal(want) && !next.Equal(s.Next(want)) {
		t.Errorf("cron's next run %v, ours %v", next, want)
	}
}

// A balance lock moves a job to its slot; a job it does not name keeps plain H.
func TestBalance(t *testing.T) {
	lock, err := fuzzycron.ReadBalance([]byte(`{"fuzzycron_balance": 1, "dialect": "kubernetes", "hash": "fc1",
 "epsilon": 0.25, "groups": [{"shape": "H * * * *", "zone": "UTC", "slots": 60, "capacity": 1,
   "jobs": {"ops/sync": [41]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	got, err := fuzzycron.Resolve("H * * * *", fuzzycron.Options{Seed: []string{"ops", "sync"}, BalanceLock: lock})
	if err != nil || got != "41 * * * *" {
		t.Errorf("Resolve = %q, %v; want 41 * * * *", got, err)
	}
	s, err := fuzzycron.ParseWithOptions("H * * * *", fuzzycron.Options{Seed: []string{"ops", "sync"}, BalanceLock: lock})
	if err != nil {
		t.Fatal(err)
	}
	if next := s.Next(from); !next.Equal(time.Date(2026, 3, 8, 2, 41, 0, 0, time.UTC)) {
		t.Errorf("Next = %v", next)
	}
	plain, _ := fuzzycron.Resolve("H * * * *", fuzzycron.Options{Seed: []string{"ops", "other"}})
	other, _ := fuzzycron.Resolve("H * * * *", fuzzycron.Options{Seed: []string{"ops", "other"}, Balance: lock}) // the old field name still works in 0.5
	if plain != other {
		t.Errorf("a job not in the lock: %q, plain H %q", other, plain)
	}
	_, err = fuzzycron.ReadBalance([]byte("{\"fuzzycron_balance\": 1,\n \"dialect\": kubernetes}"))
	var e *fuzzycron.Error
	if !errors.As(err, &e) || e.Status != fuzzycron.StatusArgument || e.Line != 2 {
		t.Errorf("corrupt lock: %v", err)
	}
	closed, _ := fuzzycron.ReadBalance([]byte(`{"fuzzycron_balance": 1, "dialect": "kubernetes", "hash": "fc1", "epsilon": 0.25, "groups": []}`))
	closed.Close()
	if _, err := fuzzycron.Resolve("H * * * *", fuzzycron.Options{Seed: []string{"a"}, BalanceLock: closed}); err == nil {
		t.Error("a closed lock was accepted")
	}
}

func BenchmarkNext(b *testing.B) {
	s, _ := fuzzycron.Parse("*/5 * * * *")
	t := from
	for i := 0; i < b.N; i++ {
		t = s.Next(t)
	}
}

func BenchmarkRobfigNext(b *testing.B) {
	s, _ := cron.ParseStandard("*/5 * * * *")
	t := from
	for i := 0; i < b.N; i++ {
		t = s.Next(t)
	}
}

// Every option of the library's schema is an Options field (in Go's case) or
// reaches the library through Extra under its own name; an unknown name is
// refused with a did-you-mean (the same message as every front end).
func TestOptionsFollowTheSchema(t *testing.T) {
	fields := map[string]bool{}
	typ := reflect.TypeOf(fuzzycron.Options{})
	for i := 0; i < typ.NumField(); i++ {
		fields[strings.ToLower(typ.Field(i).Name)] = true
	}
	schema := fuzzycron.Schema()
	if len(schema) < 10 {
		t.Fatalf("schema has %d options", len(schema))
	}
	for _, o := range schema {
		if !fields[strings.ReplaceAll(o.Name, "-", "")] && o.Type != "flag" && o.Name != "format" {
			t.Errorf("option %q has no Options field", o.Name)
		}
	}
	// A dialect option through Extra takes effect: croniter's day_or=false ANDs the day fields.
	or, err := fuzzycron.ParseWithOptions("0 0 13 * 5", fuzzycron.Options{Dialect: "croniter"})
	if err != nil {
		t.Fatal(err)
	}
	and, err := fuzzycron.ParseWithOptions("0 0 13 * 5", fuzzycron.Options{Dialect: "croniter", Extra: map[string]string{"day-or": "false"}})
	if err != nil {
		t.Fatal(err)
	}
	from := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if got, want := and.Next(from), time.Date(2026, 2, 13, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("day-or=false: next %v, want %v (Friday the 13th)", got, want)
	}
	if got, want := or.Next(from), time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("day-or default: next %v, want %v (the first Friday)", got, want)
	}
	_, err = fuzzycron.ParseWithOptions("* * * * *", fuzzycron.Options{Extra: map[string]string{"dts": "wall"}})
	var e *fuzzycron.Error
	if !errors.As(err, &e) || !strings.Contains(e.Message, "unknown option 'dts' (did you mean 'dst'?)") {
		t.Errorf("unknown option: %v", err)
	}
	w, err := fuzzycron.ParseWithOptions("0 * * * *", fuzzycron.Options{Seed: []string{"a"}, OffsetWindow: 15 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if n := w.Next(from); n.Minute() == 0 && n.Second() == 0 || n.Sub(from) > time.Hour+15*time.Minute {
		t.Errorf("offset window: next %v", n)
	}
}

// Bounds and excluded days reach the library: the daily 00:00 after
// 2026-03-01 skips the excluded 2nd and stops after the 4th.
func TestBoundsAndExcludedDays(t *testing.T) {
	s, err := fuzzycron.ParseWithOptions("0 0 * * *", fuzzycron.Options{
		NotBefore: time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC),
		NotAfter:  time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC),
		Except:    "2026-03-02"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC); ; {
		at = s.Next(at)
		if at.IsZero() {
			break
		}
		got = append(got, at.UTC().Format("01-02"))
	}
	if strings.Join(got, " ") != "03-03 03-04" {
		t.Errorf("fires %v, want 03-03 03-04", got)
	}
}

// A cron calendar and a moved holiday: the 1st of each month at 09:00, never
// on a weekend, a holiday moved to the next day allowed.
func TestCronCalendarAndMovedFires(t *testing.T) {
	s, err := fuzzycron.ParseWithOptions("0 9 1 * *", fuzzycron.Options{
		Except: "2026-06-01", ExceptMove: "following", ExceptCron: "* * * * 0,6"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for at := time.Date(2026, 5, 15, 0, 0, 0, 0, time.UTC); len(got) < 3; {
		at = s.Next(at)
		got = append(got, at.UTC().Format("01-02"))
	}
	// 06-01 a holiday (moved to 06-02), 07-01 a Wednesday, 08-01 a Saturday, 09-01 a Tuesday.
	if strings.Join(got, " ") != "06-02 07-01 09-01" {
		t.Errorf("fires %v, want 06-02 07-01 09-01", got)
	}
	if _, err := fuzzycron.ParseWithOptions("0 9 1 * *", fuzzycron.Options{ExceptMove: "sideways"}); err == nil {
		t.Error("except-move sideways: no error")
	}
}
