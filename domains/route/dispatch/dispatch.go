package dispatch

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

// The units of task 22, Transportation Dispatch Planning.
const (
	unitCapacity   = "capacity"
	unitWindows    = "time-windows"
	unitHours      = "driver-hours"
	unitBalance    = "balanced-routes"
	unitLinked     = "pickup-before-delivery"
	unitCompat     = "compatibility"
	unitBreakdown  = "breakdown"
	unitInfeasible = "infeasibility"
	unitBackup     = "backup"
)

// The rule names of a dispatch prompt, which are the model's groups.
const (
	ruleJobs      = "core: jobs"
	ruleOrder     = "core: vehicle order" // symmetry breaking, not a rule of the plan
	ruleTie       = "core: tie-break"     // definitions of tie-break levels
	ruleCapacity  = "vehicle capacity"
	ruleWindows   = "pickup windows"
	ruleHours     = "driver hours"
	ruleLongest   = "core: longest route" // definition of the balanced-routes goal
	ruleLinked    = "pickup before delivery"
	ruleCompat    = "equipment"
	ruleBreakdown = "breakdown"
	ruleBackup    = "backup"
)

// vocab is a subtask's vocabulary and sizes. Type A (vehicle type
// 0) is the smaller type and carries the equipment; type B is larger.
type vocab struct {
	Intro             string
	Vehicle, Vehicles string
	Job, Jobs         string
	Depot             string
	Places            []string
	Who               []string
	WhoHead           string // the jobs table's column of Who
	// WhoEquip and WhoHeavy, when set, name the jobs that need type A's
	// equipment and those heavier than type A takes (Who the others), so
	// that the names agree with the data: chilled cargo on a Reefer, a
	// lorry of 7 tonnes rather than a hatchback (see whoNames). Each pool
	// holds at least the most jobs of a level.
	WhoEquip, WhoHeavy []string
	Size               string // unit of a job's size
	TypeA, TypeB       string
	CapA, CapB         int64
	Equip              string // the equipment type A has
	Link               string // %[1]s, %[2]s: the two jobs of a pickup-before-delivery pair
	MinJobs, MaxJobs   int
	MinFleet, MaxFleet int
	Minute             int64
}

