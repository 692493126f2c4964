package delivery

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/encode"
)

// The units of task 21, Logistics Delivery Planning.
const (
	unitCapacity   = "capacity"
	unitWindows    = "time-windows"
	unitDriving    = "driver-hours"
	unitInfeasible = "infeasibility"
	unitClosure    = "road-closure"
	unitOrder      = "visit-order"
	unitBalance    = "balanced-routes"
)

// The rule names of the prompt, which are the model's groups. The "core: "
// groups are always on (domains.AlwaysOn): a conflict never names them.
const (
	ruleRoutes   = "core: routes"
	ruleOrder    = "core: van order" // symmetry breaking, not a rule of the plan
	ruleCapacity = "vehicle capacity"
	ruleWindows  = "delivery windows"
	ruleDriving  = "driving limit"
	ruleClosure  = "road closure"
	ruleBefore   = "visit order"
	ruleBalance  = "balanced routes"
)

// vocab is a subtask's vocabulary and sizes.
type vocab struct {
	Intro    string   `json:"intro"`
	Vehicle  string   `json:"vehicle"`
	Vehicles string   `json:"vehicles"`
	Goods    string   `json:"goods"`
	Depot    string   `json:"depot"`
	Stops    []string `json:"-"`
	MinStops int      `json:"-"`
	MaxStops int      `json:"-"`
	MinFleet int      `json:"-"`
	MaxFleet int      `json:"-"`
	Minute   int64    `json:"-"` // minutes per grid step
}

var subtasks = map[string]vocab{
	"parcel-vans": {Intro: "You are planning today's parcel deliveries for a small courier company.", Vehicle: "van", Vehicles: "vans", Goods: "parcels", Depot: "the depot",
		Stops: []string{"S1 Bakery", "S2 Library", "S3 Dentist", "S4 Bookshop", "S5 Florist", "S6 Gym", "S7 Pharmacy", "S8 Town Hall", "S9 Toy Shop", "S10 Café", "S11 Bike Shop", "S12 Tailor", "S13 Optician", "S14 Pet Shop", "S15 Hardware Store", "S16 Post Office", "S17 Wine Shop", "S18 Music School", "S19 Deli", "S20 Shoe Shop"}, MinStops: 4, MaxStops: 6, MinFleet: 2, MaxFleet: 3, Minute: 4},
	"grocery-trucks": {Intro: "You are planning the morning deliveries of a grocery wholesaler's refrigerated trucks.", Vehicle: "truck", Vehicles: "trucks", Goods: "crates", Depot: "the warehouse",
		Stops: []string{"S1 Corner Market", "S2 Fresh Mart", "S3 Hilltop Grocer", "S4 Station Deli", "S5 Harbour Foods", "S6 Mill Lane Shop", "S7 Green Basket", "S8 Village Stores", "S9 Park Road Market", "S10 Bridge Grocer", "S11 Riverside Foods", "S12 Old Town Deli", "S13 Quay Provisions", "S14 Church Street Shop", "S15 Meadow Farm Shop", "S16 Canal Market", "S17 North End Grocer", "S18 Castle Foods", "S19 Orchard Stores", "S20 Square Deli"}, MinStops: 4, MaxStops: 6, MinFleet: 2, MaxFleet: 3, Minute: 5},
	"pharmacy-bikes": {Intro: "You are planning the rounds of a pharmacy supplier's cargo bikes.", Vehicle: "cargo bike", Vehicles: "cargo bikes", Goods: "boxes", Depot: "the hub",
		Stops: []string{"S1 North Pharmacy", "S2 Clinic", "S3 Care Home", "S4 Old Town Pharmacy", "S5 Health Centre", "S6 Children's Hospital", "S7 Riverside Pharmacy", "S8 Dental Practice", "S9 Hospice", "S10 Eye Clinic", "S11 Park Surgery", "S12 Station Pharmacy", "S13 Rehab Centre", "S14 Maternity Unit", "S15 West Pharmacy", "S16 Day Hospital", "S17 Blood Bank", "S18 Vet Clinic", "S19 Sports Clinic", "S20 Walk-in Centre"}, MinStops: 4, MaxStops: 5, MinFleet: 2, MaxFleet: 2, Minute: 6},
	"building-supplies": {Intro: "You are planning the day's deliveries of a builders' merchant's flatbed trucks.", Vehicle: "truck", Vehicles: "trucks", Goods: "pallets", Depot: "the yard",
		Stops: []string{"S1 School site", "S2 Bridge works", "S3 Housing plot", "S4 Office fit-out", "S5 Roof repair", "S6 Shop front", "S7 Library extension", "S8 Hospital wing", "S9 Car park deck", "S10 Church restoration", "S11 Canal wall", "S12 Sports hall", "S13 Barn conversion", "S14 Pier repair", "S15 Fire station", "S16 Station canopy", "S17 Hotel refit", "S18 Care home annex", "S19 Factory floor", "S20 Water tower"}, MinStops: 4, MaxStops: 6, MinFleet: 2, MaxFleet: 3, Minute: 5},
}

