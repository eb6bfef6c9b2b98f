package fuzzycron_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robfig/cron/v3"

	fuzzycron "github.com/fuzzycron/fuzzycron/bindings/go"
)

// The parsers robfig's own tests use (parser_test.go, spec_test.go).
var (
	robfigStandard = fuzzycron.NewParser(fuzzycron.Standard)
	robfigSecond   = fuzzycron.NewParser(fuzzycron.Second | fuzzycron.Minute | fuzzycron.Hour | fuzzycron.Dom |
		fuzzycron.Month | fuzzycron.DowOptional | fuzzycron.Descriptor)
)

// robfig's scheduler runs jobs the adapter parses, H included.
func TestParserInRobfigScheduler(t *testing.T) {
	parser := fuzzycron.NewParser(fuzzycron.Seconds, fuzzycron.WithSeed("billing"))
	c := cron.New(cron.WithParser(parser), cron.WithLocation(time.UTC))
	var runs int32
	if _, err := c.AddFunc("* * * * * *", func() { atomic.AddInt32(&runs, 1) }); err != nil {
		t.Fatal(err)
	}
	hashed, err := c.AddFunc("H H * * * *", func() {})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.AddFunc("H * * *", func() {}); err == nil {
		t.Error("four fields were accepted by a six-field parser")
	}
	start := time.Now()
	c.Start()
	defer c.Stop()
	for atomic.LoadInt32(&runs) == 0 && time.Since(start) < 5*time.Second {
		time.Sleep(20 * time.Millisecond)
	}
	if atomic.LoadInt32(&runs) == 0 {
		t.Fatal("robfig's scheduler never ran the every-second job")
	}
	// The hashed entry: the scheduler's next run is the adapter's schedule's, once an hour
	// at the second and minute drawn from ["billing", "H H * * * *"].
	s, _ := parser.Parse("H H * * * *")
	want := s.Next(start.UTC())
	if next := c.Entry(hashed).Next; !next.Equal(want) {
		t.Errorf("the scheduler's next run %v, the schedule's %v", next, want)
	}
	if after := s.Next(want); after.Sub(want) != time.Hour {
		t.Errorf("H H * * * * fires at %v then %v: not hourly", want, after)
	}
	other, _ := fuzzycron.NewParser(fuzzycron.Seconds, fuzzycron.WithSeed("search")).Parse("H H * * * *")
	if other.Next(start).Equal(s.Next(start)) && s.Next(s.Next(start)).Equal(other.Next(other.Next(start))) {
		t.Errorf("two seeds drew the same schedule")
	}
}

