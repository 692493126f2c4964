package familytest

import (
	"bytes"
	"context"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// Reading is an alternative reading of a unit (domains.Reading) with the
// instance of its model: Variant returns the instance that takes the
// alternative reading of in (it must not modify in), false when the
// reading does not apply to in (the unit has nothing to say there).
// Project, when set, maps a plan to the part the reading decides (the
// schedule without its backups), for both plans before they are compared.
type Reading[I domains.Instance] struct {
	domains.Reading
	Variant func(in I) (I, bool)
	Project func(t testing.TB, plan []byte) []byte
}

// CheckReadings checks the readings of one instance that draws their
// units: for each, the variant's optimal plan (both after every stated
// tie-break, certified on the SAT backend) is the certified one, or the
// prompt of in says the reading's RuledOutBy. A variant without an
// optimum (the alternative makes the instance infeasible) changes it too.
// It returns how many readings changed the optimum; an instance without
// an optimum is skipped (0).
func CheckReadings[I domains.Instance](t testing.TB, in I, readings []Reading[I]) (changed int) {
	t.Helper()
	ref, ok := optimalPlan(t, in)
	if !ok {
		return 0
	}
	for _, r := range readings {
		v, applies := r.Variant(in)
		if !applies {
			continue
		}
		alt, ok := optimalPlan(t, v)
		want := ref
		if ok && r.Project != nil {
			want, alt = r.Project(t, ref), r.Project(t, alt)
		}
		if ok && bytes.Equal(alt, want) {
			continue
		}
		changed++
		if err := r.RuledOut(in.Prompt()); err != nil {
			t.Errorf("%s seed %d: %v (certified %s, under the reading %s)", in.Spec().Subtask, in.Spec().Seed, err, ref, alt)
		}
	}
	return changed
}

// optimalPlan applies every tie-break inst states and returns the plan of
// its certified optimum; false when it has none.
func optimalPlan(t testing.TB, inst domains.Instance) ([]byte, bool) {
	t.Helper()
	for range 8 {
		if !inst.TieBreak() {
			break
		}
	}
	m, err := inst.Model()
	if err != nil {
		t.Fatal(err)
	}
	cert, err := solver.Certify(context.Background(), sat.Backend{}, m)
	if err != nil {
		t.Fatal(err)
	}
	if cert.Status != solver.Optimal {
		return nil, false
	}
	plan, err := inst.Plan(cert.Solution)
	if err != nil {
		t.Fatal(err)
	}
	return plan, true
}