var subtasks = map[string]vocab{
	"ride-hail": {Intro: "You dispatch a small ride-hailing fleet for the morning rush.", Vehicle: "car", Vehicles: "cars", Job: "ride", Jobs: "rides", Depot: "the garage",
		Places:  []string{"Central Station", "Airport", "City Hospital", "University", "Old Town", "Harbour", "Stadium", "Business Park", "Riverside Mall", "Zoo"},
		WhoHead: "rider", Who: []string{"Ana", "Ben", "Chen", "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea", "Milo", "Nia", "Omar", "Pia"}, Size: "riders", TypeA: "Comfort", TypeB: "XL", CapA: 3, CapB: 6, Equip: "a child seat",
		Link:    "%[1]s and %[2]s are booked as one chain on a company account: the car that does %[2]s does %[1]s earlier on the same route (not necessarily right before).",
		MinJobs: 4, MaxJobs: 5, MinFleet: 2, MaxFleet: 3, Minute: 3},
	"freight-trucks": {Intro: "You dispatch a haulier's trucks for today's loads between warehouses and customers.", Vehicle: "truck", Vehicles: "trucks", Job: "load", Jobs: "loads", Depot: "the yard",
		// The places are freight sites any cargo may leave from (a load's
		// pickup is drawn at random, so "steel coils" picked up at a
		// "Dairy" could not be ruled out).
		Places:  []string{"North Warehouse", "Port Terminal", "Rail Hub", "East Depot", "Freight Village", "Distribution Centre", "Trade Park", "Logistics Park", "Cross-dock", "Business Park"},
		WhoHead: "cargo", Who: []string{"flour", "steel coils", "paper rolls", "timber", "cement bags", "furniture", "tyres", "glass panes", "fertiliser", "textiles", "machine parts", "canned food", "bricks", "cardboard", "pipes", "bottled water"},
		WhoEquip: []string{"chilled dairy", "frozen fish", "ice cream", "fresh meat", "frozen peas", "yoghurt", "cheese", "ready meals", "cut flowers", "vaccines", "frozen pizza", "butter", "salad leaves", "soft fruit", "chilled juice", "frozen chips"},
		Size:     "pallets", TypeA: "Reefer", TypeB: "Curtainsider", CapA: 10, CapB: 18, Equip: "refrigeration",
		Link:    "%[1]s collects the empty trailer that %[2]s is loaded into, so the truck that does %[2]s does %[1]s earlier on the same route (not necessarily right before).",
		MinJobs: 4, MaxJobs: 5, MinFleet: 2, MaxFleet: 3, Minute: 5},
	"paratransit": {Intro: "You dispatch the vans of a dial-a-ride service for older and disabled riders.", Vehicle: "van", Vehicles: "vans", Job: "trip", Jobs: "trips", Depot: "the depot",
		Places:  []string{"Elm Court", "Day Centre", "Clinic", "Library", "Rose Street", "Pool", "Church Hall", "Market", "Park Lodge", "Surgery"},
		WhoHead: "rider", Who: []string{"Mrs Patel", "Mr Okafor", "Ms Lind", "Mr Rossi", "Mrs Kim", "Mr Dubois", "Mrs Novak", "Mr Haddad", "Ms Moreau", "Mr Byrne", "Mrs Silva", "Mr Tanaka", "Ms Quinn", "Mr Larsen", "Mrs Adeyemi", "Mr Costa"}, Size: "seats", TypeA: "Lift van", TypeB: "Minibus", CapA: 3, CapB: 8, Equip: "a wheelchair lift",
		Link:    "%[2]s's rider asked for the driver who does %[1]s, who knows their needs: the van that does %[2]s does %[1]s earlier on the same route (not necessarily right before).",
		MinJobs: 4, MaxJobs: 5, MinFleet: 2, MaxFleet: 3, Minute: 4},
	"tow-trucks": {Intro: "You dispatch a roadside-assistance company's tow trucks to this morning's breakdowns.", Vehicle: "tow truck", Vehicles: "tow trucks", Job: "tow", Jobs: "tows", Depot: "the base",
		Places:  []string{"Ring Road", "Hill Garage", "Bridge Street", "Motorway Junction 4", "Lakeside", "Main Garage", "Quarry Lane", "Scrapyard", "Airport Road", "Forest Drive"},
		WhoHead: "vehicle towed", Who: []string{"hatchback", "SUV", "sports car", "pickup", "estate car", "taxi", "electric car", "saloon", "coupé", "convertible", "city car", "people carrier", "small van", "classic car", "jeep", "roadster"},
		WhoHeavy: []string{"small lorry", "horsebox", "minibus", "motorhome", "tractor", "box truck", "tipper truck", "flatbed lorry", "school bus", "ambulance", "food truck", "removal van", "delivery lorry", "midibus", "gritter", "recovery lorry"},
		Size:     "tonnes", TypeA: "Flatbed", TypeB: "Wrecker", CapA: 3, CapB: 12, Equip: "a flat deck (for a vehicle that cannot roll)",
		Link:    "%[1]s fetches the spare dolly that %[2]s needs, so the tow truck that does %[2]s does %[1]s earlier on the same route (not necessarily right before).",
		MinJobs: 4, MaxJobs: 5, MinFleet: 2, MaxFleet: 3, Minute: 5},
}

// vehicle is one vehicle: its name and type (index into
// Dispatch.TypeNames).
type vehicle struct {
	Name string `json:"name"`
	Type int    `json:"type"`
}

// vehicleRoute is one vehicle's route: job names in driving order.
type vehicleRoute struct {
	Vehicle string   `json:"vehicle"`
	Jobs    []string `json:"jobs"`
}

