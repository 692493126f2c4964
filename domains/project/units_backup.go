package project

import (
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// ---- exception-recovery (hard): a backup schedule for a lost resource unit ----

// exception holds the failure scenario (Instance.Exception): a resource
// may lose one unit for the whole horizon, and the answer adds a backup
// schedule (its schedulePart) that keeps every rule in that scenario,
// with its own levels after the main schedule's.
type exception struct{}

// schedulePart is a unit whose answer part (domains.AnswerPart) is a
// second schedule of every activity (the exception unit's backup): its
// starts follow the main schedule's in the plan vector, in table order;
// its variables and groups in the model are named behind partPrefix; its
// paragraph in the prompt follows the goal (partText), and its levels,
// then its tie-break, follow the main schedule's (partLevels names them,
// partObjectives values them for the main schedule's starts and its own).
// A unit without a part in an instance (the exception scenario itself)
// has the key "".
type schedulePart interface {
	domains.AnswerPart[*Instance]
	partPrefix() string
	partText(in *Instance) string
	partLevels(in *Instance) []string
	partObjectives(in *Instance, start, own []int) []int64
}

var _ schedulePart = exception{}

// parts returns the schedule parts of in, in unit order.
func (in *Instance) parts() []schedulePart {
	var out []schedulePart
	for _, p := range domains.Facets[schedulePart](in.units()) {
		if key, _ := p.AnswerKey(in); key != "" {
			out = append(out, p)
		}
	}
	return out
}

// keyBackup is the backup's key in the answer; backupPrefix prefixes its
// variables and groups in the model.
const (
	keyBackup    = "backup"
	backupPrefix = "backup: "
)

func (exception) AnswerKey(in *Instance) (key, skeleton string) {
	if in.Exception == nil {
		return "", ""
	}
	return keyBackup, fmt.Sprintf(`[{"activity": %q, "start": 0}, ...]`, in.Activities[0].Name)
}

func (exception) partPrefix() string { return backupPrefix }

func (exception) partText(in *Instance) string {
	v, e := in.Voc, in.Exception
	r := in.Resources[in.resIndex(e.Resource)]
	return fmt.Sprintf("**Backup schedule.** %s may lose one %s for the whole of %s (capacity %d instead of %d). Give also a backup schedule, \"backup\", that keeps rule 1 and every named rule above with %s at capacity %d. The backup's goal comes after the main schedule's: among backups, change as few start %s of your main schedule as possible; among those, minimise the backup's makespan; among those, its sum of start %s%s.",
		e.Resource, v.Unit, v.Project, e.Capacity, r.Capacity, e.Resource, e.Capacity, v.Periods, v.Periods,
		map[bool]string{true: "; then the same tie-break as above, on the backup", false: ""}[in.TieBreaks > 0])
}

func (exception) partLevels(*Instance) []string {
	return []string{"backup's changed start times", "backup's makespan", "backup's sum of start times"}
}

// partObjectives: the starts changed from the main schedule, the
// backup's makespan and its sum of starts.
func (exception) partObjectives(in *Instance, start, own []int) []int64 {
	ch, sum := 0, 0
	for i, s := range own {
		if s != start[i] {
			ch++
		}
		sum += s
	}
	return []int64{int64(ch), int64(in.network().makespan(own)), int64(sum)}
}

func (exception) Info() domains.Unit {
	return domains.Unit{ID: unitException, Tier: domains.Hard, Title: "exception recovery: a backup schedule, feasible if a resource loses one unit, with the fewest changes", Requires: []string{unitCapacity}, Excludes: []string{unitInfeasible, unitReplan}}
}

var _ domains.Validator[*Instance] = exception{}

// Validate: the scenario is there exactly when the unit is sampled, and
// its resource keeps 1 … its capacity − 1 units, enough for every
// activity's need.
func (exception) Validate(in *Instance) error {
	if (in.Exception != nil) != in.has(unitException) {
		return fmt.Errorf("project: field exception: present exactly when the spec has %q", unitException)
	}
	if e := in.Exception; e != nil {
		r := in.resIndex(e.Resource)
		if r < 0 || e.Capacity < 1 || e.Capacity >= in.Resources[r].Capacity {
			return fmt.Errorf("project: field exception: resource %q with capacity %d: not a resource, or not 1…its capacity − 1", e.Resource, e.Capacity)
		}
		for i, a := range in.Activities {
			if in.demand(i, r) > e.Capacity {
				return fmt.Errorf("project: field exception.capacity: %d, below the %d units %s needs", e.Capacity, in.demand(i, r), a.Name)
			}
		}
	}
	return nil
}

// Rules: the backup keeps the other units' rules in the scenario, under
// backupPrefix; it states none of its own.
func (exception) Rules(*Instance) []rule { return nil }

func (exception) Items(in *Instance) []domains.Item {
	e := in.Exception
	if e == nil {
		return nil
	}
	return []domains.Item{domains.FeasibilityItem(unitException, unitException, domains.Hard, fmt.Sprintf("The backup schedule lists every %s once within the horizon and keeps rule 1 and every named rule with %s at capacity %d.", in.Voc.Activity, e.Resource, e.Capacity))}
}

// Model adds the backup, after the main schedule's levels.
func (exception) Model(b *builder) {
	if b.in.Exception == nil {
		return // the scenario itself
	}
	b.each(passSchedules, func(int) { b.in.addBackup(b) })
}

// addBackup adds the backup schedule of the exception unit: its own
// starts (answer variables too) keeping every rule of the scenario (the
// failing resource at its reduced capacity), in groups behind
// backupPrefix, and its levels after the main ones: changed starts from
// the main schedule, makespan, sum of starts, tie-break.
func (in *Instance) addBackup(mb *builder) {
	main := mb.cm
	names, lo, hi := in.startRanges()
	sc := in.scenario()
	m := main.m
	bk := &coreModel{nw: sc.network(), m: m, run: map[[2]int]encode.Var{}, prefix: backupPrefix}
	for i := range names {
		bk.start = append(bk.start, m.NewInt(backupPrefix+startName(names[i]), int64(lo[i]), int64(hi[i])))
	}
	m.SetAnswer(append(append([]encode.Var(nil), main.start...), bk.start...)...)
	sc.newBuilder(bk, backupPrefix).run(passOrder, passLast)
	var ch, sum []encode.Term
	for i, a := range in.Activities {
		c := m.NewBool("_backup changed " + a.Name)
		m.AddLinear([]encode.Term{tm(bk.start[i], 1), tm(main.start[i], -1)}, encode.EQ, 0).OnlyIf(c.Not()).
			Named("_backup unchanged " + a.Name).InGroup(backupPrefix + groupDefChange)
		ch = append(ch, tm(c, 1))
		sum = append(sum, tm(bk.start[i], 1))
	}
	m.Minimize(ch...)
	ms := bk.makespan(0, in.Horizon, backupPrefix+groupDefOther+": makespan")
	m.Minimize(tm(ms, 1))
	m.Minimize(sum...)
	if in.TieBreaks > 0 {
		for _, s := range bk.start {
			m.Minimize(tm(s, 1))
		}
	}
}

// Check judges the backup (the plan vector's second half): every unit's
// rules in the scenario, each broken rule reported under this unit.
func (exception) Check(in *Instance, c checked, f fails) {
	switch {
	case in.Exception == nil: // the scenario itself
		return
	case c.partErr[keyBackup] != "":
		f.Add(unitException, "backup: "+c.partErr[keyBackup])
		return
	case len(c.plan) < in.planLen():
		return // the main schedule alone (mainViolations)
	}
	sc := in.scenario()
	bad := sc.mainViolations(in.partStarts(c.plan, 0))
	for _, u := range sc.units() {
		for _, d := range bad[u.Info().ID] {
			f.Add(unitException, "backup: "+d)
		}
	}
}

// scenario returns the instance as it is in the exception scenario: the
// failing resource at its reduced capacity, no exception.
func (in *Instance) scenario() *Instance {
	c := *in
	c.Exception = nil
	c.Resources = append([]Resource(nil), in.Resources...)
	c.Resources[in.resIndex(in.Exception.Resource)].Capacity = in.Exception.Capacity
	return &c
}

func (in *Instance) resIndex(name string) int {
	return slices.IndexFunc(in.Resources, func(res Resource) bool { return res.Name == name })
}
