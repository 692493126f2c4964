package route

import (
	"fmt"
	"math"
	"slices"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/tsplib"
)

// Fleet is a vehicle-routing instance with capacity and time windows
// (VRPTW): location 0 is the depot, 1..N the customers. Each customer is
// visited once by one vehicle, whose load never exceeds Capacity; service
// at customer c starts within [Ready[c], Due[c]] (a vehicle may wait) and
// lasts Service[c]; every route leaves the depot at Ready[0] or later and
// is back by Due[0] (no time rule when Ready, Due and Service are all
// nil; no capacity rule when Capacity is 0); with MaxDrive > 0 no route drives longer. At most Vehicles vehicles, all alike, are used, and
// the total travel time is minimized.
type Fleet struct {
	Travel   [][]int64 // Travel[i][j], i, j in 0..N
	Demand   []int64   // per location; Demand[0] is 0
	Ready    []int64
	Due      []int64
	Service  []int64
	Capacity int64 // 0: no capacity rule
	Vehicles int
	// Closed lists closed roads: pairs of locations between which no
	// vehicle drives directly, in either direction.
	Closed [][2]int
	// Before lists visit-order precedences: customer p[0] is visited
	// before customer p[1], on the same route.
	Before [][2]int
	// Balance, when positive, bounds the difference between the driving
	// times of any two used vehicles' routes.
	Balance int64
	// MaxDrive, when positive, limits each route's total driving time
	// (the sum of its travel times, depot to depot): the driver-hours rule.
	MaxDrive int64
	// Types, when non-nil, gives each vehicle's type (0, 1, …; one entry
	// per vehicle, non-decreasing, so vehicles of one type are numbered
	// together): only vehicles of the same type are alike, and the
	// vehicle-order rule orders only those. Nil: all vehicles alike. Which
	// types may serve a customer is the caller's rule (FleetModel.Forbid).
	Types []int
}

// untimed reports a fleet without time windows (Ready, Due and Service
// all nil).
func (f *Fleet) untimed() bool { return f.Ready == nil && f.Due == nil && f.Service == nil }

// Customers returns N.
func (f *Fleet) Customers() int { return len(f.Travel) - 1 }

// Validate reports the first malformed field.
func (f *Fleet) Validate() error {
	n := len(f.Travel)
	if n < 2 {
		return fmt.Errorf("route: fleet: Travel: %d locations, want the depot and at least one customer", n)
	}
	for i, row := range f.Travel {
		if len(row) != n {
			return fmt.Errorf("route: fleet: Travel[%d]: %d entries, want %d", i, len(row), n)
		}
		for j, x := range row {
			if i != j && x < 0 {
				return fmt.Errorf("route: fleet: Travel[%d][%d]: %d is negative", i, j, x)
			}
		}
	}
	for name, s := range map[string][]int64{"Demand": f.Demand, "Ready": f.Ready, "Due": f.Due, "Service": f.Service} {
		if len(s) != n && (name == "Demand" || !f.untimed()) {
			return fmt.Errorf("route: fleet: %s: %d entries, want %d", name, len(s), n)
		}
	}
	for c := range n {
		switch {
		case f.Demand[c] < 0 || (f.Capacity > 0 && f.Demand[c] > f.Capacity):
			return fmt.Errorf("route: fleet: Demand[%d]: %d is outside [0, capacity %d]", c, f.Demand[c], f.Capacity)
		case f.untimed():
		case f.Ready[c] > f.Due[c]:
			return fmt.Errorf("route: fleet: location %d: ready %d after due %d", c, f.Ready[c], f.Due[c])
		case f.Service[c] < 0:
			return fmt.Errorf("route: fleet: Service[%d]: %d is negative", c, f.Service[c])
		}
	}
	for i, c := range f.Closed {
		if c[0] < 0 || c[1] < 0 || c[0] >= n || c[1] >= n || c[0] == c[1] {
			return fmt.Errorf("route: fleet: Closed[%d]: %v is not a pair of distinct locations", i, c)
		}
	}
	for i, p := range f.Before {
		if p[0] < 1 || p[1] < 1 || p[0] >= n || p[1] >= n || p[0] == p[1] {
			return fmt.Errorf("route: fleet: Before[%d]: %v is not a pair of distinct customers", i, p)
		}
	}
	if f.Balance < 0 {
		return fmt.Errorf("route: fleet: Balance: %d is negative", f.Balance)
	}
	if f.Capacity < 0 {
		return fmt.Errorf("route: fleet: Capacity: %d is negative", f.Capacity)
	}
	if f.MaxDrive < 0 {
		return fmt.Errorf("route: fleet: MaxDrive: %d is negative", f.MaxDrive)
	}
	if f.Vehicles < 1 {
		return fmt.Errorf("route: fleet: Vehicles: %d, want at least 1", f.Vehicles)
	}
	if f.Types != nil && len(f.Types) != f.Vehicles {
		return fmt.Errorf("route: fleet: Types: %d entries for %d vehicles", len(f.Types), f.Vehicles)
	}
	for v, t := range f.Types {
		if t < 0 || t > 63 || (v > 0 && t < f.Types[v-1]) {
			return fmt.Errorf("route: fleet: Types[%d]: %d is outside 0..63 or below the type before it", v, t)
		}
	}
	return nil
}

