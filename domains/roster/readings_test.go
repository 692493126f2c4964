package roster

import (
	"fmt"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
)

// variant is the model of another reading of a roster's rules: the
// roster's model with the rows more adds, on a builder over the model's
// variables (more's own variables come after them, so the roster's Plan
// reads its solutions).
type variant struct {
	*Roster
	more func(b *builder)
}

// variant returns the variant of a copy of r with more's rows.
func (r *Roster) variant(more func(b *builder)) variant {
	c := *r
	return variant{&c, more}
}

func (v variant) Model() (*encode.Model, error) {
	m, err := v.Roster.Model()
	if err != nil {
		return nil, err
	}
	b := &builder{r: v.Roster, m: m, x: v.xvars, bk: v.bvars, w: make([][]encode.Var, len(v.Staff)), n: map[string]int{}}
	for p, st := range v.Staff {
		for _, dn := range v.Days {
			w, ok := m.Lookup(fmt.Sprintf("w[%s|%s]", st.Name, dn))
			if !ok {
				return nil, fmt.Errorf("roster: the model has no variable w[%s|%s]", st.Name, dn)
			}
			b.w[p] = append(b.w[p], w)
		}
	}
	v.more(b)
	return m, nil
}

// personalCounts returns the counts on each person's own week, by person:
// those the backup rule re-checks for a backup who is called.
func (r *Roster) personalCounts() map[int][]count {
	out := map[int][]count{}
	for _, ru := range r.countRules() {
		for _, c := range ru.Counts {
			if p, ok := c.personal(); ok {
				out[p] = append(out[p], c)
			}
		}
	}
	return out
}

// greedyBackups adds the backups read shift by shift without looking
// ahead: a shift's backup comes after a person in the staff table only
// when that person cannot back it up: they back up an earlier shift, work
// on the backup day, lack the skill the shift needs, or, if called, would
// break a rule on their own week (a flag per such rule, which implies
// that the rule breaks).
func greedyBackups(b *builder) {
	r, m := b.r, b.m
	dc := r.BackupDay
	personal := r.personalCounts()
	for j, s := range r.backupShifts() {
		for q := range r.Staff {
			why, never := []encode.Lit{b.w[q][dc].Lit()}, r.needsSkill(s) && !r.Staff[q].Skilled
			for i := range j {
				why = append(why, b.bk[i][q].Lit())
			}
			for _, c := range personal[q] {
				if !touches(c, dc) || never {
					continue
				}
				lits, k := b.scenario(c, q, s)
				breaks := m.NewBool(fmt.Sprintf("greedy: %s breaks %q if called for %s", r.Staff[q].Name, c.Why, r.Shifts[s].Name))
				switch {
				case c.AtMost && k < 0:
					never = true
				case c.AtMost && k+1 <= len(lits):
					m.AddAtLeast(lits, k+1).OnlyIf(breaks.Lit())
					why = append(why, breaks.Lit())
				case !c.AtMost && k > 0:
					m.AddAtMost(lits, k-1).OnlyIf(breaks.Lit())
					why = append(why, breaks.Lit())
				}
			}
			if never {
				continue
			}
			for p := q + 1; p < len(r.Staff); p++ {
				b.n["greedy"]++
				m.AddAtLeast(append([]encode.Lit{b.bk[j][p].Not()}, why...), 1).Named(fmt.Sprintf("greedy #%d", b.n["greedy"])).InGroup(ruleBackup)
			}
		}
	}
}

// wrapCounts adds the counts of the rules on successive days (rest,
// consecutive, nightRest) that run from the last day into the first:
// those of the same rules over the days listed twice that cross from the
// first list into the second, their days taken back to the week. A
// backup who is called keeps them too.
func wrapCounts(b *builder) {
	r := b.r
	nd := len(r.Days)
	twice := *r
	twice.Days = append(slices.Clone(r.Days), r.Days...)
	for _, u := range domains.Facets[counter](r.units()) {
		switch u.(type) {
		case rest, consecutive, nightRest:
		default:
			continue
		}
		for _, ru := range u.counts(&twice) {
			for _, c := range ru.Counts {
				lo, hi := 2*nd, 0
				for _, x := range c.Cells {
					lo, hi = min(lo, x.d), max(hi, x.d)
				}
				if lo >= nd || hi < nd {
					continue
				}
				c.Cells = slices.Clone(c.Cells)
				for i := range c.Cells {
					c.Cells[i].d %= nd
				}
				b.add("wrap: "+ru.Name, c)
				p := c.Cells[0].p
				if !touches(c, r.BackupDay) {
					continue
				}
				for j, s := range r.backupShifts() {
					gl := b.bk[j][p].Lit()
					b.addScenario("wrap: "+ruleBackup, c, &gl, p, s, gl)
				}
			}
		}
	}
}

// rosterReadings are the models of the alternative readings the roster
// units list (domains.Reader), by reading name. The greedy backups differ
// from the model's where a skilled person taken early is the only one a
// later shift could have (qualification), the roster first where a rule
// on a person's own week rules out those left Off (max shifts).
var rosterReadings = map[string]familytest.Reading[domains.Instance]{
	readingBackupGreedy: {Variant: func(in domains.Instance) (domains.Instance, bool) {
		r := in.(*Roster)
		return r.variant(greedyBackups), len(r.backupShifts()) > 1
	}, With: []string{unitQualification}},
	readingRosterFirst: {Variant: func(in domains.Instance) (domains.Instance, bool) {
		r := in.(*Roster)
		c := *r
		c.Sp, c.BackupDay = r.Sp.Without(unitBackup), -1
		return &c, r.BackupDay >= 0
	}, Project: familytest.Without("backups"), With: []string{unitMaxShifts}},
	readingWrap: {Variant: func(in domains.Instance) (domains.Instance, bool) {
		return in.(*Roster).variant(wrapCounts), true
	}},
}

// TestReadingsRuledOut: for every roster unit with readings
// (domains.Reader), on seeded instances of the tasks that draw it, the
// model of each alternative reading has the certified optimum, or the
// prompt says the sentence that rules the reading out
// (familytest.RuledOutReadings). By default two seeds of one subtask per
// task; every subtask and 20 seeds with PLANCERT_LONG=1.
func TestReadingsRuledOut(t *testing.T) {
	familytest.RuledOutReadings(t, "roster", pool, rosterReadings, familytest.Levels{Short: 1, Default: 2, Long: 20}, false)
}
