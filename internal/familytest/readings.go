package familytest

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
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
// With lists units RuledOutReadings draws beside the reading's unit: those
// without which the alternative says the same as the model (a time out
// is the driving time without time windows).
type Reading[I domains.Instance] struct {
	domains.Reading
	Variant func(in I) (I, bool)
	Project func(t testing.TB, plan []byte) []byte
	With    []string
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

// RuledOutReadings is the readings test of a core: for every unit of pool
// that lists readings (domains.Reader) and each of its readings, on every
// task of core (or the one task whose ID is core, for a core whose tasks
// have different units of one ID, as the route core's do) whose pool has
// the unit and every subtask that allows it and the reading's With units
// (unless every, by default the first such subtask of each task only;
// every one with PLANCERT_LONG=1), seeds 1..seeds.N() of the spec with
// the unit (and the subtask's Always units and the reading's With units),
// CheckReadings with the reading's model from models. It fails when a
// reading has no model in models, and when no instance has a reading
// whose model changes the optimum (the test would show nothing: the
// sentence that rules it out could go unnoticed).
func RuledOutReadings[U interface{ Info() domains.Unit }, I domains.Instance](t *testing.T, core string, pool []U, models map[string]Reading[I], seeds Levels, every bool) {
	t.Helper()
	for _, u := range pool {
		rd, ok := any(u).(domains.Reader)
		if !ok {
			continue
		}
		id := u.Info().ID
		for _, r := range rd.Readings() {
			m, ok := models[r.Name]
			if !ok {
				t.Fatalf("%s: no model of the reading %q", id, r.Name)
			}
			m.Reading = r
			with := append([]string{id}, m.With...)
			changed, n := 0, 0
			for _, tk := range domains.Tasks() {
				if _, ok := tk.Unit(id); !ok || (tk.Core != core && tk.ID != core) {
					continue
				}
				subs := 0
				for _, st := range tk.Subtasks {
					if !allows(st, with) || (subs > 0 && !every && !Long()) {
						continue
					}
					subs++
					for seed := uint64(1); seed <= seeds.N(); seed++ {
						set := map[string]bool{}
						for _, x := range Requiring(tk, append(slices.Clone(st.Always), with...)...) {
							set[x] = true
						}
						spec, err := tk.NewSpec(st.ID, seed, set)
						if err != nil {
							continue // the subtask's Always units exclude it
						}
						inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
						if err != nil {
							continue
						}
						n++
						changed += CheckReadings(t, inst.(I), []Reading[I]{m})
					}
				}
			}
			t.Logf("%s, %q: %d instances, %d where the reading changes the optimum", id, r.Name, n, changed)
			if changed == 0 {
				t.Errorf("%s, %q: %d instances, none where the reading changes the optimum: the test shows nothing", id, r.Name, n)
			}
		}
	}
}

// allows reports whether st allows every unit of ids.
func allows(st domains.Subtask, ids []string) bool {
	for _, id := range ids {
		if !st.Allows(id) {
			return false
		}
	}
	return true
}

// Without returns a Project that writes a plan (a JSON object) in one
// form, its keys sorted and no spaces, without keys (the backups of a
// schedule): the part of the plan a reading decides, comparable whatever
// the form it was written in.
func Without(keys ...string) func(t testing.TB, plan []byte) []byte {
	return func(t testing.TB, plan []byte) []byte {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(plan, &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			delete(m, k)
		}
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
}
