package roster

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/domains"
)

// span is a size range of the tables (see domains.Span).
type span domains.Span

// subtask is a task's variant: vocabulary, days, shifts and sizes.
type subtask struct {
	ID, Title string
	Voc       Vocab
	Days      []string
	Weekend   []int // indexes into Days; none: no weekend-fairness
	Shifts    []Shift
	Night     int // index of the night shift, -1 when none (no night-rest)
	Staff     []string
	NStaff    span
	Skill     string
	// POff is the chance a person is off on a day of the hidden plan.
	POff    float64
	Likely  map[string]float64
	Exclude []string
	// MoreStaff extends Staff above level 1 (see atLevel).
	MoreStaff []string
	// Weeks, when set (levels above 1), is how many times the period
	// repeats Days (and Weekend): a draw of 2 makes a fortnight of a
	// week's subtask. Level 1 leaves it zero and draws Days as they are.
	Weeks span
	// IntroPlain, when set, is the intro (Voc.Intro) without the rule of
	// the holiday-demand unit, for a spec that does not draw it: an intro
	// may tell only of rules the instance has (see introClaims).
	IntroPlain string
}

// task is a task skin over the roster core.
type task struct {
	ID, Name string
	Subtasks []subtask
}

// register adds a task skin to the domains registry.
// registeredTasks are the task skins, for tests.
var registeredTasks []*task

func register(t *task) {
	registeredTasks = append(registeredTasks, t)
	for i := range t.Subtasks {
		st := &t.Subtasks[i]
		if len(st.Weekend) == 0 && !slices.Contains(st.Exclude, unitWeekend) {
			st.Exclude = append(st.Exclude, unitWeekend)
		}
		if st.Night < 0 && !slices.Contains(st.Exclude, unitNightRest) {
			st.Exclude = append(st.Exclude, unitNightRest)
		}
	}
	domains.RegisterSkin(domains.Skin[*subtask]{
		Pkg:      "roster",
		Task:     domains.Task{ID: t.ID, Name: t.Name, Family: domains.Workforce, Core: "roster", Pool: registryPool, Claims: introClaims},
		Subtasks: domains.Ptrs(t.Subtasks),
		View: func(st *subtask) domains.Subtask {
			return domains.Subtask{ID: st.ID, Title: st.Title, Likely: st.Likely, Exclude: st.Exclude}
		},
		RejectExcluded: true,
		AtLevel:        atLevel,
		Sizes:          sizes,
		Generate: func(_ domains.Solving, st *subtask, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
			return st.generate(spec, r)
		},
		Load: domains.Loader("roster", t.ID, (*Roster).validate),
	})
}

// Allows reports whether the subtask may sample unit id.
func (st *subtask) Allows(id string) bool { return !slices.Contains(st.Exclude, id) }

// maxTries bounds the hidden plans drawn for one instance.
const maxTries = 400

