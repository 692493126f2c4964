package familytest

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// Optima tallies the feasible plans of a brute-force enumeration: how many
// there are, the best objective vector and how many plans reach it.
type Optima struct {
	// Better reports whether objective vector x is strictly better than y.
	Better   func(x, y []int64) bool
	Feasible int
	Best     []int64
	Count    int
}

// NewOptima returns an empty tally ordered by inst's Better (inst must be
// a domains.Objectiver).
func NewOptima(inst domains.Instance) *Optima {
	return &Optima{Better: inst.(domains.Objectiver).Better}
}

// Add counts one feasible plan with objective vector obj and reports
// whether it is strictly better than every plan before it.
func (o *Optima) Add(obj []int64) (best bool) {
	o.Feasible++
	switch {
	case o.Best == nil || o.Better(obj, o.Best):
		o.Best, o.Count = slices.Clone(obj), 1
		return true
	case slices.Equal(obj, o.Best):
		o.Count++
	}
	return false
}

// Brute is one brute-force comparison: the enumeration of every plan of a
// tiny instance (Optima, with the checker or the core's own rules as the
// oracle) against the SAT certificate of the instance's model as it now
// is (its tie-breaks included).
type Brute struct {
	// Name prefixes the messages.
	Name string
	Inst domains.Instance
	// Optima is the core's enumeration.
	Optima *Optima
	// ConflictHolds, when not nil, proves a named conflict (the
	// certificate's core without its always-on groups) when the
	// enumeration finds no feasible plan.
	ConflictHolds func(ctx context.Context, b solver.Backend, names []string) (bool, string)
	// EmptyConflict checks an empty conflict (only the always-on rules
	// conflict) with ConflictHolds too; by default it is not checked.
	EmptyConflict bool
}

// Agree certifies b.Inst's model (which must validate) on sat.Backend
// (the certificate must be proven) and compares it with the enumeration:
// no feasible plan exactly when the certificate is infeasible, and then
// its conflict holds (ConflictHolds); otherwise the certificate is optimal
// at the enumeration's best vector, unique exactly when one plan reaches
// it, and its decoded plan passes every item of Check. It returns the
// certificate and, when feasible, the plan.
func (b Brute) Agree(t testing.TB) (*solver.Certificate, json.RawMessage) {
	t.Helper()
	m, err := b.Inst.Model()
	if err != nil {
		t.Fatalf("%s: %v", b.Name, err)
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("%s: %v", b.Name, err)
	}
	cert, err := solver.Certify(context.Background(), sat.Backend{}, m)
	if err != nil || !cert.Proven(m) {
		t.Fatalf("%s: certify: %v (proven: %v)", b.Name, err, err == nil && cert.Proven(m))
	}
	o := b.Optima
	if o.Feasible == 0 {
		if cert.Status != solver.Infeasible {
			t.Fatalf("%s: no plan keeps every rule, the solver says %v %v", b.Name, cert.Status, cert.Objective)
		}
		conflict := Named(cert.Core)
		if b.ConflictHolds != nil && (len(conflict) > 0 || b.EmptyConflict) {
			if ok, why := b.ConflictHolds(context.Background(), sat.Backend{}, conflict); !ok {
				t.Fatalf("%s: the certified conflict %v does not hold: %s", b.Name, conflict, why)
			}
		}
		return cert, nil
	}
	if cert.Status != solver.Optimal {
		t.Fatalf("%s: %d feasible plans, the solver says %v", b.Name, o.Feasible, cert.Status)
	}
	if !slices.Equal(o.Best, cert.Objective) {
		t.Fatalf("%s: brute-force optimum %v (%d feasible plans), certificate %v", b.Name, o.Best, o.Feasible, cert.Objective)
	}
	if cert.Unique == nil || *cert.Unique != (o.Count == 1) {
		t.Fatalf("%s: %d optimal plans, certificate unique %v", b.Name, o.Count, cert.Unique)
	}
	plan, err := b.Inst.Plan(cert.Solution)
	if err != nil {
		t.Fatalf("%s: %v", b.Name, err)
	}
	ref := domains.Reference{Feasible: true, Plan: plan, Objective: cert.Objective}
	for _, r := range b.Inst.Check(context.Background(), sat.Backend{}, plan, ref) {
		if !r.Pass {
			t.Fatalf("%s: the certified plan %s fails %q: %s", b.Name, plan, r.ID, r.Detail)
		}
	}
	return cert, plan
}
