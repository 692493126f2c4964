package gen_test

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// synthetic is a task with a plain pool (no compatibility rules), so that
// the tier counts of its specs follow the priors exactly.
func synthetic() *domains.Task {
	u := func(id string, tier domains.Tier) domains.Unit { return domains.Unit{ID: id, Tier: tier, Title: id} }
	return &domains.Task{ID: "synthetic", Family: domains.Scheduling,
		Subtasks: []domains.Subtask{
			{ID: "plain"},
			{ID: "likely", Likely: map[string]float64{"b1": 4, "s2": 3, "not-in-pool": 5}},
		},
		Pool: []domains.Unit{
			u("b1", domains.Basic), u("m1", domains.Medium), u("b2", domains.Basic), u("b3", domains.Basic),
			u("b4", domains.Basic), u("m2", domains.Medium), u("m3", domains.Medium),
			u("h1", domains.Hard), u("h2", domains.Hard), u("s1", domains.Stateful), u("s2", domains.Stateful),
		}}
}

// near fails unless the frequency of k among n is within tol of p.
func near(t *testing.T, what string, k, n int, p, tol float64) {
	t.Helper()
	if f := float64(k) / float64(n); math.Abs(f-p) > tol {
		t.Errorf("%s: frequency %.3f (%d/%d), want %.3f ± %.2f", what, f, k, n, p, tol)
	}
}

func TestSampleSpecPriors(t *testing.T) {
	task := synthetic()
	const n = 2000
	var nb, nm, nh [4]int
	ns := 0
	subtasks := map[string]int{}
	b1 := map[string][2]int{} // subtask → (b1 drawn, specs with one basic unit)
	for seed := range uint64(n) {
		spec, err := gen.SampleSpec(task, seed)
		if err != nil {
			t.Fatal(err)
		}
		nb[len(spec.Basic)]++
		nm[len(spec.Medium)]++
		nh[len(spec.Hard)]++
		ns += len(spec.Stateful)
		subtasks[spec.Subtask]++
		if len(spec.Basic) == 1 {
			c := b1[spec.Subtask]
			if spec.Basic[0] == "b1" {
				c[0]++
			}
			c[1]++
			b1[spec.Subtask] = c
		}
		if len(spec.Stateful) > 1 {
			t.Fatalf("seed %d: %d stateful units", seed, len(spec.Stateful))
		}
	}
	const tol = 0.05 // about 4.5 standard deviations at n = 2000
	for k, p := range map[int]float64{0: 0, 1: 0.2, 2: 0.6, 3: 0.2} {
		near(t, "Nb = "+string(rune('0'+k)), nb[k], n, p, tol)
	}
	for k, p := range map[int]float64{0: 0.25, 1: 0.55, 2: 0.2, 3: 0} {
		near(t, "Nm = "+string(rune('0'+k)), nm[k], n, p, tol)
	}
	for k, p := range map[int]float64{0: 0.7, 1: 0.3, 2: 0} {
		near(t, "Nh = "+string(rune('0'+k)), nh[k], n, p, tol)
	}
	near(t, "stateful", ns, n, 0.3, tol)
	near(t, "subtask plain", subtasks["plain"], n, 0.5, tol)
	// With one basic unit, b1 is drawn 1 time in 4 (plain) or 4 in 7
	// (Likely ×4); the Likely entry of a unit not in the pool is ignored.
	near(t, "b1 alone, plain", b1["plain"][0], b1["plain"][1], 0.25, 0.1)
	near(t, "b1 alone, likely", b1["likely"][0], b1["likely"][1], 4.0/7, 0.1)
}

func TestSampleSpecDeterministic(t *testing.T) {
	tasks := append(domains.Tasks(), synthetic())
	for _, task := range tasks {
		for seed := range uint64(300) {
			a, err := gen.SampleSpec(task, seed)
			if err != nil {
				t.Fatalf("%s seed %d: %v", task.ID, seed, err)
			}
			b, _ := gen.SampleSpec(task, seed)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s seed %d: %v then %v", task.ID, seed, a, b)
			}
			checkSpec(t, task, a, seed)
		}
	}
	distinct := map[string]bool{}
	for seed := range uint64(20) {
		s, _ := gen.SampleSpec(synthetic(), seed)
		distinct[fmt.Sprint(s.Subtask, s.Units())] = true
	}
	if len(distinct) < 5 {
		t.Errorf("20 seeds gave %d distinct specs", len(distinct))
	}
}