// vehicleType is vehicle v's type (0 without Types).
func (f *Fleet) vehicleType(v int) int {
	if f.Types == nil {
		return 0
	}
	return f.Types[v]
}

// FleetModel is the model of a Fleet as one giant circuit: node k < K is
// the depot as the start of vehicle k's route (K = Vehicles), node K+c-1 is
// customer c. The circuit runs depot 0, vehicle 0's customers, depot 1,
// vehicle 1's customers, …, back to depot 0; an arc depot k → depot k+1 is
// an unused vehicle.
//
// "The same plan" is the same set of routes, each route an ordered list of
// customers: vehicles are alike, and a route's direction matters (time
// windows). One representative per plan is kept by ordering the routes:
// used vehicles first, by their first customer's number. The answer
// variables are the arcs; service start times and loads are auxiliary (a
// route with slack has many start times and is still one plan).
type FleetModel struct {
	Model  *encode.Model
	Groups FleetGroups
	Fleet  *Fleet
	// Arc[u][v] is the literal of arc u→v between nodes, or -1 where there
	// is no such arc.
	Arc [][]encode.Var
	// Veh[u] is, for a customer node u, the number of the vehicle that
	// serves it (depot nodes: -1).
	Veh []encode.Var
}

// FleetGroups names the model's constraint groups (the rule names of a
// prompt).
type FleetGroups struct {
	Visit, Capacity, Windows, Drive, Closed, Before, Balance, Order string
}

// DefaultFleetGroups are the group names of NewFleetModel.
var DefaultFleetGroups = FleetGroups{Visit: "visit every customer once", Capacity: "capacity", Windows: "time windows", Drive: "driver hours", Closed: "road closure", Before: "visit order", Balance: "balanced routes", Order: "vehicle order"}

// NewFleetModel builds the model of f with DefaultFleetGroups: the circuit,
// capacity, time windows, driver hours (with MaxDrive) and the
// symmetry-breaking vehicle order.
func NewFleetModel(f *Fleet) (*FleetModel, error) { return NewFleetModelGroups(f, DefaultFleetGroups) }