// Dispatch is an instance of task 22. Jobs are numbered 1..N (location
// c is job c; 0 is the depot); a job is driven in one go, pickup to
// drop-off, one job on board at a time. Deadhead[i][j] is the empty drive
// from job i's drop-off (or the depot, i = 0) to job j's pickup (or the
// depot, j = 0); Ride[c] is job c's loaded drive. Times are minutes after
// DayStart; Ready, Due (pickup window; index 0: the depot's hours) and
// Handle (loading plus unloading) are nil without the time-windows unit.
type Dispatch struct {
	S         domains.Spec `json:"spec"`
	Voc       vocab        `json:"-"`
	Jobs      []string     `json:"jobs"`
	Who       []string     `json:"who"`
	From      []string     `json:"from"`
	To        []string     `json:"to"`
	Ride      []int64      `json:"ride"`
	Deadhead  [][]int64    `json:"deadhead"`
	TypeNames []string     `json:"type_names"`
	Vehicles  []vehicle    `json:"vehicles"`
	// Size (per job, index 0 unused) and Capacity (per type): capacity
	// unit. Equip marks jobs that need type 0's equipment: compatibility
	// unit.
	Size     []int64 `json:"size,omitempty"`
	Capacity []int64 `json:"capacity,omitempty"`
	Equip    []bool  `json:"equip,omitempty"`
	Ready    []int64 `json:"ready,omitempty"`
	Due      []int64 `json:"due,omitempty"`
	Handle   []int64 `json:"handle,omitempty"`
	MaxDrive int64   `json:"max_drive,omitempty"`
	// Balanced puts the longest route's driving time (loaded and
	// empty) first in the goal (balanced-routes unit).
	Balanced bool `json:"balanced,omitempty"`
	// Backup asks every job to have a backup: another vehicle in service
	// (driving a route) whose type may take the job (backup unit).
	Backup bool `json:"backup,omitempty"`
	// Before is the pickup-before-delivery pair: job Before[0][0] before
	// job Before[0][1] on the same route.
	Before [][2]int `json:"before,omitempty"`
	// Current is the plan in force before the breakdown of vehicle Down
	// (breakdown unit), which is not among Vehicles.
	Current  []vehicleRoute `json:"current,omitempty"`
	Down     *vehicle       `json:"down,omitempty"`
	DayStart int64          `json:"day_start"`
	// Levels is the number of stated tie-break levels in force.
	Levels int `json:"levels"`
}

// subtaskList is the registry's view of the subtasks (the vocabularies
// are in subtasks, by ID).
var subtaskList = []domains.Subtask{
	{ID: "ride-hail", Title: "ride-hailing cars", Likely: map[string]float64{unitWindows: 2, unitCapacity: 1.5}},
	{ID: "freight-trucks", Title: "freight trucks with deadhead minimisation", Likely: map[string]float64{unitCompat: 2, unitHours: 1.5}},
	{ID: "paratransit", Title: "dial-a-ride paratransit vans", Likely: map[string]float64{unitWindows: 2, unitLinked: 2, unitCompat: 1.5}},
	{ID: "tow-trucks", Title: "tow trucks to breakdowns", Likely: map[string]float64{unitCapacity: 2, unitBreakdown: 1.5}},
}

// task is task 22 as registered.
var task *domains.Task

// init registers task 22 (route.Register; its loader's errors start
// "route: transportation-dispatch: ").
func init() {
	task = route.Register(domains.Task{ID: "transportation-dispatch", Name: "Transportation Dispatch Planning", Pool: pool}, subtaskList, subtasks, generate, route.Loader("transportation-dispatch", (*Dispatch).validate), levels)
}

// TransportationDispatch returns task 22, registered as
// "transportation-dispatch".
func TransportationDispatch() *domains.Task { return task }

