package roster

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// unit is one constraint of the roster pool, under the unit contract of
// domains (domains.UnitOf): its description (Info), its named rules for
// the prompt (Rules; a rule's name is also its model group and what a
// conflict answer names), its checklist items (Items), its constraints in
// the model (Model, in the groups its rules name) and its checks of an
// answer (Check, failures by item ID). The core asks the sampled units
// (units, in pool order) for the facets it needs, never a unit by its ID:
//
//	counter            counting rules, modelled and checked   qualification, availability, max-shifts, exact-staffing, rest, max-consecutive, sick-call, holiday-demand, night-rest
//	domains.Preparer   data drawn before the hidden plan      qualification, rest, max-consecutive, night-rest, weekend-fairness
//	planned            counts the hidden plan keeps           qualification, rest, max-consecutive, night-rest
//	domains.Sampler    data drawn after the hidden plan       infeasibility
//	crewer             a least number of staff                backup
//	domains.Validator  its data in a loaded instance          max-consecutive, sick-call, night-rest, backup
//	leveler            levels before the pay                  sick-call, weekend-fairness, balance, preferences
//	laterLeveler       levels after the pay                   backup
//	answerPart         a part of the answer                   backup, self-check
//	columner           a column of the staff table            qualification, availability, max-shifts, preferences
//	demandNoter        a note on the demand table             holiday-demand
//	sectioner          a paragraph before the rules           sick-call
//	skiller            the shifts that need the skill         qualification
//	ownWeek            a rule the backup rule names           max-shifts, rest, max-consecutive, sick-call, night-rest
//	loadBounder        an implied bound of the loads          holiday-demand
//
// The data the generator derives from the hidden plan (the sick call,
// the backup day, the holiday, leave, caps and preferences) is drawn in
// generate.go, which asks the spec for those units (has): their draws are
// interleaved with the core's and with each other's, so moving them into
// Sample would change the random draws and so every instance.
type unit interface {
	domains.UnitOf[*Roster, *builder, *answer]
}

// rule is one named rule of the prompt (domains.Rule); Name is also its
// group in the model and the name a conflict answer uses.
type rule = domains.Rule

// fails collects failures per item (domains.Fails).
type fails = domains.Fails

// counter is a unit whose rules are counts (countRule): its Model adds
// them to the model (addRules) and its Check evaluates them on the
// answer (checkRules), so that the model and the checker cannot disagree
// on what a rule means; the backup re-checks the personal ones for a
// called backup.
type counter interface {
	unit
	counts(r *Roster) []countRule
}

// The core's own facets, for the parts of an instance whose layout is the
// core's: the prompt's tables and paragraphs, the goal's levels, the
// answer's parts, and rows that the model states inside the core's
// definitions. The core asks its sampled units for them with
// domains.Facets, in pool order, never by a unit's ID.
type (
	// leveler is a unit with objective levels before the pay: the
	// domains.Leveler facet (their terms, which the model minimises
	// first) and before, the same levels for the prompt and the checker
	// (key, value on a plan and sentence, level for level).
	leveler interface {
		domains.Leveler[*builder]
		before(r *Roster) []level
	}
	// laterLeveler is a unit with levels after the pay, that choose its
	// answer part (the backups): the levels, the goal's sentence that
	// states them and what the optimal item says of them.
	laterLeveler interface {
		later(r *Roster) []level
		laterGoal(r *Roster) string
		laterOptimal(r *Roster) string
	}
	// answerPart is a unit with a part of the answer beside "roster": the
	// domains.AnswerPart facet (its key and skeleton in the answer form),
	// its value for a plan (encodePart; false when it has none), its
	// reading of an answer (parsePart, given the part's JSON and whether
	// the answer has it: a format error, "" when it reads), the sentence
	// after the answer form (partNote) and what it adds to "the same
	// roster" (samePart).
	answerPart interface {
		domains.AnswerPart[*Roster]
		encodePart(r *Roster, pl [][]int, bk []int) (string, bool)
		parsePart(r *Roster, raw json.RawMessage, given bool, ans *answer) string
		partNote(r *Roster) string
		samePart(r *Roster) string
	}
	// columner is a unit with a column in the prompt's staff table.
	columner interface {
		column(r *Roster) string
		cell(r *Roster, p int) string
	}
	// demandNoter is a unit that adds a note to the demand table's
	// heading.
	demandNoter interface{ demandNote(r *Roster) string }
	// sectioner is a unit with a paragraph of its data after the demand
	// table (the current roster and the sick call).
	sectioner interface{ section(r *Roster) string }
	// skiller is a unit that says which shifts need a skilled person.
	skiller interface{ needsSkill(r *Roster, s int) bool }
	// ownWeek is a counter whose rule is on a person's own week, which
	// the backup rule names (besides leave, which it always names).
	ownWeek interface {
		counter
		ownWeek()
	}
	// planned is a counter whose data is drawn before the hidden plan
	// (domains.Preparer): the hidden plan is drawn to keep its counts
	// before the other data are derived from it.
	planned interface {
		counter
		domains.Preparer[*Roster]
	}
	// crewer is a unit that needs a least number of staff (of the
	// subtask's available names) in the instance.
	crewer interface {
		minStaff(r *Roster, available int) int
	}
	// loadBounder is a unit with an implied bound on the loads of days
	// (partLoads: days are the days counted, sum the loads' terms, core
	// the always-on demand of those days), in its own rule's group.
	loadBounder interface {
		loadBound(b *builder, days map[int]bool, sum []encode.Term, core int64)
	}
)