// NewFleetModelGroups is NewFleetModel with the given group names.
func NewFleetModelGroups(f *Fleet, g FleetGroups) (*FleetModel, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	k, n := f.Vehicles, f.Customers()
	nodes := k + n
	loc := func(u int) int {
		if u < k {
			return 0
		}
		return u - k + 1
	}
	m := encode.NewModel()
	fm := &FleetModel{Model: m, Groups: g, Fleet: f, Arc: make([][]encode.Var, nodes)}
	var arcs []encode.Arc
	var obj []encode.Term
	var answer []encode.Var
	for u := range nodes {
		fm.Arc[u] = make([]encode.Var, nodes)
		for v := range nodes {
			fm.Arc[u][v] = -1
			if u == v || (u < k && v < k && v != (u+1)%k) {
				continue // depot to depot only as an unused vehicle
			}
			if k == 1 && u == 0 && v == 0 {
				continue
			}
			x := m.NewBool(fmt.Sprintf("arc_%d_%d", u, v))
			fm.Arc[u][v] = x
			arcs = append(arcs, encode.Arc{From: u, To: v, Lit: x.Lit()})
			obj = append(obj, encode.Term{Var: x, Coef: f.Travel[loc(u)][loc(v)]})
			answer = append(answer, x)
		}
	}
	m.AddCircuit(arcs...).Named(g.Visit)
	m.Minimize(obj...)
	m.SetAnswer(answer...)

	// Vehicle of each customer, so that routes run in depot order.
	timed := !f.untimed()
	veh := make([]encode.Var, nodes)
	start := make([]encode.Var, nodes)
	load := make([]encode.Var, nodes)
	drive := make([]encode.Var, nodes) // driving time from the depot to the customer
	for c := k; c < nodes; c++ {
		l := loc(c)
		veh[c] = m.NewInt(fmt.Sprintf("vehicle_%d", l), 0, int64(k-1))
		if timed {
			start[c] = m.NewInt(fmt.Sprintf("start_%d", l), f.Ready[l], f.Due[l])
		}
		if f.Capacity > 0 {
			load[c] = m.NewInt(fmt.Sprintf("load_%d", l), f.Demand[l], f.Capacity)
		}
		if f.MaxDrive > 0 {
			drive[c] = m.NewInt(fmt.Sprintf("drive_%d", l), 0, f.MaxDrive)
		}
	}
	one := func(x encode.Var, c int64) encode.Term { return encode.Term{Var: x, Coef: c} }
	count := 0
	name := func(g string) string { count++; return fmt.Sprintf("%s #%d", g, count) }
	fm.Veh = veh
	for u := range k {
		fm.Veh[u] = -1
	}
	for u := range nodes {
		for v := range nodes {
			a := fm.Arc[u][v]
			if a < 0 {
				continue
			}
			on := a.Lit()
			lu, lv := loc(u), loc(v)
			switch {
			case u < k && v >= k: // vehicle u leaves the depot for v
				m.AddLinear([]encode.Term{one(veh[v], 1)}, encode.EQ, int64(u)).OnlyIf(on).Named(name(g.Order)).InGroup(g.Order)
				if timed {
					m.AddLinear([]encode.Term{one(start[v], 1)}, encode.GE, f.Ready[0]+f.Travel[0][lv]).OnlyIf(on).Named(name(g.Windows)).InGroup(g.Windows)
				}
				if f.MaxDrive > 0 {
					m.AddLinear([]encode.Term{one(drive[v], 1)}, encode.GE, f.Travel[0][lv]).OnlyIf(on).Named(name(g.Drive)).InGroup(g.Drive)
				}
			case u >= k && v >= k:
				m.AddLinear([]encode.Term{one(veh[v], 1), one(veh[u], -1)}, encode.EQ, 0).OnlyIf(on).Named(name(g.Order)).InGroup(g.Order)
				if timed {
					m.AddLinear([]encode.Term{one(start[v], 1), one(start[u], -1)}, encode.GE, f.Service[lu]+f.Travel[lu][lv]).OnlyIf(on).Named(name(g.Windows)).InGroup(g.Windows)
				}
				if f.Capacity > 0 {
					m.AddLinear([]encode.Term{one(load[v], 1), one(load[u], -1)}, encode.GE, f.Demand[lv]).OnlyIf(on).Named(name(g.Capacity)).InGroup(g.Capacity)
				}
				if f.MaxDrive > 0 {
					m.AddLinear([]encode.Term{one(drive[v], 1), one(drive[u], -1)}, encode.GE, f.Travel[lu][lv]).OnlyIf(on).Named(name(g.Drive)).InGroup(g.Drive)
				}
			case u >= k && v < k: // back at the depot, which starts vehicle v
				m.AddLinear([]encode.Term{one(veh[u], 1)}, encode.EQ, int64((v+k-1)%k)).OnlyIf(on).Named(name(g.Order)).InGroup(g.Order)
				if timed {
					m.AddLinear([]encode.Term{one(start[u], 1)}, encode.LE, f.Due[0]-f.Service[lu]-f.Travel[lu][0]).OnlyIf(on).Named(name(g.Windows)).InGroup(g.Windows)
				}
				if f.MaxDrive > 0 {
					m.AddLinear([]encode.Term{one(drive[u], 1)}, encode.LE, f.MaxDrive-f.Travel[lu][0]).OnlyIf(on).Named(name(g.Drive)).InGroup(g.Drive)
				}
			}
		}
	}
	closed := map[[2]int]bool{}
	for _, c := range f.Closed {
		closed[c], closed[[2]int{c[1], c[0]}] = true, true
	}
	for u := range nodes {
		for v := range nodes {
			if a := fm.Arc[u][v]; a >= 0 && closed[[2]int{loc(u), loc(v)}] {
				m.AddLinear([]encode.Term{one(a, 1)}, encode.LE, 0).Named(name(g.Closed)).InGroup(g.Closed)
			}
		}
	}
	if len(f.Before) > 0 {
		// Positions along a route: an arc between customers raises the
		// position by at least one, so "p before q" is pos(q) ≥ pos(p)+1
		// on the same vehicle.
		pos := make([]encode.Var, nodes)
		for c := k; c < nodes; c++ {
			pos[c] = m.NewInt(fmt.Sprintf("pos_%d", loc(c)), 1, int64(n))
		}
		for u := k; u < nodes; u++ {
			for v := k; v < nodes; v++ {
				if a := fm.Arc[u][v]; a >= 0 {
					m.AddLinear([]encode.Term{one(pos[v], 1), one(pos[u], -1)}, encode.GE, 1).OnlyIf(a.Lit()).Named(name(g.Before)).InGroup(g.Before)
				}
			}
		}
		for _, p := range f.Before {
			a, b := k+p[0]-1, k+p[1]-1
			m.AddLinear([]encode.Term{one(veh[a], 1), one(veh[b], -1)}, encode.EQ, 0).Named(name(g.Before)).InGroup(g.Before)
			m.AddLinear([]encode.Term{one(pos[b], 1), one(pos[a], -1)}, encode.GE, 1).Named(name(g.Before)).InGroup(g.Before)
		}
	}
	if f.Balance > 0 && k > 1 {
		// Exact driving time from the depot to each customer and of each
		// route (unused: 0); used routes differ by at most Balance.
		var ub int64
		for _, row := range f.Travel {
			ub += slices.Max(row)
		}
		span := make([]encode.Var, nodes)
		for c := k; c < nodes; c++ {
			span[c] = m.NewInt(fmt.Sprintf("span_%d", loc(c)), 0, ub)
		}
		length := make([]encode.Var, k)
		for d := range k {
			length[d] = m.NewInt(fmt.Sprintf("length_%d", d), 0, ub)
		}
		bal := func(terms []encode.Term, rhs int64, on encode.Lit) {
			m.AddLinear(terms, encode.EQ, rhs).OnlyIf(on).Named(name(g.Balance)).InGroup(g.Balance)
		}
		for u := range nodes {
			for v := range nodes {
				a := fm.Arc[u][v]
				if a < 0 {
					continue
				}
				switch lu, lv := loc(u), loc(v); {
				case u < k && v < k:
					bal([]encode.Term{one(length[u], 1)}, 0, a.Lit())
				case u < k:
					bal([]encode.Term{one(span[v], 1)}, f.Travel[0][lv], a.Lit())
				case v < k:
					bal([]encode.Term{one(length[(v+k-1)%k], 1), one(span[u], -1)}, f.Travel[lu][0], a.Lit())
				default:
					bal([]encode.Term{one(span[v], 1), one(span[u], -1)}, f.Travel[lu][lv], a.Lit())
				}
			}
		}
		for a := range k {
			for b := a + 1; b < k; b++ {
				usedA, usedB := fm.Arc[a][(a+1)%k].Not(), fm.Arc[b][(b+1)%k].Not()
				m.AddLinear([]encode.Term{one(length[a], 1), one(length[b], -1)}, encode.LE, f.Balance).OnlyIf(usedA, usedB).Named(name(g.Balance)).InGroup(g.Balance)
				m.AddLinear([]encode.Term{one(length[b], 1), one(length[a], -1)}, encode.LE, f.Balance).OnlyIf(usedA, usedB).Named(name(g.Balance)).InGroup(g.Balance)
			}
		}
	}
	// Used vehicles first, ordered by first customer: first_k is the first
	// customer's number, N+1 for an unused vehicle. With Types, only
	// consecutive vehicles of one type are ordered (vehicles of different
	// types are not alike).
	if k > 1 {
		first := make([]encode.Var, k)
		for d := range k {
			first[d] = m.NewInt(fmt.Sprintf("first_%d", d), 1, int64(n+1))
			for v := range nodes {
				if a := fm.Arc[d][v]; a >= 0 {
					val := int64(n + 1)
					if v >= k {
						val = int64(loc(v))
					}
					m.AddLinear([]encode.Term{one(first[d], 1)}, encode.EQ, val).OnlyIf(a.Lit()).Named(name(g.Order)).InGroup(g.Order)
				}
			}
		}
		for d := 0; d+1 < k; d++ {
			if f.vehicleType(d) != f.vehicleType(d+1) {
				continue
			}
			m.AddLinear([]encode.Term{one(first[d], 1), one(first[d+1], -1)}, encode.LE, 0).Named(name(g.Order)).InGroup(g.Order)
		}
	}
	return fm, nil
}

