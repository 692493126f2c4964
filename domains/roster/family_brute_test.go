package roster

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// tinySubtask is a subtask small enough to enumerate: 3 staff (4 with
// backups), 3 days (2 with backups), 2 shifts, the second a night shift.
func tinySubtask() *subtask {
	return &subtask{ID: "tiny", Title: "tiny",
		Voc:  Vocab{Person: "nurse", People: "nurses", Place: "the ward", Pay: "pay points", Intro: "Tiny."},
		Days: []string{"D1", "D2", "D3"}, Weekend: []int{2},
		Shifts: []Shift{{"A", "06:00–18:00"}, {"N", "18:00–06:00"}}, Night: 1,
		Staff: []string{"P1", "P2", "P3", "P4"}, NStaff: span{3, 3}, Skill: "key", POff: 0.4}
}

// tinyInstance generates a tiny instance with the given units (and what
// they require).
func tinyInstance(t *testing.T, units []string, seed uint64) *Roster {
	t.Helper()
	tk, _ := domains.Lookup("shift-duty-scheduling")
	spec := familytest.NewSpec(t, tk, "tiny", seed, familytest.Requiring(tk, units...)...)
	st := tinySubtask()
	if spec.Has(unitBackup) {
		st.Days = st.Days[:2]
		st.Weekend = []int{1}
	}
	r, err := st.generate(spec, rand.New(rand.NewPCG(seed, 99)))
	if err != nil {
		t.Fatalf("%v: %v", units, err)
	}
	return r
}

// enumerate calls f on every plan and backup choice of r.
func enumerate(r *Roster, f func(pl [][]int, bk []int)) {
	n, nd, ns := len(r.Staff), len(r.Days), len(r.Shifts)
	pl := make([][]int, n)
	for p := range pl {
		pl[p] = make([]int, nd)
	}
	nb := len(r.backupShifts())
	bk := make([]int, nb)
	var cells func(i int)
	var backups func(j int)
	backups = func(j int) {
		if j == nb {
			var b []int
			if r.BackupDay >= 0 {
				b = bk
			}
			f(pl, b)
			return
		}
		for p := range n {
			bk[j] = p
			backups(j + 1)
		}
	}
	cells = func(i int) {
		if i == n*nd {
			backups(0)
			return
		}
		for v := Off; v < ns; v++ {
			pl[i/nd][i%nd] = v
			cells(i + 1)
		}
	}
	cells(0)
}

// bruteFeasible reports whether a plan keeps every rule (the checker's
// counts and backup rule).
func bruteFeasible(r *Roster, rules []countRule, pl [][]int, bk []int) bool {
	for _, ru := range rules {
		for _, c := range ru.Counts {
			if !c.holds(pl) {
				return false
			}
		}
	}
	return r.BackupDay < 0 || r.checkBackups(&answer{pl: pl, bk: bk}) == ""
}

// assignment returns the model's values of the answer variables (and the
// works indicators) for a plan; the objective's counters stay 0.
func assignment(t *testing.T, r *Roster, m *encode.Model, pl [][]int, bk []int) encode.Assignment {
	a := make(encode.Assignment, len(m.Vars))
	look := func(name string) encode.Var {
		v, ok := m.Lookup(name)
		if !ok {
			t.Fatalf("no variable %s", name)
		}
		return v
	}
	for p, st := range r.Staff {
		for d, dn := range r.Days {
			for s, sh := range r.Shifts {
				if pl[p][d] == s {
					a[look(fmt.Sprintf("x[%s|%s|%s]", st.Name, dn, sh.Name))] = 1
				}
			}
			if pl[p][d] != Off {
				a[look(fmt.Sprintf("w[%s|%s]", st.Name, dn))] = 1
			}
		}
		// The load integers are exact functions of the plan (days
		// worked: all, regular, holidays); implied bounds read them.
		var all, hol int64
		for d := range r.Days {
			if pl[p][d] != Off {
				all++
				if r.holiday(d) != nil {
					hol++
				}
			}
		}
		for name, n := range map[string]int64{"load": all, "regular load": all - hol, "holiday load": hol} {
			if v, ok := m.Lookup(name + "[" + st.Name + "]"); ok {
				a[v] = n
			}
		}
	}
	for j, s := range r.backupShifts() {
		a[look(fmt.Sprintf("b[%s|%s]", r.Shifts[s].Name, r.Staff[bk[j]].Name))] = 1
	}
	return a
}