// validate sets the vocabulary of a loaded instance's subtask and reports
// the first inconsistency, naming the field: the core's data and the
// fleet, then the data of units the spec does not have, then each sampled
// unit's data (its domains.Validator).
func (d *Dispatch) validate() error {
	voc, err := route.Vocab(subtasks, d.S)
	if err != nil {
		return err
	}
	d.Voc = voc
	n := len(d.Jobs)
	if n < 1 || len(d.Who) != n || len(d.From) != n || len(d.To) != n || len(d.Ride) != n+1 || len(d.Deadhead) != n+1 {
		return fmt.Errorf("jobs, who, from, to, ride, deadhead: %d jobs with %d, %d, %d, %d, %d entries", n, len(d.Who), len(d.From), len(d.To), len(d.Ride), len(d.Deadhead))
	}
	for i, row := range d.Deadhead {
		if len(row) != n+1 {
			return fmt.Errorf("deadhead[%d]: %d entries, want %d", i, len(row), n+1)
		}
		for j, x := range row {
			if x < 0 {
				return fmt.Errorf("deadhead[%d][%d]: %d is negative", i, j, x)
			}
		}
	}
	for c, x := range d.Ride {
		if x < 0 {
			return fmt.Errorf("ride[%d]: %d is negative", c, x)
		}
	}
	if len(d.TypeNames) < 1 || len(d.TypeNames) > 2 || len(d.Vehicles) < 1 {
		return fmt.Errorf("type_names, vehicles: %d types and %d vehicles, want 1 or 2 types and a vehicle", len(d.TypeNames), len(d.Vehicles))
	}
	names := map[string]bool{}
	for i, v := range append(slices.Clone(d.Vehicles), d.downList()...) {
		if v.Type < 0 || v.Type >= len(d.TypeNames) || names[v.Name] || (i > 0 && i < len(d.Vehicles) && v.Type < d.Vehicles[i-1].Type) {
			return fmt.Errorf("vehicles: %q has an unknown type %d, a repeated name, or is out of type order", v.Name, v.Type)
		}
		names[v.Name] = true
	}
	if d.Size != nil && (len(d.Size) != n+1 || len(d.Capacity) != len(d.TypeNames)) {
		return fmt.Errorf("size, capacity: %d sizes and %d capacities, want %d and %d", len(d.Size), len(d.Capacity), n+1, len(d.TypeNames))
	}
	if d.Equip != nil && len(d.Equip) != n+1 {
		return fmt.Errorf("equip: %d entries, want %d", len(d.Equip), n+1)
	}
	if (d.Current == nil) != (d.Down == nil) || len(d.Before) > 1 {
		return fmt.Errorf("current, down, before: want a current plan with a broken-down vehicle, at most one pickup-before-delivery pair")
	}
	if d.Levels < 0 || d.Levels > d.maxLevels() {
		return fmt.Errorf("levels: %d is outside 0..%d", d.Levels, d.maxLevels())
	}
	if d.Current != nil {
		seen := map[string]bool{}
		for i, r := range d.Current {
			if !names[r.Vehicle] {
				return fmt.Errorf("current[%d]: unknown vehicle %q", i, r.Vehicle)
			}
			for _, j := range r.Jobs {
				if !slices.Contains(d.Jobs, j) || seen[j] {
					return fmt.Errorf("current[%d]: job %q is unknown or repeated", i, j)
				}
				seen[j] = true
			}
		}
		if len(seen) != n {
			return fmt.Errorf("current: %d of %d jobs", len(seen), n)
		}
	}
	if err := d.fleet(unitPool).Validate(); err != nil {
		return err
	}
	return route.CheckUnitData(d, unitPool, d.S.Has)
}

func (d *Dispatch) downList() []vehicle {
	if d.Down == nil {
		return nil
	}
	return []vehicle{*d.Down}
}

// typed reports two vehicle types among the available vehicles (the
// third tie-break level applies).
func (d *Dispatch) typed() bool {
	return len(d.Vehicles) > 0 && d.Vehicles[0].Type != d.Vehicles[len(d.Vehicles)-1].Type
}

func (d *Dispatch) maxLevels() int {
	if d.typed() {
		return 3
	}
	return 2
}

// drive is the driving time between locations i → j in the route model:
// job i's loaded ride (i > 0) then the empty drive to j.
func (d *Dispatch) drive(i, j int) int64 {
	if i == j {
		return 0
	}
	return d.Ride[i] + d.Deadhead[i][j]
}

// fleet is the fleet of the core's data (travel times: a job's loaded
// ride then the empty drive; no demands; the vehicles and their types)
// with the data that the units us give it (their fleeter facet).
func (d *Dispatch) fleet(us []unit) *route.Fleet {
	n := len(d.Jobs)
	travel := make([][]int64, n+1)
	for i := range travel {
		travel[i] = make([]int64, n+1)
		for j := range travel[i] {
			if len(d.Deadhead[i]) == n+1 {
				travel[i][j] = d.drive(i, j)
			}
		}
	}
	types := make([]int, len(d.Vehicles))
	for v, x := range d.Vehicles {
		types[v] = x.Type
	}
	f := &route.Fleet{Travel: travel, Demand: make([]int64, n+1), Vehicles: len(d.Vehicles), Types: types}
	for _, u := range domains.Facets[fleeter](us) {
		u.Fleet(d, f)
	}
	return f
}

