package sat_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/randmodel"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/brute"
	"github.com/plancert/plancert/solver/sat"
)

var longFlag = flag.Bool("long", false, "run the long tests (also PLANCERT_LONG=1)")

// long reports whether the long tests run: -long, or PLANCERT_LONG set
// (read here, not at init, so that the test cache notices it).
func long() bool { return *longFlag || os.Getenv("PLANCERT_LONG") != "" }

// TestAgreesWithBrute is the property test of the solving core: on seeded
// random small models mixing every constraint kind and 0–3 objective
// levels, solver/sat and solver/brute agree on status, the optimal
// objective vector, uniqueness and the number of distinct optimal answers;
// every core is infeasible (re-proved by brute force) and minimal (each
// member's witness satisfies the rest, checked by Certify).
func TestAgreesWithBrute(t *testing.T) {
	n := 400
	if long() {
		n = 3000
	}
	if testing.Short() {
		n = 100
	}
	kinds := map[encode.Kind]int{}
	statuses := map[solver.Status]int{}
	nonUnique, levels := 0, 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		m := randmodel.New(rand.New(rand.NewPCG(seed, 7)))
		for _, c := range m.Constraints {
			kinds[c.Kind]++
		}
		levels += len(m.Objectives)
		name := fmt.Sprintf("seed %d", seed)
		got, want := certifyBoth(t, name, m)
		statuses[want.Status]++
		if !got.Proven(m) || !want.Proven(m) {
			t.Fatalf("%s: not proven: sat %v, brute %v", name, got.Proven(m), want.Proven(m))
		}
		sameUniqueness(t, name, m, got, want)
		if got.Unique != nil && !*got.Unique {
			nonUnique++
		}
		if got.Status == solver.Infeasible {
			checkCore(t, name, m, got.Core)
			continue
		}
		sameOptimalAnswers(t, name, m)
	}
	for k := encode.Kind(0); k <= encode.Max; k++ {
		if kinds[k] == 0 {
			t.Errorf("no model had a %s constraint", k)
		}
	}
	t.Logf("%d models: %v; %d non-unique optima; %d objective levels; kinds %v", n, statuses, nonUnique, levels, kinds)
	if statuses[solver.Infeasible] < n/20 || statuses[solver.Optimal] < n/5 || nonUnique < n/20 {
		t.Errorf("the generator no longer mixes outcomes: %v, %d non-unique", statuses, nonUnique)
	}
}

// checkCore re-proves with brute force that core is infeasible on its own
// and that dropping any member makes it feasible.
func checkCore(t *testing.T, name string, m *encode.Model, core []string) {
	t.Helper()
	set := map[string]bool{}
	for _, g := range core {
		set[g] = true
	}
	if _, ok, err := brute.Feasible(context.Background(), m, set); err != nil || ok {
		t.Fatalf("%s: core %v is feasible by brute force (err %v)\n%s", name, core, err, dump(m))
	}
	for _, g := range core {
		delete(set, g)
		if _, ok, err := brute.Feasible(context.Background(), m, set); err != nil || !ok {
			t.Fatalf("%s: core %v is not minimal: infeasible without %q\n%s", name, core, g, dump(m))
		}
		set[g] = true
	}
}

// enumerate returns the sorted answer projections of all optimal solutions.
func enumerate(m *encode.Model, b solver.Backend) ([]string, error) {
	s, err := b.Load(m)
	if err != nil {
		return nil, err
	}
	e, err := s.Enumerate(context.Background(), 1<<20)
	if err != nil {
		return nil, err
	}
	if !e.Complete {
		return nil, fmt.Errorf("enumeration not complete")
	}
	var keys []string
	for _, a := range e.Solutions {
		if err := m.Check(a); err != nil {
			return nil, err
		}
		var b strings.Builder
		for _, v := range m.AnswerVars() {
			fmt.Fprintf(&b, "%s=%d ", m.Name(v), a[v])
		}
		keys = append(keys, b.String())
	}
	sort.Strings(keys)
	return keys, nil
}

// certifyBoth certifies m with solver/sat and with solver/brute and fails
// t unless both succeed with the same status and objective vector.
func certifyBoth(t *testing.T, name string, m *encode.Model) (got, want *solver.Certificate) {
	t.Helper()
	ctx := context.Background()
	got, err := solver.Certify(ctx, sat.Backend{}, m)
	if err != nil {
		t.Fatalf("%s: sat: %v\n%s", name, err, dump(m))
	}
	want, err = solver.Certify(ctx, brute.Backend{}, m)
	if err != nil {
		t.Fatalf("%s: brute: %v", name, err)
	}
	if got.Status != want.Status || !reflect.DeepEqual(got.Objective, want.Objective) {
		t.Fatalf("%s: sat says %v %v, brute says %v %v\n%s", name, got.Status, got.Objective, want.Status, want.Objective, dump(m))
	}
	return got, want
}

// sameUniqueness fails t unless the two certificates of m settle
// uniqueness alike: both or neither, and the same way.
func sameUniqueness(t *testing.T, name string, m *encode.Model, got, want *solver.Certificate) {
	t.Helper()
	if (got.Unique == nil) != (want.Unique == nil) || (got.Unique != nil && *got.Unique != *want.Unique) {
		t.Fatalf("%s: sat unique %v, brute unique %v\n%s", name, ptrString(got.Unique), ptrString(want.Unique), dump(m))
	}
}

func ptrString(b *bool) string {
	if b == nil {
		return "unsettled"
	}
	return fmt.Sprint(*b)
}

// sameOptimalAnswers fails t unless solver/sat and solver/brute enumerate
// the same set of optimal answers of m.
func sameOptimalAnswers(t *testing.T, name string, m *encode.Model) {
	t.Helper()
	gs, err := enumerate(m, sat.Backend{})
	if err != nil {
		t.Fatalf("%s: sat enumerate: %v", name, err)
	}
	bs, err := enumerate(m, brute.Backend{})
	if err != nil {
		t.Fatalf("%s: brute enumerate: %v", name, err)
	}
	if !reflect.DeepEqual(gs, bs) {
		t.Fatalf("%s: sat enumerates %v\nbrute enumerates %v\n%s", name, gs, bs, dump(m))
	}
}

func dump(m *encode.Model) string {
	var b strings.Builder
	if err := encode.WriteModel(&b, m); err != nil {
		return err.Error()
	}
	return b.String()
}

// FuzzAgreesWithBrute runs the property of TestAgreesWithBrute on models
// drawn from fuzzed seeds: go test ./solver/sat -run '^$' -fuzz FuzzAgreesWithBrute.
func FuzzAgreesWithBrute(f *testing.F) {
	for _, s := range []uint64{1, 2, 3, 42, 1 << 40} {
		f.Add(s, uint64(7))
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		m := randmodel.New(rand.New(rand.NewPCG(s1, s2)))
		got, want := certifyBoth(t, "fuzz", m)
		sameUniqueness(t, "fuzz", m, got, want)
		if got.Status == solver.Infeasible {
			checkCore(t, "fuzz", m, got.Core)
		}
	})
}
