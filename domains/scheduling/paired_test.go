package scheduling

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// pairedInstances draws the tiny instances of a paired brute-force test:
// for seeds 1, 2, … (at most 400), the spec of unit u and up to one other
// unit (mixUnits) on subtask shape(seed), drawn and generated with the
// seed's own random stream; take judges each instance and reports whether
// it counts, until want have.
func pairedInstances(t *testing.T, u string, stream uint64, want int, shape func(seed uint64) subtask, take func(seed uint64, spec domains.Spec, a *Agenda) bool) {
	t.Helper()
	instances := 0
	for seed := uint64(1); instances < want; seed++ {
		if seed > 400 {
			t.Fatalf("only %d instances in %d seeds", instances, seed)
		}
		r := rand.New(rand.NewPCG(seed, stream))
		sub := shape(seed)
		spec := mixUnits(u, sub.ID, seed, r, 0, 1)
		a, err := sub.generate(testSolving, spec, r)
		if err != nil {
			t.Fatal(err)
		}
		if take(seed, spec, a) {
			instances++
		}
	}
}

// pairedBrute is the oracle of the units whose answer has a second part (a
// failure schedule, backups, role choices). each visits every candidate
// answer: its JSON, its objective vector at tie-break level k (0, 1, 2;
// asked only of feasible candidates) and a value the caller keeps. Every
// candidate is judged by Check against the SAT reference with both
// tie-breaks (feasible when no feasibility or coverage item and not the
// format item fails); the least vector, its count and argmin must agree
// with the SAT certificate at each tie-break level, the candidates passing
// "optimal" must be exactly the optimal ones, and a unique optimum must be
// the reference, byte for byte. onUnique then gets each unique case for
// its mutations. It returns the candidates judged and the unique cases.
func pairedBrute[T any](t *testing.T, a *Agenda, what string,
	each func(visit func(raw json.RawMessage, vec func(k int) []int64, arg T)),
	onUnique func(w string, ref domains.Reference, arg T)) (pairs, unique int) {
	t.Helper()
	a.TieBreaks = 2
	c2, ref2 := certify(t, a)
	if c2.Status == solver.Infeasible {
		// No candidate may keep every rule: judge each against a
		// feasible reference's checklist.
		fref := domains.Reference{Feasible: true, Objective: []int64{0}}
		fk := map[string]domains.ItemKind{}
		for _, it := range a.Checklist(fref) {
			fk[it.ID] = it.Kind
		}
		each(func(raw json.RawMessage, _ func(int) []int64, _ T) {
			pairs++
			for _, x := range a.Check(context.Background(), sat.Backend{}, raw, fref) {
				if k := fk[x.ID]; !x.Pass && (k == domains.KindFeasibility || k == domains.KindCoverage || x.ID == itemFormat) {
					return
				}
			}
			t.Fatalf("%s: SAT infeasible, but %s keeps every rule", what, raw)
		})
		return pairs, 0
	}
	if c2.Status != solver.Optimal {
		t.Fatalf("%s: %v", what, c2.Status)
	}
	kinds := map[string]domains.ItemKind{}
	for _, it := range a.Checklist(ref2) {
		kinds[it.ID] = it.Kind
	}
	type cand struct {
		raw json.RawMessage
		arg T
	}
	var best [3][]int64
	var count [3]int
	var argmin [3]cand
	passOptimal := 0
	each(func(raw json.RawMessage, vec func(k int) []int64, arg T) {
		pairs++
		feasible := true
		for _, x := range a.Check(context.Background(), sat.Backend{}, raw, ref2) {
			if k := kinds[x.ID]; !x.Pass && (k == domains.KindFeasibility || k == domains.KindCoverage || x.ID == itemFormat) {
				feasible = false
			}
			if x.ID == itemOptimal && x.Pass {
				passOptimal++
			}
		}
		if !feasible {
			return
		}
		for k := range 3 {
			v := vec(k)
			switch cmp := lexCmp(v, best[k]); {
			case best[k] == nil || cmp < 0:
				best[k], count[k], argmin[k] = v, 1, cand{raw, arg}
			case cmp == 0:
				count[k]++
			}
		}
	})
	if passOptimal != count[2] {
		t.Fatalf("%s: %d pairs pass %q, %d are optimal", what, passOptimal, itemOptimal, count[2])
	}
	for tb := range 3 {
		a.TieBreaks = tb
		c, ref := certify(t, a)
		w := fmt.Sprintf("%s, tie-breaks %d", what, tb)
		if best[tb] == nil {
			t.Fatalf("%s: SAT %v, no feasible pair", w, c.Status)
		}
		if !slices.Equal(c.Objective, best[tb]) {
			t.Fatalf("%s: SAT optimum %v, brute force %v", w, c.Objective, best[tb])
		}
		if *c.Unique != (count[tb] == 1) {
			t.Fatalf("%s: SAT unique %v, brute force finds %d optimal pairs", w, *c.Unique, count[tb])
		}
		if !*c.Unique {
			continue
		}
		unique++
		if string(argmin[tb].raw) != string(ref.Plan) {
			t.Fatalf("%s: the unique optimum is %s, the reference %s", w, argmin[tb].raw, ref.Plan)
		}
		onUnique(w, ref, argmin[tb].arg)
	}
	return pairs, unique
}