// UsedTerms are the terms of the number of vehicles used: one per arc
// from a vehicle's depot node to a customer (the tie-break level "the
// fewest vehicles").
func (fm *FleetModel) UsedTerms() []encode.Term {
	k, n := fm.Fleet.Vehicles, fm.Fleet.Customers()
	var ts []encode.Term
	for v := range k {
		for c := k; c < k+n; c++ {
			if x := fm.Arc[v][c]; x >= 0 {
				ts = append(ts, encode.Term{Var: x, Coef: 1})
			}
		}
	}
	return ts
}

// OrderTerms are the terms of Σ x·y² over the consecutive customers x → y
// of every route (a tie-break level that tells apart plans equal so far).
func (fm *FleetModel) OrderTerms() []encode.Term {
	k, n := fm.Fleet.Vehicles, fm.Fleet.Customers()
	var ts []encode.Term
	for u := k; u < k+n; u++ {
		for v := k; v < k+n; v++ {
			if x := fm.Arc[u][v]; x >= 0 {
				a, b := int64(u-k+1), int64(v-k+1)
				ts = append(ts, encode.Term{Var: x, Coef: a * b * b})
			}
		}
	}
	return ts
}

// MinimizeTieBreaks adds the first levels (at most two) of the stated
// tie-breaks of a fleet: the fewest vehicles (UsedTerms), then the least
// Σ x·y² over consecutive customers x → y (OrderTerms).
func (fm *FleetModel) MinimizeTieBreaks(levels int) {
	if levels >= 1 {
		fm.Model.Minimize(fm.UsedTerms()...)
	}
	if levels >= 2 {
		fm.Model.Minimize(fm.OrderTerms()...)
	}
}

