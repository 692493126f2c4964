package scheduling

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// lowFirstOrder is the priority order read with priority 1 the highest:
// the smaller number starts no later.
type lowFirstOrder struct{ priorityOrder }

func (lowFirstOrder) Model(b *builder) {
	for _, p := range b.a.priorityPairs() {
		i, j := p[0], p[1]
		b.m.AddLinear([]encode.Term{{Var: b.start[j], Coef: 1}, {Var: b.start[i], Coef: -1}}, encode.LE, 0).
			Named(fmt.Sprintf("%s: %s, %s", groupPriority, b.a.Activities[j].Name, b.a.Activities[i].Name)).InGroup(groupPriority)
	}
}

// variant returns a copy of a whose units are swap's results on a's
// units (a unit swap maps to nil is dropped): the model of another
// reading of a's rules.
func (a *Agenda) variant(swap func(u unit) unit) *Agenda {
	v := *a
	c := *a.cache
	c.has, c.units = map[string]bool{}, nil
	for _, u := range a.cache.units {
		if u = swap(u); u != nil {
			c.units = append(c.units, u)
			c.has[u.Info().ID] = true
		}
	}
	v.cache, v.xvars, v.fxvars, v.rvars = &c, nil, nil, nil
	return &v
}

// withoutKey returns plan without its key (the backups of a schedule).
func withoutKey(key string) func(t testing.TB, plan []byte) []byte {
	return func(t testing.TB, plan []byte) []byte {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(plan, &m); err != nil {
			t.Fatal(err)
		}
		delete(m, key)
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
}

// agendaReadings are the models of the alternative readings the agenda
// units list (domains.Reader), by reading name.
var agendaReadings = map[string]familytest.Reading[*Agenda]{
	readingLowFirst: {Variant: func(a *Agenda) (*Agenda, bool) {
		return a.variant(func(u unit) unit {
			if _, ok := u.(priorityOrder); ok {
				return lowFirstOrder{}
			}
			return u
		}), len(a.priorityPairs()) > 0
	}},
	readingBackupsAfter: {Variant: func(a *Agenda) (*Agenda, bool) {
		return a.variant(func(u unit) unit {
			if _, ok := u.(backupSlots); ok {
				return nil
			}
			return u
		}), len(a.criticalIdx()) > 0
	}, Project: withoutKey(backupKey)},
}

// TestReadingsRuledOut: for every agenda unit with readings
// (domains.Reader) and every task and subtask that draws it, on seeded
// instances, the model of each alternative reading has the certified
// optimum, or the prompt says the sentence that rules the reading out
// (familytest.CheckReadings). Every reading a unit lists has its model
// here, and at least one changes the optimum somewhere (else the test
// shows nothing). By default one seed of one subtask per task.
func TestReadingsRuledOut(t *testing.T) {
	// By default one seed of the first subtask of each task that allows
	// the unit (make test); every subtask and 20 seeds with PLANCERT_LONG=1.
	seeds := familytest.Levels{Short: 1, Default: 1, Long: 20}.N()
	for _, u := range domains.Facets[domains.Reader](pool) {
		id := u.(unit).Info().ID
		var readings []familytest.Reading[*Agenda]
		for _, r := range u.Readings() {
			m, ok := agendaReadings[r.Name]
			if !ok {
				t.Fatalf("%s: no model of the reading %q", id, r.Name)
			}
			m.Reading = r
			readings = append(readings, m)
		}
		changed, n := 0, 0
		for _, tk := range registered {
			dt, _ := domains.Lookup(tk.ID)
			subs := 0
			for _, st := range dt.Subtasks {
				if !st.Allows(id) || (subs > 0 && !familytest.Long()) {
					continue
				}
				subs++
				for seed := uint64(1); seed <= seeds; seed++ {
					units := familytest.Requiring(dt, append(slices.Clone(st.Always), id)...)
					spec, err := dt.NewSpec(st.ID, seed, toSet(units))
					if err != nil {
						continue // the subtask's Always units exclude it
					}
					inst, err := dt.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
					if err != nil {
						continue
					}
					n++
					changed += familytest.CheckReadings(t, inst.(*Agenda), readings)
				}
			}
		}
		t.Logf("%s: %d instances, %d readings changed the optimum", id, n, changed)
		if n == 0 || changed == 0 {
			t.Errorf("%s: %d instances, none where a reading changes the optimum: the test shows nothing", id, n)
		}
	}
}

func toSet(ids []string) map[string]bool {
	out := map[string]bool{}
	for _, id := range ids {
		out[id] = true
	}
	return out
}
