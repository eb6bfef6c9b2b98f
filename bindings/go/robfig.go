package fuzzycron

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/robfig/cron/v3"
)

// ParseOption says which fields a Parser reads, as robfig/cron's own.
type ParseOption int

// The fields and features of a spec (robfig/cron's ParseOption, bit for bit).
const (
	Second         ParseOption = 1 << iota // seconds field, default 0
	SecondOptional                         // optional seconds field, default 0
	Minute                                 // minutes field, default 0
	Hour                                   // hours field, default 0
	Dom                                    // day of month field, default *
	Month                                  // month field, default *
	Dow                                    // day of week field, default *
	DowOptional                            // optional day of week field, default *
	Descriptor                             // @monthly, @weekly, ... and @every DURATION

	// Standard is what cron.New() parses: five fields and descriptors.
	Standard = Minute | Hour | Dom | Month | Dow | Descriptor
	// Seconds is what cron.New(cron.WithSeconds()) parses.
	Seconds = Second | Standard
)

// ParserOption configures a Parser.
type ParserOption func(*Parser)

// WithSeed gives every schedule the parser makes the seed parts, followed by
// its spec: AddFunc("H * * * *", f) draws H from [parts..., "H * * * *"].
func WithSeed(parts ...string) ParserOption {
	return func(p *Parser) { p.seed = append([]string(nil), parts...) }
}

// WithParseOptions sets the zone, DST policy, hash scheme, spread and balance
// lock (Options' other fields; Dialect and Seed are the parser's).
func WithParseOptions(o Options) ParserOption {
	return func(p *Parser) { p.base = o }
}

// Parser is a robfig/cron ScheduleParser that reads specs as robfig/cron does
// (its grammar is fuzzycron's kubernetes dialect) plus the hash forms H,
// H(a-b), H/n:
//
//	c := cron.New(cron.WithParser(fuzzycron.NewParser(fuzzycron.Standard, fuzzycron.WithSeed("billing"))))
//	c.AddFunc("H H(0-5) * * *", backup) // a stable time of night for ["billing", "H H(0-5) * * *"]
//
// As in robfig/cron, a schedule runs in the location of the times its
// scheduler passes (cron.WithLocation), unless the spec starts with TZ= or
// CRON_TZ=; @every DURATION is robfig's cron.Every.
type Parser struct {
	options ParseOption
	seed    []string
	base    Options
}

// NewParser is robfig/cron's NewParser for fuzzycron's schedules. It panics
// when both SecondOptional and DowOptional are given, as robfig's does.
func NewParser(options ParseOption, opts ...ParserOption) *Parser {
	if options&SecondOptional != 0 && options&DowOptional != 0 {
		panic("multiple optionals may not be configured")
	}
	p := &Parser{options: options}
	for _, o := range opts {
		o(p)
	}
	return p
}

var _ cron.ScheduleParser = (*Parser)(nil)

// robfig's field order and defaults.
var (
	places   = []ParseOption{Second, Minute, Hour, Dom, Month, Dow}
	defaults = []string{"0", "0", "0", "*", "*", "*"}
)

// Parse reads spec as robfig/cron's Parser.Parse does; errors are robfig's
// for the layout and fuzzycron's (*Error, with a column) for the fields.
func (p *Parser) Parse(spec string) (cron.Schedule, error) {
	if len(spec) == 0 {
		return nil, fmt.Errorf("empty spec string")
	}
	prefix, rest := "", spec
	if strings.HasPrefix(spec, "TZ=") || strings.HasPrefix(spec, "CRON_TZ=") {
		i := strings.IndexAny(spec, " \t")
		if i < 0 {
			return nil, fmt.Errorf("provided bad location %s: a time zone prefix needs a schedule after it", spec)
		}
		name := spec[strings.Index(spec, "=")+1 : i]
		if _, err := time.LoadLocation(name); err != nil {
			return nil, fmt.Errorf("provided bad location %s: %v", name, err)
		}
		prefix, rest = spec[:i]+" ", strings.TrimSpace(spec[i:])
	}
	if strings.HasPrefix(rest, "@") {
		if p.options&Descriptor == 0 {
			return nil, fmt.Errorf("parser does not accept descriptors: %v", rest)
		}
		const every = "@every "
		if strings.HasPrefix(rest, every) {
			d, err := time.ParseDuration(rest[len(every):])
			if err != nil {
				return nil, fmt.Errorf("failed to parse duration %s: %s", rest, err)
			}
			return cron.Every(d), nil
		}
		return p.schedule(spec, prefix+rest, false)
	}
	fields, err := p.normalize(strings.Fields(rest))
	if err != nil {
		return nil, err
	}
	if p.options&(Second|SecondOptional) == 0 && fields[0] == "0" {
		return p.schedule(spec, prefix+strings.Join(fields[1:], " "), false)
	}
	return p.schedule(spec, prefix+strings.Join(fields, " "), true)
}

