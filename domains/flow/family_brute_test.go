package flow

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// tinySubtask is small enough to enumerate every plan: one or two groups
// of one or two people, one junction, two exits, travel times of 1 and
// capacities of 1, so that every capacity can bind.
func tinySubtask(dest bool) *subtask {
	return &subtask{ID: "tiny", Title: "tiny",
		Voc: Vocab{Person: "person", People: "people", Group: "group", Groups: "groups", Link: "link", Links: "links",
			Junction: "junction", Exit: "exit", Exits: "exits", Step: "step", Intro: "A tiny instance."},
		GroupOf: same, Origins: []string{"A", "B"}, Junctions: []string{"J"}, Exits: []string{"X", "Y"},
		NGroups: span{1, 2}, NJunction: span{1, 1}, NExits: span{2, 2},
		Size: span{1, 2}, Travel: span{1, 1}, LinkCap: span{1, 1}, Signal: dest, ExitCap: span{1, 1}, Hold: span{0, 1},
		Dest: dest, Window: map[bool]int{true: 2, false: 0}[dest]}
}

// maxPlans bounds the plans of a tiny instance the brute force walks.
const maxPlans = 40000

// tinyInstance generates a tiny instance with the given units from the
// first seed at or after seed whose plans number at most maxPlans and
// where every unit constrains something (a comparison on a unit that
// constrains nothing would be vacuous); it returns that seed too.
func tinyInstance(t *testing.T, units []string, seed uint64, dest bool) (*Instance, uint64) {
	t.Helper()
	tk := &domains.Task{ID: "tiny", Pool: poolInfo()}
	set := map[string]bool{}
	for _, u := range units {
		set[u] = true
	}
	for ; ; seed++ {
		spec, err := tk.NewSpec("tiny", seed, set)
		if err != nil {
			t.Fatal(err)
		}
		in, err := tinySubtask(dest).generate(testSolving, spec, rand.New(rand.NewPCG(seed, 99)))
		if err != nil {
			t.Fatal(err)
		}
		n := 1
		in.eachMove(func(g, l, tt int) { n *= in.Groups[g].Size + 1 })
		active := true
		for _, u := range units {
			active = active && in.unitActive(u)
		}
		if n <= maxPlans && active {
			return in, seed
		}
		if seed > 500 {
			t.Fatalf("%v: no tiny instance in seeds up to 500 where every unit constrains something", units)
		}
	}
}

// allPlans calls fn for every plan whose counts lie in their variables'
// domains (0 to the group's size), in a fixed order.
func (in *Instance) allPlans(fn func(x moves)) {
	type cell struct{ g, l, t int }
	var cells []cell
	in.eachMove(func(g, l, t int) { cells = append(cells, cell{g, l, t}) })
	x := in.zero()
	var rec func(i int)
	rec = func(i int) {
		if i == len(cells) {
			fn(x)
			return
		}
		c := cells[i]
		for n := 0; n <= in.Groups[c.g].Size; n++ {
			x[c.g][c.l][c.t] = n
			rec(i + 1)
		}
		x[c.g][c.l][c.t] = 0
	}
	rec(0)
}

func copyMoves(x moves) moves {
	out := make(moves, len(x))
	for g := range x {
		out[g] = make([][]int, len(x[g]))
		for l := range x[g] {
			out[g][l] = slices.Clone(x[g][l])
		}
	}
	return out
}

// isDefinition reports whether a group is always on (movement, and the
// definitions of derived counts).
func isDefinition(g string) bool { return strings.HasPrefix(g, "core: ") }

// itemOfGroup maps a model group to the checklist item of its rule; ""
// for the always-on groups.
func itemOfGroup(g string) string {
	switch {
	case isDefinition(g):
		return ""
	case g == groupDeadline:
		return itemDeadline
	case strings.HasPrefix(g, "capacity of ") && strings.Contains(g, " → "):
		return unitArcCap
	case strings.HasPrefix(g, "capacity of "):
		return unitExitCap
	case strings.HasPrefix(g, "waiting room at "):
		return unitHold
	case g == groupVulnerable:
		return unitVulnerable
	case g == groupClosure:
		return unitClosure
	case g == groupWorst:
		return unitWorst
	case g == groupDisrupt:
		return itemDisruption
	}
	return "?" + g
}

