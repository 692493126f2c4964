//go:build cbc

package cbc_test

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
	"github.com/plancert/plancert/solver/cbc"
	"github.com/plancert/plancert/solver/sat"
)

var longFlag = flag.Bool("long", false, "run the long tests (also PLANCERT_LONG=1)")

// long reports whether the long tests run: -long, or PLANCERT_LONG set.
func long() bool { return *longFlag || os.Getenv("PLANCERT_LONG") != "" }

// TestAgreesWithBruteAndSAT is the property test of the MIP translation: on
// seeded random small models mixing every constraint kind, enforcement
// literals and 0–3 objective levels, CBC, the SAT backend and brute force
// agree on status, the optimal objective vector, uniqueness and the set of
// optimal answers; every CBC answer passes Check (Certify checks it), and
// every CBC core is infeasible and minimal by brute force.
func TestAgreesWithBruteAndSAT(t *testing.T) {
	n := 150
	if long() {
		n = 3000
	}
	if testing.Short() {
		n = 100
	}
	ctx := context.Background()
	kinds := map[encode.Kind]int{}
	enforced := map[encode.Kind]int{}
	statuses := map[solver.Status]int{}
	nonUnique := 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		m := randmodel.New(rand.New(rand.NewPCG(seed, 7)))
		for _, c := range m.Constraints {
			kinds[c.Kind]++
			if len(c.Enforce) > 0 {
				enforced[c.Kind]++
			}
		}
		name := fmt.Sprintf("seed %d", seed)
		got, err := solver.Certify(ctx, cbc.Backend{}, m)
		if err != nil {
			t.Fatalf("%s: cbc: %v\n%s", name, err, dump(m))
		}
		want, err := solver.Certify(ctx, brute.Backend{}, m)
		if err != nil {
			t.Fatalf("%s: brute: %v", name, err)
		}
		viaSAT, err := solver.Certify(ctx, sat.Backend{}, m)
		if err != nil {
			t.Fatalf("%s: sat: %v", name, err)
		}
		statuses[want.Status]++
		for _, other := range []struct {
			name string
			c    *solver.Certificate
		}{{"brute", want}, {"sat", viaSAT}} {
			o := other.c
			if got.Status != o.Status || !reflect.DeepEqual(got.Objective, o.Objective) {
				t.Fatalf("%s: cbc says %v %v, %s says %v %v\n%s", name, got.Status, got.Objective, other.name, o.Status, o.Objective, dump(m))
			}
			if (got.Unique == nil) != (o.Unique == nil) || (got.Unique != nil && *got.Unique != *o.Unique) {
				t.Fatalf("%s: cbc unique %v, %s unique %v\n%s", name, fmtUnique(got.Unique), other.name, fmtUnique(o.Unique), dump(m))
			}
		}
		if !got.Proven(m) {
			t.Fatalf("%s: cbc certificate not proven", name)
		}
		if got.Unique != nil && !*got.Unique {
			nonUnique++
		}
		if got.Status == solver.Infeasible {
			checkCore(t, name, m, got.Core)
			continue
		}
		// The optimal answers: all of them when there are few (each one
		// is a CBC solve), else the first enumLimit, which must be
		// distinct optimal answers that brute force lists too.
		bs, _, err := enumerate(m, brute.Backend{}, 1<<20)
		if err != nil {
			t.Fatalf("%s: brute enumerate: %v", name, err)
		}
		cs, complete, err := enumerate(m, cbc.Backend{}, enumLimit)
		if err != nil {
			t.Fatalf("%s: cbc enumerate: %v", name, err)
		}
		if len(bs) <= enumLimit {
			if !complete || !reflect.DeepEqual(cs, bs) {
				t.Fatalf("%s: cbc enumerates %v (complete %v)\nbrute enumerates %v\n%s", name, cs, complete, bs, dump(m))
			}
			continue
		}
		if complete || len(cs) != enumLimit {
			t.Fatalf("%s: cbc enumerates %d answers (complete %v), brute %d", name, len(cs), complete, len(bs))
		}
		for _, k := range cs {
			if i := sort.SearchStrings(bs, k); i == len(bs) || bs[i] != k {
				t.Fatalf("%s: cbc enumerates %q, which brute force does not list\n%s", name, k, dump(m))
			}
		}
	}
	for k := encode.Kind(0); k <= encode.Max; k++ {
		if kinds[k] == 0 {
			t.Errorf("no model had a %s constraint", k)
		}
	}
	t.Logf("%d models: %v; %d non-unique optima; kinds %v; enforced %v", n, statuses, nonUnique, kinds, enforced)
	if statuses[solver.Infeasible] < n/20 || statuses[solver.Optimal] < n/5 || nonUnique < n/20 {
		t.Errorf("the generator no longer mixes outcomes: %v, %d non-unique", statuses, nonUnique)
	}
}

func fmtUnique(u *bool) string {
	if u == nil {
		return "unsettled"
	}
	return fmt.Sprint(*u)
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

// enumLimit is the most optimal answers the property test asks CBC for.
const enumLimit = 12

// enumerate returns the sorted answer projections of up to limit optimal
// solutions, and whether the list is complete. Each solution passes Check,
// has the optimal objective vector and a projection of its own.
func enumerate(m *encode.Model, b solver.Backend, limit int) ([]string, bool, error) {
	s, err := b.Load(m)
	if err != nil {
		return nil, false, err
	}
	r, err := s.Optimize(context.Background())
	if err != nil {
		return nil, false, err
	}
	e, err := s.Enumerate(context.Background(), limit)
	if err != nil {
		return nil, false, err
	}
	if len(e.Solutions) > limit {
		return nil, false, fmt.Errorf("%d solutions for limit %d", len(e.Solutions), limit)
	}
	var keys []string
	seen := map[string]bool{}
	for _, a := range e.Solutions {
		if err := m.Check(a); err != nil {
			return nil, false, err
		}
		if got := m.ObjectiveValues(a); !reflect.DeepEqual(got, r.Objective) {
			return nil, false, fmt.Errorf("enumerated objective %v, optimum %v", got, r.Objective)
		}
		var b strings.Builder
		for _, v := range m.AnswerVars() {
			fmt.Fprintf(&b, "%s=%d ", m.Name(v), a[v])
		}
		if seen[b.String()] {
			return nil, false, fmt.Errorf("answer %s enumerated twice", b.String())
		}
		seen[b.String()] = true
		keys = append(keys, b.String())
	}
	sort.Strings(keys)
	return keys, e.Complete, nil
}

func dump(m *encode.Model) string {
	var b strings.Builder
	if err := encode.WriteModel(&b, m); err != nil {
		return err.Error()
	}
	return b.String()
}