// The facets of each unit, listed so that a misspelt facet method fails to
// compile instead of being skipped.
var (
	_ = []counter{qualification{}, availability{}, maxShifts{}, exact{}, rest{}, consecutive{}, sickCall{}, holiday{}, nightRest{}}
	_ = []leveler{sickCall{}, weekend{}, balance{}, preferences{}}
	_ = []laterLeveler{backup{}}
	_ = []answerPart{backup{}, selfCheck{}}
	_ = []columner{qualification{}, availability{}, maxShifts{}, preferences{}}
	_ = []demandNoter{holiday{}}
	_ = []sectioner{sickCall{}}
	_ = []skiller{qualification{}}
	_ = []ownWeek{maxShifts{}, rest{}, consecutive{}, sickCall{}, nightRest{}}
	_ = []loadBounder{holiday{}}
	_ = []domains.Preparer[*Roster]{qualification{}, rest{}, consecutive{}, nightRest{}, weekend{}}
	_ = []planned{qualification{}, rest{}, consecutive{}, nightRest{}}
	_ = []domains.Sampler[*Roster]{infeasible{}}
	_ = []crewer{backup{}}
	_ = []domains.Validator[*Roster]{consecutive{}, sickCall{}, nightRest{}, backup{}}
)

// addRules adds the counts of rs, each in the group of its rule.
func (b *builder) addRules(rs []countRule) {
	for _, ru := range rs {
		for _, c := range ru.Counts {
			b.add(ru.Name, c)
		}
	}
}