var groups = route.FleetGroups{Visit: ruleJobs, Windows: ruleWindows, Drive: ruleHours, Before: ruleLinked, Order: ruleOrder, Capacity: ruleCapacity}

// generate draws an instance of subtask voc: jobs between places on a
// grid, the vehicles (two types with the capacity or compatibility unit),
// a hidden plan (with the breakdown unit, the current plan as well), then
// sizes, equipment, windows and the driving limit fitted around the plans,
// so that the instance is feasible unless the infeasibility unit breaks
// it.
//
// The units' data is drawn here, on spec.Has, interleaved with the core's
// draws: the capacity and compatibility units decide the vehicle types
// (and a draw) before the hidden plan, the breakdown and
// pickup-before-delivery units steer the hidden plan, every plan draws
// the windows (kept only with the time-windows unit), and the units' own
// draws come in an order that is not the pool's. Moving a draw into its
// unit (a domains.Sampler, run in pool order) would change the random
// draws and so every instance.
func generate(voc vocab, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
	n := voc.MinJobs + r.IntN(voc.MaxJobs-voc.MinJobs+1)
	k := voc.MinFleet + r.IntN(voc.MaxFleet-voc.MinFleet+1)
	d := &Dispatch{S: spec, Voc: voc, DayStart: 7 * 60}
	// Places on a 9 × 9 grid, the depot in the middle: Minute per block
	// plus 2 minutes to park; 0 within one place.
	xs, ys := map[string]int64{}, map[string]int64{}
	for _, p := range voc.Places {
		xs[p], ys[p] = r.Int64N(9), r.Int64N(9)
	}
	dist := func(x1, y1, x2, y2 int64) int64 { return voc.Minute*(route.Abs64(x1-x2)+route.Abs64(y1-y2)) + 2 }
	d.Ride, d.Size = []int64{0}, nil
	for c := 1; c <= n; c++ {
		d.Jobs = append(d.Jobs, fmt.Sprintf("J%d", c))
		d.Who = append(d.Who, voc.Who[c-1])
		p := r.Perm(len(voc.Places))
		from, to := voc.Places[p[0]], voc.Places[p[1]]
		d.From, d.To = append(d.From, from), append(d.To, to)
		d.Ride = append(d.Ride, dist(xs[from], ys[from], xs[to], ys[to]))
	}
	endX, endY := func(i int) (int64, int64) {
		if i == 0 {
			return 4, 4
		}
		return xs[d.To[i-1]], ys[d.To[i-1]]
	}, func(j int) (int64, int64) {
		if j == 0 {
			return 4, 4
		}
		return xs[d.From[j-1]], ys[d.From[j-1]]
	}
	for i := 0; i <= n; i++ {
		row := make([]int64, n+1)
		for j := range row {
			if i == j {
				continue
			}
			x1, y1 := endX(i)
			x2, y2 := endY(j)
			switch {
			case i > 0 && j > 0 && d.To[i-1] == d.From[j-1]:
				row[j] = 0
			default:
				row[j] = dist(x1, y1, x2, y2)
			}
		}
		d.Deadhead = append(d.Deadhead, row)
	}
	// Vehicles: one type, or (capacity, compatibility) type A then type B.
	typed := spec.Has(unitCapacity) || spec.Has(unitCompat)
	var all []vehicle
	if typed {
		d.TypeNames = []string{voc.TypeA, voc.TypeB}
		ka := 1 + r.IntN(k-1)
		for v := range k {
			t, num := 0, v+1
			if v >= ka {
				t, num = 1, v-ka+1
			}
			all = append(all, vehicle{Name: fmt.Sprintf("%s %d", d.TypeNames[t], num), Type: t})
		}
	} else {
		name := strings.ToUpper(voc.Vehicle[:1]) + voc.Vehicle[1:]
		d.TypeNames = []string{name}
		for v := range k {
			all = append(all, vehicle{Name: fmt.Sprintf("%s %d", name, v+1)})
		}
	}
	// A hidden plan keeps the instance feasible (it is never the
	// reference). With a breakdown it avoids the vehicle that breaks down,
	// and the current plan is the hidden plan with the last job of up to
	// two routes moved to that vehicle.
	down := -1
	if spec.Has(unitBreakdown) {
		down = r.IntN(k)
	}
	var live []int
	for v := range k {
		if v != down {
			live = append(live, v)
		}
	}
	routes := make([][]int, k)
	// Every live vehicle gets a job; the pickup-before-delivery pair is
	// the first two jobs of the first vehicle.
	filled := 0
	for i, c := range r.Perm(n) {
		v := live[r.IntN(len(live))]
		switch {
		case spec.Has(unitLinked) && i == 1:
			v = live[0]
		case filled < len(live):
			v = live[filled]
			filled++
		}
		routes[v] = append(routes[v], c+1)
	}
	if spec.Has(unitLinked) {
		d.Before = [][2]int{{routes[live[0]][0], routes[live[0]][1]}}
	}
	plans := [][][]int{routes}
	if down >= 0 {
		cur := make([][]int, k)
		for v := range routes {
			cur[v] = slices.Clone(routes[v])
		}
		for _, v := range live {
			if len(cur[v]) < 2 {
				continue
			}
			last := cur[v][len(cur[v])-1]
			if len(cur[down]) < 2 && (d.Before == nil || (last != d.Before[0][0] && last != d.Before[0][1])) {
				cur[v] = cur[v][:len(cur[v])-1]
				cur[down] = append(cur[down], last)
			}
		}
		if len(cur[down]) == 0 {
			return nil, fmt.Errorf("route: transportation-dispatch: seed %d: no job to move to the vehicle that breaks down", spec.Seed)
		}
		plans = append(plans, cur)
		for v, rt := range cur {
			if len(rt) > 0 {
				d.Current = append(d.Current, vehicleRoute{Vehicle: all[v].Name, Jobs: d.names(rt)})
			}
		}
		dv := all[down]
		d.Down = &vehicle{Name: dv.Name, Type: dv.Type}
	}
	for v, x := range all {
		if v != down {
			d.Vehicles = append(d.Vehicles, x)
		}
	}
	// Sizes and equipment that every plan's vehicles allow.
	if typed {
		onA, onB := make([]bool, n+1), make([]bool, n+1)
		for _, p := range plans {
			for v, rt := range p {
				for _, c := range rt {
					if all[v].Type == 0 {
						onA[c] = true
					} else {
						onB[c] = true
					}
				}
			}
		}
		if spec.Has(unitCapacity) {
			d.Capacity = []int64{voc.CapA, voc.CapB}
			d.Size = make([]int64, n+1)
			for c := 1; c <= n; c++ {
				if onA[c] || r.IntN(2) == 0 {
					d.Size[c] = 1 + r.Int64N(voc.CapA)
				} else {
					d.Size[c] = voc.CapA + 1 + r.Int64N(voc.CapB-voc.CapA)
				}
			}
		}
		if spec.Has(unitCompat) {
			d.Equip = make([]bool, n+1)
			for c := 1; c <= n; c++ {
				d.Equip[c] = !onB[c] && r.IntN(3) > 0
			}
		}
	}
	if spec.Has(unitBackup) {
		// Every live vehicle drives in the hidden plan; a job that only
		// one of them may take is opened to every type.
		d.Backup = true
		ts := domains.Facets[taker](d.units())
		for c := 1; c <= n; c++ {
			able := 0
			for _, v := range live {
				if d.takes(ts, c, all[v].Type) {
					able++
				}
			}
			if able < 2 {
				if d.Equip != nil {
					d.Equip[c] = false
				}
				if d.Size != nil {
					d.Size[c] = min(d.Size[c], voc.CapA)
				}
			}
		}
	}
	handle := make([]int64, n+1)
	for c := 1; c <= n; c++ {
		handle[c] = 2 * (1 + r.Int64N(3))
	}
	ready, due := make([]int64, n+1), make([]int64, n+1)
	for c := 1; c <= n; c++ {
		ready[c] = 1 << 40
	}
	var maxDrive, lastBack int64
	width := map[int]int64{}
	for c := 1; c <= n; c++ {
		width[c] = 10 * (1 + r.Int64N(4))
	}
	for _, p := range plans {
		for _, rt := range p {
			if len(rt) == 0 {
				continue
			}
			var t, drive int64
			at := 0
			for _, c := range rt {
				t += handle[at] + d.drive(at, c)
				drive += d.drive(at, c)
				ready[c] = min(ready[c], max(0, t-r.Int64N(width[c]+1)))
				due[c] = max(due[c], t)
				at = c
			}
			drive += d.drive(at, 0)
			back := t + handle[at] + d.drive(at, 0)
			maxDrive, lastBack = max(maxDrive, drive), max(lastBack, back)
		}
	}
	for c := 1; c <= n; c++ {
		ready[c] -= ready[c] % 5
		due[c] = max(due[c], ready[c]+width[c])
		due[c] += (5 - due[c]%5) % 5
	}
	if spec.Has(unitWindows) {
		due[0] = lastBack + 20 + 5*r.Int64N(6)
		due[0] += (5 - due[0]%5) % 5
		d.Ready, d.Due, d.Handle = ready, due, handle
	}
	if spec.Has(unitHours) {
		d.MaxDrive = maxDrive + 5*r.Int64N(4)
	}
	d.Balanced = spec.Has(unitBalance)
	if spec.Has(unitInfeasible) {
		if d.Size != nil && d.Equip != nil && r.IntN(2) == 0 {
			// A job that needs type A's equipment and is too big for type A.
			c := 1 + r.IntN(n)
			d.Equip[c] = true
			d.Size[c] = voc.CapA + 1 + r.Int64N(voc.CapB-voc.CapA)
		} else {
			// The depot closes 5 minutes before a vehicle could be back
			// from the farthest job, done on its own at the earliest.
			var farBack int64
			for c := 1; c <= n; c++ {
				farBack = max(farBack, max(d.Ready[0]+d.drive(0, c), d.Ready[c])+d.Handle[c]+d.drive(c, 0))
			}
			d.Due[0] = farBack - 5
		}
	}
	d.whoNames(voc)
	return d, nil
}

