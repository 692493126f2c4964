package assign

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// The brute-force tests of the assign core: tiny instances, every unit of
// the pool alone and sampled mixes: exhaustive enumeration of plans with
// the checker as the oracle agrees with the SAT certificate (status,
// optimum vector, uniqueness on the answer — partitions compared as sets
// of groups), and every rule's item passes exactly when the model's group
// holds; the symmetry breaking of partitions keeps one labelling each.

// tiny returns a copy of tt with every subtask shrunk to brute-force
// sizes.
func tiny(tt *task) *task {
	c := *tt
	c.Subtasks = slices.Clone(tt.Subtasks)
	for k := range c.Subtasks {
		st := &c.Subtasks[k]
		switch {
		case c.Partition:
			st.NBins, st.GroupSize = span{2, 3}, span{2, 2}
		case c.Timed || st.Timed:
			st.NItems, st.NBins, st.Slots, st.Packed = span{3, 3}, span{2, 2}, span{3, 4}, true
		default:
			st.NItems, st.NBins = span{3, 4}, span{2, 3}
		}
	}
	return &c
}

// maxBruteSlots bounds the day of a timed brute-force instance (the
// enumeration grows with slots^items).
const maxBruteSlots = 5

// enumerate lists every plan of a in its answer form, once per answer
// (partitions once per set of groups).
func enumerate(a *Assign) []json.RawMessage {
	n, nb := len(a.Items), len(a.Bins)
	lo := -1
	if a.Partition || a.Timed {
		lo = 0
	}
	crit := a.criticalIdx()
	seen := map[string]bool{}
	var out []json.RawMessage
	bin := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			bks := [][]int{nil}
			choices := nb
			if a.Partition {
				choices = n // swap partners, the item itself included (invalid)
			}
			for range crit {
				var next [][]int
				for _, bk := range bks {
					for k := range choices {
						next = append(next, append(slices.Clone(bk), k))
					}
				}
				bks = next
			}
			starts := [][]int{nil}
			if a.Timed {
				for x := range n {
					var next [][]int
					for _, s := range starts {
						for _, t := range a.starts(x) {
							next = append(next, append(slices.Clone(s), t))
						}
					}
					starts = next
				}
			}
			for _, st := range starts {
				for _, bk := range bks {
					raw := a.encode(&plan{bin: slices.Clone(bin), start: st, backup: bk})
					if !seen[string(raw)] {
						seen[string(raw)] = true
						out = append(out, raw)
					}
				}
			}
			return
		}
		for k := lo; k < nb; k++ {
			bin[i] = k
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// bruteCheck compares the enumeration of a with its SAT certificate
// (familytest.Brute), following gen.Certify's tie-break loop; it returns
// the outcome: infeasible, unique or tied.
func bruteCheck(t *testing.T, what string, a *Assign) (status string) {
	t.Helper()
	for {
		m, err := a.Model()
		if err != nil {
			t.Fatal(err)
		}
		plans := enumerate(a)
		o := familytest.NewOptima(a)
		var optimal []string
		for _, raw := range plans {
			ans := a.parse(raw)
			if ans.FormatErr != "" {
				continue // a partition with an empty group: not a plan of the form
			}
			res, obj := a.Evaluate(context.Background(), sat.Backend{}, raw, domains.Reference{Feasible: true})
			judge(t, what+" "+string(raw), a, m, ans.p, res, obj)
			if obj == nil {
				continue
			}
			if o.Add(obj) {
				optimal = []string{string(raw)}
			} else if slices.Equal(obj, o.Best) {
				optimal = append(optimal, string(raw))
			}
		}
		cert, ref := familytest.Brute{Name: what, Inst: a, Optima: o, ConflictHolds: a.conflictHolds}.Agree(t)
		if o.Feasible == 0 {
			conflict := familytest.Named(cert.Core)
			// Minimal over the named rules given every always-on rule.
			checkConflicts(t, what, a, m, plans)
			for x := range conflict {
				rest := slices.Delete(slices.Clone(conflict), x, x+1)
				if ok, _ := a.conflictHolds(context.Background(), sat.Backend{}, rest); ok {
					t.Fatalf("%s: the certified conflict %v is not minimal: %v is a conflict", what, conflict, rest)
				}
			}
			return "infeasible"
		}
		if !slices.Contains(optimal, string(ref)) {
			t.Fatalf("%s: the SAT plan %s is not among the enumerated optima %v", what, ref, optimal)
		}
		if *cert.Unique || !a.TieBreak() {
			if *cert.Unique {
				return "unique"
			}
			return "tied"
		}
	}
}

func TestFamilyBrute(t *testing.T) {
	// 2 specs per unit and 6 mixes (6 and 24 with PLANCERT_LONG=1).
	perUnit := familytest.Levels{Short: 2, Default: 2, Long: 6}.N()
	mixes := familytest.Levels{Short: 6, Default: 6, Long: 24}.N()
	for _, tt := range tasks {
		tk := lookupTask(t, tt.ID)
		small := tiny(tt)
		t.Run(tt.ID, func(t *testing.T) {
			t.Parallel()
			perUnit, mixes := perUnit, mixes
			if tt.mode()&modeTimed != 0 { // the enumeration grows with slots^items
				perUnit, mixes = (perUnit+1)/2, mixes/2
			}
			stats := map[string]int{}
			checked := map[string]int{}
			run := func(spec domains.Spec) {
				r := rand.New(rand.NewPCG(spec.Seed, 99))
				a, err := small.generate(spec, r)
				if err != nil {
					t.Fatal(err)
				}
				if a.Timed && a.Slots > maxBruteSlots {
					stats["skipped: day too long"]++ // the hidden plan stretched the day
					return
				}
				what := fmt.Sprintf("%s/%d %v", spec.Subtask, spec.Seed, spec.Units())
				stats[bruteCheck(t, what, a)]++
				for _, u := range spec.Units() {
					checked[u]++
				}
			}
			for _, u := range tk.Pool {
				for seed := uint64(1); seed <= perUnit; seed++ {
					units := map[string]bool{u.ID: true}
					for _, req := range u.Requires {
						units[req] = true
					}
					// The first subtask from seed on that does not
					// exclude the unit (a mixed task's labelled
					// subtasks exclude the timed units and back).
					st := tk.Subtasks[int(seed)%len(tk.Subtasks)]
					for k := range len(tk.Subtasks) {
						st = tk.Subtasks[(int(seed)+k)%len(tk.Subtasks)]
						if !slices.Contains(st.Exclude, u.ID) {
							break
						}
					}
					spec, err := tk.NewSpec(st.ID, seed, units)
					if err != nil {
						t.Fatal(err)
					}
					run(spec)
				}
			}
			for seed := uint64(1); seed <= mixes; seed++ {
				spec, err := gen.SampleSpecCounts(tk, 1000+seed, 2, 2, 1)
				if err != nil {
					t.Fatal(err)
				}
				run(spec)
			}
			t.Logf("outcomes: %v; instances per unit: %v", stats, checked)
			for _, u := range tk.Pool {
				if checked[u.ID] == 0 {
					t.Errorf("unit %s has no brute-force instance", u.ID)
				}
			}
			if stats["infeasible"] == 0 || stats["unique"] == 0 && stats["tied"] == 0 {
				t.Errorf("the brute runs miss an outcome: %v", stats)
			}
		})
	}
}

// TestSymmetryBreaking: the symmetry breaking of partitions keeps exactly
// one labelling per partition. On tiny instances without units (equal
// sizes, and one group larger), the model's solutions over the group
// Booleans, all enumerated by the SAT backend, are as many as the
// distinct partitions the enumeration of plans finds (checked by the
// checker), and every partition is among them.
func TestSymmetryBreaking(t *testing.T) {
	for _, sizes := range [][]int{{2, 2}, {2, 2, 2}, {3, 3}, {2, 2, 3}, {2, 3, 3}, {3, 3, 3}} {
		a := &Assign{Partition: true, Voc: Vocab{Item: "student", Items: "students", Bin: "group", Bins: "groups"},
			Sp: domains.Spec{Task: "student-grouping", Subtask: "project-teams"}}
		n := 0
		for k, s := range sizes {
			a.Bins = append(a.Bins, Bin{Name: fmt.Sprintf("Group %d", k+1), Size: s})
			n += s
		}
		for i := range n {
			a.Items = append(a.Items, Item{Name: students[i], Size: 1})
		}
		partitions := 0
		for _, raw := range enumerate(a) {
			ok := true
			for _, r := range a.Check(context.Background(), sat.Backend{}, raw, domains.Reference{Feasible: true}) {
				ok = ok && (r.Pass || r.ID == itemOptimal)
			}
			if ok {
				partitions++
			}
		}
		m, err := a.Model()
		if err != nil {
			t.Fatal(err)
		}
		m.Objectives = nil
		var xs []encode.Var
		for _, row := range a.x {
			xs = append(xs, row...)
		}
		m.SetAnswer(xs...)
		s, err := sat.Backend{}.Load(m)
		if err != nil {
			t.Fatal(err)
		}
		e, err := s.Enumerate(context.Background(), 100000)
		if err != nil || !e.Complete {
			t.Fatalf("sizes %v: enumerate: %v (complete %v)", sizes, err, e.Complete)
		}
		seen := map[string]bool{}
		for _, sol := range e.Solutions {
			p := &plan{bin: make([]int, n)}
			for i := range a.Items {
				for k := range a.Bins {
					if sol[a.x[i][k]] == 1 {
						p.bin[i] = k
					}
				}
			}
			seen[string(a.encode(p))] = true
		}
		if len(e.Solutions) != partitions || len(seen) != partitions {
			t.Errorf("sizes %v: %d labellings (%d distinct partitions) satisfy the model; the checker accepts %d partitions", sizes, len(e.Solutions), len(seen), partitions)
		}
	}
}

// checkConflicts compares the conflict item's solver check with the
// enumeration: every set of one or two named rules is a valid conflict
// exactly when no enumerated plan keeps the always-on rules and those
// rules (each judged by its model groups at the plan's assignment).
func checkConflicts(t *testing.T, what string, a *Assign, m *encode.Model, plans []json.RawMessage) {
	t.Helper()
	var holds []map[string]bool // per plan whose always-on rules hold: the groups that hold
	for _, raw := range plans {
		ans := a.parse(raw)
		if ans.FormatErr != "" {
			continue
		}
		asg := assignmentOf(t, a, m, ans.p)
		ok := map[string]bool{}
		for _, g := range m.Groups() {
			ok[g] = true
		}
		for _, c := range m.Constraints {
			if m.Why(c, asg) != "" {
				ok[c.Group] = false
			}
		}
		core := true
		for g, h := range ok {
			core = core && (h || !domains.AlwaysOn(g))
		}
		if core {
			holds = append(holds, ok)
		}
	}
	rules := a.allRules()
	var sets [][]string
	for x, r := range rules {
		sets = append(sets, []string{r.Name})
		for _, r2 := range rules[x+1:] {
			sets = append(sets, []string{r.Name, r2.Name})
		}
	}
	groups := map[string]bool{}
	for _, g := range m.Groups() {
		groups[g] = true
	}
	for _, set := range sets {
		feasible := false
		for _, ok := range holds {
			all := true
			for _, g := range set {
				all = all && (ok[g] || !groups[g]) // a rule with no constraint holds
			}
			feasible = feasible || all
		}
		if got, why := a.conflictHolds(context.Background(), sat.Backend{}, set); got == feasible {
			t.Fatalf("%s: conflict %q: the solver check says %v (%s), the enumeration finds a plan keeping them: %v", what, set, got, why, feasible)
		}
	}
	res := a.Check(context.Background(), sat.Backend{}, json.RawMessage(`{"feasible": false, "conflict": ["no such rule"]}`), domains.Reference{Feasible: false})
	for _, r := range res {
		if r.ID == itemConflict && r.Pass {
			t.Fatalf("%s: a conflict naming an unknown rule passes", what)
		}
	}
}