// generate draws an instance: the staff (as many as the crewers need),
// the parameters of the sampled rules (the units' Prepare, in pool
// order), then a hidden plan that keeps them (redrawn until it does),
// then the data (demand, leave, caps, the sick call and its replacements,
// the backup day), each drawn so that the hidden plan (after the sick
// call, with its replacements) stays feasible. The units' Sample then
// runs: the infeasibility unit tightens the leave below the day's demand.
// The hidden plan is not part of the instance and is never the reference
// (the solver's optimum is).
//
// The data drawn from the hidden plan (plant and derive) still ask the
// spec for their units (has): their draws are interleaved with the
// core's and with each other's (the sick call and the backups between the
// hidden plan and the demand, the holiday before the demand, leave, caps
// and preferences person by person), so moving them into the units'
// Sample would change the random draws and so every instance.
func (st *subtask) generate(spec domains.Spec, rng *rand.Rand) (*Roster, error) {
	// The tie-break is always stated: rosters tie too often (two staff
	// swapping days) for a goal alone to decide.
	r := &Roster{Sp: spec, Voc: st.Voc, Days: slices.Clone(st.Days), Shifts: slices.Clone(st.Shifts), BackupDay: -1, TieBreaks: 1, drawing: st}
	if st.Weeks.Hi > 0 {
		st = st.repeat(domains.Draw(rng, st.Weeks))
		r.Days, r.drawing = slices.Clone(st.Days), st
		r.Voc.Intro = st.Voc.Intro
	}
	if st.IntroPlain != "" && !spec.Has(unitHoliday) {
		r.Voc.Intro = st.IntroPlain
	}
	us := r.units()
	n := domains.Draw(rng, st.NStaff)
	for _, u := range domains.Facets[crewer](us) {
		n = max(n, u.minStaff(r, len(st.Staff)))
	}
	pick := domains.PickIndex(rng, len(st.Staff), n)
	// Nine distinct rates, as before levels; more staff than nine get
	// as many distinct rates as there are staff.
	rates := rng.Perm(max(9, n))
	for i, k := range pick {
		r.Staff = append(r.Staff, Staff{Name: st.Staff[k], Rate: 2 + rates[i]})
	}
	for _, u := range domains.Facets[domains.Preparer[*Roster]](us) {
		u.Prepare(r, rng)
	}
	for range maxTries {
		if r.plant(st, rng) {
			for _, u := range domains.Facets[domains.Sampler[*Roster]](us) {
				u.Sample(r, rng)
			}
			r.drawing = nil
			return r, nil
		}
	}
	return nil, fmt.Errorf("roster: %s/%s seed %d: no hidden roster kept the sampled rules in %d draws: %w", spec.Task, spec.Subtask, spec.Seed, maxTries, domains.ErrRedraw)
}

// planCounts returns the counts the hidden plan is drawn to keep (those
// of the planned units), by person (-1 for the counts that are not one
// person's).
func (r *Roster) planCounts() map[int][]count {
	out := map[int][]count{}
	for _, u := range domains.Facets[planned](r.units()) {
		for _, ru := range u.counts(r) {
			for _, c := range ru.Counts {
				p, ok := c.personal()
				if !ok {
					p = -1
				}
				out[p] = append(out[p], c)
			}
		}
	}
	return out
}

// keeps reports whether pl keeps the counts of person p in pc.
func keeps(pc map[int][]count, pl [][]int, p int) bool {
	for _, c := range pc[p] {
		if !c.holds(pl) {
			return false
		}
	}
	return true
}

func clonePlan(pl [][]int) [][]int {
	out := make([][]int, len(pl))
	for i := range pl {
		out[i] = slices.Clone(pl[i])
	}
	return out
}

// plant draws a hidden plan and derives the data from it; false when the
// draw must be repeated.
func (r *Roster) plant(st *subtask, rng *rand.Rand) bool {
	n, nd, ns := len(r.Staff), len(r.Days), len(r.Shifts)
	r.Sick, r.Current, r.BackupDay, r.Demand, r.Holidays = nil, nil, -1, nil, nil
	pc := r.planCounts()
	h := make([][]int, n)
	for p := range h {
		h[p] = make([]int, nd)
		for d := range h[p] {
			h[p][d] = Off
		}
	}
	for p := range h {
		for d := range h[p] {
			if rng.Float64() >= st.POff {
				h[p][d] = rng.IntN(ns)
				if !keeps(pc, h, p) {
					h[p][d] = Off
				}
			}
		}
	}
	// Every shift is worked by someone, with a skilled person where the
	// shift needs one: fill the gaps from those off that day, else from
	// a shift that keeps someone (and a skilled person where needed).
	for d := range nd {
		for s := range ns {
			if r.covered(h, d, s) {
				continue
			}
			for _, p := range rng.Perm(n) {
				if r.needsSkill(s) && !r.Staff[p].Skilled {
					continue
				}
				old := h[p][d]
				h[p][d] = s
				if (old == Off || r.covered(h, d, old)) && keeps(pc, h, p) {
					break
				}
				h[p][d] = old
			}
			if !r.covered(h, d, s) {
				return false
			}
		}
	}
	for p := -1; p < n; p++ {
		if !keeps(pc, h, p) {
			return false
		}
	}
	f := h // the plan after the sick call, with its replacements
	if r.has(unitSickCall) {
		if f = r.drawSick(h, pc, rng); f == nil {
			return false
		}
	}
	var backups []int
	if r.has(unitBackup) {
		if backups, f = r.drawBackups(f, pc, rng); backups == nil {
			return false
		}
	}
	r.derive(h, f, backups, rng)
	return true
}