func TestParserDescriptorsZonesAndEvery(t *testing.T) {
	every, err := robfigStandard.Parse("@every 1h30m")
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := every.(cron.ConstantDelaySchedule); !ok || d.Delay != 90*time.Minute {
		t.Errorf("@every 1h30m = %#v", every)
	}
	if _, err := fuzzycron.NewParser(fuzzycron.Minute | fuzzycron.Hour).Parse("@daily"); err == nil ||
		!strings.Contains(err.Error(), "descriptors") {
		t.Errorf("a parser without Descriptor: %v", err)
	}
	// A schedule runs in the location of the time it is given, as robfig's does.
	nine, _ := robfigStandard.Parse("0 9 * * *")
	ny, _ := time.LoadLocation("America/New_York")
	from := time.Date(2026, 3, 8, 0, 0, 0, 0, ny)
	if got := nine.Next(from); !got.Equal(time.Date(2026, 3, 8, 9, 0, 0, 0, ny)) {
		t.Errorf("in New York: %v", got)
	}
	if got := nine.Next(from.UTC()); !got.Equal(time.Date(2026, 3, 8, 9, 0, 0, 0, time.UTC)) {
		t.Errorf("in UTC: %v", got)
	}
	tokyo, _ := robfigStandard.Parse("CRON_TZ=Asia/Tokyo 0 9 * * *")
	if got := tokyo.Next(from); !got.Equal(time.Date(2026, 3, 9, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("CRON_TZ=Asia/Tokyo: %v", got)
	}
	if _, err := robfigStandard.Parse("TZ=Mars/Base 0 9 * * *"); err == nil {
		t.Error("an unknown zone was accepted")
	}
	if _, err := robfigStandard.Parse("H 9 * * *"); err == nil {
		t.Error("H without a seed was accepted")
	}
}

// robfig/cron's own parser_test.go and spec_test.go assertions (transcribed in
// tests/peer-suites/robfig), each through the adapter with the parser the
// assertion used, in several zones where robfig's test used time.Local.
func TestRobfigOwnSuite(t *testing.T) {
	dir := os.Getenv("FUZZYCRON_PEER_SUITES")
	if dir == "" {
		dir = filepath.Join("..", "..", "tests", "peer-suites")
	}
	f, err := os.Open(filepath.Join(dir, "robfig", "cases.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type caseLine struct {
		ID, Kind, Expr, At, Until, TZ string
		PeerExpr                      *string `json:"peer_expr"`
		PeerParser                    string  `json:"peer_parser"`
		ZoneAgnostic                  bool    `json:"zone_agnostic"`
		Expected                      json.RawMessage
	}
	run, skipped := 0, 0
	scanner := bufio.NewScanner(f)
	scanner.Buffer(make([]byte, 1<<20), 1<<20)
	for scanner.Scan() {
		var c caseLine
		if err := json.Unmarshal(scanner.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		if c.PeerExpr == nil || c.PeerParser == "" {
			skipped++ // internal helpers of robfig (getRange, normalizeFields): no spec to parse
			continue
		}
		parser := robfigStandard
		if c.PeerParser == "second" {
			parser = robfigSecond
		}
		zones := []string{c.TZ}
		if c.ZoneAgnostic {
			zones = []string{"UTC", "America/New_York", "Asia/Kolkata"}
		}
		for _, zone := range zones {
			loc, err := time.LoadLocation(zone)
			if err != nil {
				t.Fatal(err)
			}
			if !checkRobfigCase(t, parser, *c.PeerExpr, c.Kind, c.At, c.Until, c.Expected, loc) {
				t.Errorf("%s in %s: %s %q", c.ID, zone, c.Kind, *c.PeerExpr)
			}
		}
		run++
	}
	t.Logf("robfig's own assertions: %d run through the adapter, %d internal ones not applicable", run, skipped)
	if run < 130 {
		t.Errorf("only %d cases ran", run)
	}
}

// A time as the cases write it: with an offset an instant, without one a wall time in loc;
// or robfig's own "Mon Jan 2 15:04:05 2006".
func caseTime(t *testing.T, text string, loc *time.Location) time.Time {
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04:05Z0700"} {
		if v, err := time.Parse(layout, text); err == nil {
			return v
		}
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "Mon Jan 2 15:04:05 2006", "Mon Jan _2 15:04:05 2006"} {
		if v, err := time.ParseInLocation(layout, text, loc); err == nil {
			return v
		}
	}
	t.Fatalf("cannot read the time %q", text)
	return time.Time{}
}

func checkRobfigCase(t *testing.T, parser *fuzzycron.Parser, spec, kind, at, until string, expected json.RawMessage,
	loc *time.Location) bool {
	s, err := parser.Parse(spec)
	switch kind {
	case "reject":
		return err != nil
	case "accept":
		return err == nil
	}
	if err != nil {
		t.Logf("%q: %v", spec, err)
		return false
	}
	// An instant the case gives with its offset is, in robfig's test, a time in
	// the case's zone (time.ParseInLocation): the schedule runs there.
	from := caseTime(t, at, loc).In(loc)
	switch kind {
	case "next", "na":
		var want string
		if json.Unmarshal(expected, &want) != nil {
			return false
		}
		return s.Next(from).Equal(caseTime(t, want, loc))
	case "match":
		var want bool
		if json.Unmarshal(expected, &want) != nil {
			return false
		}
		return s.Next(from.Add(-time.Second)).Equal(from) == want
	case "none":
		return s.Next(from).IsZero()
	case "sequence", "fires_in":
		var want []string
		if json.Unmarshal(expected, &want) != nil {
			return false
		}
		var got []time.Time
		cursor := from
		if kind == "fires_in" {
			cursor = from.Add(-time.Nanosecond)
		}
		end := time.Time{}
		if kind == "fires_in" {
			end = caseTime(t, until, loc)
		}
		for len(got) < len(want)+1 {
			cursor = s.Next(cursor)
			if cursor.IsZero() || (kind == "fires_in" && !cursor.Before(end)) {
				break
			}
			got = append(got, cursor)
			if kind == "sequence" && len(got) == len(want) {
				break
			}
		}
		if len(got) != len(want) {
			return false
		}
		for i := range want {
			if !got[i].Equal(caseTime(t, want[i], loc)) {
				return false
			}
		}
		return true
	}
	t.Fatalf("unknown kind %q", kind)
	return false
}
