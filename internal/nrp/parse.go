package nrp

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/plancert/plancert/internal/bom"
)

// Instance is one employee shift scheduling instance in the text format of
// Curtois & Qu's benchmark (schedulingbenchmarks.org, instances 1–24). Staff,
// shift types and days are referred to by index; IDs keep the file's names.
type Instance struct {
	Name    string // the file's base name, or the name given to Parse
	Horizon int    // number of days; day 0 is a Monday
	Shifts  []Shift
	Staff   []Staff
	// DaysOff[s] lists the days on which staff s may not work (hard).
	DaysOff [][]int
	// On and Off are the shift on and off requests (soft).
	On, Off []Request
	Cover   []Cover
}

// Shift is a shift type.
type Shift struct {
	ID      string
	Minutes int
	// NotNext lists the shift types that may not be worked on the day
	// after this one (the file's "shifts which cannot follow this shift").
	NotNext []int
}

// Staff is one employee and the employee's hard limits.
type Staff struct {
	ID string
	// MaxShifts[t] is the most shifts of type t the employee may work.
	MaxShifts              []int
	MaxMinutes, MinMinutes int
	MaxConsecutive         int // shifts in a row
	MinConsecutive         int // shifts in a row (runs touching the horizon's ends excepted)
	MinDaysOff             int // days off in a row (runs touching the horizon's ends excepted)
	MaxWeekends            int // weekends with a shift on Saturday or Sunday
}

// Request is a shift on request (penalty Weight when the shift is not
// worked) or a shift off request (penalty Weight when it is).
type Request struct {
	Staff, Day, Shift int
	Weight            int
}

// Cover is the number of staff wanted on a shift type on a day: the penalty
// is (Requirement−x)·Under when x staff work it and x < Requirement,
// (x−Requirement)·Over when x > Requirement.
type Cover struct {
	Day, Shift  int
	Requirement int
	Under, Over int
}

// ParseError is a defect in an instance file: where it is and why.
// Line is 0 for a missing section.
type ParseError struct {
	File    string
	Line    int
	Section string
	Field   string // empty when the whole line is wrong
	Reason  string
}

func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString("nrp: ")
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Section != "" {
		b.WriteString(": " + e.Section)
	}
	if e.Field != "" {
		b.WriteString(": field " + e.Field)
	}
	b.WriteString(": " + e.Reason)
	return b.String()
}

// The sections of the format, in the order they are read.
const (
	secHorizon = "SECTION_HORIZON"
	secShifts  = "SECTION_SHIFTS"
	secStaff   = "SECTION_STAFF"
	secDaysOff = "SECTION_DAYS_OFF"
	secOn      = "SECTION_SHIFT_ON_REQUESTS"
	secOff     = "SECTION_SHIFT_OFF_REQUESTS"
	secCover   = "SECTION_COVER"
)

var sections = []string{secHorizon, secShifts, secStaff, secDaysOff, secOn, secOff, secCover}

// ReadFile parses the instance file at path; the instance is named after
// the file's base name.
func ReadFile(path string) (*Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nrp: %w", err)
	}
	defer f.Close()
	return Parse(f, filepath.Base(path))
}

type line struct {
	n      int
	fields []string
	text   string
}

