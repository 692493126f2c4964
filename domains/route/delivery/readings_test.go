package delivery

import (
	"fmt"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// The models of the alternative readings (the units' Readings): each an
// edit of the instance's fleet model (routetest.Reading).

// reading is routetest.Reading over the instance's fleet model.
func reading(edit func(*Delivery, *route.FleetModel) (*encode.Model, error), with []string, units ...string) familytest.Reading[domains.Instance] {
	return routetest.Reading((*Delivery).fleetModel, edit, with, units...)
}

// one is the term coef·x.
var one = routetest.One

// timeOut is the edit (see variant) to the model of an instance read with
// a route's driving time as its time out: the vehicle leaves the depot at
// its opening (time 0), unloading at each stop starts as early as its
// window allows (waiting where early), and the time out is the time it is
// back. The rule read so (rule: ruleBalance or ruleDriving) bounds the
// used routes' times out instead of their driving times: balanced routes
// their differences (its rows on the driving times go), the driving limit
// each of them (its rows on the driving time stay, implied).
func timeOut(rule string) func(v *Delivery, fm *route.FleetModel) (*encode.Model, error) {
	return func(v *Delivery, fm *route.FleetModel) (*encode.Model, error) { return timeOutModel(v, fm, rule) }
}

func timeOutModel(v *Delivery, fm *route.FleetModel, rule string) (*encode.Model, error) {
	m := fm.Model.Restrict(func(g string) bool { return g != ruleBalance || rule != ruleBalance })
	out, err := v.outTimes(fm, m)
	if err != nil {
		return nil, err
	}
	k := v.Vehicles
	for a := range k {
		if rule == ruleDriving {
			m.AddLinear([]encode.Term{one(out[a], 1)}, encode.LE, v.MaxDrive).InGroup(ruleDriving)
			continue
		}
		for b := a + 1; b < k; b++ {
			used := []encode.Lit{fm.Arc[a][(a+1)%k].Not(), fm.Arc[b][(b+1)%k].Not()}
			for _, p := range [][2]int{{a, b}, {b, a}} {
				m.AddLinear([]encode.Term{one(out[p[0]], 1), one(out[p[1]], -1)}, encode.LE, v.Balance).OnlyIf(used...).InGroup(ruleBalance)
			}
		}
	}
	return m, nil
}

// rightBefore makes fm, the fleet model of v, the model of v read with
// the visit order as consecutive stops: the arc from the earlier stop to
// the later one is driven (the visit-order rows stay, implied).
func rightBefore(v *Delivery, fm *route.FleetModel) (*encode.Model, error) {
	k, p := v.Vehicles, v.Before[0]
	fm.Model.AddLinear([]encode.Term{one(fm.Arc[k+p[0]-1][k+p[1]-1], 1)}, encode.GE, 1).InGroup(ruleBefore)
	return fm.Model, nil
}

// outTimes adds to m, the model of fm or a restriction of it, each
// vehicle's time out (0 for an unused one) with the earliest service
// starts: a stop's start is the later of its window's opening and the
// arrival from the stop before it (a flag says which), the model's own
// start variables bounded from above too.
func (d *Delivery) outTimes(fm *route.FleetModel, m *encode.Model) ([]encode.Var, error) {
	k, n := d.Vehicles, len(d.Stops)
	node := func(c int) int { return k + c - 1 }
	start := make([]encode.Var, n+1)
	for c := 1; c <= n; c++ {
		x, ok := m.Lookup(fmt.Sprintf("start_%d", c))
		if !ok {
			return nil, fmt.Errorf("delivery: the model has no start time of stop %d", c)
		}
		start[c] = x
	}
	for c := 1; c <= n; c++ {
		waits := m.NewBool(fmt.Sprintf("waits_%d", c))
		m.AddLinear([]encode.Term{one(start[c], 1)}, encode.LE, d.Ready[c]).OnlyIf(waits.Lit())
		for u, row := range fm.Arc {
			a := row[node(c)]
			switch {
			case a < 0:
			case u < k:
				m.AddLinear([]encode.Term{one(start[c], 1)}, encode.LE, d.Ready[0]+d.Travel[0][c]).OnlyIf(a.Lit(), waits.Not())
			default:
				lu := u - k + 1
				m.AddLinear([]encode.Term{one(start[c], 1), one(start[lu], -1)}, encode.LE, d.Service[lu]+d.Travel[lu][c]).OnlyIf(a.Lit(), waits.Not())
			}
		}
	}
	out := make([]encode.Var, k)
	for v := range k {
		out[v] = m.NewInt(fmt.Sprintf("out_%d", v), 0, d.Due[0]-d.Ready[0])
		if a := fm.Arc[v][(v+1)%k]; a >= 0 {
			m.AddLinear([]encode.Term{one(out[v], 1)}, encode.EQ, 0).OnlyIf(a.Lit())
		}
	}
	for c := 1; c <= n; c++ {
		for v := range k {
			if a := fm.Arc[node(c)][v]; a >= 0 {
				m.AddLinear([]encode.Term{one(out[(v+k-1)%k], 1), one(start[c], -1)}, encode.EQ, d.Service[c]+d.Travel[c][0]-d.Ready[0]).OnlyIf(a.Lit())
			}
		}
	}
	return out, nil
}

// deliveryReadings are the models of the alternative readings the
// delivery units list (domains.Reader), by reading name. The time out
// differs from the driving time only with time windows (waiting and
// unloading), which the readings draw.
var deliveryReadings = map[string]familytest.Reading[domains.Instance]{
	readingTimeOut:      reading(timeOut(ruleBalance), []string{unitWindows}, unitWindows, unitBalance),
	readingLimitTimeOut: reading(timeOut(ruleDriving), []string{unitWindows}, unitWindows, unitDriving),
	readingRightBefore:  reading(rightBefore, nil, unitOrder),
}

// TestReadingsRuledOut: for every delivery unit with readings
// (domains.Reader), on seeded instances that draw it, the model of each
// alternative reading has the certified optimum, or the prompt says the
// sentence that rules the reading out (familytest.RuledOutReadings): two
// seeds of every subtask by default, 20 with PLANCERT_LONG=1.
func TestReadingsRuledOut(t *testing.T) {
	familytest.RuledOutReadings(t, task.ID, unitPool, deliveryReadings, familytest.Levels{Short: 1, Default: 2, Long: 20}, true)
}