// Delivery is an instance of task 21: a VRPTW over a depot and named
// stops. Times are minutes after DayStart. Ready, Due and Service are nil
// without the time-windows unit; Capacity is 0 without the capacity unit;
// MaxDrive is 0 without the driver-hours unit.
type Delivery struct {
	S        domains.Spec `json:"spec"`
	Voc      vocab        `json:"vocab"`
	Stops    []string     `json:"stops"`
	Travel   [][]int64    `json:"travel"`
	Demand   []int64      `json:"demand"`
	Ready    []int64      `json:"ready,omitempty"`
	Due      []int64      `json:"due,omitempty"`
	Service  []int64      `json:"service,omitempty"`
	Vehicles int          `json:"vehicles"`
	Capacity int64        `json:"capacity,omitempty"`
	MaxDrive int64        `json:"max_drive,omitempty"`
	// Current is the plan in force before the closure (road-closure unit):
	// routes of stop numbers 1..N. Closed is the closed road, a pair of
	// stop numbers.
	Current [][]int  `json:"current,omitempty"`
	Closed  [][2]int `json:"closed,omitempty"`
	// Before is the visit-order rule: stop Before[0][0] before stop
	// Before[0][1], on the same route (visit-order unit).
	Before [][2]int `json:"before,omitempty"`
	// Balance bounds the difference of driving times between used routes
	// (balanced-routes unit).
	Balance  int64 `json:"balance,omitempty"`
	DayStart int64 `json:"day_start"`
	// Levels is the number of stated tie-break levels in force (TieBreak).
	Levels int `json:"levels"`
}

// subtaskList is the registry's view of the subtasks (the vocabularies
// are in subtasks, by ID).
var subtaskList = []domains.Subtask{
	{ID: "parcel-vans", Title: "city parcel vans", Likely: map[string]float64{unitWindows: 2}},
	{ID: "grocery-trucks", Title: "refrigerated grocery trucks", Likely: map[string]float64{unitCapacity: 2, unitWindows: 1.5}},
	{ID: "pharmacy-bikes", Title: "pharmacy cargo bikes", Likely: map[string]float64{unitDriving: 2, unitCapacity: 1.5}},
	{ID: "building-supplies", Title: "building-site pallet trucks", Likely: map[string]float64{unitCapacity: 2}},
}

// task is task 21 as registered.
var task *domains.Task

// init registers task 21 (route.Register; its loader's errors start
// "route: logistics-delivery: ").
func init() {
	task = route.Register(domains.Task{ID: "logistics-delivery", Name: "Logistics Delivery Planning", Pool: pool}, subtaskList, subtasks, generate, route.Loader("logistics-delivery", (*Delivery).validate), levels)
}

// LogisticsDelivery returns task 21, registered as "logistics-delivery".
func LogisticsDelivery() *domains.Task { return task }

