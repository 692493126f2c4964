package quantity

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// rampFirstLimited is the model of an instance read with the ramp rule
// binding the first period too: each source sends at most Ramp in it.
type rampFirstLimited struct{ *Instance }

func (v rampFirstLimited) Model() (*encode.Model, error) {
	m, err := v.Instance.Model()
	if err != nil {
		return nil, err
	}
	for _, src := range v.Sources {
		var ts []encode.Term
		for _, snk := range v.Sinks {
			if x, ok := m.Lookup(fmt.Sprintf("x[%s|%s|%s]", src.Name, snk.Name, v.Periods[0])); ok {
				ts = append(ts, encode.Term{Var: x, Coef: 1})
			}
		}
		if len(ts) > 0 {
			m.AddLinear(ts, encode.LE, int64(v.Ramp)).Named("ramp of " + src.Name + ": first period").InGroup(groupRamp(src.Name))
		}
	}
	return m, nil
}

// quantityReadings are the models of the alternative readings the
// quantity units list (domains.Reader), by reading name.
var quantityReadings = map[string]familytest.Reading[domains.Instance]{
	readingRampFirst: {Variant: func(in domains.Instance) (domains.Instance, bool) {
		q := in.(*Instance)
		return rampFirstLimited{q}, q.T() > 1
	}},
}

// TestReadingsRuledOut: for every quantity unit with readings
// (domains.Reader) and every task and subtask that draws it, on seeded
// instances, the model of each alternative reading has the certified
// optimum, or the prompt says the sentence that rules the reading out
// (familytest.CheckReadings). Every reading a unit lists has its model
// here, and one at least changes the optimum somewhere (else the test
// shows nothing). By default two seeds of each subtask; 20 with
// PLANCERT_LONG=1.
func TestReadingsRuledOut(t *testing.T) {
	seeds := familytest.Levels{Short: 1, Default: 2, Long: 20}.N()
	for _, u := range domains.Facets[domains.Reader](pool) {
		id := u.(unit).Info().ID
		var readings []familytest.Reading[domains.Instance]
		for _, r := range u.Readings() {
			m, ok := quantityReadings[r.Name]
			if !ok {
				t.Fatalf("%s: no model of the reading %q", id, r.Name)
			}
			m.Reading = r
			readings = append(readings, m)
		}
		changed, n := 0, 0
		for _, tk := range registered {
			dt, _ := domains.Lookup(tk.ID)
			if _, ok := dt.Unit(id); !ok {
				continue
			}
			for _, st := range dt.Subtasks {
				if !st.Allows(id) {
					continue
				}
				for seed := uint64(1); seed <= seeds; seed++ {
					set := map[string]bool{}
					for _, x := range familytest.Requiring(dt, append(slices.Clone(st.Always), id)...) {
						set[x] = true
					}
					spec, err := dt.NewSpec(st.ID, seed, set)
					if err != nil {
						continue
					}
					inst, err := dt.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
					if err != nil {
						continue
					}
					n++
					changed += familytest.CheckReadings(t, inst, readings)
				}
			}
		}
		t.Logf("%s: %d instances, %d readings changed the optimum", id, n, changed)
		if n == 0 || changed == 0 {
			t.Errorf("%s: %d instances, none where a reading changes the optimum: the test shows nothing", id, n)
		}
	}
}