// whoNames names each job's Who after every draw, when the subtask has
// pools by kind (WhoEquip, WhoHeavy): a job that needs type A's equipment
// from WhoEquip, one heavier than type A takes from WhoHeavy, the others
// from Who, each pool in its order. The names are labels: the data (and
// so the model) is the same, and no draw changes.
func (d *Dispatch) whoNames(voc vocab) {
	if voc.WhoEquip == nil && voc.WhoHeavy == nil {
		return
	}
	var next [3]int
	for c := 1; c <= len(d.Jobs); c++ {
		pool, k := voc.Who, 0
		switch {
		case voc.WhoEquip != nil && d.Equip != nil && d.Equip[c]:
			pool, k = voc.WhoEquip, 1
		case voc.WhoHeavy != nil && d.Size != nil && d.Size[c] > voc.CapA:
			pool, k = voc.WhoHeavy, 2
		}
		d.Who[c-1] = pool[next[k]]
		next[k]++
	}
}

// names returns job names of job numbers.
func (d *Dispatch) names(rt []int) []string {
	out := []string{}
	for _, c := range rt {
		out = append(out, d.Jobs[c-1])
	}
	return out
}

// Spec implements domains.Instance.
func (d *Dispatch) Spec() domains.Spec { return d.S }

// fleetModel builds the model: the route core's fleet model of the core's
// data and the data the sampled units give it (fleeter), so that the core
// states their rows in its own loops; the takers' rows job by job and
// vehicle by vehicle; each unit's Model; then the objective levels: the
// units' levels before the deadhead (leveler: the kept legs of the
// current plan, maximized, then the longest route), the deadhead minutes,
// then the stated tie-breaks.
func (d *Dispatch) fleetModel() (*route.FleetModel, error) {
	us := d.units()
	f := d.fleet(us)
	fm, err := route.NewFleetModelGroups(f, groups)
	if err != nil {
		return nil, err
	}
	b := &builder{d: d, f: f, fm: fm}
	m := fm.Model
	k, n := len(d.Vehicles), len(d.Jobs)
	ts := domains.Facets[taker](us)
	for c := 1; c <= n; c++ {
		for v := range d.Vehicles {
			for _, u := range ts {
				u.VehicleRows(b, c, v)
			}
		}
	}
	for _, u := range us {
		u.Model(b)
	}
	loc := func(u int) int {
		if u < k {
			return 0
		}
		return u - k + 1
	}
	var dead []encode.Term
	for u := range fm.Arc {
		for v, x := range fm.Arc[u] {
			if x >= 0 && (u >= k || v >= k) {
				dead = append(dead, encode.Term{Var: x, Coef: d.Deadhead[loc(u)][loc(v)]})
			}
		}
	}
	m.Objectives = nil
	for _, l := range domains.Facets[leveler](us) {
		l.Level(b)
	}
	m.Minimize(dead...)
	fm.MinimizeTieBreaks(d.Levels)
	if d.Levels >= 3 { // the least Σ 2^(c-1) over jobs c on type-B vehicles
		firstB := slices.IndexFunc(d.Vehicles, func(x vehicle) bool { return x.Type == 1 })
		var ts []encode.Term
		for c := 1; c <= n; c++ {
			b := m.NewBool(fmt.Sprintf("type_b_%d", c))
			veh := []encode.Term{{Var: fm.Veh[k+c-1], Coef: 1}}
			m.AddLinear(veh, encode.GE, int64(firstB)).OnlyIf(b.Lit()).Named(fmt.Sprintf("%s: J%d on type B", ruleTie, c)).InGroup(ruleTie)
			m.AddLinear(veh, encode.LE, int64(firstB-1)).OnlyIf(b.Not()).Named(fmt.Sprintf("%s: J%d on type A", ruleTie, c)).InGroup(ruleTie)
			ts = append(ts, encode.Term{Var: b, Coef: 1 << (c - 1)})
		}
		m.Minimize(ts...)
	}
	return fm, nil
}