// normalize fills the fields the parser does not read with robfig's defaults.
func (p *Parser) normalize(fields []string) ([]string, error) {
	options, optionals := p.options, 0
	if options&SecondOptional != 0 {
		options |= Second
		optionals++
	}
	if options&DowOptional != 0 {
		options |= Dow
		optionals++
	}
	max := 0
	for _, place := range places {
		if options&place != 0 {
			max++
		}
	}
	min := max - optionals
	if count := len(fields); count < min || count > max {
		if min == max {
			return nil, fmt.Errorf("expected exactly %d fields, found %d: %s", min, count, fields)
		}
		return nil, fmt.Errorf("expected %d to %d fields, found %d: %s", min, max, count, fields)
	}
	if min < max && len(fields) == min {
		if options&DowOptional != 0 {
			fields = append(fields, defaults[5])
		} else {
			fields = append([]string{defaults[0]}, fields...)
		}
	}
	out := make([]string, len(places))
	n := 0
	for i, place := range places {
		if options&place != 0 {
			out[i] = fields[n]
			n++
		} else {
			out[i] = defaults[i]
		}
	}
	return out, nil
}

// schedule checks expr once (in UTC) and returns the zone-following schedule.
func (p *Parser) schedule(spec, expr string, seconds bool) (cron.Schedule, error) {
	o := p.base
	o.Dialect = "kubernetes"
	if o.DST == "" {
		o.DST = "skip-both" // robfig's SpecSchedule: a time in a gap is skipped, one in an overlap fires twice
	}
	o.Seed = nil
	if len(p.seed) > 0 {
		o.Seed = append(append([]string(nil), p.seed...), spec)
	}
	o.robfigSeconds = seconds
	s, err := ParseWithOptions(expr, o)
	if err != nil {
		return nil, err
	}
	r := &robfigSchedule{expr: expr, options: o, byZone: map[string]*Schedule{o.Zone: s},
		zoned: strings.HasPrefix(expr, "TZ=") || strings.HasPrefix(expr, "CRON_TZ=")}
	if o.Zone == "" {
		r.byZone["UTC"] = s
	}
	return r, nil
}

// robfigSchedule computes in the location of the time it is given, as
// robfig's SpecSchedule does (a TZ= prefix in the spec takes precedence).
type robfigSchedule struct {
	expr    string
	zoned   bool // a TZ= or CRON_TZ= prefix: the spec's zone, whatever the time's
	options Options
	mu      sync.Mutex
	byZone  map[string]*Schedule
}

func (r *robfigSchedule) Next(t time.Time) time.Time {
	zone := r.options.Zone
	if r.zoned {
		zone = "UTC" // any: the prefix decides
	} else if zone == "" {
		zone = zoneName(t.Location())
		if _, err := time.LoadLocation(zone); zone == "" || err != nil {
			// A fixed offset (time.FixedZone, or what time.Parse makes of "+0530"):
			// its wall clock is UTC's shifted, with no DST.
			_, offset := t.Zone()
			shift := time.Duration(offset) * time.Second
			next := r.in("UTC").Next(t.Add(shift).UTC())
			if next.IsZero() {
				return next
			}
			return next.Add(-shift).In(t.Location())
		}
	}
	s := r.in(zone)
	if s == nil {
		return time.Time{}
	}
	return s.Next(t)
}

// in is the schedule computed in zone (nil when the tz database does not know it).
func (r *robfigSchedule) in(zone string) *Schedule {
	r.mu.Lock()
	s, ok := r.byZone[zone]
	if !ok {
		o := r.options
		o.Zone = zone
		var err error
		if s, err = ParseWithOptions(r.expr, o); err != nil {
			s = nil // a location the tz database does not know: no fire time
		}
		r.byZone[zone] = s
	}
	r.mu.Unlock()
	return s
}

// zoneName is the IANA name of a location; time.Local's from $TZ or /etc/localtime.
func zoneName(loc *time.Location) string {
	name := loc.String()
	if name != "Local" {
		return name
	}
	if tz, ok := os.LookupEnv("TZ"); ok {
		if tz == "" {
			return "UTC"
		}
		return strings.TrimPrefix(tz, ":")
	}
	if target, err := filepath.EvalSymlinks("/etc/localtime"); err == nil {
		if i := strings.Index(target, "zoneinfo/"); i >= 0 {
			return target[i+len("zoneinfo/"):]
		}
	}
	return "UTC"
}