// checkRules fails the item of each rule of rs that the plan breaks, with
// the first count it breaks.
func checkRules(rs []countRule, pl [][]int, f fails) {
	for _, ru := range rs {
		for _, c := range ru.Counts {
			if !c.holds(pl) {
				f.Add(ru.Item, c.Why)
				break
			}
		}
	}
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

// pool lists every unit of the roster core in the order they apply: an
// instance's rules, checklist items and model constraints come in this
// order, unit by unit (the counting rules, then the backup rule, which
// re-checks them for a called backup), and so do the goal's levels (the
// sick call's changes, the weekend, the spread, the penalty), the
// answer's parts (the backups, then the stated values) and the draws of
// the Preparers. It is not the registry's order (registryPool), which the
// spec sampler draws in.
var pool = domains.Pool[unit]{
	qualification{}, availability{}, maxShifts{}, exact{}, rest{}, consecutive{},
	sickCall{}, holiday{}, nightRest{},
	weekend{}, balance{}, preferences{},
	backup{}, selfCheck{}, infeasible{},
}

// registryPool is the registry's view of the units (domains.Task.Pool),
// in the order the spec sampler draws them: every drawn spec depends on
// this order, so it stays.
var registryPool = pool.InOrder(
	unitQualification, unitAvailability, unitMaxShifts, unitExact, unitRest, unitConsecutive,
	unitWeekend, unitPreferences, unitBalance, unitSelfCheck,
	unitSickCall, unitBackup, unitHoliday, unitInfeasible, unitNightRest)

// units returns the sampled units, in pool order.
func (r *Roster) units() []unit { return pool.Of(r.Sp) }

// parts returns the sampled units with a part of the answer, in pool
// order (the backups, then the stated values).
func (r *Roster) parts() []answerPart { return domains.Facets[answerPart](r.units()) }

// rules returns the named rules of the prompt, in order: the core's
// staffing, then the units'.
func (r *Roster) rules() []rule {
	out := []rule{{Name: ruleStaffing, Text: fmt.Sprintf("every shift has at least the number of %s in the demand table.", r.Voc.People)}}
	return append(out, domains.RulesOf(r, r.units())...)
}

// feasibility returns the feasibility item of unit u with text.
func feasibility(u unit, text string) []domains.Item {
	inf := u.Info()
	return []domains.Item{domains.FeasibilityItem(inf.ID, inf.ID, inf.Tier, text)}
}

// shiftNames lists the names of shifts ss in prose ("Morning and
// Evening"), for a list of shifts; shiftList is for "every ... shift".
func (r *Roster) shiftNames(ss []int) string {
	var ns []string
	for _, s := range ss {
		ns = append(ns, r.Shifts[s].Name)
	}
	return prose.JoinAnd(ns)
}

// shiftList names shifts ss for the words "every ... shift": "every Night
// shift", "every Morning and every Evening shift".
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
		ns = append(ns, fmt.Sprintf("%s shift followed by %s shift the next day", prose.An(r.Shifts[x[0]].Name), prose.An(r.Shifts[x[1]].Name)))
	}
	return joinOr(ns)
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

// Prepare draws the skill shifts (the night shift, else the last; with
// more than two shifts, the first as well a third of the time) and who
// holds the skill: two people per skill shift, then a third of the rest,
// so that the rest rules can hold.
func (qualification) Prepare(r *Roster, rng *rand.Rand) {
	st, n, ns := r.drawing, len(r.Staff), len(r.Shifts)
	r.Skill = st.Skill
	r.SkillShifts = []int{ns - 1}
	if st.Night >= 0 {
		r.SkillShifts = []int{st.Night}
	}
	if ns > 2 && rng.IntN(3) == 0 {
		r.SkillShifts = append([]int{0}, r.SkillShifts...)
	}
	sk := rng.Perm(n)
	for i, p := range sk {
		r.Staff[p].Skilled = i < 2*len(r.SkillShifts) || rng.IntN(3) == 0
	}
}

func (qualification) column(r *Roster) string { return r.Skill }

func (qualification) cell(r *Roster, p int) string {
	return map[bool]string{true: "yes", false: "no"}[r.Staff[p].Skilled]
}

// needsSkill: the skill shifts need a skilled person.
func (qualification) needsSkill(r *Roster, s int) bool { return slices.Contains(r.SkillShifts, s) }

func (qualification) Rules(r *Roster) []rule {
	return []rule{{Name: ruleQualification, Text: fmt.Sprintf("every %s shift, every day, has at least one %s with the skill %q (marked yes in the staff table).", r.shiftList(r.SkillShifts), r.Voc.Person, r.Skill)}}
}

func (u qualification) Items(r *Roster) []domains.Item {
	return feasibility(u, fmt.Sprintf("Every %s shift has at least one %s with the skill %q.", r.shiftList(r.SkillShifts), r.Voc.Person, r.Skill))
}

func (u qualification) Model(b *builder) { b.addRules(u.counts(b.r)) }

func (u qualification) Check(r *Roster, ans *answer, f fails) { checkRules(u.counts(r), ans.pl, f) }

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

func (availability) column(*Roster) string { return "leave days" }

func (availability) cell(r *Roster, p int) string { return orDash(r.dayNames(r.Staff[p].Leave)) }

func (availability) Rules(r *Roster) []rule {
	return []rule{{Name: ruleAvailability, Text: fmt.Sprintf("%s is Off on each of their leave days in the staff table.", prose.An(r.Voc.Person))}}
}