// Parse reads an instance in the benchmark's text format: sections headed
// by SECTION_* lines, comma-separated fields, '#' comment lines and blank
// lines ignored (and a UTF-8 byte order mark at the start). Sections may come in any order; each must appear once
// (SECTION_DAYS_OFF and the request sections may be empty or absent).
// Every defect is reported as a *ParseError naming name, the line, the
// section and the field.
func Parse(r io.Reader, name string) (*Instance, error) {
	p := &parser{file: name, lines: map[string][]line{}, header: map[string]int{}}
	sc := bufio.NewScanner(bom.Reader(r))
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	cur := ""
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(strings.TrimSuffix(sc.Text(), "\r"))
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if strings.HasPrefix(text, "SECTION_") {
			known := false
			for _, s := range sections {
				known = known || s == text
			}
			if !known {
				return nil, p.errAt(n, "", "", fmt.Sprintf("unknown section %q", text))
			}
			if at, dup := p.header[text]; dup {
				return nil, p.errAt(n, text, "", fmt.Sprintf("section repeated (first at line %d)", at))
			}
			p.header[text] = n
			cur = text
			continue
		}
		if cur == "" {
			return nil, p.errAt(n, "", "", fmt.Sprintf("data before the first SECTION_ line: %q", text))
		}
		fs := strings.Split(text, ",")
		for i := range fs {
			fs[i] = strings.TrimSpace(fs[i])
		}
		p.lines[cur] = append(p.lines[cur], line{n, fs, text})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("nrp: %s: %w", name, err)
	}
	in := &Instance{Name: name}
	for _, step := range []func(*Instance) error{p.horizon, p.shifts, p.staff, p.daysOff, p.requests(secOn), p.requests(secOff), p.cover} {
		if err := step(in); err != nil {
			return nil, err
		}
	}
	return in, nil
}

type parser struct {
	file   string
	lines  map[string][]line
	header map[string]int
	shift  map[string]int
	staffs map[string]int
}

func (p *parser) errAt(n int, section, field, reason string) *ParseError {
	return &ParseError{File: p.file, Line: n, Section: section, Field: field, Reason: reason}
}

func (p *parser) required(sec string) error {
	if _, ok := p.header[sec]; !ok {
		return p.errAt(0, sec, "", "missing section")
	}
	if len(p.lines[sec]) == 0 {
		return p.errAt(p.header[sec], sec, "", "section has no data lines")
	}
	return nil
}

// fieldCount checks that l has want fields.
func (p *parser) fieldCount(sec string, l line, want int, names string) error {
	if len(l.fields) != want {
		return p.errAt(l.n, sec, "", fmt.Sprintf("want %d comma-separated fields (%s), got %d in %q", want, names, len(l.fields), l.text))
	}
	return nil
}

// maxValue bounds every number of an instance file: the benchmark's are
// below 100,000, and with the bound no penalty, minute count or model
// coefficient comes near int64's range.
const maxValue = 10_000_000

// maxHorizon bounds the number of days (the benchmark's longest is 364).
const maxHorizon = 10_000

// integer parses a non-negative integer field of at most maxValue.
func (p *parser) integer(sec string, l line, field, s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, p.errAt(l.n, sec, field, fmt.Sprintf("not an integer: %q", s))
	}
	if v < 0 {
		return 0, p.errAt(l.n, sec, field, fmt.Sprintf("negative: %d", v))
	}
	if v > maxValue {
		return 0, p.errAt(l.n, sec, field, fmt.Sprintf("too large: %d (at most %d)", v, maxValue))
	}
	return v, nil
}

func (p *parser) day(in *Instance, sec string, l line, field, s string) (int, error) {
	d, err := p.integer(sec, l, field, s)
	if err != nil {
		return 0, err
	}
	if d >= in.Horizon {
		return 0, p.errAt(l.n, sec, field, fmt.Sprintf("day %d outside the horizon 0..%d", d, in.Horizon-1))
	}
	return d, nil
}

func (p *parser) shiftRef(sec string, l line, field, s string) (int, error) {
	t, ok := p.shift[s]
	if !ok {
		return 0, p.errAt(l.n, sec, field, fmt.Sprintf("unknown shift type %q", s))
	}
	return t, nil
}

func (p *parser) staffRef(sec string, l line, field, s string) (int, error) {
	i, ok := p.staffs[s]
	if !ok {
		return 0, p.errAt(l.n, sec, field, fmt.Sprintf("unknown employee %q", s))
	}
	return i, nil
}