// TestFamilyBrute: on tiny instances with each unit of the pool, the
// exhaustive search with the checker as the oracle agrees with the SAT
// certificate on the status, the optimum vector and its uniqueness (with
// and without the stated tie-break), the decoded optimum is the one the
// search finds, and for a sample of plans each rule's item passes exactly
// when the rule's model group holds.
func TestFamilyBrute(t *testing.T) {
	seeds := uint64(3)
	if testing.Short() {
		seeds = 1
	}
	for _, u := range pool {
		id := u.Info().ID
		for seed := uint64(1); seed <= seeds; seed++ {
			t.Run(fmt.Sprintf("%s/%d", id, seed), func(t *testing.T) {
				for _, tb := range []int{1, 0} {
					r := tinyInstance(t, []string{id}, seed)
					r.TieBreaks = tb
					bruteAgree(t, r, tb == 1 && seed == 1)
				}
			})
		}
	}
}

func bruteAgree(t *testing.T, r *Roster, sample bool) {
	t.Helper()
	m, err := r.Model()
	if err != nil {
		t.Fatal(err)
	}
	rules := r.countRules()
	o := familytest.NewOptima(r)
	var bestPlan string
	visited := 0
	var samples [][2]any
	enumerate(r, func(pl [][]int, bk []int) {
		visited++
		if sample && visited%41 == 0 {
			samples = append(samples, [2]any{clonePlan(pl), slices.Clone(bk)})
		}
		if !bruteFeasible(r, rules, pl, bk) {
			return
		}
		if o.Add(r.objective(pl, bk)) {
			bestPlan = string(r.encodePlan(pl, bk))
		}
	})
	// The certificate against the enumeration; for an infeasible instance
	// its conflict holds by the checker (even an empty one).
	cert, plan := familytest.Brute{Name: fmt.Sprintf("tie-breaks %d", r.TieBreaks), Inst: r, Optima: o, ConflictHolds: r.conflictHolds, EmptyConflict: true}.Agree(t)
	best, feasible, nbest := o.Best, o.Feasible, o.Count
	if feasible == 0 {
		named := familytest.Named(cert.Core)
		// The named rules alone, by enumeration: no plan keeps them.
		var sub []countRule
		for _, ru := range rules {
			if slices.Contains(named, ru.Name) {
				sub = append(sub, ru)
			}
		}
		enumerate(r, func(pl [][]int, bk []int) {
			ok := true
			for _, ru := range sub {
				for _, c := range ru.Counts {
					ok = ok && c.holds(pl)
				}
			}
			if ok && (!slices.Contains(named, ruleBackup) || r.checkBackups(&answer{pl: pl, bk: bk}) == "") {
				t.Fatalf("the conflict %v is kept by %v", named, pl)
			}
		})
	} else {
		if r.TieBreaks == 1 && nbest != 1 {
			t.Fatalf("%d optimal plans after the stated tie-break", nbest)
		}
		if nbest == 1 && string(plan) != bestPlan {
			t.Fatalf("sat plan %s, brute plan %s", plan, bestPlan)
		}
	}
	t.Logf("tie-breaks %d: %d plans, %d feasible, %d optimal, sat %v %v, %d samples", r.TieBreaks, visited, feasible, nbest, cert.Status, cert.Objective, len(samples))
	// Rule by rule: the checker's item against the model's group.
	ref := domains.Reference{Feasible: true, Objective: best}
	for _, s := range samples {
		pl, bk := s[0].([][]int), s[1].([]int)
		if r.BackupDay < 0 {
			bk = nil
		}
		a := assignment(t, r, m, pl, bk)
		res := r.Check(context.Background(), sat.Backend{}, r.encodePlan(pl, bk), ref)
		pass := map[string]bool{}
		for _, x := range res {
			pass[x.ID] = x.Pass
		}
		items := map[string]string{}
		for _, ru := range rules {
			items[ru.Name] = ru.Item
		}
		if r.BackupDay >= 0 {
			items[ruleBackup] = itemBackup
		}
		for g, it := range items {
			if got, want := pass[it], familytest.GroupHolds(m, g, a); got != want {
				raw, _ := json.Marshal(pl)
				t.Fatalf("plan %s backups %v: item %s passes %v, group %q holds %v", raw, bk, it, got, g, want)
			}
		}
	}
}