// validate sets the vocabulary of a loaded instance's subtask and reports
// its first inconsistency, naming the field: the core's data and the
// fleet, then the data of units the spec does not have, then each sampled
// unit's data (its domains.Validator).
func (d *Delivery) validate() error {
	voc, err := route.Vocab(subtasks, d.S)
	if err != nil {
		return err
	}
	d.Voc.Stops, d.Voc.MinStops, d.Voc.MaxStops, d.Voc.MinFleet, d.Voc.MaxFleet, d.Voc.Minute = voc.Stops, voc.MinStops, voc.MaxStops, voc.MinFleet, voc.MaxFleet, voc.Minute
	if err := d.fleet().Validate(); err != nil {
		return err
	}
	if len(d.Stops) != len(d.Travel)-1 {
		return fmt.Errorf("stops: %d names for %d stops", len(d.Stops), len(d.Travel)-1)
	}
	if d.Levels < 0 || d.Levels > 2 {
		return fmt.Errorf("levels: %d is outside 0..2", d.Levels)
	}
	if (d.Current == nil) != (d.Closed == nil) || len(d.Closed) > 1 || len(d.Before) > 1 {
		return fmt.Errorf("current, closed, before: want a current plan with exactly one closed road, at most one visit order")
	}
	seen := map[int]bool{}
	for i, rt := range d.Current {
		for _, c := range rt {
			if c < 1 || c > len(d.Stops) || seen[c] {
				return fmt.Errorf("current[%d]: stop %d is unknown or repeated", i, c)
			}
			seen[c] = true
		}
	}
	if d.Current != nil && len(seen) != len(d.Stops) {
		return fmt.Errorf("current: %d of %d stops", len(seen), len(d.Stops))
	}
	if d.Closed != nil && (d.Closed[0][0] < 1 || d.Closed[0][1] < 1) {
		return fmt.Errorf("closed: %v is not a road between two stops", d.Closed[0])
	}
	return route.CheckUnitData(d, unitPool, d.S.Has)
}