// MaximizeKept adds the level "keep as many legs of the current plan as
// you can": the most arcs that drive a leg of current (LegArcs; KeptLegs
// is its value).
func (fm *FleetModel) MaximizeKept(current [][]int) {
	var kept []encode.Term
	for _, leg := range Legs(current) {
		for _, x := range fm.LegArcs(leg[0], leg[1]) {
			kept = append(kept, encode.Term{Var: x, Coef: 1})
		}
	}
	fm.Model.Maximize(kept...)
}

// Forbid adds to group the rule that customer c (1..N) is not served by
// vehicle v: its vehicle number is ≤ v-1 or ≥ v+1, one side chosen by a
// fresh flag (no flag at the ends of the range).
func (fm *FleetModel) Forbid(c, v int, group string) {
	m, k := fm.Model, fm.Fleet.Vehicles
	x := fm.Veh[k+c-1]
	t := []encode.Term{{Var: x, Coef: 1}}
	name := func() string { return fmt.Sprintf("%s: customer %d not by vehicle %d", group, c, v) }
	switch {
	case v == 0:
		m.AddLinear(t, encode.GE, 1).Named(name()).InGroup(group)
	case v == k-1:
		m.AddLinear(t, encode.LE, int64(k-2)).Named(name()).InGroup(group)
	default:
		side := m.NewBool(fmt.Sprintf("not_vehicle_%d_%d", c, v))
		m.AddLinear(t, encode.LE, int64(v-1)).OnlyIf(side.Lit()).Named(name() + " (below)").InGroup(group)
		m.AddLinear(t, encode.GE, int64(v+1)).OnlyIf(side.Not()).Named(name() + " (above)").InGroup(group)
	}
}