// covered reports whether shift s of day d is worked in pl, by a skilled
// person when it needs one.
func (r *Roster) covered(pl [][]int, d, s int) bool {
	for p := range pl {
		if pl[p][d] == s && (!r.needsSkill(s) || r.Staff[p].Skilled) {
			return true
		}
	}
	return false
}

// drawSick chooses a sick person and days that person works in h, each
// with a replacement who is off that day and can take the shift; it
// returns h with the replacements, or nil.
func (r *Roster) drawSick(h [][]int, pc map[int][]count, rng *rand.Rand) [][]int {
	for _, p := range rng.Perm(len(r.Staff)) {
		var work []int
		for d, s := range h[p] {
			if s != Off {
				work = append(work, d)
			}
		}
		if len(work) == 0 {
			continue
		}
		i := rng.IntN(len(work))
		days := []int{work[i]}
		if i+1 < len(work) && work[i+1] == work[i]+1 && rng.IntN(2) == 0 {
			days = append(days, work[i+1])
		}
		r.Sick = &Sick{Person: p, Days: days}
		f := clonePlan(h)
		ok := true
		for _, d := range days {
			s := f[p][d]
			f[p][d] = Off
			found := false
			for _, q := range rng.Perm(len(r.Staff)) {
				if q == p || f[q][d] != Off || (r.needsSkill(s) && !r.Staff[q].Skilled) {
					continue
				}
				f[q][d] = s
				if keeps(pc, f, q) {
					found = true
					break
				}
				f[q][d] = Off
			}
			if !found {
				ok = false
				break
			}
		}
		if ok {
			r.Current = clonePlan(h)
			return f
		}
	}
	r.Sick = nil
	return nil
}

// drawBackups chooses the backup day and a distinct callable backup for
// each of its shifts in plan f, freeing people from shifts that others
// still cover when too few are off; it returns the backups and the plan
// (f, or a copy with the freed people Off), or nil.
func (r *Roster) drawBackups(f [][]int, pc map[int][]count, rng *rand.Rand) ([]int, [][]int) {
	for _, dc := range rng.Perm(len(r.Days)) {
		r.BackupDay = dc
		g := clonePlan(f)
		for _, free := range rng.Perm(len(r.Staff)) {
			if bk := r.matchBackups(g, pc, rng); bk != nil {
				return bk, g
			}
			// Free one more person, if their shift stays covered.
			s := g[free][dc]
			if s == Off {
				continue
			}
			g[free][dc] = Off
			if !r.covered(g, dc, s) {
				g[free][dc] = s
			}
		}
		if bk := r.matchBackups(g, pc, rng); bk != nil {
			return bk, g
		}
	}
	r.BackupDay = -1
	return nil, nil
}

// matchBackups returns distinct callable backups for the shifts of the
// backup day in plan g, or nil.
func (r *Roster) matchBackups(g [][]int, pc map[int][]count, rng *rand.Rand) []int {
	dc := r.BackupDay
	// derive keeps every shift's need at 1 or more, so every shift of
	// the day needs a backup.
	shifts := allDays(len(r.Shifts))
	cand := make([][]int, len(shifts))
	for j, s := range shifts {
		for _, q := range rng.Perm(len(r.Staff)) {
			if g[q][dc] != Off || (r.needsSkill(s) && !r.Staff[q].Skilled) {
				continue
			}
			if r.Sick != nil && q == r.Sick.Person && slices.Contains(r.Sick.Days, dc) {
				continue
			}
			g[q][dc] = s
			if keeps(pc, g, q) {
				cand[j] = append(cand[j], q)
			}
			g[q][dc] = Off
		}
	}
	return match(cand, 0, map[int]bool{})
}