func (p *parser) horizon(in *Instance) error {
	if err := p.required(secHorizon); err != nil {
		return err
	}
	ls := p.lines[secHorizon]
	if len(ls) != 1 {
		return p.errAt(ls[1].n, secHorizon, "", "want one line with the number of days")
	}
	if err := p.fieldCount(secHorizon, ls[0], 1, "days"); err != nil {
		return err
	}
	h, err := p.integer(secHorizon, ls[0], "days", ls[0].fields[0])
	if err != nil {
		return err
	}
	if h == 0 {
		return p.errAt(ls[0].n, secHorizon, "days", "the horizon must have at least one day")
	}
	if h > maxHorizon {
		return p.errAt(ls[0].n, secHorizon, "days", fmt.Sprintf("too long: %d days (at most %d)", h, maxHorizon))
	}
	in.Horizon = h
	return nil
}

func (p *parser) shifts(in *Instance) error {
	if err := p.required(secShifts); err != nil {
		return err
	}
	p.shift = map[string]int{}
	ls := p.lines[secShifts]
	for _, l := range ls {
		if err := p.fieldCount(secShifts, l, 3, "ShiftID, LengthInMinutes, ShiftIDs that cannot follow"); err != nil {
			return err
		}
		id := l.fields[0]
		if id == "" {
			return p.errAt(l.n, secShifts, "ShiftID", "empty")
		}
		if _, dup := p.shift[id]; dup {
			return p.errAt(l.n, secShifts, "ShiftID", fmt.Sprintf("shift type %q defined twice", id))
		}
		mins, err := p.integer(secShifts, l, "LengthInMinutes", l.fields[1])
		if err != nil {
			return err
		}
		p.shift[id] = len(in.Shifts)
		in.Shifts = append(in.Shifts, Shift{ID: id, Minutes: mins})
	}
	for i, l := range ls {
		if l.fields[2] == "" {
			continue
		}
		seen := map[int]bool{}
		for _, id := range strings.Split(l.fields[2], "|") {
			t, err := p.shiftRef(secShifts, l, "ShiftIDs that cannot follow", strings.TrimSpace(id))
			if err != nil {
				return err
			}
			if !seen[t] {
				seen[t] = true
				in.Shifts[i].NotNext = append(in.Shifts[i].NotNext, t)
			}
		}
	}
	return nil
}

var staffFields = []string{"ID", "MaxShifts", "MaxTotalMinutes", "MinTotalMinutes", "MaxConsecutiveShifts", "MinConsecutiveShifts", "MinConsecutiveDaysOff", "MaxWeekends"}

func (p *parser) staff(in *Instance) error {
	if err := p.required(secStaff); err != nil {
		return err
	}
	p.staffs = map[string]int{}
	for _, l := range p.lines[secStaff] {
		if err := p.fieldCount(secStaff, l, len(staffFields), strings.Join(staffFields, ", ")); err != nil {
			return err
		}
		st := Staff{ID: l.fields[0], MaxShifts: make([]int, len(in.Shifts))}
		if st.ID == "" {
			return p.errAt(l.n, secStaff, "ID", "empty")
		}
		if _, dup := p.staffs[st.ID]; dup {
			return p.errAt(l.n, secStaff, "ID", fmt.Sprintf("employee %q defined twice", st.ID))
		}
		set := make([]bool, len(in.Shifts))
		for _, kv := range strings.Split(l.fields[1], "|") {
			id, val, ok := strings.Cut(kv, "=")
			if !ok {
				return p.errAt(l.n, secStaff, "MaxShifts", fmt.Sprintf("want ShiftID=max, got %q", kv))
			}
			t, err := p.shiftRef(secStaff, l, "MaxShifts", strings.TrimSpace(id))
			if err != nil {
				return err
			}
			if set[t] {
				return p.errAt(l.n, secStaff, "MaxShifts", fmt.Sprintf("shift type %q given twice", id))
			}
			v, err := p.integer(secStaff, l, "MaxShifts", strings.TrimSpace(val))
			if err != nil {
				return err
			}
			set[t] = true
			st.MaxShifts[t] = v
		}
		for t, ok := range set {
			if !ok {
				return p.errAt(l.n, secStaff, "MaxShifts", fmt.Sprintf("no maximum for shift type %q", in.Shifts[t].ID))
			}
		}
		dst := []*int{&st.MaxMinutes, &st.MinMinutes, &st.MaxConsecutive, &st.MinConsecutive, &st.MinDaysOff, &st.MaxWeekends}
		for i, ptr := range dst {
			v, err := p.integer(secStaff, l, staffFields[i+2], l.fields[i+2])
			if err != nil {
				return err
			}
			*ptr = v
		}
		p.staffs[st.ID] = len(in.Staff)
		in.Staff = append(in.Staff, st)
	}
	in.DaysOff = make([][]int, len(in.Staff))
	return nil
}