// Routes decodes a solution into the routes of the used vehicles, each the
// list of its customers (numbered 1..N) in visiting order, in vehicle
// order.
func (fm *FleetModel) Routes(a encode.Assignment) ([][]int, error) {
	all, err := fm.VehicleRoutes(a)
	if err != nil {
		return nil, err
	}
	var routes [][]int
	for _, r := range all {
		if len(r) > 0 {
			routes = append(routes, r)
		}
	}
	return routes, nil
}

// VehicleRoutes is Routes with one entry per vehicle, in vehicle order,
// empty for an unused vehicle.
func (fm *FleetModel) VehicleRoutes(a encode.Assignment) ([][]int, error) {
	k := fm.Fleet.Vehicles
	nodes := len(fm.Arc)
	next := make([]int, nodes)
	for u := range nodes {
		next[u] = -1
		for v := range nodes {
			if x := fm.Arc[u][v]; x >= 0 && a[x] == 1 {
				if next[u] >= 0 {
					return nil, fmt.Errorf("route: node %d has two outgoing arcs", u)
				}
				next[u] = v
			}
		}
		if next[u] < 0 {
			return nil, fmt.Errorf("route: node %d has no outgoing arc", u)
		}
	}
	var routes [][]int
	seen := 0
	for d := range k {
		var r []int
		for u := next[d]; u >= k; u = next[u] {
			r = append(r, u-k+1)
			if seen++; seen > nodes {
				return nil, fmt.Errorf("route: the arcs cycle among customers")
			}
		}
		routes = append(routes, r)
	}
	if seen != nodes-k {
		return nil, fmt.Errorf("route: the routes visit %d of %d customers", seen, nodes-k)
	}
	return routes, nil
}

// Evaluate checks routes against f by simulation (earliest service
// starts) and returns their total travel time; the error names the first
// broken rule.
// Routes carry no vehicle, so Types (and any FleetModel.Forbid rule) are
// not checked here.
func (f *Fleet) Evaluate(routes [][]int) (int64, error) {
	n := f.Customers()
	if len(routes) > f.Vehicles {
		return 0, fmt.Errorf("route: %d routes for %d vehicles", len(routes), f.Vehicles)
	}
	seen := make([]bool, n+1)
	var total int64
	for i, r := range routes {
		if len(r) == 0 {
			return 0, fmt.Errorf("route: route %d is empty", i+1)
		}
		timed := !f.untimed()
		var t int64
		if timed {
			t = f.Ready[0]
		}
		load, at, driven := int64(0), 0, int64(0)
		for _, c := range r {
			if c < 1 || c > n || seen[c] {
				return 0, fmt.Errorf("route: route %d: customer %d is unknown or visited twice", i+1, c)
			}
			seen[c] = true
			if f.closed(at, c) {
				return 0, fmt.Errorf("route: road closure: route %d drives between %d and %d", i+1, at, c)
			}
			total += f.Travel[at][c]
			driven += f.Travel[at][c]
			if timed {
				t = max(t+f.Service[at]*b2i(at != 0)+f.Travel[at][c], f.Ready[c])
			}
			if timed && t > f.Due[c] {
				return 0, fmt.Errorf("route: time windows: route %d reaches customer %d at %d, after its due time %d", i+1, c, t, f.Due[c])
			}
			if load += f.Demand[c]; f.Capacity > 0 && load > f.Capacity {
				return 0, fmt.Errorf("route: capacity: route %d carries %d, more than %d", i+1, load, f.Capacity)
			}
			at = c
		}
		if f.closed(at, 0) {
			return 0, fmt.Errorf("route: road closure: route %d drives between %d and %d", i+1, at, 0)
		}
		total += f.Travel[at][0]
		if driven += f.Travel[at][0]; f.MaxDrive > 0 && driven > f.MaxDrive {
			return 0, fmt.Errorf("route: driver hours: route %d drives %d, more than %d", i+1, driven, f.MaxDrive)
		}
		if timed {
			if back := t + f.Service[at] + f.Travel[at][0]; back > f.Due[0] {
				return 0, fmt.Errorf("route: time windows: route %d is back at the depot at %d, after %d", i+1, back, f.Due[0])
			}
		}
	}
	for c := 1; c <= n; c++ {
		if !seen[c] {
			return 0, fmt.Errorf("route: customer %d is not visited", c)
		}
	}
	if f.Balance > 0 && len(routes) > 1 {
		var lo, hi int64 = math.MaxInt64, 0
		for _, r := range routes {
			var t int64
			at := 0
			for _, c := range append(slices.Clone(r), 0) {
				t += f.Travel[at][c]
				at = c
			}
			lo, hi = min(lo, t), max(hi, t)
		}
		if hi-lo > f.Balance {
			return 0, fmt.Errorf("route: balanced routes: routes drive between %d and %d minutes, more than %d apart", lo, hi, f.Balance)
		}
	}
	for _, p := range f.Before {
		if !VisitsBefore(routes, p[0], p[1]) {
			return 0, fmt.Errorf("route: visit order: customer %d is not visited before customer %d on the same route", p[0], p[1])
		}
	}
	return total, nil
}

