// The Nomad oracle: reads JSON lines {"id", "cron", "from", "n"} and prints
// {"id", "next": [...]} or {"id", "error": "..."}: cronexpr.Parse and
// NextN in UTC, as Nomad's PeriodicConfig does for a UTC time_zone.
package main

import (
	"bufio"
	"encoding/json"
	"os"
	"time"

	"github.com/gorhill/cronexpr"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var c struct {
			ID   string `json:"id"`
			Cron string `json:"cron"`
			From string `json:"from"`
			N    uint   `json:"n"`
		}
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			os.Exit(2)
		}
		from, err := time.Parse(time.RFC3339, c.From)
		if err != nil {
			os.Exit(2)
		}
		e, err := cronexpr.Parse(c.Cron)
		if err != nil {
			out.Encode(map[string]string{"id": c.ID, "error": err.Error()})
			continue
		}
		next := []string{}
		for _, t := range e.NextN(from.UTC(), c.N) {
			next = append(next, t.UTC().Format("2006-01-02T15:04:05Z"))
		}
		out.Encode(map[string]interface{}{"id": c.ID, "next": next})
	}
}