func (u availability) Items(r *Roster) []domains.Item {
	return feasibility(u, fmt.Sprintf("No %s works on a leave day.", r.Voc.Person))
}

func (u availability) Model(b *builder) { b.addRules(u.counts(b.r)) }

func (u availability) Check(r *Roster, ans *answer, f fails) { checkRules(u.counts(r), ans.pl, f) }

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

func (maxShifts) column(*Roster) string { return "max" }

func (maxShifts) cell(r *Roster, p int) string { return fmt.Sprint(r.Staff[p].Max) }

func (maxShifts) ownWeek() {}

func (maxShifts) Rules(r *Roster) []rule {
	return []rule{{Name: ruleMaxShifts, Text: fmt.Sprintf("%s works at most the \"max\" number of shifts in the week given in the staff table.", prose.An(r.Voc.Person))}}
}

func (u maxShifts) Items(r *Roster) []domains.Item {
	return feasibility(u, fmt.Sprintf("No %s works more shifts in the week than their max.", r.Voc.Person))
}

func (u maxShifts) Model(b *builder) { b.addRules(u.counts(b.r)) }

func (u maxShifts) Check(r *Roster, ans *answer, f fails) { checkRules(u.counts(r), ans.pl, f) }

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

// holidayNote is what the exact rule says of the holidays' intervals, when
// the instance has holidays.
func (r *Roster) holidayNote(text string) string {
	if len(r.Holidays) == 0 {
		return ""
	}
	return text
}

func (exact) Rules(r *Roster) []rule {
	return []rule{{Name: ruleExact, Text: fmt.Sprintf("no shift is overstaffed: every shift has at most the number of %s in the demand table%s.", r.Voc.People, r.holidayNote(" (on a holiday, at most the high value)"))}}
}

func (u exact) Items(r *Roster) []domains.Item {
	return feasibility(u, fmt.Sprintf("No shift has more %s than its demand%s.", r.Voc.People, r.holidayNote(" (on a holiday, its high value)")))
}

func (u exact) Model(b *builder) { b.addRules(u.counts(b.r)) }

func (u exact) Check(r *Roster, ans *answer, f fails) { checkRules(u.counts(r), ans.pl, f) }

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

// rest: no one works a forbidden succession of shifts on consecutive
// days. Readings (see Readings): readingWrap.
type rest struct{}

// readingWrap is the reading of the days as a cycle (a weekly rotation:
// the last day followed by the first), which the rules on successive days
// (rest, consecutive, nightRest) would count across; ruled out by the
// prompt's sentence that the last day is followed by none.
const readingWrap = "the days wrap around: the last day is followed by the first"

// wrapRuledOut is the phrase of the prompt that rules readingWrap out.
var wrapRuledOut = []domains.Reading{{Name: readingWrap, RuledOutBy: "the last, by none (the days do not wrap around to"}}

// Readings implements domains.Reader.
func (rest) Readings() []domains.Reading { return wrapRuledOut }

func (rest) Info() domains.Unit {
	return domains.Unit{ID: unitRest, Tier: domains.Medium, Title: "rest rules between shifts on consecutive days"}
}

// Prepare draws the forbidden successions: the last shift then the
// first, and with more than two shifts half of the time the one before
// the last then the first.
func (rest) Prepare(r *Roster, rng *rand.Rand) {
	last := len(r.Shifts) - 1
	r.Rest = [][2]int{{last, 0}}
	if len(r.Shifts) > 2 && rng.IntN(2) == 0 {
		r.Rest = append(r.Rest, [2]int{last - 1, 0})
	}
}

func (rest) ownWeek() {}

func (rest) Rules(r *Roster) []rule {
	return []rule{{Name: ruleRest, Text: fmt.Sprintf("no %s works %s.", r.Voc.Person, r.restList())}}
}

func (u rest) Items(r *Roster) []domains.Item {
	return feasibility(u, fmt.Sprintf("No %s works %s.", r.Voc.Person, r.restList()))
}

func (u rest) Model(b *builder) { b.addRules(u.counts(b.r)) }

func (u rest) Check(r *Roster, ans *answer, f fails) { checkRules(u.counts(r), ans.pl, f) }

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

// consecutive: no one works more than MaxRun days in a row. Readings
// (see Readings): readingWrap.
type consecutive struct{}