// Legs lists the legs of routes: pairs of locations (0 the depot)
// driven directly one after the other, in driving direction.
func Legs(routes [][]int) [][2]int {
	var out [][2]int
	for _, rt := range routes {
		at := 0
		for _, c := range rt {
			out = append(out, [2]int{at, c})
			at = c
		}
		out = append(out, [2]int{at, 0})
	}
	return out
}

// LegSum is the sum of at(i, j) over the legs (i, j) of routes (Legs):
// the driving time of routes when at is the travel time.
func LegSum(routes [][]int, at func(i, j int) int64) int64 {
	var t int64
	for _, leg := range Legs(routes) {
		t += at(leg[0], leg[1])
	}
	return t
}

// KeptLegs is the number of legs of current (Legs) that routes drive
// too, each counted once per time current drives it: the value of the
// level "keep as many legs of the current plan as you can" (MaximizeKept).
func KeptLegs(current, routes [][]int) int64 {
	have := map[[2]int]bool{}
	for _, leg := range Legs(routes) {
		have[leg] = true
	}
	var kept int64
	for _, leg := range Legs(current) {
		if have[leg] {
			kept++
		}
	}
	return kept
}

// TieBreakValues are the values of routes at the first levels (at most
// two) of the stated tie-breaks that MinimizeTieBreaks states: the number
// of routes, then Σ x·y² over consecutive customers x → y.
func TieBreakValues(routes [][]int, levels int) []int64 {
	var out []int64
	if levels >= 1 {
		out = append(out, int64(len(routes)))
	}
	if levels >= 2 {
		var pairs int64
		for _, rt := range routes {
			for i := 1; i < len(rt); i++ {
				pairs += int64(rt[i-1]) * int64(rt[i]) * int64(rt[i])
			}
		}
		out = append(out, pairs)
	}
	return out
}

// VisitsBefore reports whether some route visits a and later b.
func VisitsBefore(routes [][]int, a, b int) bool {
	for _, r := range routes {
		i, j := slices.Index(r, a), slices.Index(r, b)
		if i >= 0 && j > i {
			return true
		}
	}
	return false
}

func (f *Fleet) closed(i, j int) bool {
	for _, c := range f.Closed {
		if c == [2]int{i, j} || c == [2]int{j, i} {
			return true
		}
	}
	return false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// FleetFromVRPTW converts an instance read by tsplib.ReadVRPTW.
func FleetFromVRPTW(v *tsplib.VRPTW) *Fleet {
	return &Fleet{Travel: v.Travel, Demand: v.Demand, Ready: v.Ready, Due: v.Due, Service: v.Service, Capacity: v.Capacity, Vehicles: v.Vehicles}
}

// LegArcs returns the arcs that drive from location i to location j
// (0 the depot): one arc between customers, one per vehicle to or from the
// depot.
func (fm *FleetModel) LegArcs(i, j int) []encode.Var {
	k := fm.Fleet.Vehicles
	node := func(l int) int { return k + l - 1 }
	var out []encode.Var
	switch {
	case i == 0 && j == 0:
	case i == 0:
		for v := range k {
			if x := fm.Arc[v][node(j)]; x >= 0 {
				out = append(out, x)
			}
		}
	case j == 0:
		for v := range k {
			if x := fm.Arc[node(i)][v]; x >= 0 {
				out = append(out, x)
			}
		}
	default:
		if x := fm.Arc[node(i)][node(j)]; x >= 0 {
			out = append(out, x)
		}
	}
	return out
}