// match finds distinct choices, one from each cand[j] for j >= from.
func match(cand [][]int, from int, used map[int]bool) []int {
	if from == len(cand) {
		return []int{}
	}
	for _, q := range cand[from] {
		if used[q] {
			continue
		}
		used[q] = true
		if rest := match(cand, from+1, used); rest != nil {
			return append([]int{q}, rest...)
		}
		used[q] = false
	}
	return nil
}

// derive draws the demand, holidays, leave, caps and preferences from the
// hidden plan h (the current roster of a sick call) and f (h after the
// sick call, and with the backups' frees): the demand is f's, so f keeps
// every rule; backups are f's backups of the backup day.
func (r *Roster) derive(h, f [][]int, backups []int, rng *rand.Rand) {
	n, nd, ns := len(r.Staff), len(r.Days), len(r.Shifts)
	cnt := func(d, s int) int {
		c := 0
		for p := range n {
			if f[p][d] == s {
				c++
			}
		}
		return c
	}
	if r.has(unitHoliday) {
		d := rng.IntN(nd)
		ho := Holiday{Day: d, Lo: make([]int, ns), Hi: make([]int, ns)}
		for s := range ns {
			ho.Hi[s] = cnt(d, s)
			ho.Lo[s] = max(0, ho.Hi[s]-1-rng.IntN(2))
		}
		r.Holidays = []Holiday{ho}
	}
	r.Demand = make([][]int, nd)
	for d := range nd {
		r.Demand[d] = make([]int, ns)
		for s := range ns {
			k := cnt(d, s)
			if k >= 2 && rng.IntN(10) < 3 {
				k--
			}
			if h := r.holiday(d); h != nil {
				k = h.Lo[s]
			}
			r.Demand[d][s] = k
		}
	}
	isBackup := map[int]bool{}
	for _, q := range backups {
		isBackup[q] = true
	}
	for p := range n {
		st := &r.Staff[p]
		ch, cf := shiftsWorked(h, p), shiftsWorked(f, p)
		if r.has(unitAvailability) && rng.IntN(3) > 0 {
			var free []int
			for d := range nd {
				if h[p][d] == Off && f[p][d] == Off && !(isBackup[p] && d == r.BackupDay) {
					free = append(free, d)
				}
			}
			rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
			st.Leave = slices.Sorted(slices.Values(free[:min(len(free), 1+rng.IntN(2))]))
		}
		if r.has(unitMaxShifts) {
			st.Max = max(ch, cf) + rng.IntN(2)
			if isBackup[p] {
				st.Max = max(st.Max, cf+1)
			}
			st.Max = min(st.Max, nd)
		}
		if r.has(unitPreferences) {
			for range 1 + rng.IntN(2) {
				if rng.IntN(2) == 0 {
					st.Prefs = addPref(st.Prefs, Pref{Day: -1, Shift: rng.IntN(ns), Weight: 1 + rng.IntN(2)})
				} else {
					st.Prefs = addPref(st.Prefs, Pref{Day: rng.IntN(nd), Shift: Off, Weight: 2 + rng.IntN(3)})
				}
			}
		}
	}
}

// addPref adds f to prefs; a second draw of a preference already there
// (the same day and shift) adds its weight to that one instead of listing
// the preference twice ("no Day shifts (1 each); no Day shifts (2
// each)"). The penalty is the same either way: a broken preference costs
// its weight once per day that breaks it.
func addPref(prefs []Pref, f Pref) []Pref {
	for i, g := range prefs {
		if g.Day == f.Day && g.Shift == f.Shift {
			prefs[i].Weight += f.Weight
			return prefs
		}
	}
	return append(prefs, f)
}