// modelVerdict fixes the move variables of in's model to x and solves the
// always-on groups alone: ok is false when they have no solution (someone
// leaves a place they are not at); otherwise holds says, per checklist
// item, whether every constraint of that item's groups holds, and obj is
// the model's objective vector.
func modelVerdict(t *testing.T, in *Instance, x moves) (ok bool, holds map[string]bool, obj []int64) {
	t.Helper()
	c := *in
	m, err := c.Model()
	if err != nil {
		t.Fatal(err)
	}
	fixed := m.Restrict(isDefinition)
	fixed.Objectives = nil
	fixed.Constraints = slices.Clone(fixed.Constraints)
	in.eachMove(func(g, l, tt int) {
		v := c.xv[g][l][tt]
		fixed.Constraints = append(fixed.Constraints, &encode.Constraint{Name: "fix " + m.Name(v), Group: "fix", Kind: encode.Linear,
			Terms: []encode.Term{{Var: v, Coef: 1}}, Op: encode.EQ, RHS: int64(x[g][l][tt])})
	})
	sv, err := sat.Backend{}.Load(fixed)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sv.Optimize(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Status == solver.Infeasible {
		return false, nil, nil
	}
	holds = map[string]bool{}
	for _, con := range m.Constraints {
		it := itemOfGroup(con.Group)
		if it == "" {
			continue
		}
		if _, seen := holds[it]; !seen {
			holds[it] = true
		}
		if !m.Holds(con, r.Solution) {
			holds[it] = false
		}
	}
	return true, holds, m.ObjectiveValues(r.Solution)
}

// bruteCase runs the exhaustive comparison on one tiny instance; the
// rule-by-rule comparison with the model runs on every sample-th plan.
func bruteCase(t *testing.T, in *Instance, sample int) {
	t.Helper()
	name := fmt.Sprintf("%v seed %d", in.Sp.Units(), in.Sp.Seed)
	ref := domains.Reference{Feasible: true}
	kind := map[string]domains.ItemKind{}
	for _, it := range in.Checklist(ref) {
		kind[it.ID] = it.Kind
	}
	var feas []moves
	n := 0
	in.allPlans(func(x moves) {
		n++
		res, obj := in.Evaluate(context.Background(), sat.Backend{}, in.encode(x), ref)
		pass := map[string]bool{}
		feasible := true
		for _, r := range res {
			pass[r.ID] = r.Pass
			if k := kind[r.ID]; !r.Pass && (k == domains.KindFeasibility || k == domains.KindCoverage) {
				feasible = false
			}
		}
		if !pass[itemFormat] {
			t.Fatalf("%s: plan %v fails the format item", name, x)
		}
		if feasible != (obj != nil) {
			t.Fatalf("%s: plan %v: feasible %v but objective %v", name, x, feasible, obj)
		}
		if feasible {
			feas = append(feas, copyMoves(x))
		}
		if sample > 0 && n%sample != 0 && !feasible {
			return
		}
		ok, holds, mobj := modelVerdict(t, in, x)
		if ok != pass[itemMovement] {
			t.Fatalf("%s: plan %v: the model's movement rule holds %v, the checker's item passes %v", name, x, ok, pass[itemMovement])
		}
		if !ok {
			return
		}
		for it, h := range holds {
			if strings.HasPrefix(it, "?") {
				t.Fatalf("%s: group %q has no item", name, it[1:])
			}
			if pass[it] != h {
				t.Fatalf("%s: plan %v: item %q passes %v, the model's rule holds %v", name, x, it, pass[it], h)
			}
		}
		if feasible && !slices.Equal(obj, mobj) {
			t.Fatalf("%s: plan %v: checker objective %v, model %v", name, x, obj, mobj)
		}
	})
	for _, tb := range []int{0, 1} {
		in.TieBreaks = tb
		// The checker's values are the objective levels recomputed for
		// this tie-break setting.
		o := familytest.NewOptima(in)
		for _, x := range feas {
			o.Add(in.objectives(x, in.simulate(x)))
		}
		familytest.Brute{Name: fmt.Sprintf("%s tie-breaks %d", name, tb), Inst: in, Optima: o, ConflictHolds: in.conflictHolds}.Agree(t)
		if o.Feasible == 0 {
			break
		}
		if tb == 1 && o.Count != 1 {
			t.Fatalf("%s: %d optimal plans after the tie-break", name, o.Count)
		}
	}
	in.TieBreaks = 0
}

// bruteUnits lists the unit sets of the brute test: every unit of the
// pool alone (with the exit capacities, which every evacuation subtask
// has), and a few pairs.
func bruteUnits() [][]string {
	out := [][]string{{unitExitCap}}
	for _, u := range poolInfo() {
		if u.ID != unitExitCap {
			out = append(out, []string{unitExitCap, u.ID})
		}
	}
	return append(out, []string{unitArcCap, unitHold, unitClosure}, []string{unitVulnerable, unitBalance}, []string{unitArcCap, unitWorst, unitSelfCheck},
		[]string{unitExitCap, unitBalance, unitReplan})
}

func TestFamilyBrute(t *testing.T) {
	seeds, sample := uint64(2), 10
	if testing.Short() {
		seeds = 1
	}
	if os.Getenv("PLANCERT_LONG") == "1" {
		seeds, sample = 10, 1
	}
	for _, dest := range []bool{false, true} {
		for _, units := range bruteUnits() {
			if dest && slices.Contains(units, unitBalance) || dest && slices.Contains(units, unitVulnerable) {
				continue // the traffic subtasks exclude them
			}
			t.Run(fmt.Sprintf("dest=%v/%s", dest, strings.Join(units, "+")), func(t *testing.T) {
				t.Parallel()
				seed := uint64(1)
				for range seeds {
					var in *Instance
					in, seed = tinyInstance(t, units, seed, dest)
					bruteCase(t, in, sample)
					seed++
				}
			})
		}
	}
}

// TestFamilyBruteInfeasible: the infeasibility unit makes some tiny
// instances infeasible, and the brute force agrees with the solver on
// them (bruteCase checks the certified conflict too).
func TestFamilyBruteInfeasible(t *testing.T) {
	infeasible, n := 0, 0
	for seed := uint64(1); n < 8; seed++ {
		in, s := tinyInstance(t, []string{unitExitCap, unitInfeasible}, seed, false)
		seed = s
		n++
		bruteCase(t, in, 0)
		if !in.feasible() {
			infeasible++
		}
	}
	if infeasible == 0 || infeasible == n {
		t.Errorf("%d of %d instances with the infeasibility unit are infeasible; want some of each", infeasible, n)
	}
}

// unitActive reports whether unit u adds something to in: a model group
// of its rule, an objective level, or stated values.
func (in *Instance) unitActive(u string) bool {
	switch u {
	case unitSelfCheck, unitBalance, unitInfeasible:
		return true
	case unitReplan:
		return in.replanning()
	}
	c := *in
	m, err := c.Model()
	if err != nil {
		return false
	}
	for _, g := range m.Groups() {
		if itemOfGroup(g) == u {
			return true
		}
	}
	return false
}