// generate draws an instance of subtask voc: stops on a street grid, a
// hidden plan (stops dealt to vehicles), then windows, capacity, driving
// limit and balance bound fitted around it, so that the instance is
// feasible unless the infeasibility unit breaks it.
//
// The units' data is drawn here, on spec.Has, interleaved with the core's
// draws: the road-closure and visit-order units steer the deal of the
// hidden plan, every plan draws the windows (kept only with the
// time-windows unit), and the units' own draws come in an order that is
// not the pool's (windows before capacity, road closure before
// infeasibility). Moving a draw into its unit (a domains.Sampler, run in
// pool order) would change the random draws and so every instance.
func generate(voc vocab, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
	n := voc.MinStops + r.IntN(voc.MaxStops-voc.MinStops+1)
	k := voc.MinFleet + r.IntN(voc.MaxFleet-voc.MinFleet+1)
	d := &Delivery{S: spec, Voc: voc, Vehicles: k, DayStart: 8 * 60}
	d.Stops = slices.Clone(voc.Stops[:n])
	// Locations on a 9 × 9 street grid, the depot in the middle; travel
	// time is Minute per block plus 2 minutes to park.
	xs, ys := []int64{4}, []int64{4}
	for range n {
		xs, ys = append(xs, r.Int64N(9)), append(ys, r.Int64N(9))
	}
	for i := 0; i <= n; i++ {
		row := make([]int64, n+1)
		for j := range row {
			if i != j {
				row[j] = voc.Minute*(route.Abs64(xs[i]-xs[j])+route.Abs64(ys[i]-ys[j])) + 2
			}
		}
		d.Travel = append(d.Travel, row)
	}
	d.Demand = []int64{0}
	for range n {
		d.Demand = append(d.Demand, 1+r.Int64N(4))
	}
	// A hidden plan keeps the instance feasible: stops dealt to vans in a
	// random order. It is never the reference (the solver's optimum is).
	order := r.Perm(n)
	routes := make([][]int, k)
	replan := spec.Has(unitClosure)
	for i, c := range order {
		v := i % k
		switch {
		case replan && i < 3, spec.Has(unitOrder) && i < 2:
			v = 0 // the closure needs a route of three stops, the visit order two
		case i >= k:
			v = r.IntN(k)
		}
		routes[v] = append(routes[v], c+1)
	}
	service := make([]int64, n+1)
	for c := 1; c <= n; c++ {
		service[c] = 5 * (1 + r.Int64N(3))
	}
	ready, due := make([]int64, n+1), make([]int64, n+1)
	var maxLoad, maxDrive, lastBack int64
	for _, rt := range routes {
		var t, load, drive int64
		at := 0
		for _, c := range rt {
			t += service[at] + d.Travel[at][c]
			drive += d.Travel[at][c]
			load += d.Demand[c]
			width := 15 * (1 + r.Int64N(4))
			ready[c] = max(0, t-r.Int64N(width+1))
			ready[c] -= ready[c] % 5
			due[c] = ready[c] + width
			if due[c] < t {
				due[c] = t + 5 - t%5
			}
			at = c
		}
		drive += d.Travel[at][0]
		back := t + service[at] + d.Travel[at][0]
		maxLoad, maxDrive, lastBack = max(maxLoad, load), max(maxDrive, drive), max(lastBack, back)
	}
	if spec.Has(unitWindows) {
		due[0] = lastBack + 30 + 5*r.Int64N(6)
		due[0] += (5 - due[0]%5) % 5
		d.Ready, d.Due, d.Service = ready, due, service
	}
	if spec.Has(unitCapacity) {
		d.Capacity = max(maxLoad, slices.Max(d.Demand)) + r.Int64N(3)
	}
	if spec.Has(unitDriving) {
		d.MaxDrive = maxDrive + 5*r.Int64N(4)
	}
	if spec.Has(unitBalance) {
		var lo, hi int64 = 1 << 40, 0
		for _, rt := range routes {
			if len(rt) == 0 {
				continue
			}
			var t int64
			at := 0
			for _, c := range append(slices.Clone(rt), 0) {
				t += d.Travel[at][c]
				at = c
			}
			lo, hi = min(lo, t), max(hi, t)
		}
		d.Balance = max(hi-lo, 1) + 5*r.Int64N(3)
	}
	if spec.Has(unitOrder) {
		d.Before = [][2]int{{routes[0][0], routes[0][len(routes[0])-1]}}
	}
	if replan {
		// The current plan is the hidden plan with the second and third
		// stops of its first route swapped; the road between the first and
		// (now) second stop closes. The hidden plan does not use that road
		// and keeps every rule, so a replan exists.
		cur := make([][]int, 0, k)
		for _, rt := range routes {
			if len(rt) > 0 {
				cur = append(cur, slices.Clone(rt))
			}
		}
		cur[0][1], cur[0][2] = cur[0][2], cur[0][1]
		d.Current = cur
		d.Closed = [][2]int{{cur[0][0], cur[0][1]}}
	}
	overload := spec.Has(unitInfeasible) && spec.Has(unitCapacity) && r.IntN(2) == 0
	if spec.Has(unitInfeasible) && !overload {
		// An infeasible deadline: the depot closes 5 minutes before a vehicle could be back from
		// the farthest stop, served on its own at the earliest.
		far := 1
		for c := 2; c <= n; c++ {
			if d.Travel[0][c]+d.Travel[c][0] > d.Travel[0][far]+d.Travel[far][0] {
				far = c
			}
		}
		back := max(d.Ready[0]+d.Travel[0][far], d.Ready[far]) + d.Service[far] + d.Travel[far][0]
		d.Due[0] = back - 5
	}
	if overload {
		// More to carry than the fleet holds: raise demands (none above
		// the capacity) until the total exceeds vehicles × capacity.
		var total int64
		for _, q := range d.Demand {
			total += q
		}
		for c := 1; total <= int64(k)*d.Capacity && c <= n; c++ {
			add := min(d.Capacity-d.Demand[c], int64(k)*d.Capacity+1-total)
			d.Demand[c] += add
			total += add
		}
	}
	return d, nil
}

