package fuzzycron

/*
#include <stdlib.h>
#include "fuzzycron/c.h"
*/
import "C"

import (
	"time"
	"unsafe"
)

// Finding is a lint finding (docs/lint.md): a schedule that parses but will
// surprise, with a stable code, where it is and the rewrite that cures it.
type Finding struct {
	Code       string // stable: "FC101"; FC001 when the expression does not parse
	Severity   string // "info", "warning", "error"
	Line       int    // 0 for one expression
	Column     int    // 1-based column in Text; 0 when it is not about a place
	Message    string // what is wrong, and what would be right
	Text       string // the expression the column points into
	Suggestion string // the rewritten schedule, "" when there is none
}

// LintOptions says where the schedule runs and from when to look.
type LintOptions struct {
	// Where it runs, so advice fits it: fuzzycron, cron, kubernetes,
	// github-actions, systemd, quartz, spring, jenkins, furiko. "": fuzzycron
	// when a seed or host is given, else the dialect's own system.
	RunsOn string
	// DST changes, rare fires and collisions are looked for in the year after
	// From; the zero time means now.
	From time.Time
}

var severityNames = map[C.fuzzycron_severity]string{
	C.FUZZYCRON_SEVERITY_INFO: "info", C.FUZZYCRON_SEVERITY_WARNING: "warning", C.FUZZYCRON_SEVERITY_ERROR: "error",
}

// Lint returns the findings about expr, read with o (dialect, zone, seed...).
// A parse error is a finding (FC001), not an error; bad options are an *Error.
//
//	fs, err := fuzzycron.Lint("*/15 * * * *", fuzzycron.Options{}, fuzzycron.LintOptions{})
//	// fs[0].Code == "FC101", fs[0].Severity == "warning"
func Lint(expr string, o Options, l LintOptions) ([]Finding, error) {
	opts := newCOptions(o)
	defer opts.free()
	text := C.CString(expr)
	defer C.free(unsafe.Pointer(text))
	var runsOn *C.char
	if l.RunsOn != "" {
		runsOn = C.CString(l.RunsOn)
		defer C.free(unsafe.Pointer(runsOn))
	}
	from := l.From
	if from.IsZero() {
		from = time.Now()
	}
	var e C.fuzzycron_error
	var found *C.fuzzycron_findings
	if C.fuzzycron_lint(text, C.size_t(len(expr)), &opts.o, runsOn, C.int64_t(from.UnixMilli()), &found, &e) != C.FUZZYCRON_OK {
		return nil, errorOf(&e)
	}
	defer C.fuzzycron_findings_free(found)
	var n C.size_t
	if C.fuzzycron_findings_count(found, &n, &e) != C.FUZZYCRON_OK {
		return nil, errorOf(&e)
	}
	out := make([]Finding, 0, int(n))
	for i := C.size_t(0); i < n; i++ {
		var f C.fuzzycron_finding
		if C.fuzzycron_finding_at(found, i, &f, &e) != C.FUZZYCRON_OK {
			return nil, errorOf(&e)
		}
		out = append(out, Finding{
			Code:       C.GoString(f.code),
			Severity:   severityNames[f.severity],
			Line:       int(f.line),
			Column:     int(f.column),
			Message:    C.GoString(f.message),
			Text:       C.GoString(f.text),
			Suggestion: C.GoString(f.suggestion),
		})
	}
	return out, nil
}