// currentRoutes is the current plan as job numbers, one route per vehicle
// of the current plan.
func (d *Dispatch) currentRoutes() [][]int {
	var out [][]int
	for _, r := range d.Current {
		var rt []int
		for _, j := range r.Jobs {
			rt = append(rt, slices.Index(d.Jobs, j)+1)
		}
		out = append(out, rt)
	}
	return out
}

// Model implements domains.Instance. Its answer variables are the arcs of
// the fleet model; the vehicle-order rule keeps one solution per plan,
// where a plan is, per vehicle type, the set of routes (job sequences).
func (d *Dispatch) Model() (*encode.Model, error) {
	fm, err := d.fleetModel()
	if err != nil {
		return nil, err
	}
	return fm.Model, nil
}

// answer is the answer form.
type answer struct {
	Routes   []vehicleRoute `json:"routes"`
	Deadhead int64          `json:"deadhead_minutes"`
}

// Plan implements domains.Instance: the used vehicles' routes in vehicle
// order.
func (d *Dispatch) Plan(a encode.Assignment) (json.RawMessage, error) {
	fm, err := d.fleetModel()
	if err != nil {
		return nil, err
	}
	routes, err := fm.VehicleRoutes(a)
	if err != nil {
		return nil, err
	}
	p := answer{Routes: []vehicleRoute{}}
	for v, rt := range routes {
		if len(rt) > 0 {
			p.Routes = append(p.Routes, vehicleRoute{Vehicle: d.Vehicles[v].Name, Jobs: d.names(rt)})
		}
	}
	var legs [][]int
	for _, rt := range routes {
		if len(rt) > 0 {
			legs = append(legs, rt)
		}
	}
	p.Deadhead = d.deadhead(legs)
	return json.Marshal(p)
}

// deadhead is the total empty driving of routes.
func (d *Dispatch) deadhead(routes [][]int) int64 {
	return route.LegSum(routes, func(i, j int) int64 { return d.Deadhead[i][j] })
}

// TieBreak implements domains.Instance: the fewest vehicles, then the
// least Σ x·y² over consecutive jobs, then (two vehicle types) the least
// Σ 2^(x-1) over jobs Jx done by type-B vehicles.
func (d *Dispatch) TieBreak() bool { return domains.NextTieBreak(&d.Levels, d.maxLevels()) }