// Spec implements domains.Instance.
func (d *Delivery) Spec() domains.Spec { return d.S }

// fleet is the instance's whole fleet, every unit's data included: what
// validate checks.
func (d *Delivery) fleet() *route.Fleet {
	return &route.Fleet{Travel: d.Travel, Demand: d.Demand, Ready: d.Ready, Due: d.Due, Service: d.Service, Capacity: d.Capacity, Vehicles: d.Vehicles, MaxDrive: d.MaxDrive, Closed: d.Closed, Before: d.Before, Balance: d.Balance}
}

var groups = route.FleetGroups{Visit: ruleRoutes, Capacity: ruleCapacity, Windows: ruleWindows, Drive: ruleDriving, Closed: ruleClosure, Before: ruleBefore, Balance: ruleBalance, Order: ruleOrder}

// fleetModel builds the model: the route core's fleet model of the core's
// data (travel times, demands, vehicles) and the data the sampled units
// give it (their fleeter facet), so that the core states their rows in its
// own loops; then each unit's Model; then the objective levels: the units'
// levels before the goal (leveler), the driving time, and the stated
// tie-break levels.
func (d *Delivery) fleetModel() (*route.FleetModel, error) {
	us := d.units()
	f := &route.Fleet{Travel: d.Travel, Demand: d.Demand, Vehicles: d.Vehicles}
	for _, u := range domains.Facets[fleeter](us) {
		u.Fleet(d, f)
	}
	fm, err := route.NewFleetModelGroups(f, groups)
	if err != nil {
		return nil, err
	}
	b := &builder{d: d, fm: fm}
	for _, u := range us {
		u.Model(b)
	}
	if ls := domains.Facets[leveler](us); len(ls) > 0 {
		// The levels come first; the model's objective was set by
		// NewFleetModelGroups as the driving time, which follows them.
		drive := fm.Model.Objectives[0]
		fm.Model.Objectives = nil
		for _, l := range ls {
			l.Level(b)
		}
		fm.Model.Objectives = append(fm.Model.Objectives, drive)
	}
	fm.MinimizeTieBreaks(d.Levels)
	return fm, nil
}

// Model implements domains.Instance. Its answer variables are the arcs;
// the vehicle-order rule keeps one model solution per set of routes.
func (d *Delivery) Model() (*encode.Model, error) {
	fm, err := d.fleetModel()
	if err != nil {
		return nil, err
	}
	return fm.Model, nil
}

// answer is the answer form.
type answer struct {
	Routes       [][]string `json:"routes"`
	TotalMinutes int64      `json:"total_minutes"`
}

// Plan implements domains.Instance: routes by first stop, stops by name.
func (d *Delivery) Plan(a encode.Assignment) (json.RawMessage, error) {
	fm, err := d.fleetModel()
	if err != nil {
		return nil, err
	}
	routes, err := fm.Routes(a)
	if err != nil {
		return nil, err
	}
	p := answer{Routes: [][]string{}}
	for _, rt := range routes {
		var names []string
		for _, c := range rt {
			names = append(names, d.Stops[c-1])
		}
		p.Routes = append(p.Routes, names)
	}
	p.TotalMinutes = d.total(routes)
	return json.Marshal(p)
}

// total returns the total driving time of routes.
func (d *Delivery) total(routes [][]int) int64 {
	return route.LegSum(routes, func(i, j int) int64 { return d.Travel[i][j] })
}

// objective returns the objective vector of routes (levels in force):
// the units' levels before the goal, the driving time, the tie-breaks.
func (d *Delivery) objective(routes [][]int) []int64 {
	var out []int64
	for _, l := range domains.Facets[leveler](d.units()) {
		out = append(out, l.Value(d, routes))
	}
	out = append(out, d.total(routes))
	return append(out, route.TieBreakValues(routes, d.Levels)...)
}