// Readings implements domains.Reader.
func (consecutive) Readings() []domains.Reading { return wrapRuledOut }

func (consecutive) Info() domains.Unit {
	return domains.Unit{ID: unitConsecutive, Tier: domains.Medium, Title: "max consecutive working days"}
}

// Prepare draws the most working days in a row: 3 or 4, fewer than the
// days.
func (consecutive) Prepare(r *Roster, rng *rand.Rand) {
	r.MaxRun = min(3+rng.IntN(2), len(r.Days)-1)
}

// Validate: with the unit, the most days in a row is 1 or more and fewer
// than the days.
func (consecutive) Validate(r *Roster) error {
	if nd := len(r.Days); r.has(unitConsecutive) && (r.MaxRun < 1 || r.MaxRun >= nd) {
		return fmt.Errorf("max_run: %d not in 1..%d", r.MaxRun, nd-1)
	}
	return nil
}

func (consecutive) ownWeek() {}

func (consecutive) Rules(r *Roster) []rule {
	return []rule{{Name: ruleConsecutive, Text: fmt.Sprintf("no %s works on more than %d days in a row.", r.Voc.Person, r.MaxRun)}}
}

func (u consecutive) Items(r *Roster) []domains.Item {
	return feasibility(u, fmt.Sprintf("No %s works on more than %d days in a row.", r.Voc.Person, r.MaxRun))
}

func (u consecutive) Model(b *builder) { b.addRules(u.counts(b.r)) }

func (u consecutive) Check(r *Roster, ans *answer, f fails) { checkRules(u.counts(r), ans.pl, f) }

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

// ---- hard ----

type sickCall struct{}

func (sickCall) Info() domains.Unit {
	return domains.Unit{ID: unitSickCall, Tier: domains.Hard, Title: "sick-call replanning with minimum changes"}
}

