package roster

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// builder holds a model under construction.
type builder struct {
	r  *Roster
	m  *encode.Model
	x  [][][]encode.Var // x[p][d][s]: person p works shift s on day d
	w  [][]encode.Var   // w[p][d]: person p works on day d (some shift)
	bk [][]encode.Var   // bk[j][p]: p is the backup of backup shift j
	// load[p]: the number of days p works (loads(), made on first use).
	load []encode.Var
	n    map[string]int // constraints per group, for unique names
	// answer is the answer variables: the decisions, then the units'.
	answer []encode.Var
}

// add adds count c under group g, its cells as literals.
func (b *builder) add(g string, c count) {
	b.addScenario(g, c, nil, -1, -1, encode.Lit{})
}

// addScenario adds count c under group g; with guard set, the count is
// the one of the plan where person p is called to work shift s on the
// backup day (a cell of p on that day is then a constant), and it holds
// only when guard is true.
func (b *builder) addScenario(g string, c count, guard *encode.Lit, p, s int, gl encode.Lit) {
	if guard == nil {
		p = -1
	}
	lits, k := b.scenario(c, p, s)
	b.n[g]++
	name := fmt.Sprintf("%s #%d", g, b.n[g])
	var con *encode.Constraint
	switch {
	case c.AtMost && k < 0:
		// Broken whatever the other cells: the guard must be false.
		con = b.m.AddAtMost([]encode.Lit{gl}, 0)
		guard = nil
	case c.AtMost:
		con = b.m.AddAtMost(lits, k)
	case k <= 0:
		return
	default:
		con = b.m.AddAtLeast(lits, k)
	}
	con.Named(name).InGroup(g)
	if guard != nil {
		con.OnlyIf(*guard)
	}
}

// scenario returns the literals and bound of count c in the plan where
// person p (none when p < 0) is called to work shift s on the backup day:
// p's cells on that day are constants, left out of the literals, and the
// bound counts those that hold (K less one for each).
func (b *builder) scenario(c count, p, s int) ([]encode.Lit, int) {
	var lits []encode.Lit
	k := c.K
	for _, x := range c.Cells {
		if x.p == p && x.d == b.r.BackupDay {
			if x.s == anyShift || x.s == s {
				k--
			}
			continue
		}
		if x.s == anyShift {
			lits = append(lits, b.w[x.p][x.d].Lit())
			continue
		}
		lits = append(lits, b.x[x.p][x.d][x.s].Lit())
	}
	return lits, k
}

// Model implements domains.Instance. Its answer variables are the
// decisions x[p|d|s] (and the backups b[s|p]); its groups are the rule
// names of the prompt, plus the always-on "core: …" groups (one shift per
// person per day, and the definitions of the objective's counters).
func (r *Roster) Model() (*encode.Model, error) {
	m := encode.NewModel()
	b := &builder{r: r, m: m, n: map[string]int{}}
	b.x = make([][][]encode.Var, len(r.Staff))
	b.w = make([][]encode.Var, len(r.Staff))
	for p, st := range r.Staff {
		b.x[p] = make([][]encode.Var, len(r.Days))
		b.w[p] = make([]encode.Var, len(r.Days))
		for d, dn := range r.Days {
			b.x[p][d] = make([]encode.Var, len(r.Shifts))
			var lits []encode.Lit
			for s, sh := range r.Shifts {
				v := m.NewBool(fmt.Sprintf("x[%s|%s|%s]", st.Name, dn, sh.Name))
				b.x[p][d][s] = v
				b.answer = append(b.answer, v)
				lits = append(lits, v.Lit())
			}
			g := groupOneShift(st.Name)
			m.AddAtMost(lits, 1).Named(fmt.Sprintf("%s @%s", g, dn)).InGroup(g)
			// works = Σ shifts (group "core: works").
			w := m.NewBool(fmt.Sprintf("w[%s|%s]", st.Name, dn))
			b.w[p][d] = w
			ts := []encode.Term{{Var: w, Coef: -1}}
			for _, l := range lits {
				ts = append(ts, encode.Term{Var: l.Var, Coef: 1})
			}
			m.AddLinear(ts, encode.EQ, 0).Named(fmt.Sprintf("core: works @%s|%s", st.Name, dn)).InGroup("core: works")
		}
	}
	b.addRules([]countRule{r.staffingRule()})
	for _, u := range r.units() {
		u.Model(b)
	}
	b.goal()
	m.SetAnswer(b.answer...)
	r.xvars, r.bvars = b.x, b.bk
	return m, nil
}

// needsSkill reports whether shift s needs a skilled person (a sampled
// skiller says so: the qualification unit).
func (r *Roster) needsSkill(s int) bool {
	for _, u := range domains.Facets[skiller](r.units()) {
		if u.needsSkill(r, s) {
			return true
		}
	}
	return false
}

// TieBreak implements domains.Instance. Generated instances state the
// tie-break from the start (TieBreaks 1: one level per (person, day) entry,
// lexicographic, which leaves no tie on the roster); an instance without
// it gets it here.
func (r *Roster) TieBreak() bool { return domains.NextTieBreak(&r.TieBreaks, 1) }

// Plan implements domains.Instance: it decodes a solution of the model
// built last by Model (building one if there is none).
func (r *Roster) Plan(a encode.Assignment) (json.RawMessage, error) {
	if r.xvars == nil {
		if _, err := r.Model(); err != nil {
			return nil, err
		}
	}
	val := func(v encode.Var) bool { return int(v) < len(a) && a[v] == 1 }
	pl := make([][]int, len(r.Staff))
	for p := range r.Staff {
		pl[p] = make([]int, len(r.Days))
		for d := range r.Days {
			pl[p][d] = Off
			for s := range r.Shifts {
				if val(r.xvars[p][d][s]) {
					if pl[p][d] != Off {
						return nil, fmt.Errorf("roster: %s works two shifts on %s in the solution", r.Staff[p].Name, r.Days[d])
					}
					pl[p][d] = s
				}
			}
		}
	}
	var bk []int
	for j, vs := range r.bvars {
		bk = append(bk, -1)
		for p, v := range vs {
			if val(v) {
				bk[j] = p
			}
		}
		if bk[j] < 0 {
			return nil, fmt.Errorf("roster: shift %s has no backup in the solution", r.Shifts[r.backupShifts()[j]].Name)
		}
	}
	return r.encodePlan(pl, bk), nil
}

// encodePlan writes a plan in the answer's form.
func (r *Roster) encodePlan(pl [][]int, bk []int) json.RawMessage {
	var b strings.Builder
	b.WriteString(`{"roster": {`)
	for p, st := range r.Staff {
		if p > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: [", st.Name)
		for d, v := range pl[p] {
			if d > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%q", r.shiftName(v))
		}
		b.WriteString("]")
	}
	b.WriteString("}")
	for _, p := range r.parts() {
		if v, ok := p.encodePart(r, pl, bk); ok {
			key, _ := p.AnswerKey(r)
			fmt.Fprintf(&b, ", %q: %s", key, v)
		}
	}
	b.WriteString("}")
	return json.RawMessage(b.String())
}
