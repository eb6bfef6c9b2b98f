package fuzzycron_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	fuzzycron "github.com/fuzzycron/fuzzycron/bindings/go"
)

var lintFrom = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func lintOne(t *testing.T, expr string, o fuzzycron.Options, l fuzzycron.LintOptions, code string) fuzzycron.Finding {
	t.Helper()
	fs, err := fuzzycron.Lint(expr, o, l)
	if err != nil {
		t.Fatalf("Lint(%q): %v", expr, err)
	}
	var hits []fuzzycron.Finding
	for _, f := range fs {
		if f.Code == code {
			hits = append(hits, f)
		}
	}
	if len(hits) != 1 {
		t.Fatalf("Lint(%q): want one %s, got %+v", expr, code, fs)
	}
	return hits[0]
}

func TestLintStep(t *testing.T) {
	std := fuzzycron.Options{Dialect: "standard"}
	f := lintOne(t, "*/15 * * * *", std, fuzzycron.LintOptions{From: lintFrom}, "FC101")
	if f.Severity != "warning" || f.Line != 0 || f.Column != 1 || f.Text != "*/15 * * * *" || f.Suggestion != "" {
		t.Errorf("FC101 = %+v", f)
	}
	if !strings.Contains(f.Message, "*/15") {
		t.Errorf("message %q", f.Message)
	}
	// Where it runs reads H: the rewrite is the H form.
	f = lintOne(t, "*/15 * * * *", std, fuzzycron.LintOptions{RunsOn: "jenkins", From: lintFrom}, "FC101")
	if f.Suggestion != "H/15 * * * *" {
		t.Errorf("jenkins suggestion %q", f.Suggestion)
	}
	// The default dialect (kubernetes) and the default start (now) work too.
	if _, err := fuzzycron.Lint("*/15 * * * *", fuzzycron.Options{}, fuzzycron.LintOptions{}); err != nil {
		t.Error(err)
	}
}

func TestLintCleanAndParseError(t *testing.T) {
	fs, err := fuzzycron.Lint("H H * * *", fuzzycron.Options{Dialect: "standard", Seed: []string{"web-07", "backup-db"}},
		fuzzycron.LintOptions{From: lintFrom})
	if err != nil || len(fs) != 0 {
		t.Errorf("H H * * *: %+v %v", fs, err)
	}
	f := lintOne(t, "0 25 * * *", fuzzycron.Options{Dialect: "standard"}, fuzzycron.LintOptions{From: lintFrom}, "FC001")
	if f.Severity != "error" || f.Column != 3 {
		t.Errorf("FC001 = %+v", f)
	}
}

func TestLintZoneAndFrom(t *testing.T) {
	ny := fuzzycron.Options{Dialect: "standard", Zone: "America/New_York"}
	f := lintOne(t, "0 2 * * *", ny, fuzzycron.LintOptions{From: lintFrom}, "FC501")
	if f.Severity != "info" || !strings.Contains(f.Message, "2026-03-08") {
		t.Errorf("FC501 = %+v", f)
	}
	berlin := fuzzycron.Options{Dialect: "standard", Zone: "Europe/Berlin"}
	f = lintOne(t, "30 2 * * *", berlin, fuzzycron.LintOptions{From: time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)}, "FC502")
	if !strings.Contains(f.Message, "2026-10-25") {
		t.Errorf("FC502 = %+v", f)
	}
}

func TestLintBadOptions(t *testing.T) {
	_, err := fuzzycron.Lint("* * * * *", fuzzycron.Options{Dialect: "quarts"}, fuzzycron.LintOptions{})
	var e *fuzzycron.Error
	if !errors.As(err, &e) || e.Status != fuzzycron.StatusArgument || !strings.Contains(e.Message, "quartz") {
		t.Errorf("dialect quarts: %v", err)
	}
	_, err = fuzzycron.Lint("* * * * *", fuzzycron.Options{}, fuzzycron.LintOptions{RunsOn: "jenkinz"})
	if !errors.As(err, &e) || e.Status != fuzzycron.StatusArgument || !strings.Contains(e.Message, "github-actions") {
		t.Errorf("runs-on jenkinz: %v", err)
	}
}
