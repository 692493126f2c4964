package roster

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// unit is one constraint of the roster pool. It draws its data from the
// hidden plan (sample, in generate.go's order), and gives its named rules
// (rules: the counts the model adds and the checker evaluates, the
// prompt's sentence and the item's text). Units that shape the goal
// instead (weekend fairness, balance, preferences, sick call) add an
// objective level in objective.go; the backup unit and the self-check add
// answer fields that check.go reads.
type unit interface {
	Info() domains.Unit
	counts(r *Roster) []countRule
}

// Unit IDs.
const (
	unitQualification = "qualification"
	unitAvailability  = "availability"
	unitMaxShifts     = "max-shifts"
	unitExact         = "exact-staffing"
	unitRest          = "rest"
	unitConsecutive   = "max-consecutive"
	unitWeekend       = "weekend-fairness"
	unitPreferences   = "preferences"
	unitBalance       = "balance"
	unitSelfCheck     = "self-check"
	unitSickCall      = "sick-call"
	unitBackup        = "backup"
	unitHoliday       = "holiday-demand"
	unitInfeasible    = "infeasibility"
	unitNightRest     = "night-rest"
)

// Item IDs of the core.
const (
	itemFormat     = "format"
	itemStaffing   = "staffing"
	itemOptimal    = "optimal"
	itemStated     = "stated"
	itemBackup     = "backup"
	itemInfeasible = "infeasible"
	itemConflict   = "conflict"
)

// pool lists every unit of the roster core in a fixed order.
var pool = []unit{
	qualification{}, availability{}, maxShifts{}, exact{},
	rest{}, consecutive{}, goalUnit{unitWeekend, "weekend fairness (minimise the most weekend shifts)"},
	goalUnit{unitPreferences, "weighted preferences"}, goalUnit{unitBalance, "balanced totals (minimise max − min)"},
	goalUnit{unitSelfCheck, "stated objective values"},
	sickCall{}, goalUnit{unitBackup, "on-call backup per shift"}, holiday{},
	goalUnit{unitInfeasible, "infeasibility detection with a conflicting set"},
	nightRest{},
}

// poolInfo returns the pool's descriptions, for the task registry.
func poolInfo() []domains.Unit {
	out := make([]domains.Unit, len(pool))
	for i, u := range pool {
		out[i] = u.Info()
	}
	return out
}

// units returns the sampled units in pool order.
func (r *Roster) units() []unit {
	var out []unit
	for _, u := range pool {
		if r.has(u.Info().ID) {
			out = append(out, u)
		}
	}
	return out
}

// ruleText returns the prompt sentence and the item text of each named
// rule (the core's staffing and the units').
func (r *Roster) ruleText(name string) (prompt, item string) {
	v := r.Voc
	switch name {
	case ruleStaffing:
		return fmt.Sprintf("every shift has at least the number of %s in the demand table.", v.People),
			fmt.Sprintf("Every shift has at least the demanded number of %s.", v.People)
	case ruleQualification:
		return fmt.Sprintf("every %s shift, every day, has at least one %s with the skill %q (marked yes in the staff table).", r.shiftList(r.SkillShifts), v.Person, r.Skill),
			fmt.Sprintf("Every %s shift has at least one %s with the skill %q.", r.shiftList(r.SkillShifts), v.Person, r.Skill)
	case ruleAvailability:
		return fmt.Sprintf("a %s is Off on each of their leave days in the staff table.", v.Person),
			fmt.Sprintf("No %s works on a leave day.", v.Person)
	case ruleMaxShifts:
		return fmt.Sprintf("a %s works at most the \"max\" number of shifts in the week given in the staff table.", v.Person),
			fmt.Sprintf("No %s works more shifts in the week than their max.", v.Person)
	case ruleExact:
		return fmt.Sprintf("no shift is overstaffed: every shift has at most the number of %s in the demand table%s.", v.People, map[bool]string{true: " (on a holiday, at most the high value)", false: ""}[len(r.Holidays) > 0]),
			fmt.Sprintf("No shift has more %s than its demand%s.", v.People, map[bool]string{true: " (on a holiday, its high value)", false: ""}[len(r.Holidays) > 0])
	case ruleRest:
		return fmt.Sprintf("no %s works %s.", v.Person, r.restList()),
			fmt.Sprintf("No %s works %s.", v.Person, r.restList())
	case ruleConsecutive:
		return fmt.Sprintf("no %s works on more than %d days in a row.", v.Person, r.MaxRun),
			fmt.Sprintf("No %s works on more than %d days in a row.", v.Person, r.MaxRun)
	case ruleNightRest:
		return fmt.Sprintf("a %s who works %d %s shifts on consecutive days is Off the day after the last of them.", v.Person, r.NightRun, r.Shifts[r.Night].Name),
			fmt.Sprintf("Every run of %d %s shifts on consecutive days is followed by a day Off.", r.NightRun, r.Shifts[r.Night].Name)
	case ruleSick:
		return fmt.Sprintf("%s is Off on %s (the sick call).", r.Staff[r.Sick.Person].Name, r.dayNames(r.Sick.Days)),
			fmt.Sprintf("%s is Off on %s.", r.Staff[r.Sick.Person].Name, r.dayNames(r.Sick.Days))
	case ruleHoliday:
		return fmt.Sprintf("on %s the demand is only known as an interval (low–high): staffing must hold for every value in the interval, so each shift needs at least the high value.", r.holidayNames()),
			fmt.Sprintf("On %s every shift has at least the high end of its demand interval.", r.holidayNames())
	case ruleBackup:
		return r.backupRule(), r.backupItem()
	}
	return "", ""
}