// Validate: with the unit, the sick call names a person and days, and
// the current roster has an entry per person and day, each Off or a
// shift.
func (sickCall) Validate(r *Roster) error {
	if !r.has(unitSickCall) {
		return nil
	}
	n, nd := len(r.Staff), len(r.Days)
	if r.Sick == nil || r.Sick.Person < 0 || r.Sick.Person >= n {
		return fmt.Errorf("sick: missing or person out of range")
	}
	for _, d := range r.Sick.Days {
		if err := r.checkDay("sick.days", d); err != nil {
			return err
		}
	}
	if len(r.Current) != n {
		return fmt.Errorf("current: %d rows for %d staff", len(r.Current), n)
	}
	for p, row := range r.Current {
		if len(row) != nd {
			return fmt.Errorf("current[%d]: %d entries for %d days", p, len(row), nd)
		}
		for _, s := range row {
			if s != Off {
				if err := r.checkShift(fmt.Sprintf("current[%d]", p), s); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (sickCall) ownWeek() {}

// section: the current roster and the sick call.
func (sickCall) section(r *Roster) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n**Current roster** (already published)\n")
	head := append([]string{r.Voc.Person}, r.Days...)
	b.WriteString(prose.Head(head))
	for p, st := range r.Staff {
		row := []string{st.Name}
		for d := range r.Days {
			row = append(row, r.shiftName(r.Current[p][d]))
		}
		b.WriteString(prose.Row(row))
	}
	fmt.Fprintf(&b, "\n%s has called in sick for %s. Replan the week.\n", r.Staff[r.Sick.Person].Name, r.dayNames(r.Sick.Days))
	return b.String()
}

// before: fewest changes of the current roster, before every other level.
func (sickCall) before(*Roster) []level {
	return []level{{keyChanges, changeTerms, changeValue, func(r *Roster) string {
		return fmt.Sprintf("change as few decisions of the current roster as possible: minimise the number of (%s, day) pairs whose entry (a shift or Off) differs from the current roster", r.Voc.Person)
	}}}
}

// Levels implements domains.Leveler.
func (u sickCall) Levels(b *builder) [][]encode.Term { return levelTerms(b, u.before(b.r)) }

func (sickCall) Rules(r *Roster) []rule {
	if r.Sick == nil { // while the generator draws the plan
		return nil
	}
	return []rule{{Name: ruleSick, Text: fmt.Sprintf("%s is Off on %s (the sick call).", r.Staff[r.Sick.Person].Name, r.dayNames(r.Sick.Days))}}
}

func (u sickCall) Items(r *Roster) []domains.Item {
	if r.Sick == nil {
		return nil
	}
	return feasibility(u, fmt.Sprintf("%s is Off on %s.", r.Staff[r.Sick.Person].Name, r.dayNames(r.Sick.Days)))
}

func (u sickCall) Model(b *builder) { b.addRules(u.counts(b.r)) }

func (u sickCall) Check(r *Roster, ans *answer, f fails) { checkRules(u.counts(r), ans.pl, f) }

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

func (holiday) demandNote(*Roster) string { return "; on a holiday an interval low–high" }

// loadBound: when the days counted are holidays alone, their loads sum to
// at least the holiday rule's high ends, in that rule's group (it holds
// exactly when the rule does).
func (holiday) loadBound(b *builder, days map[int]bool, sum []encode.Term, core int64) {
	var hol int64
	for _, c := range b.r.staffingCounts(true) {
		if days[c.Cells[0].d] {
			hol += int64(c.K)
		}
	}
	if hol > 0 && core == 0 {
		b.m.AddLinear(slices.Clone(sum), encode.GE, hol).Named(ruleHoliday + " (implied demand)").InGroup(ruleHoliday)
	}
}

func (holiday) Rules(r *Roster) []rule {
	return []rule{{Name: ruleHoliday, Text: fmt.Sprintf("on %s the demand is only known as an interval (low–high): staffing must hold for every value in the interval, so each shift needs at least the high value.", r.holidayNames())}}
}

func (u holiday) Items(r *Roster) []domains.Item {
	return feasibility(u, fmt.Sprintf("On %s every shift has at least the high end of its demand interval.", r.holidayNames()))
}

func (u holiday) Model(b *builder) { b.addRules(u.counts(b.r)) }

func (u holiday) Check(r *Roster, ans *answer, f fails) { checkRules(u.counts(r), ans.pl, f) }

func (holiday) counts(r *Roster) []countRule {
	return []countRule{{Name: ruleHoliday, Item: unitHoliday, Counts: r.staffingCounts(true)}}
}

// ---- stateful ----

// nightRest: after NightRun night shifts on consecutive days, a day Off.
// Readings (see Readings): readingWrap.
type nightRest struct{}

// Readings implements domains.Reader.
func (nightRest) Readings() []domains.Reading { return wrapRuledOut }

func (nightRest) Info() domains.Unit {
	return domains.Unit{ID: unitNightRest, Tier: domains.Stateful, Title: "cumulative nights then a rest day"}
}

// Prepare sets two nights in a row on the subtask's night shift.
func (nightRest) Prepare(r *Roster, _ *rand.Rand) { r.NightRun, r.Night = 2, r.drawing.Night }

// Validate: with the unit, the night is a shift, and the nights in a
// row are 1 or more and fewer than the days.
func (nightRest) Validate(r *Roster) error {
	if !r.has(unitNightRest) {
		return nil
	}
	if err := r.checkShift("night", r.Night); err != nil {
		return err
	}
	if nd := len(r.Days); r.NightRun < 1 || r.NightRun >= nd {
		return fmt.Errorf("night_run: %d not in 1..%d", r.NightRun, nd-1)
	}
	return nil
}

func (nightRest) ownWeek() {}

func (nightRest) Rules(r *Roster) []rule {
	return []rule{{Name: ruleNightRest, Text: fmt.Sprintf("%s who works %d %s shifts on consecutive days is Off the day after the last of them.", prose.An(r.Voc.Person), r.NightRun, r.Shifts[r.Night].Name)}}
}

func (u nightRest) Items(r *Roster) []domains.Item {
	return feasibility(u, fmt.Sprintf("Every run of %d %s shifts on consecutive days is followed by a day Off.", r.NightRun, r.Shifts[r.Night].Name))
}

func (u nightRest) Model(b *builder) { b.addRules(u.counts(b.r)) }

func (u nightRest) Check(r *Roster, ans *answer, f fails) { checkRules(u.counts(r), ans.pl, f) }

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
