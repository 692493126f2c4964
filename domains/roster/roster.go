package roster

import (
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// Roster is an instance of the roster core: staff × days × shifts. A plan
// gives each person, on each day, one shift or a day off. Always on: one
// shift per person per day (the answer form allows no more) and every
// shift staffed with at least its demand (the rule "staffing"). The
// sampled units add the rest.
//
// Two plans are the same plan when every person works the same shift (or
// is off) on every day, and, with the backup unit, every backup is the
// same person. Staff are never interchangeable: each has a distinct pay
// rate, which the goal counts, so two staff never have the same data.
type Roster struct {
	Sp     domains.Spec `json:"spec"`
	Voc    Vocab        `json:"vocabulary"`
	Days   []string     `json:"days"`
	Shifts []Shift      `json:"shifts"`
	Staff  []Staff      `json:"staff"`
	// Demand[d][s] is the least number of staff on shift s of day d
	// (staffing rule). On a holiday day (holiday-demand unit) the holiday
	// interval's upper end is used instead.
	Demand [][]int `json:"demand"`

	// Unit data; zero when the unit is not sampled.

	// Skill is the qualification's name (qualification unit); SkillShifts
	// lists the shifts that need at least one person holding it, every
	// day.
	Skill       string `json:"skill,omitempty"`
	SkillShifts []int  `json:"skill_shifts,omitempty"`
	// Rest lists forbidden successions (rest unit): shift [0] on a day,
	// then shift [1] the next day.
	Rest [][2]int `json:"rest,omitempty"`
	// MaxRun is the most working days in a row (max-consecutive unit).
	MaxRun int `json:"max_run,omitempty"`
	// NightRun and Night: after NightRun nights in a row (shift Night)
	// the next day is off (night-rest unit).
	NightRun int `json:"night_run,omitempty"`
	Night    int `json:"night,omitempty"`
	// Weekend lists the weekend days (weekend-fairness unit).
	Weekend []int `json:"weekend,omitempty"`
	// Current is the roster before a sick call and Sick the call
	// (sick-call unit): Current[p][d] is a shift index or Off.
	Current [][]int `json:"current,omitempty"`
	Sick    *Sick   `json:"sick,omitempty"`
	// Holidays are the days whose demand is an interval (holiday-demand
	// unit).
	Holidays []Holiday `json:"holidays,omitempty"`
	// BackupDay is the day whose shifts need an on-call backup (backup
	// unit), -1 without.
	BackupDay int `json:"backup_day"`
	// TieBreaks is the number of stated tie-break levels (0 or 1).
	TieBreaks int `json:"tie_breaks"`

	// xvars and bvars are the variables of the last model built, for
	// decoding.
	xvars [][][]encode.Var
	bvars [][]encode.Var
	// drawing is the subtask the generator draws the instance from, for
	// the units' Prepare; nil once it is drawn.
	drawing *subtask
}

// Off is the shift index of a day off.
const Off = -1

// Vocab is a task's skin: the words the prompt and the answer use.
type Vocab struct {
	Person string `json:"person"` // "nurse"
	People string `json:"people"` // "nurses"
	Place  string `json:"place"`  // "the ward"
	Intro  string `json:"intro"`  // first paragraph of the prompt
	Pay    string `json:"pay"`    // what the goal's per-shift cost is called: "pay points"
}

// Shift is one shift type of every day.
type Shift struct {
	Name  string `json:"name"`
	Hours string `json:"hours"`
}

// Staff is one person: their pay per shift worked (distinct per person),
// whether they hold the skill (qualification unit), their leave days
// (availability unit), their most shifts in the week (max-shifts unit) and their stated preferences (preferences unit).
type Staff struct {
	Name    string `json:"name"`
	Rate    int    `json:"rate"`
	Skilled bool   `json:"skilled,omitempty"`
	Leave   []int  `json:"leave,omitempty"`
	Max     int    `json:"max,omitempty"`
	Prefs   []Pref `json:"prefs,omitempty"`
}

// Pref is one weighted preference: a penalty of Weight for each day that
// breaks it. Shift >= 0: the person would rather not work that shift (on
// Day, or on any day when Day is -1). Shift == Off: the person asks for
// Day off.
type Pref struct {
	Day    int `json:"day"`
	Shift  int `json:"shift"`
	Weight int `json:"weight"`
}

// Sick is a sick call: Person cannot work on Days.
type Sick struct {
	Person int   `json:"person"`
	Days   []int `json:"days"`
}

// Holiday is a day whose demand is an interval per shift: [Lo[s], Hi[s]].
type Holiday struct {
	Day int   `json:"day"`
	Lo  []int `json:"lo"`
	Hi  []int `json:"hi"`
}

// Spec implements domains.Instance.
func (r *Roster) Spec() domains.Spec { return r.Sp }

func (r *Roster) has(unit string) bool { return r.Sp.Has(unit) }

// holiday returns the holiday of day d, or nil.
func (r *Roster) holiday(d int) *Holiday {
	for i := range r.Holidays {
		if r.Holidays[i].Day == d {
			return &r.Holidays[i]
		}
	}
	return nil
}

// need returns the staff shift s of day d must have: the demand, or on a
// holiday the interval's upper end (the worst case).
func (r *Roster) need(d, s int) int {
	if h := r.holiday(d); h != nil {
		return h.Hi[s]
	}
	return r.Demand[d][s]
}

// shiftName returns the answer's word for shift index s.
func (r *Roster) shiftName(s int) string {
	if s == Off {
		return "Off"
	}
	return r.Shifts[s].Name
}

// cell is one decision of a plan: person p works shift s on day d; with
// s == anyShift, p works some shift on day d.
type cell struct{ p, d, s int }

const anyShift = -2

// count is one counting rule: the number of true cells is at most K
// (AtMost) or at least K. Every rule of the core and the units is a list
// of counts, which the model adds as cardinality constraints and the
// checker evaluates on a plan; Why says what a broken count means.
type count struct {
	Cells  []cell
	AtMost bool
	K      int
	Why    string
}

// personal reports whether every cell of c is one person's: such a count
// is a rule on a person's own week, which a backup who is called must
// still keep.
func (c count) personal() (int, bool) {
	if len(c.Cells) == 0 {
		return 0, false
	}
	p := c.Cells[0].p
	for _, x := range c.Cells {
		if x.p != p {
			return 0, false
		}
	}
	return p, true
}

// holds evaluates c on a plan (pl[p][d] is a shift index or Off).
func (c count) holds(pl [][]int) bool {
	n := 0
	for _, x := range c.Cells {
		if on(pl, x) {
			n++
		}
	}
	if c.AtMost {
		return n <= c.K
	}
	return n >= c.K
}

func on(pl [][]int, x cell) bool {
	v := pl[x.p][x.d]
	if x.s == anyShift {
		return v != Off
	}
	return v == x.s
}

// countRule is one named rule of the prompt as counts: Name is its model
// group and what a conflict answer names; Item is the ID of its checklist
// item.
type countRule struct {
	Name   string
	Item   string
	Counts []count
}

// Core group: one shift per person per day.
func groupOneShift(p string) string { return "core: " + p + " works at most one shift a day" }

// Rule names (model groups) of the core and the units.
const (
	ruleStaffing      = "staffing"
	ruleQualification = "qualification"
	ruleAvailability  = "leave"
	ruleMaxShifts     = "max shifts"
	ruleExact         = "no overstaffing"
	ruleRest          = "rest"
	ruleConsecutive   = "consecutive days"
	ruleNightRest     = "night rest"
	ruleSick          = "sick leave"
	ruleHoliday       = "holiday demand"
	ruleBackup        = "backup"
)

// countRules returns every counting rule of the instance, in prompt order:
// the core's staffing, then the counters'.
func (r *Roster) countRules() []countRule {
	out := []countRule{r.staffingRule()}
	for _, u := range domains.Facets[counter](r.units()) {
		out = append(out, u.counts(r)...)
	}
	return out
}

// staffingRule is the core's rule: every shift has its demand.
func (r *Roster) staffingRule() countRule {
	return countRule{Name: ruleStaffing, Item: itemStaffing, Counts: r.staffingCounts(false)}
}

// staffingCounts returns the staffing counts of the ordinary days
// (holiday false) or of the holidays.
func (r *Roster) staffingCounts(holiday bool) []count {
	var out []count
	if r.Demand == nil { // while the generator draws the plan
		return nil
	}
	for d := range r.Days {
		if (r.holiday(d) != nil) != holiday {
			continue
		}
		for s := range r.Shifts {
			k := r.need(d, s)
			if k == 0 {
				continue
			}
			c := count{K: k, Why: fmt.Sprintf("%s %s has fewer than %d %s", r.Days[d], r.Shifts[s].Name, k, r.Voc.People)}
			for p := range r.Staff {
				c.Cells = append(c.Cells, cell{p, d, s})
			}
			out = append(out, c)
		}
	}
	return out
}

// personCounts returns, for person p, counts over p's working days.
func workDays(p int, days []int) []cell {
	out := make([]cell, len(days))
	for i, d := range days {
		out[i] = cell{p, d, anyShift}
	}
	return out
}

func allDays(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// shiftsWorked returns the number of shifts person p works in pl.
func shiftsWorked(pl [][]int, p int) int {
	n := 0
	for _, v := range pl[p] {
		if v != Off {
			n++
		}
	}
	return n
}

func (r *Roster) dayNames(ds []int) string {
	var ns []string
	for _, d := range ds {
		ns = append(ns, r.Days[d])
	}
	return prose.JoinAnd(ns)
}