func (r *Roster) shiftList(ss []int) string {
	var ns []string
	for _, s := range ss {
		ns = append(ns, r.Shifts[s].Name)
	}
	if len(ns) == 2 {
		return ns[0] + " and every " + ns[1]
	}
	return prose.JoinAnd(ns)
}

func (r *Roster) restList() string {
	var ns []string
	for _, x := range r.Rest {
		ns = append(ns, fmt.Sprintf("%s %s shift followed by %s %s shift the next day", article(r.Shifts[x[0]].Name), r.Shifts[x[0]].Name, article(r.Shifts[x[1]].Name), r.Shifts[x[1]].Name))
	}
	return joinOr(ns)
}

// article returns "an" before a vowel, else "a".
func article(w string) string {
	if w != "" && strings.ContainsRune("AEIOUaeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

func joinOr(ns []string) string {
	if len(ns) <= 1 {
		return prose.JoinAnd(ns)
	}
	s := ""
	for i, n := range ns {
		switch {
		case i == 0:
		case i == len(ns)-1:
			s += ", or "
		default:
			s += ", "
		}
		s += n
	}
	return s
}

func (r *Roster) holidayNames() string {
	var ds []int
	for _, h := range r.Holidays {
		ds = append(ds, h.Day)
	}
	return r.dayNames(ds)
}

// ---- basic ----

type qualification struct{}

func (qualification) Info() domains.Unit {
	return domains.Unit{ID: unitQualification, Tier: domains.Basic, Title: "qualification per shift"}
}

func (qualification) counts(r *Roster) []countRule {
	ru := countRule{Name: ruleQualification, Item: unitQualification}
	for d := range r.Days {
		for _, s := range r.SkillShifts {
			c := count{K: 1, Why: fmt.Sprintf("%s %s has no %s with the skill %q", r.Days[d], r.Shifts[s].Name, r.Voc.Person, r.Skill)}
			for p, st := range r.Staff {
				if st.Skilled {
					c.Cells = append(c.Cells, cell{p, d, s})
				}
			}
			ru.Counts = append(ru.Counts, c)
		}
	}
	return []countRule{ru}
}

type availability struct{}

func (availability) Info() domains.Unit {
	return domains.Unit{ID: unitAvailability, Tier: domains.Basic, Title: "availability and leave"}
}

func (availability) counts(r *Roster) []countRule {
	ru := countRule{Name: ruleAvailability, Item: unitAvailability}
	for p, st := range r.Staff {
		for _, d := range st.Leave {
			ru.Counts = append(ru.Counts, count{Cells: workDays(p, []int{d}), AtMost: true, K: 0,
				Why: fmt.Sprintf("%s works on %s, a leave day", st.Name, r.Days[d])})
		}
	}
	return []countRule{ru}
}

type maxShifts struct{}

func (maxShifts) Info() domains.Unit {
	return domains.Unit{ID: unitMaxShifts, Tier: domains.Basic, Title: "max shifts per week"}
}

func (maxShifts) counts(r *Roster) []countRule {
	ru := countRule{Name: ruleMaxShifts, Item: unitMaxShifts}
	for p, st := range r.Staff {
		ru.Counts = append(ru.Counts, count{Cells: workDays(p, allDays(len(r.Days))), AtMost: true, K: st.Max,
			Why: fmt.Sprintf("%s works more than %d shifts", st.Name, st.Max)})
	}
	return []countRule{ru}
}

type exact struct{}

func (exact) Info() domains.Unit {
	return domains.Unit{ID: unitExact, Tier: domains.Basic, Title: "exact coverage (no overstaffing)"}
}

func (exact) counts(r *Roster) []countRule {
	ru := countRule{Name: ruleExact, Item: unitExact}
	for _, c := range append(r.staffingCounts(false), r.staffingCounts(true)...) {
		d, s := c.Cells[0].d, c.Cells[0].s
		c.AtMost = true
		c.Why = fmt.Sprintf("%s %s has more than %d %s", r.Days[d], r.Shifts[s].Name, c.K, r.Voc.People)
		ru.Counts = append(ru.Counts, c)
	}
	return []countRule{ru}
}

// ---- medium ----

type rest struct{}

func (rest) Info() domains.Unit {
	return domains.Unit{ID: unitRest, Tier: domains.Medium, Title: "rest rules between shifts on consecutive days"}
}

func (rest) counts(r *Roster) []countRule {
	ru := countRule{Name: ruleRest, Item: unitRest}
	for p, st := range r.Staff {
		for d := 0; d+1 < len(r.Days); d++ {
			for _, x := range r.Rest {
				ru.Counts = append(ru.Counts, count{Cells: []cell{{p, d, x[0]}, {p, d + 1, x[1]}}, AtMost: true, K: 1,
					Why: fmt.Sprintf("%s works %s on %s and %s on %s", st.Name, r.Shifts[x[0]].Name, r.Days[d], r.Shifts[x[1]].Name, r.Days[d+1])})
			}
		}
	}
	return []countRule{ru}
}

type consecutive struct{}

func (consecutive) Info() domains.Unit {
	return domains.Unit{ID: unitConsecutive, Tier: domains.Medium, Title: "max consecutive working days"}
}

func (consecutive) counts(r *Roster) []countRule {
	ru := countRule{Name: ruleConsecutive, Item: unitConsecutive}
	for p, st := range r.Staff {
		for d := 0; d+r.MaxRun < len(r.Days); d++ {
			var ds []int
			for k := d; k <= d+r.MaxRun; k++ {
				ds = append(ds, k)
			}
			ru.Counts = append(ru.Counts, count{Cells: workDays(p, ds), AtMost: true, K: r.MaxRun,
				Why: fmt.Sprintf("%s works every day from %s to %s", st.Name, r.Days[d], r.Days[d+r.MaxRun])})
		}
	}
	return []countRule{ru}
}

// goalUnit is a unit without counting rules of its own: it shapes the goal
// (objective.go), the answer (backup, self-check) or the instance
// (infeasibility).
type goalUnit struct{ id, title string }

var goalTiers = map[string]domains.Tier{
	unitWeekend: domains.Medium, unitPreferences: domains.Medium, unitBalance: domains.Medium, unitSelfCheck: domains.Medium,
	unitBackup: domains.Hard, unitInfeasible: domains.Hard,
}

func (g goalUnit) Info() domains.Unit {
	u := domains.Unit{ID: g.id, Tier: goalTiers[g.id], Title: g.title}
	if g.id == unitInfeasible {
		// The conflict is made by leave: on one day fewer staff are
		// free than the day's shifts need.
		u.Requires = []string{unitAvailability}
	}
	return u
}

func (goalUnit) counts(*Roster) []countRule { return nil }

// ---- hard ----

type sickCall struct{}

func (sickCall) Info() domains.Unit {
	return domains.Unit{ID: unitSickCall, Tier: domains.Hard, Title: "sick-call replanning with minimum changes"}
}

func (sickCall) counts(r *Roster) []countRule {
	if r.Sick == nil { // while the generator draws the plan
		return nil
	}
	p := r.Sick.Person
	ru := countRule{Name: ruleSick, Item: unitSickCall}
	for _, d := range r.Sick.Days {
		ru.Counts = append(ru.Counts, count{Cells: workDays(p, []int{d}), AtMost: true, K: 0,
			Why: fmt.Sprintf("%s works on %s but called in sick", r.Staff[p].Name, r.Days[d])})
	}
	return []countRule{ru}
}

type holiday struct{}

func (holiday) Info() domains.Unit {
	return domains.Unit{ID: unitHoliday, Tier: domains.Hard, Title: "holiday rules with worst-case demand intervals"}
}

func (holiday) counts(r *Roster) []countRule {
	return []countRule{{Name: ruleHoliday, Item: unitHoliday, Counts: r.staffingCounts(true)}}
}

// ---- stateful ----

type nightRest struct{}

func (nightRest) Info() domains.Unit {
	return domains.Unit{ID: unitNightRest, Tier: domains.Stateful, Title: "cumulative nights then a rest day"}
}

func (nightRest) counts(r *Roster) []countRule {
	ru := countRule{Name: ruleNightRest, Item: unitNightRest}
	k := r.NightRun
	for p, st := range r.Staff {
		for d := 0; d+k < len(r.Days); d++ {
			var cs []cell
			for x := d; x < d+k; x++ {
				cs = append(cs, cell{p, x, r.Night})
			}
			cs = append(cs, cell{p, d + k, anyShift})
			ru.Counts = append(ru.Counts, count{Cells: cs, AtMost: true, K: k,
				Why: fmt.Sprintf("%s works %d %s shifts from %s and works again on %s", st.Name, k, r.Shifts[r.Night].Name, r.Days[d], r.Days[d+k])})
		}
	}
	return []countRule{ru}
}