func (p *parser) daysOff(in *Instance) error {
	for _, l := range p.lines[secDaysOff] {
		if len(l.fields) < 2 {
			return p.errAt(l.n, secDaysOff, "", fmt.Sprintf("want EmployeeID and at least one day, got %q", l.text))
		}
		s, err := p.staffRef(secDaysOff, l, "EmployeeID", l.fields[0])
		if err != nil {
			return err
		}
	days:
		for i, f := range l.fields[1:] {
			d, err := p.day(in, secDaysOff, l, fmt.Sprintf("day %d", i+1), f)
			if err != nil {
				return err
			}
			for _, e := range in.DaysOff[s] {
				if e == d {
					continue days
				}
			}
			in.DaysOff[s] = append(in.DaysOff[s], d)
		}
	}
	return nil
}

func (p *parser) requests(sec string) func(*Instance) error {
	return func(in *Instance) error {
		for _, l := range p.lines[sec] {
			if err := p.fieldCount(sec, l, 4, "EmployeeID, Day, ShiftID, Weight"); err != nil {
				return err
			}
			var r Request
			var err error
			if r.Staff, err = p.staffRef(sec, l, "EmployeeID", l.fields[0]); err != nil {
				return err
			}
			if r.Day, err = p.day(in, sec, l, "Day", l.fields[1]); err != nil {
				return err
			}
			if r.Shift, err = p.shiftRef(sec, l, "ShiftID", l.fields[2]); err != nil {
				return err
			}
			if r.Weight, err = p.integer(sec, l, "Weight", l.fields[3]); err != nil {
				return err
			}
			if sec == secOn {
				in.On = append(in.On, r)
			} else {
				in.Off = append(in.Off, r)
			}
		}
		return nil
	}
}

func (p *parser) cover(in *Instance) error {
	if err := p.required(secCover); err != nil {
		return err
	}
	seen := map[[2]int]int{}
	for _, l := range p.lines[secCover] {
		if err := p.fieldCount(secCover, l, 5, "Day, ShiftID, Requirement, WeightForUnder, WeightForOver"); err != nil {
			return err
		}
		var c Cover
		var err error
		if c.Day, err = p.day(in, secCover, l, "Day", l.fields[0]); err != nil {
			return err
		}
		if c.Shift, err = p.shiftRef(secCover, l, "ShiftID", l.fields[1]); err != nil {
			return err
		}
		if at, dup := seen[[2]int{c.Day, c.Shift}]; dup {
			return p.errAt(l.n, secCover, "ShiftID", fmt.Sprintf("day %d shift %q covered twice (first at line %d)", c.Day, l.fields[1], at))
		}
		seen[[2]int{c.Day, c.Shift}] = l.n
		for i, ptr := range []*int{&c.Requirement, &c.Under, &c.Over} {
			name := [...]string{"Requirement", "WeightForUnder", "WeightForOver"}[i]
			if *ptr, err = p.integer(secCover, l, name, l.fields[2+i]); err != nil {
				return err
			}
		}
		in.Cover = append(in.Cover, c)
	}
	return nil
}