// TieBreak implements domains.Instance: first the fewest vehicles, then
// the least sum of x·y² over consecutive stops x → y (stop numbers).
func (d *Delivery) TieBreak() bool { return domains.NextTieBreak(&d.Levels, 2) }

// Prompt implements domains.Instance. The sampled units add to the fleet
// sentence, the stops table, the paragraphs after the driving times, the
// rules and the goal, in pool order.
func (d *Delivery) Prompt() string {
	v := d.Voc
	us := d.units()
	var b strings.Builder
	fmt.Fprintf(&b, "%s Plan the routes that deliver to every stop below.\n\n", v.Intro)
	fmt.Fprintf(&b, "**Fleet.** %d %s, all alike, start and end at %s", d.Vehicles, v.Vehicles, v.Depot)
	for _, u := range domains.Facets[fleetClauser](us) {
		b.WriteString(u.FleetClause(d))
	}
	b.WriteString(".")
	for _, u := range domains.Facets[fleetSentencer](us) {
		b.WriteString(u.FleetSentence(d))
	}
	var cols []column
	for _, u := range domains.Facets[columner](us) {
		cols = append(cols, u.Columns(d)...)
	}
	rows := make([]string, len(d.Stops))
	for i, s := range d.Stops {
		rows[i] = fmt.Sprintf("| %s |", s)
	}
	route.Table(&b, "\n\n**Stops**\n\n| stop |", "|---|", rows, cols, 1)
	names := append([]string{strings.TrimPrefix(v.Depot, "the ")}, d.Stops...)
	route.Matrix(&b, "\n**Driving times in minutes** (the same both ways)\n\n", names, shortName, func(i, j int) int64 { return d.Travel[i][j] })
	for _, u := range domains.Facets[sectioner](us) {
		b.WriteString(u.Section(d))
	}
	b.WriteString("\n**Rules**\n")
	fmt.Fprintf(&b, "1. Every stop gets exactly one delivery, by one %s. Each %s used drives one route from %s through its stops and back; at most %d %s are used.\n", v.Vehicle, v.Vehicle, v.Depot, d.Vehicles, v.Vehicles)
	for i, r := range d.rules() {
		fmt.Fprintf(&b, "%d. \"%s\": %s\n", i+2, r.Name, r.Text)
	}
	var goals []string
	for _, l := range domains.Facets[leveler](us) {
		goals = append(goals, l.Goal(d))
	}
	goals = append(goals, fmt.Sprintf("minimise the total driving time of all %s, in minutes", v.Vehicles))
	b.WriteString("\n**Goal.** " + route.GoalSentences(goals))
	if d.Levels >= 1 {
		fmt.Fprintf(&b, " If several plans are equally good, use the fewest %s.", v.Vehicles)
	}
	if d.Levels >= 2 {
		b.WriteString(" If several plans still tie, choose the one with the smallest sum, over every two stops driven one right after the other (from stop Sx to stop Sy, numbers as in the stop names), of x × y × y.")
	}
	fmt.Fprintf(&b, "\n\nTwo plans are the same plan when they have the same routes, whichever %s drives which route; the order of the stops on a route matters.\n\n", v.Vehicle)
	b.WriteString("**Answer** with one JSON object in a ```json block, exactly in this form (one list of stop names per route, in driving order, names as written above):\n```json\n")
	b.WriteString(d.AnswerSchema())
	fmt.Fprintf(&b, "\n```\n`total_minutes` is the total driving time of your plan. If no plan keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]} listing, by the names in quotes above, rules that cannot all hold together (with rule 1).\n")
	return b.String()
}

// shortName is the stop's number ("S3") or "depot".
func shortName(s string) string {
	if f, _, ok := strings.Cut(s, " "); ok {
		return f
	}
	return s
}

// AnswerSchema implements domains.Instance.
func (d *Delivery) AnswerSchema() string {
	first := d.Stops[0]
	second := d.Stops[min(1, len(d.Stops)-1)]
	return fmt.Sprintf(`{"routes": [[%q, %q, ...], ...], "total_minutes": 0}`, first, second)
}
