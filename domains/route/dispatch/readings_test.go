package dispatch

import (
	"fmt"
	"slices"
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
func reading(edit func(*Dispatch, *route.FleetModel) (*encode.Model, error), with []string, units ...string) familytest.Reading[domains.Instance] {
	return routetest.Reading((*Dispatch).fleetModel, edit, with, units...)
}

// one is the term coef·x.
var one = routetest.One

// loc is the location of node u of a fleet model of k vehicles: the depot
// (0) for a vehicle's depot node, job u-k+1 for a job's.
func loc(u, k int) int {
	if u < k {
		return 0
	}
	return u - k + 1
}

// starts looks up the fleet model's service starts (time-windows unit),
// by node (nil at the depot nodes).
func (d *Dispatch) starts(m *encode.Model) ([]encode.Var, error) {
	k, n := len(d.Vehicles), len(d.Jobs)
	start := make([]encode.Var, k+n)
	for c := 1; c <= n; c++ {
		x, ok := m.Lookup(fmt.Sprintf("start_%d", c))
		if !ok {
			return nil, fmt.Errorf("dispatch: the model has no start time of job %d", c)
		}
		start[k+c-1] = x
	}
	return start, nil
}

// replaceLevel puts the level "sense Σ terms" in place of the first
// objective level of m for which is reports true (m's objectives are
// cloned first: m may be a restriction that shares them with the model).
func replaceLevel(m *encode.Model, is func(encode.Objective) bool, sense encode.Sense, terms ...encode.Term) error {
	at := slices.IndexFunc(m.Objectives, is)
	if at < 0 {
		return fmt.Errorf("dispatch: the model has no such objective level")
	}
	m.Objectives = slices.Clone(m.Objectives)
	m.Objectives[at] = encode.Objective{Sense: sense, Terms: terms}
	return nil
}

// longestLevel tells the balanced goal's level (longest_route, minimized).
func longestLevel(m *encode.Model) func(encode.Objective) bool {
	return func(o encode.Objective) bool {
		return len(o.Terms) == 1 && m.Vars[o.Terms[0].Var].Name == "longest_route"
	}
}

// timeOut is the edit (see variant) to the model of an instance read
// with a route's driving time as its time out: each vehicle leaves the
// depot at a time of its own (from its opening; the route's first loading
// starts no earlier than that plus the drive), and its time out is from
// then to its return, waiting, loading and unloading counted. A route
// leaves as late as its windows allow, so this is the least time out of
// the route: the most lenient such reading. The rule read so (ruleHours
// or ruleLongest) bounds the time outs instead: the driving limit each of
// them (its rows on the driving time stay, implied, as the time out is at
// least the driving time), the balanced goal the longest of them, in
// place of the longest driving time (whose rows go, with its objective
// level).
func timeOut(rule string) func(v *Dispatch, fm *route.FleetModel) (*encode.Model, error) {
	return func(v *Dispatch, fm *route.FleetModel) (*encode.Model, error) { return timeOutModel(v, fm, rule) }
}

func timeOutModel(v *Dispatch, fm *route.FleetModel, rule string) (*encode.Model, error) {
	m := fm.Model.Restrict(func(g string) bool { return g != ruleLongest || rule != ruleLongest })
	start, err := v.starts(m)
	if err != nil {
		return nil, err
	}
	k, f := len(v.Vehicles), fm.Fleet
	span := f.Due[0] - f.Ready[0]
	leave := make([]encode.Var, k)
	for a := range k {
		leave[a] = m.NewInt(fmt.Sprintf("leave_%d", a), f.Ready[0], f.Due[0])
	}
	var top encode.Var
	if rule == ruleLongest {
		top = m.NewInt("longest_time_out", 0, span)
		if err := replaceLevel(m, longestLevel(m), encode.Minimize, one(top, 1)); err != nil {
			return nil, err
		}
	}
	for u := range fm.Arc {
		for w, x := range fm.Arc[u] {
			switch {
			case x < 0 || (u < k) == (w < k):
			case u < k: // vehicle u leaves for job w
				m.AddLinear([]encode.Term{one(start[w], 1), one(leave[u], -1)}, encode.GE, f.Travel[0][loc(w, k)]).OnlyIf(x.Lit()).InGroup(rule)
			default: // back from job u, the route of vehicle (w+k-1)%k
				lu, a := loc(u, k), (w+k-1)%k
				back := f.Service[lu] + f.Travel[lu][0]
				if rule == ruleHours {
					m.AddLinear([]encode.Term{one(start[u], 1), one(leave[a], -1)}, encode.LE, v.MaxDrive-back).OnlyIf(x.Lit()).InGroup(rule)
				} else {
					m.AddLinear([]encode.Term{one(top, 1), one(start[u], -1), one(leave[a], 1)}, encode.GE, back).OnlyIf(x.Lit()).InGroup(rule)
				}
			}
		}
	}
	return m, nil
}

// spread makes fm, the fleet model of v, the model of v read with balancing the routes as
// the least difference between the longest and the shortest used route's
// driving time: exact driving times (0 for an unused vehicle), hi at
// least every route's and short at least ub minus every used route's, and
// hi + short minimized in place of the longest route (whose rows go).
func spread(v *Dispatch, fm *route.FleetModel) (*encode.Model, error) {
	m := fm.Model.Restrict(func(g string) bool { return g != ruleLongest })
	k, n, f := len(v.Vehicles), len(v.Jobs), fm.Fleet
	var ub int64
	for _, row := range f.Travel {
		ub += slices.Max(row)
	}
	at := make([]encode.Var, k+n) // driving time from the depot to each job's pickup
	for u := k; u < k+n; u++ {
		at[u] = m.NewInt(fmt.Sprintf("spread_at_%d", loc(u, k)), 0, ub)
	}
	length := make([]encode.Var, k)
	for a := range k {
		length[a] = m.NewInt(fmt.Sprintf("spread_length_%d", a), 0, ub)
	}
	hi, short := m.NewInt("spread_longest", 0, ub), m.NewInt("spread_ub_minus_shortest", 0, ub)
	eq := func(ts []encode.Term, rhs int64, x encode.Var) {
		m.AddLinear(ts, encode.EQ, rhs).OnlyIf(x.Lit()).InGroup(ruleLongest)
	}
	for u := range fm.Arc {
		for w, x := range fm.Arc[u] {
			switch lu, lw := loc(u, k), loc(w, k); {
			case x < 0:
			case u < k && w < k:
				eq([]encode.Term{one(length[u], 1)}, 0, x)
			case u < k:
				eq([]encode.Term{one(at[w], 1)}, f.Travel[0][lw], x)
			case w < k:
				eq([]encode.Term{one(length[(w+k-1)%k], 1), one(at[u], -1)}, f.Travel[lu][0], x)
			default:
				eq([]encode.Term{one(at[w], 1), one(at[u], -1)}, f.Travel[lu][lw], x)
			}
		}
	}
	for a := range k {
		m.AddLinear([]encode.Term{one(hi, 1), one(length[a], -1)}, encode.GE, 0).InGroup(ruleLongest)
		r := m.AddLinear([]encode.Term{one(short, 1), one(length[a], 1)}, encode.GE, ub).InGroup(ruleLongest)
		if idle := fm.Arc[a][(a+1)%k]; idle >= 0 {
			r.OnlyIf(idle.Not())
		}
	}
	return m, replaceLevel(m, longestLevel(m), encode.Minimize, one(hi, 1), one(short, 1))
}

// eitherWay makes fm, the fleet model of v, the model of v read with a leg of the current
// plan kept when the plan drives it in either direction: a flag per leg,
// set only when one of its arcs or their reverses is driven, and the most
// flags in place of the kept legs' level.
func eitherWay(v *Dispatch, fm *route.FleetModel) (*encode.Model, error) {
	m := fm.Model
	var kept []encode.Term
	for i, leg := range route.Legs(v.currentRoutes()) {
		x := m.NewBool(fmt.Sprintf("kept_either_way_%d", i))
		lits := []encode.Lit{x.Not()}
		for _, a := range append(fm.LegArcs(leg[0], leg[1]), fm.LegArcs(leg[1], leg[0])...) {
			lits = append(lits, a.Lit())
		}
		m.AddAtLeast(lits, 1).InGroup(ruleBreakdown)
		kept = append(kept, one(x, 1))
	}
	maximized := func(o encode.Objective) bool { return o.Sense == encode.Maximize }
	return m, replaceLevel(m, maximized, encode.Maximize, kept...)
}

// arriveInWindow makes fm, the fleet model of v, the model of v read with a window as the
// time of arrival: a route waits nowhere after it leaves the depot (it
// may leave late), so each loading starts on arrival from the job before.
func arriveInWindow(v *Dispatch, fm *route.FleetModel) (*encode.Model, error) {
	m := fm.Model
	start, err := v.starts(m)
	if err != nil {
		return nil, err
	}
	k, f := len(v.Vehicles), fm.Fleet
	for u := k; u < len(fm.Arc); u++ {
		for w := k; w < len(fm.Arc); w++ {
			if x := fm.Arc[u][w]; x >= 0 {
				lu := loc(u, k)
				m.AddLinear([]encode.Term{one(start[w], 1), one(start[u], -1)}, encode.LE, f.Service[lu]+f.Travel[lu][loc(w, k)]).OnlyIf(x.Lit()).InGroup(ruleWindows)
			}
		}
	}
	return m, nil
}

// capacityRoute makes fm, the fleet model of v, the model of v read with a vehicle's
// capacity as a bound on the total size of its route's jobs: the size
// aboard so far grows along the route, and the last job's total fits the
// type of the vehicle it returns as (the job-by-job rows stay, implied).
func capacityRoute(v *Dispatch, fm *route.FleetModel) (*encode.Model, error) {
	m := fm.Model
	k, n := len(v.Vehicles), len(v.Jobs)
	var sum int64
	for _, s := range v.Size {
		sum += s
	}
	total := make([]encode.Var, k+n)
	for c := 1; c <= n; c++ {
		total[k+c-1] = m.NewInt(fmt.Sprintf("route_size_%d", c), v.Size[c], sum)
	}
	for u := k; u < len(fm.Arc); u++ {
		for w, x := range fm.Arc[u] {
			switch {
			case x < 0:
			case w >= k:
				m.AddLinear([]encode.Term{one(total[w], 1), one(total[u], -1)}, encode.GE, v.Size[loc(w, k)]).OnlyIf(x.Lit()).InGroup(ruleCapacity)
			default:
				m.AddLinear([]encode.Term{one(total[u], 1)}, encode.LE, v.Capacity[v.Vehicles[(w+k-1)%k].Type]).OnlyIf(x.Lit()).InGroup(ruleCapacity)
			}
		}
	}
	return m, nil
}

// rightBefore makes fm, the fleet model of v, the model of v read with the
// pickup-before-delivery pair as consecutive jobs: the arc from the
// earlier job to the later one is driven (the route-order rows stay,
// implied).
func rightBefore(v *Dispatch, fm *route.FleetModel) (*encode.Model, error) {
	k, p := len(v.Vehicles), v.Before[0]
	fm.Model.AddLinear([]encode.Term{one(fm.Arc[k+p[0]-1][k+p[1]-1], 1)}, encode.GE, 1).InGroup(ruleLinked)
	return fm.Model, nil
}

// backupIdle makes fm, the fleet model of v, the model of v read with a job's backup as any
// other vehicle of the fleet whose type may take it: the backup rows (on
// the vehicles in service) go, and a job that fewer than two of the
// fleet's vehicles may take has no plan.
func backupIdle(v *Dispatch, fm *route.FleetModel) (*encode.Model, error) {
	m := fm.Model.Restrict(func(g string) bool { return g != ruleBackup })
	ts := domains.Facets[taker](v.units())
	for c := 1; c <= len(v.Jobs); c++ {
		able := 0
		for _, x := range v.Vehicles {
			if v.takes(ts, c, x.Type) {
				able++
			}
		}
		if able < 2 {
			m.AddAtLeast(nil, 2-able).InGroup(ruleBackup)
		}
	}
	return m, nil
}

// dispatchReadings are the models of the alternative readings the
// dispatch units list (domains.Reader), by reading name. The time outs and
// the arrival differ from the model only with time windows (waiting,
// loading and unloading), which the readings draw (balanced routes
// requires them).
var dispatchReadings = map[string]familytest.Reading[domains.Instance]{
	readingCapacityRoute:  reading(capacityRoute, nil, unitCapacity),
	readingArriveInWindow: reading(arriveInWindow, nil, unitWindows),
	readingHoursTimeOut:   reading(timeOut(ruleHours), []string{unitWindows}, unitWindows, unitHours),
	readingLongestTimeOut: reading(timeOut(ruleLongest), nil, unitWindows, unitBalance),
	readingSpread:         reading(spread, nil, unitBalance),
	readingRightBefore:    reading(rightBefore, nil, unitLinked),
	readingEitherWay:      reading(eitherWay, nil, unitBreakdown),
	readingBackupIdle:     reading(backupIdle, nil, unitBackup),
}

// TestReadingsRuledOut: for every dispatch unit with readings
// (domains.Reader), on seeded instances that draw it, the model of each
// alternative reading has the certified optimum, or the prompt says the
// sentence that rules the reading out (familytest.RuledOutReadings):
// eight seeds of the first subtask that allows the reading's units by
// default (the subtasks draw alike, so more of them would show little:
// the spread and the kept legs read either way change the optimum first
// at seeds 5 and 7), 20 seeds of every subtask with PLANCERT_LONG=1 (each
// subtask's own sentences, the pickup-before-delivery one among them).
func TestReadingsRuledOut(t *testing.T) {
	familytest.RuledOutReadings(t, task.ID, unitPool, dispatchReadings, familytest.Levels{Short: 8, Default: 8, Long: 20}, false)
}
