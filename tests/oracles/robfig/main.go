// The robfig/cron v3 oracle: reads cases as JSON lines on stdin
// ({"id", "expr", "tz", "from", "n"}) and writes conformance vectors
// (tests/vectors/SCHEMA.md) computed by cron.ParseStandard and Schedule.Next,
// the parser and search Kubernetes CronJobs use. robfig has no Prev.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/robfig/cron/v3"
)

type input struct {
	ID   string `json:"id"`
	Expr string `json:"expr"`
	TZ   string `json:"tz"`
	From string `json:"from"`
	N    int    `json:"n"`
	Note string `json:"note,omitempty"`
}

type vector struct {
	ID      string            `json:"id"`
	Source  string            `json:"source"`
	Dialect string            `json:"dialect"`
	Expr    string            `json:"expr"`
	Options map[string]string `json:"options"`
	TZ      string            `json:"tz"`
	From    string            `json:"from"`
	Next    *[]string         `json:"next,omitempty"`
	Error   bool              `json:"error,omitempty"`
	Note    string            `json:"note,omitempty"`
}

// parse recovers robfig's panics ("TZ=UTC" without a space slices out of range).
func parse(expr string) (s cron.Schedule, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return cron.ParseStandard(expr)
}

func format(t time.Time) string {
	if _, off := t.Zone(); off == 0 && t.Location().String() == "UTC" {
		return t.UTC().Format("2006-01-02T15:04:05Z")
	}
	return t.Format("2006-01-02T15:04:05-07:00")
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := json.NewEncoder(os.Stdout)
	out.SetEscapeHTML(false)
	for in.Scan() {
		var c input
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			fmt.Fprintln(os.Stderr, "bad case:", err)
			os.Exit(2)
		}
		loc, err := time.LoadLocation(c.TZ)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bad zone:", err)
			os.Exit(2)
		}
		from, err := time.Parse(time.RFC3339, c.From)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bad from:", err)
			os.Exit(2)
		}
		v := vector{ID: c.ID, Source: "robfig/cron v3.0.1 (Debian golang-github-robfig-cron-dev), cron.ParseStandard(expr) then Schedule.Next x n from `from` in the zone",
			Dialect: "kubernetes", Expr: c.Expr, Options: map[string]string{"dst": "skip-both"}, TZ: c.TZ,
			From: format(from.In(loc)), Note: c.Note}
		s, err := parse(c.Expr)
		if err != nil {
			v.Error = true
			if v.Note != "" {
				v.Note += "; "
			}
			v.Note += "robfig: " + err.Error()
		} else {
			next := []string{}
			t := from.In(loc)
			for i := 0; i < c.N; i++ {
				t = s.Next(t)
				if t.IsZero() {
					break
				}
				next = append(next, format(t.In(loc)))
			}
			v.Next = &next
		}
		if err := out.Encode(v); err != nil {
			os.Exit(1)
		}
	}
}
