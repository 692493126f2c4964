package dispatch

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// TestLeftOutUnitsAreVacuous: a unit the generator leaves out (capacity
// when every job fits every type, compatibility when no job needs the
// equipment) was vacuous on the instance as drawn, though its data goes
// with it (and a fleet whose types no unit tells apart becomes one type),
// so gen's test of the same name cannot put it back. Here the instance
// drawn with every unit (draw) and the one generate keeps (leaveOut) are
// certified: the same status and optimum, and each one's optimal plan,
// its vehicles renamed by their place in the fleet, passes every item of
// the other. The left-out units do not bind on the drawn instance, the
// kept ones do, and no prompt states a size or an equipment that no rule
// asks for. Every subtask at level 1, seeds 1..6 (levels 1 and 3,
// seeds 1..20 with PLANCERT_LONG=1), with capacity and compatibility
// alone, together and with backup or breakdown; it fails when no draw
// left a unit out or untyped a fleet (the test would test nothing).
func TestLeftOutUnitsAreVacuous(t *testing.T) {
	tk := TransportationDispatch()
	left := map[string]int{}
	sets := [][]string{{unitCapacity}, {unitCompat}, {unitCapacity, unitCompat}, {unitCapacity, unitBackup}, {unitCapacity, unitCompat, unitBackup}, {unitCapacity, unitBreakdown}, {unitCapacity, unitCompat, unitBreakdown}}
	routetest.LeftOutDraws(t, tk, sets, func(name string, _ int, spec domains.Spec, units []string) {
		voc := subtasks[spec.Subtask]
		if spec.Level > 1 {
			voc = levels.At(voc, spec.Level)
		}
		full, err := draw(voc, spec, rand.New(rand.NewPCG(spec.Seed, 0)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		d := familytest.Reload(t, tk, full)
		d.leaveOut()
		for _, u := range units {
			b, ok := any(unitByID(u)).(domains.Binder[*Dispatch])
			if binds := !ok || b.Binds(full); binds != d.S.Has(u) {
				t.Errorf("%s: %s binds %v, kept %v", name, u, !d.S.Has(u), d.S.Has(u))
			}
		}
		if p := d.Prompt(); !d.S.Has(unitCapacity) && strings.Contains(p, d.Voc.Size) || !d.S.Has(unitCompat) && strings.Contains(p, d.Voc.Equip) {
			t.Errorf("%s: without the unit, the prompt still speaks of %s or %s:\n%s", name, d.Voc.Size, d.Voc.Equip, p)
		}
		gone := slices.DeleteFunc(slices.Clone(units), d.S.Has)
		if len(gone) == 0 {
			return
		}
		left[strings.Join(gone, "+")]++
		if len(d.TypeNames) == 1 {
			left["one type"]++
		}
		d = familytest.Reload(t, tk, d) // the record as written loads
		familytest.LeftOutVacuous(t, name, full, d, renamed)
	})
	for _, k := range []string{unitCapacity, unitCompat, "one type"} {
		if left[k] == 0 && !(k == unitCompat && left[unitCapacity+"+"+unitCompat] > 0) {
			t.Errorf("no draw left %s", k)
		}
	}
	t.Logf("left out: %v", left)
}

// unitByID is the unit of unitPool with ID id.
func unitByID(id string) unit {
	for _, u := range unitPool {
		if u.Info().ID == id {
			return u
		}
	}
	panic("no unit " + id)
}

// renamed returns plan, an answer on from, with each vehicle named as the
// vehicle at its place in to's fleet.
func renamed(plan json.RawMessage, from, to domains.Instance) json.RawMessage {
	var a answer
	if err := json.Unmarshal(plan, &a); err != nil {
		panic(err)
	}
	f, g := from.(*Dispatch), to.(*Dispatch)
	for i, r := range a.Routes {
		v := slices.IndexFunc(f.Vehicles, func(x vehicle) bool { return x.Name == r.Vehicle })
		a.Routes[i].Vehicle = g.Vehicles[v].Name
	}
	raw, err := json.Marshal(a)
	if err != nil {
		panic(err)
	}
	return raw
}