// validate checks an instance read from JSON enough that its methods
// cannot panic; errors name the field.
func (r *Roster) validate() error {
	nd, ns, n := len(r.Days), len(r.Shifts), len(r.Staff)
	switch {
	case nd == 0 || ns == 0 || n == 0:
		return fmt.Errorf("days, shifts and staff must not be empty")
	case len(r.Demand) != nd:
		return fmt.Errorf("demand: %d rows for %d days", len(r.Demand), nd)
	case r.TieBreaks < 0 || r.TieBreaks > 1:
		return fmt.Errorf("tie_breaks: %d not in 0..1", r.TieBreaks)
	case r.BackupDay < -1 || r.BackupDay >= nd:
		return fmt.Errorf("backup_day: %d out of range", r.BackupDay)
	}
	for d, row := range r.Demand {
		if len(row) != ns {
			return fmt.Errorf("demand[%d]: %d entries for %d shifts", d, len(row), ns)
		}
	}
	names := map[string]bool{}
	for p, st := range r.Staff {
		if names[st.Name] || st.Name == "" {
			return fmt.Errorf("staff[%d]: name %q empty or repeated", p, st.Name)
		}
		names[st.Name] = true
		for _, d := range st.Leave {
			if err := r.checkDay(fmt.Sprintf("staff[%d].leave", p), d); err != nil {
				return err
			}
		}
		for i, f := range st.Prefs {
			fld := fmt.Sprintf("staff[%d].prefs[%d]", p, i)
			if f.Day != -1 {
				if err := r.checkDay(fld, f.Day); err != nil {
					return err
				}
			}
			if f.Shift != Off {
				if err := r.checkShift(fld, f.Shift); err != nil {
					return err
				}
			} else if f.Day < 0 {
				return fmt.Errorf("%s: a day-off request needs a day", fld)
			}
		}
	}
	for i, s := range r.SkillShifts {
		if err := r.checkShift(fmt.Sprintf("skill_shifts[%d]", i), s); err != nil {
			return err
		}
	}
	for i, x := range r.Rest {
		for _, s := range x {
			if err := r.checkShift(fmt.Sprintf("rest[%d]", i), s); err != nil {
				return err
			}
		}
	}
	for _, d := range r.Weekend {
		if err := r.checkDay("weekend", d); err != nil {
			return err
		}
	}
	for i, h := range r.Holidays {
		if err := r.checkDay(fmt.Sprintf("holidays[%d]", i), h.Day); err != nil {
			return err
		}
		if len(h.Lo) != ns || len(h.Hi) != ns {
			return fmt.Errorf("holidays[%d]: lo and hi need one entry per shift", i)
		}
		for s := range ns {
			if h.Lo[s] > h.Hi[s] || h.Lo[s] < 0 {
				return fmt.Errorf("holidays[%d]: interval %d–%d of shift %d", i, h.Lo[s], h.Hi[s], s)
			}
		}
	}
	// The units' data that the spec decides: every unit of the pool, so
	// that the backup day of an unsampled backup unit is refused too.
	for _, v := range domains.Facets[domains.Validator[*Roster]](pool) {
		if err := v.Validate(r); err != nil {
			return err
		}
	}
	return nil
}

// checkDay checks that d is a day of r, for field.
func (r *Roster) checkDay(field string, d int) error {
	if d < 0 || d >= len(r.Days) {
		return fmt.Errorf("%s: day %d out of range", field, d)
	}
	return nil
}

// checkShift checks that s is a shift of r, for field.
func (r *Roster) checkShift(field string, s int) error {
	if s < 0 || s >= len(r.Shifts) {
		return fmt.Errorf("%s: shift %d out of range", field, s)
	}
	return nil
}