// checkSpec checks that spec is a compatible spec of task with the seed,
// its unit lists in pool order and in the right tiers.
func checkSpec(t *testing.T, task *domains.Task, spec domains.Spec, seed uint64) {
	t.Helper()
	if spec.Task != task.ID || spec.Seed != seed {
		t.Fatalf("spec %+v for task %s seed %d", spec, task.ID, seed)
	}
	if !slices.ContainsFunc(task.Subtasks, func(s domains.Subtask) bool { return s.ID == spec.Subtask }) {
		t.Fatalf("unknown subtask %q", spec.Subtask)
	}
	if err := task.Compatible(spec.Units()); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	for tier, ids := range map[domains.Tier][]string{domains.Basic: spec.Basic, domains.Medium: spec.Medium, domains.Hard: spec.Hard, domains.Stateful: spec.Stateful} {
		if ids == nil {
			t.Fatalf("seed %d: nil %s list", seed, tier)
		}
		var inPool []string
		for _, u := range task.Tier(tier) {
			if slices.Contains(ids, u.ID) {
				inPool = append(inPool, u.ID)
			}
		}
		if !slices.Equal(ids, inPool) {
			t.Fatalf("seed %d: %s units %v are not %s units in pool order", seed, tier, ids, tier)
		}
	}
}

// ruled is a task with compatibility rules: d requires a (across tiers), e
// requires d, b excludes c, x excludes a.
func ruled() *domains.Task {
	return &domains.Task{ID: "ruled", Subtasks: []domains.Subtask{{ID: "only"}},
		Pool: []domains.Unit{
			{ID: "a", Tier: domains.Basic},
			{ID: "b", Tier: domains.Basic, Excludes: []string{"c"}},
			{ID: "c", Tier: domains.Basic},
			{ID: "d", Tier: domains.Medium, Requires: []string{"a"}},
			{ID: "x", Tier: domains.Medium, Excludes: []string{"a"}},
			{ID: "e", Tier: domains.Hard, Requires: []string{"d"}},
		}}
}

func TestSampleSpecCompatibility(t *testing.T) {
	task := ruled()
	seen := map[string]int{}
	for seed := range uint64(1000) {
		spec, err := gen.SampleSpec(task, seed)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		checkSpec(t, task, spec, seed)
		for _, id := range spec.Units() {
			seen[id]++
		}
	}
	for _, u := range task.Pool {
		if seen[u.ID] == 0 {
			t.Errorf("unit %s never drawn", u.ID)
		}
	}
	// Fixed counts: clipped to the pool; e pulls in d and a.
	for seed := range uint64(200) {
		spec, err := gen.SampleSpecCounts(task, seed, 9, 0, 1)
		if err == nil {
			t.Fatalf("seed %d: all three basic units (b excludes c) gave %v", seed, spec)
		}
		spec, err = gen.SampleSpecCounts(task, seed, 1, 0, 1)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		checkSpec(t, task, spec, seed)
		if !spec.Has("e") || !spec.Has("d") || !spec.Has("a") || len(spec.Basic) > 2 {
			t.Fatalf("seed %d: counts (1, 0, 1) gave %+v", seed, spec)
		}
		spec, err = gen.SampleSpecCounts(synthetic(), seed, 9, 9, 9)
		if err != nil || len(spec.Basic) != 4 || len(spec.Medium) != 3 || len(spec.Hard) != 2 {
			t.Fatalf("seed %d: counts (9, 9, 9) gave %+v, %v", seed, spec, err)
		}
	}
	if _, err := gen.SampleSpecCounts(task, 1, -1, 0, 0); err == nil {
		t.Error("negative count accepted")
	}
}

func TestNewInstanceDeterministic(t *testing.T) {
	for _, task := range domains.Tasks() {
		for seed := range uint64(5) {
			spec, err := gen.SampleSpec(task, seed)
			if err != nil {
				t.Fatal(err)
			}
			a, err := gen.NewInstance(context.Background(), sat.Backend{}, task, spec)
			if err != nil {
				t.Fatalf("%s: %v", gen.RecordID(spec), err)
			}
			b, _ := gen.NewInstance(context.Background(), sat.Backend{}, task, spec)
			if a.Prompt() != b.Prompt() {
				t.Fatalf("%s: two prompts from one spec", gen.RecordID(spec))
			}
		}
	}
}

// TestSampleSpecAlways checks that every spec of a subtask with Always units
// has them (recruitment's stage order, for one), whatever the tier counts.
func TestSampleSpecAlways(t *testing.T) {
	seen := 0
	for _, task := range domains.Tasks() {
		for seed := uint64(1); seed <= 200; seed++ {
			spec, err := gen.SampleSpec(task, seed)
			if err != nil {
				t.Fatalf("%s seed %d: %v", task.ID, seed, err)
			}
			for _, st := range task.Subtasks {
				if st.ID != spec.Subtask {
					continue
				}
				for _, id := range st.Always {
					seen++
					if !spec.Has(id) {
						t.Fatalf("%s/%s seed %d: spec %v lacks the always-on unit %q", task.ID, st.ID, seed, spec.Units(), id)
					}
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no registered subtask has an always-on unit; the test checks nothing")
	}
}
