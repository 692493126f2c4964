package itinerary

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/encode"
)

// The units of task 20, Travel Itinerary Planning.
const (
	unitMust       = "must-visit"
	unitHours      = "opening-hours"
	unitBudget     = "budget"
	unitOrder      = "visit-order"
	unitTravel     = "daily-travel-limit"
	unitBalance    = "balanced-days"
	unitClosure    = "closure"
	unitBackup     = "backup"
	unitInfeasible = "infeasibility"
)

// The rule names of the itinerary prompt, which are the model's groups.
const (
	ruleCore    = "core: day plans"
	ruleMust    = "must-visit"
	ruleHours   = "opening hours"
	ruleBudget  = "budget"
	ruleOrder   = "visit order"
	ruleTravel  = "daily travel limit"
	ruleBalance = "balanced days"
	ruleClosure = "closure"
	ruleBackup  = "backup"
	ruleEvents  = "events"
)

// vocab is a subtask's vocabulary and sizes.
type vocab struct {
	Intro  string `json:"intro"`
	Sight  string `json:"sight"`
	Sights string `json:"sights"`
	Move   string `json:"move"` // "walking", "driving"
	// Trip marks a trip sequence (NATURAL PLAN's trip planning): the
	// stops are cities, time counts in days, a stay of k days is a visit
	// of k-1 (the flight day counts for both cities), flights take no
	// time and only Flights connect cities.
	Trip     bool     `json:"trip,omitempty"`
	Bases    []string `json:"bases"`
	Stops    []string `json:"-"`
	Days     []string `json:"-"`
	Route    [][2]int `json:"-"` // per day: start and end base
	MinStops int      `json:"-"`
	MaxStops int      `json:"-"`
	Minute   int64    `json:"-"` // minutes per grid block
	Fee      int64    `json:"-"` // largest entrance fee (a multiple of 5)
}

var subtasks = map[string]vocab{
	"city-day": {Intro: "You are planning a day of sightseeing in a city you are visiting.", Sight: "sight", Sights: "sights", Move: "walking", Bases: []string{"the hotel"},
		Stops: []string{"A1 Cathedral", "A2 Castle", "A3 Art Museum", "A4 Botanical Garden", "A5 Old Market", "A6 Harbour Tower", "A7 Opera House", "A8 City Park", "A9 Royal Palace", "A10 Clock Tower", "A11 Old Bridge", "A12 Town Hall", "A13 Fish Market", "A14 Synagogue", "A15 Observatory", "A16 River Quay"},
		Days:  []string{"the day"}, Route: [][2]int{{0, 0}}, MinStops: 5, MaxStops: 6, Minute: 10, Fee: 20},
	"museum-weekend": {Intro: "You are planning a museum weekend: two days of museums and galleries.", Sight: "museum", Sights: "museums", Move: "by tram and on foot", Bases: []string{"the hotel"},
		Stops: []string{"M1 National Gallery", "M2 Science Museum", "M3 History Museum", "M4 Design Museum", "M5 Maritime Museum", "M6 Photo Gallery", "M7 Natural History Museum", "M8 Modern Art Museum", "M9 Toy Museum", "M10 Railway Museum", "M11 Textile Museum", "M12 Map Library", "M13 Sculpture Hall", "M14 Folk Museum", "M15 Glass Museum", "M16 Film Museum"},
		Days:  []string{"Saturday", "Sunday"}, Route: [][2]int{{0, 0}, {0, 0}}, MinStops: 5, MaxStops: 6, Minute: 10, Fee: 25},
	"road-trip": {Intro: "You are planning a two-day road trip through a national park region, staying at a different lodge each night.", Sight: "stop", Sights: "stops", Move: "driving", Bases: []string{"Lake Lodge", "Valley Inn", "Coast Hotel"},
		Stops: []string{"V1 Waterfall", "V2 Lookout", "V3 Cave", "V4 Old Mill", "V5 Vineyard", "V6 Castle Ruin", "V7 Gorge Trail", "V8 Lake Beach", "V9 Stone Circle", "V10 Cheese Farm", "V11 Hot Springs", "V12 Abbey", "V13 Pine Forest", "V14 Dam", "V15 Canyon Bridge", "V16 Glacier View"},
		Days:  []string{"Day 1", "Day 2"}, Route: [][2]int{{0, 1}, {1, 2}}, MinStops: 5, MaxStops: 6, Minute: 10, Fee: 15},
	"city-hopping": {Intro: "You are planning a trip through several European cities, flying between them.", Sight: "city", Sights: "cities", Move: "flights", Bases: []string{"home"}, Trip: true,
		Stops: []string{"C1 Porto", "C2 Lyon", "C3 Vienna", "C4 Oslo", "C5 Riga", "C6 Krakow", "C7 Seville", "C8 Ghent", "C9 Prague", "C10 Tallinn", "C11 Bologna", "C12 Ljubljana", "C13 Gdansk", "C14 Bergen", "C15 Lisbon", "C16 Zagreb"},
		Days:  []string{"the trip"}, Route: [][2]int{{0, 0}}, MinStops: 4, MaxStops: 6, Minute: 0, Fee: 0},
	"family-day": {Intro: "You are planning a day out with children in a city you are visiting.", Sight: "place", Sights: "places", Move: "walking", Bases: []string{"the flat"},
		Stops: []string{"F1 Zoo", "F2 Aquarium", "F3 Adventure Playground", "F4 Toy Museum", "F5 Science Centre", "F6 Puppet Theatre", "F7 Farm Park", "F8 Dinosaur Museum", "F9 Swimming Lagoon", "F10 Miniature Railway", "F11 Climbing Wall", "F12 Ice Rink", "F13 Butterfly House", "F14 Planetarium", "F15 Boat Pond", "F16 Circus Tent"},
		Days:  []string{"the day"}, Route: [][2]int{{0, 0}}, MinStops: 5, MaxStops: 6, Minute: 10, Fee: 15},
}

// maxStops caps the number of stops a generated itinerary has (0: no
// cap); the brute-force tests lower it so that every plan can be listed.
var maxStops = 0

// Day is one day of an itinerary: it starts at base Start no earlier
// than Leave and ends at base End no later than Return (minutes after
// midnight).
type Day struct {
	Name   string `json:"name"`
	Start  int    `json:"start"`
	End    int    `json:"end"`
	Leave  int64  `json:"leave"`
	Return int64  `json:"return"`
}

// Itinerary is an instance of task 20: an orienteering problem over one or
// more days. Locations 0..len(Bases)-1 of Travel are the bases (hotels,
// lodges), then the stops in order. Times are minutes after midnight.
// Open and Close are nil without the opening-hours unit, Fee is nil
// without the budget unit. Stops in Must must be visited; Before[0] =
// {x, y} (stop numbers 1..N) says: if y is visited, x is visited earlier
// the same day. Current is the plan in force before stop Closed closes
// (closure unit, stop numbers per day); Backup = {m, b} says that b
// replaces must-visit stop m if m is closed on the day (backup unit).
type Itinerary struct {
	S         domains.Spec `json:"spec"`
	Voc       vocab        `json:"vocab"`
	Stops     []string     `json:"stops"`
	Days      []Day        `json:"days"`
	Travel    [][]int64    `json:"travel"`
	Score     []int64      `json:"score"`
	Visit     []int64      `json:"visit"`
	Open      []int64      `json:"open,omitempty"`
	Close     []int64      `json:"close,omitempty"`
	Fee       []int64      `json:"fee,omitempty"`
	Budget    int64        `json:"budget,omitempty"`
	Must      []int        `json:"must,omitempty"`
	Before    [][2]int     `json:"before,omitempty"`
	MaxTravel int64        `json:"max_travel,omitempty"`
	Balance   int64        `json:"balance,omitempty"`
	Current   [][]int      `json:"current,omitempty"`
	Closed    int          `json:"closed,omitempty"`
	Backup    []int        `json:"backup,omitempty"`
	// Flights lists the pairs of cities with a direct flight (trip
	// sequences only), both ways.
	Flights [][2]int `json:"flights,omitempty"`
	// Levels is the number of stated tie-break levels in force (TieBreak).
	Levels int `json:"levels"`
}

// subtaskList is the registry's view of the subtasks (the vocabularies
// are in subtasks, by ID).
var subtaskList = []domains.Subtask{
	{ID: "city-day", Title: "a day of city sightseeing", Likely: map[string]float64{unitHours: 2, unitMust: 1.5}, Exclude: []string{unitBalance}},
	{ID: "museum-weekend", Title: "a museum weekend (two days from one hotel)", Likely: map[string]float64{unitBudget: 2, unitBalance: 2}},
	{ID: "road-trip", Title: "a two-day road trip between lodges", Likely: map[string]float64{unitTravel: 2, unitHours: 1.5}},
	{ID: "city-hopping", Title: "a multi-city trip by direct flights (a trip sequence, as in NATURAL PLAN)", Likely: map[string]float64{unitHours: 3}, Always: []string{unitMust},
		Exclude: []string{unitBudget, unitTravel, unitBalance, unitClosure, unitBackup}},
	{ID: "family-day", Title: "a family day out with children", Likely: map[string]float64{unitBudget: 2, unitOrder: 1.5}, Exclude: []string{unitBalance}},
}

// subtaskView returns the registry's view of subtask id (the zero
// Subtask, which allows every unit, for an unknown one).
func subtaskView(id string) domains.Subtask {
	for _, st := range subtaskList {
		if st.ID == id {
			return st
		}
	}
	return domains.Subtask{}
}

// task is task 20 as registered.
var task *domains.Task

// init registers task 20 (route.Register; its loader's errors start
// "route: travel-itinerary: ").
func init() {
	task = route.Register(domains.Task{ID: "travel-itinerary", Name: "Travel Itinerary Planning", Pool: pool}, subtaskList, subtasks, generate, route.Loader("travel-itinerary", (*Itinerary).validate), levels)
}

// TravelItinerary returns task 20, registered as "travel-itinerary".
func TravelItinerary() *domains.Task { return task }

// validate reports the first malformed field, by its JSON name: the
// core's data, then the data of units not in force (see units), then each
// unit's data in force (its domains.Validator).
func (it *Itinerary) validate() error {
	voc, err := route.Vocab(subtasks, it.S)
	if err != nil {
		return err
	}
	it.Voc.Stops, it.Voc.Days, it.Voc.Route, it.Voc.MinStops, it.Voc.MaxStops, it.Voc.Minute, it.Voc.Fee, it.Voc.Trip = voc.Stops, voc.Days, voc.Route, voc.MinStops, voc.MaxStops, voc.Minute, voc.Fee, voc.Trip
	n, nb := len(it.Stops), len(it.Voc.Bases)
	if n < 1 || nb < 1 {
		return fmt.Errorf("stops, vocab.bases: %d stops and %d bases, want at least one of each", n, nb)
	}
	if len(it.Travel) != n+nb {
		return fmt.Errorf("travel: %d rows for %d places", len(it.Travel), n+nb)
	}
	for i, row := range it.Travel {
		if len(row) != n+nb {
			return fmt.Errorf("travel[%d]: %d entries, want %d", i, len(row), n+nb)
		}
		for j, x := range row {
			if x < 0 {
				return fmt.Errorf("travel[%d][%d]: %d is negative", i, j, x)
			}
		}
	}
	for name, s := range map[string][]int64{"score": it.Score, "visit": it.Visit, "open": it.Open, "close": it.Close, "fee": it.Fee} {
		if s == nil && (name == "open" || name == "close" || name == "fee") {
			continue
		}
		if len(s) != n {
			return fmt.Errorf("%s: %d entries for %d stops", name, len(s), n)
		}
		for i, x := range s {
			if x < 0 || (name == "visit" && x == 0) {
				return fmt.Errorf("%s[%d]: %d is out of range", name, i, x)
			}
		}
	}
	if (it.Open == nil) != (it.Close == nil) {
		return fmt.Errorf("open, close: give both or neither")
	}
	if len(it.Days) < 1 {
		return fmt.Errorf("days: none")
	}
	for i, d := range it.Days {
		if d.Start < 0 || d.Start >= nb || d.End < 0 || d.End >= nb {
			return fmt.Errorf("days[%d]: start %d or end %d is not a base", i, d.Start, d.End)
		}
		if d.Leave < 0 || d.Leave+it.Travel[d.Start][d.End] > d.Return || d.Return > 24*60 {
			return fmt.Errorf("days[%d]: leave %d and return %d leave no time to travel from start to end", i, d.Leave, d.Return)
		}
	}
	stop := func(field string, s int) error {
		if s < 1 || s > n {
			return fmt.Errorf("%s: %d is not a stop number 1..%d", field, s, n)
		}
		return nil
	}
	for i, m := range it.Must {
		if err := stop(fmt.Sprintf("must[%d]", i), m); err != nil {
			return err
		}
	}
	if len(it.Before) > 1 {
		return fmt.Errorf("before: %d visit orders, want at most one", len(it.Before))
	}
	for _, p := range it.Before {
		if stop("before", p[0]) != nil || stop("before", p[1]) != nil || p[0] == p[1] {
			return fmt.Errorf("before: %v is not a pair of distinct stops", p)
		}
	}
	if it.Budget < 0 || it.MaxTravel < 0 || it.Balance < 0 {
		return fmt.Errorf("budget, max_travel, balance: negative")
	}
	if (it.Budget > 0) != (it.Fee != nil) {
		return fmt.Errorf("budget, fee: give both or neither")
	}
	if (it.Current == nil) != (it.Closed == 0) {
		return fmt.Errorf("current, closed: want a current plan with exactly one closed stop")
	}
	if it.Current != nil {
		if len(it.Current) != len(it.Days) {
			return fmt.Errorf("current: %d day plans for %d days", len(it.Current), len(it.Days))
		}
		seen := map[int]bool{}
		for d, day := range it.Current {
			for _, s := range day {
				if stop(fmt.Sprintf("current[%d]", d), s) != nil || seen[s] {
					return fmt.Errorf("current[%d]: stop %d is unknown or repeated", d, s)
				}
				seen[s] = true
			}
		}
		if err := stop("closed", it.Closed); err != nil {
			return err
		}
	}
	if it.Backup != nil {
		if len(it.Backup) != 2 || stop("backup", it.Backup[0]) != nil || stop("backup", it.Backup[1]) != nil || it.Backup[0] == it.Backup[1] || !slices.Contains(it.Must, it.Backup[0]) {
			return fmt.Errorf("backup: %v is not a must-visit stop and another stop", it.Backup)
		}
	}
	for i, f := range it.Flights {
		if stop("flights", f[0]) != nil || stop("flights", f[1]) != nil || f[0] == f[1] {
			return fmt.Errorf("flights[%d]: %v is not a pair of distinct cities", i, f)
		}
	}
	if (it.Flights != nil) != it.Voc.Trip {
		return fmt.Errorf("flights: given for a subtask that is not a trip sequence, or missing")
	}
	if it.Levels < 0 || it.Levels > len(it.tieKinds(true)) {
		return fmt.Errorf("levels: %d is outside 0..%d", it.Levels, len(it.tieKinds(true)))
	}
	return route.CheckUnitData(it, unitPool, it.inForce)
}

func round(x, step int64) int64 { return x - x%step }

// generate makes an itinerary of subtask voc around a hidden plan that
// keeps every rule (or, with the infeasibility unit, breaks one on
// purpose).
//
// The units' data is drawn here (and in generateTrip), on spec.Has,
// interleaved with the core's draws: the backup unit adds a second hidden
// plan before the opening hours are fitted to both, every plan draws the
// opening hours (kept only with the opening-hours unit), and the units'
// own draws come in an order that is not the pool's (backup first). Moving
// a draw into its unit (a domains.Sampler, run in pool order) would change
// the random draws and so every instance.
func generate(voc vocab, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
	n := voc.MinStops + r.IntN(voc.MaxStops-voc.MinStops+1)
	if maxStops > 0 {
		n = min(n, maxStops)
	}
	if voc.Trip {
		return generateTrip(spec, voc, n, r), nil
	}
	nb, nd := len(voc.Bases), len(voc.Days)
	it := &Itinerary{S: spec, Voc: voc, Stops: slices.Clone(voc.Stops[:n])}
	// Places on a 7 × 7 grid; travel is Minute per block plus 10 minutes.
	xs, ys := make([]int64, nb+n), make([]int64, nb+n)
	for i := range xs {
		xs[i], ys[i] = r.Int64N(7), r.Int64N(7)
	}
	for i := range nb + n {
		row := make([]int64, nb+n)
		for j := range row {
			if i != j {
				row[j] = voc.Minute*(route.Abs64(xs[i]-xs[j])+route.Abs64(ys[i]-ys[j])) + 10
			}
		}
		it.Travel = append(it.Travel, row)
	}
	for range n {
		it.Score = append(it.Score, 1+r.Int64N(9))
		it.Visit = append(it.Visit, 30*(1+r.Int64N(4)))
	}
	// A hidden plan keeps the instance feasible: three stops on the first
	// day, one on the second. It is never the reference (the solver's
	// optimum is).
	perm := r.Perm(n)
	hidden := make([][]int, nd)
	hidden[0] = []int{perm[0] + 1, perm[1] + 1, perm[2] + 1}
	if nd > 1 {
		hidden[1] = []int{perm[3] + 1}
	}
	spare := perm[2+nd] + 1 // a stop on no day of the hidden plan
	it.Days = make([]Day, nd)
	for d := range nd {
		it.Days[d] = Day{Name: voc.Days[d], Start: voc.Route[d][0], End: voc.Route[d][1], Leave: 9 * 60}
	}
	must := []int{hidden[0][0]}
	if nd > 1 && r.IntN(2) == 0 {
		must = append(must, hidden[1][0])
	}
	plans := [][][]int{hidden}
	if spec.Has(unitBackup) {
		it.Backup = []int{must[0], spare}
		plans = append(plans, substitute(hidden, must[0], spare))
	}
	// Opening hours around the hidden plans' earliest times.
	open, closing := make([]int64, n+1), make([]int64, n+1)
	for s := 1; s <= n; s++ {
		open[s] = 9*60 + 30*r.Int64N(9)
		closing[s] = open[s] + it.Visit[s-1] + 30*(1+r.Int64N(6))
	}
	var back [2]int64
	for _, plan := range plans {
		for d, day := range plan {
			t, at := it.Days[d].Leave, it.Days[d].Start
			for _, s := range day {
				t += it.Travel[at][nb+s-1]
				open[s] = min(open[s], max(8*60, round(t-30*r.Int64N(4), 30)))
				t += it.Visit[s-1]
				closing[s] = max(closing[s], t+30*r.Int64N(4)+(30-t%30)%30)
				at = nb + s - 1
			}
			back[d] = max(back[d], t+it.Travel[at][it.Days[d].End])
		}
	}
	for d := range nd {
		it.Days[d].Return = min(24*60, back[d]+30*r.Int64N(3)+(30-back[d]%30)%30)
	}
	if spec.Has(unitHours) {
		it.Open, it.Close = open[1:], closing[1:]
	}
	if spec.Has(unitMust) {
		it.Must = must
		slices.Sort(it.Must)
	}
	if spec.Has(unitBudget) {
		it.Fee = make([]int64, n)
		for i := range it.Fee {
			it.Fee[i] = 5 * r.Int64N(voc.Fee/5+1)
		}
		var need int64
		for _, plan := range plans {
			var fees int64
			for _, day := range plan {
				for _, s := range day {
					fees += it.Fee[s-1]
				}
			}
			need = max(need, fees)
		}
		it.Budget = max(5, need+5*r.Int64N(3))
	}
	if spec.Has(unitTravel) {
		var most int64
		for _, plan := range plans {
			for d, day := range plan {
				most = max(most, it.dayTravel(d, day))
			}
		}
		it.MaxTravel = most + 10*r.Int64N(3)
	}
	if spec.Has(unitBalance) && nd > 1 {
		var gap int64
		for _, plan := range plans {
			var lo, hi int64 = 1 << 40, 0
			for _, day := range plan {
				var v int64
				for _, s := range day {
					v += it.Visit[s-1]
				}
				lo, hi = min(lo, v), max(hi, v)
			}
			gap = max(gap, hi-lo)
		}
		it.Balance = gap + 30*(1+r.Int64N(2))
	}
	if spec.Has(unitOrder) {
		it.Before = [][2]int{{hidden[0][1], hidden[0][2]}}
	}
	if spec.Has(unitClosure) {
		it.Current = hidden
		it.Closed = hidden[0][1+r.IntN(2)]
	}
	if spec.Has(unitInfeasible) {
		m := it.Must[0]
		if it.Fee != nil && r.IntN(2) == 0 {
			// Must-visit fees above the budget.
			var fees int64
			for _, s := range it.Must {
				fees += it.Fee[s-1]
			}
			if fees < 10 {
				it.Fee[m-1] += 10
				fees += 10
			}
			it.Budget = fees - 5
		} else {
			// A must-visit stop that closes before a visit started at the
			// earliest possible time could end.
			earliest := int64(24 * 60)
			for _, d := range it.Days {
				earliest = min(earliest, d.Leave+it.Travel[d.Start][nb+m-1])
			}
			earliest = max(earliest, it.Open[m-1])
			it.Close[m-1] = earliest + it.Visit[m-1] - 10
		}
	}
	return it, nil
}

// substitute returns plan with stop m replaced by stop b.
func substitute(plan [][]int, m, b int) [][]int {
	out := make([][]int, len(plan))
	for d, day := range plan {
		for _, s := range day {
			if s == m {
				s = b
			}
			out[d] = append(out[d], s)
		}
	}
	return out
}

// dayTravel is the travel time of day d's plan (stop numbers), base to base.
func (it *Itinerary) dayTravel(d int, day []int) int64 {
	nb := len(it.Voc.Bases)
	at, t := it.Days[d].Start, int64(0)
	for _, s := range day {
		t += it.Travel[at][nb+s-1]
		at = nb + s - 1
	}
	return t + it.Travel[at][it.Days[d].End]
}

// Spec implements domains.Instance.
func (it *Itinerary) Spec() domains.Spec { return it.S }

// model is the model of an itinerary with its arcs: day d's nodes are
// the stops 0..N-1, its start N and its end N+1; Arc[d][u][v] is the
// literal of going from u to v on day d (-1: no such arc); Y[d][s] says
// stop s is visited on day d.
type model struct {
	m   *encode.Model
	arc [][][]encode.Var
	y   [][]encode.Var
}

// place returns the Travel index of node u on day d.
func (it *Itinerary) place(d, u int) int {
	n, nb := len(it.Stops), len(it.Voc.Bases)
	switch u {
	case n:
		return it.Days[d].Start
	case n + 1:
		return it.Days[d].End
	}
	return nb + u
}

// gcdTime is the greatest common divisor of every time of the instance:
// the model counts time in these ticks, which is exact.
func (it *Itinerary) gcdTime() int64 {
	g := int64(0)
	gcd := func(a, b int64) int64 {
		for b != 0 {
			a, b = b, a%b
		}
		return a
	}
	for _, row := range it.Travel {
		for _, x := range row {
			g = gcd(g, x)
		}
	}
	for _, l := range [][]int64{it.Visit, it.Open, it.Close} {
		for _, x := range l {
			g = gcd(g, x)
		}
	}
	for _, d := range it.Days {
		g = gcd(gcd(g, d.Leave), d.Return)
	}
	return max(g, 1)
}

// builder is the model under construction: the instance, its model,
// the tick (gcdTime), the shortest travel times, the earliest leave and
// latest return of the days, and the count that numbers the rows.
type builder struct {
	it     *Itinerary
	im     *model
	g      int64
	sp     [][]int64
	lo, hi int64
	count  int
}

// term is the term c·v.
func term(v encode.Var, c int64) encode.Term { return encode.Term{Var: v, Coef: c} }

// lin adds the row "ts op rhs" (if every literal of on holds) to group,
// named after the group and the row's number.
func (b *builder) lin(group string, ts []encode.Term, op encode.Op, rhs int64, on ...encode.Lit) {
	c := b.im.m.AddLinear(ts, op, rhs).OnlyIf(on...)
	b.count++
	c.Named(fmt.Sprintf("%s #%d", group, b.count)).InGroup(group)
}

// build makes the model: the legs and visits of each day and the core's
// degree rows; the timing pass of the plan (start times, the units' rows
// on them, the days' legs); the core's implied cuts; the linear pass of
// the plan (the units' rows over visits and legs); each unit's Model (the
// must-visit and closure rows, the backup scenario's passes); then the
// objective levels: the units' levels before the score (leveler), the
// score, the stated tie-breaks. So every row keeps its place.
func (it *Itinerary) build() (*model, error) {
	if err := it.validate(); err != nil {
		return nil, fmt.Errorf("route: travel-itinerary: %w", err)
	}
	n, nd := len(it.Stops), len(it.Days)
	m := encode.NewModel()
	im := &model{m: m, arc: make([][][]encode.Var, nd), y: make([][]encode.Var, nd)}
	b := &builder{it: it, im: im, g: it.gcdTime(), sp: it.shortest(), lo: 24 * 60}
	for _, d := range it.Days {
		b.lo, b.hi = min(b.lo, d.Leave), max(b.hi, d.Return)
	}
	var answer []encode.Var
	for d := range nd {
		im.arc[d] = make([][]encode.Var, n+2)
		im.y[d] = make([]encode.Var, n)
		for u := range n + 2 {
			im.arc[d][u] = make([]encode.Var, n+2)
			for v := range n + 2 {
				im.arc[d][u][v] = -1
				if u == v || u == n+1 || v == n || !it.legFits(b.sp, d, u, v) {
					continue
				}
				x := m.NewBool(fmt.Sprintf("go_%d_%d_%d", d+1, u, v))
				im.arc[d][u][v] = x
				answer = append(answer, x)
			}
		}
		for s := range n {
			im.y[d][s] = m.NewBool(fmt.Sprintf("visit_%d_%d", d+1, s+1))
		}
	}
	m.SetAnswer(answer...)
	// The core: each day leaves its start once and reaches its end once; a
	// stop visited on a day is entered and left once that day; a stop is
	// visited on at most one day.
	for d := range nd {
		var out, in []encode.Term
		for v := range n + 2 {
			if x := im.arc[d][n][v]; x >= 0 {
				out = append(out, term(x, 1))
			}
			if x := im.arc[d][v][n+1]; x >= 0 {
				in = append(in, term(x, 1))
			}
		}
		b.lin(ruleCore, out, encode.EQ, 1)
		b.lin(ruleCore, in, encode.EQ, 1)
		for s := range n {
			out, in = []encode.Term{term(im.y[d][s], -1)}, []encode.Term{term(im.y[d][s], -1)}
			for v := range n + 2 {
				if x := im.arc[d][s][v]; x >= 0 {
					out = append(out, term(x, 1))
				}
				if x := im.arc[d][v][s]; x >= 0 {
					in = append(in, term(x, 1))
				}
			}
			b.lin(ruleCore, out, encode.EQ, 0)
			b.lin(ruleCore, in, encode.EQ, 0)
		}
	}
	for s := range n {
		var ts []encode.Term
		for d := range nd {
			ts = append(ts, term(im.y[d][s], 1))
		}
		b.lin(ruleCore, ts, encode.LE, 1)
	}
	plan := &scenario{sub: -1, with: -1}
	b.timing(plan)
	// Implied by rule 1, stated for the LP relaxation of the MIP backend
	// (and as a shortcut for the SAT one): a day's visits and travel fit
	// between leaving and returning, and no two stops follow each other
	// both ways.
	for d, day := range it.Days {
		var ts []encode.Term
		for s := range n {
			ts = append(ts, term(im.y[d][s], it.Visit[s]))
		}
		for u := range n + 2 {
			for v := range n + 2 {
				if x := im.arc[d][u][v]; x >= 0 {
					ts = append(ts, term(x, it.Travel[it.place(d, u)][it.place(d, v)]))
					if u < v && v < n && im.arc[d][v][u] >= 0 {
						b.lin(ruleCore, []encode.Term{term(x, 1), term(im.arc[d][v][u], 1)}, encode.LE, 1)
					}
				}
			}
		}
		b.lin(ruleCore, ts, encode.LE, day.Return-day.Leave)
	}
	b.linear(plan)
	us := it.units()
	for _, u := range us {
		u.Model(b)
	}
	// Objective levels: the units' (kept legs of the closure replan), the
	// score, then the stated tie-breaks.
	for _, l := range domains.Facets[leveler](us) {
		l.Level(b)
	}
	var score []encode.Term
	for d := range nd {
		for s := range n {
			score = append(score, term(im.y[d][s], it.Score[s]))
		}
	}
	m.Maximize(score...)
	kinds := it.tieKinds(false)
	if slices.Contains(kinds, tieTravel) {
		var ts []encode.Term
		for d := range nd {
			for u := range n + 2 {
				for v := range n + 2 {
					if x := im.arc[d][u][v]; x >= 0 {
						ts = append(ts, term(x, it.Travel[it.place(d, u)][it.place(d, v)]))
					}
				}
			}
		}
		m.Minimize(ts...)
	}
	if slices.Contains(kinds, tieWeight) {
		var ts []encode.Term
		for d := range nd {
			for u := range n + 2 {
				for v := range n {
					if x := im.arc[d][u][v]; x >= 0 {
						ts = append(ts, term(x, legWeight(d, u, v, n)))
					}
				}
			}
		}
		m.Minimize(ts...)
	}
	return im, nil
}

// timing is the timing pass of scenario sc: visit start times in ticks,
// with the bounds implied by rule 1 (from the earliest leave to the
// latest return, which keep the order encoding small); the units' rows on
// the start times (stopTimer); then day by day the legs' rows (an arc
// u → v forces v's start after u's visit and the travel, which also rules
// out cycles among stops) and the units' rows on the day (dayTimer).
func (b *builder) timing(sc *scenario) {
	it, im, g := b.it, b.im, b.g
	n := len(it.Stops)
	sc.t = make([]encode.Var, n)
	sc.tlo, sc.thi = make([]int64, n), make([]int64, n)
	for s := range n {
		first, last := b.hi, b.lo
		for d, day := range it.Days {
			first = min(first, day.Leave+b.sp[it.place(d, n)][it.place(d, s)])
			last = max(last, day.Return-b.sp[it.place(d, s)][it.place(d, n+1)]-it.Visit[s])
		}
		lo, hi := ceil(first, g), floor(last, g)
		sc.tlo[s], sc.thi[s] = lo, max(lo, hi)
		sc.t[s] = im.m.NewInt(fmt.Sprintf("%sstart_%d", sc.prefix, s+1), sc.tlo[s], sc.thi[s])
	}
	// A visit starts when the traveller arrives or later (waiting); a
	// trip's stays follow each other without a gap (each stay lasts
	// exactly its days).
	wait := encode.GE
	if it.Voc.Trip {
		wait = encode.EQ
	}
	us := it.units()
	for _, u := range domains.Facets[stopTimer](us) {
		u.StopRows(b, sc)
	}
	days := domains.Facets[dayTimer](us)
	group := sc.group(ruleCore)
	for d, day := range it.Days {
		for u := range n + 2 {
			for v := range n + 2 {
				x := im.arc[d][u][v]
				if x < 0 || (sc.sub >= 0 && (u == sc.with || v == sc.with)) {
					continue
				}
				su, sv := sc.swap(u), sc.swap(v)
				tr := it.Travel[it.place(d, su)][it.place(d, sv)]
				switch {
				case u == n && v == n+1:
					// an empty day: checked on load
				case u == n:
					b.lin(group, []encode.Term{term(sc.t[sv], 1)}, wait, ceil(day.Leave+tr, g), x.Lit())
				case v == n+1:
					b.lin(group, []encode.Term{term(sc.t[su], 1)}, encode.LE, floor(day.Return-it.Visit[su]-tr, g), x.Lit())
				default:
					b.lin(group, []encode.Term{term(sc.t[sv], 1), term(sc.t[su], -1)}, wait, ceil(it.Visit[su]+tr, g), x.Lit())
				}
			}
		}
		for _, u := range days {
			u.DayRows(b, sc, d)
		}
	}
}

// linear is the linear pass of scenario sc: the units' rows over visits
// and legs (linearRower), with per-stop weights and per-leg costs of the
// scenario's stops.
func (b *builder) linear(sc *scenario) {
	for _, u := range domains.Facets[linearRower](b.it.units()) {
		u.LinearRows(b, sc)
	}
}

// legFits reports whether rule 1 alone allows going from node u to node
// v on day d: leaving u after a visit begun as early as the day allows and
// arriving at v in time to end the day, with sp the shortest travel times
// (a lower bound on getting anywhere through other stops, whatever the
// matrix). Legs that do not fit get no variable.
func (it *Itinerary) legFits(sp [][]int64, d, u, v int) bool {
	n, day := len(it.Stops), it.Days[d]
	if it.Voc.Trip && u < n && v < n && !it.flight(u+1, v+1) {
		return false
	}
	end := day.Leave // the earliest time u is left
	if u < n {
		end += sp[it.place(d, n)][it.place(d, u)] + it.Visit[u]
	}
	end += it.Travel[it.place(d, u)][it.place(d, v)]
	if v < n {
		end += it.Visit[v] + sp[it.place(d, v)][it.place(d, n+1)]
	}
	return end <= day.Return
}

// shortest returns the shortest travel times between all places
// (Floyd–Warshall over Travel).
func (it *Itinerary) shortest() [][]int64 {
	sp := make([][]int64, len(it.Travel))
	for i, row := range it.Travel {
		sp[i] = slices.Clone(row)
		sp[i][i] = 0
	}
	for k := range sp {
		for i := range sp {
			for j := range sp {
				sp[i][j] = min(sp[i][j], sp[i][k]+sp[k][j])
			}
		}
	}
	return sp
}

// legWeight is the second tie-break's weight of going from node u to
// stop v (0-based) on day d (0-based): (d+1) × (x+1) × y², where x is u's
// stop number (0 for the base) and y is v's.
func legWeight(d, u, v, n int) int64 {
	x := int64(u + 1)
	if u >= n {
		x = 0
	}
	y := int64(v + 1)
	return int64(d+1) * (x + 1) * y * y
}

func ceil(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a > 0) == (b > 0) {
		q++
	}
	return q
}

func floor(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// currentLegs lists, per day, the legs of the current plan as model node
// pairs (N the start, N+1 the end).
func (it *Itinerary) currentLegs() [][][2]int { return it.legs(it.Current) }

// legs lists, per day, the legs of a plan (stop numbers per day) as model
// node pairs.
func (it *Itinerary) legs(plan [][]int) [][][2]int {
	n := len(it.Stops)
	out := make([][][2]int, len(plan))
	for d, day := range plan {
		at := n
		for _, s := range day {
			out[d] = append(out[d], [2]int{at, s - 1})
			at = s - 1
		}
		out[d] = append(out[d], [2]int{at, n + 1})
	}
	return out
}

// Model implements domains.Instance. Its answer variables are the legs of
// each day: the same plan is the same stops on the same days in the same
// order (start times follow: each visit starts as early as it can).
func (it *Itinerary) Model() (*encode.Model, error) {
	im, err := it.build()
	if err != nil {
		return nil, err
	}
	return im.m, nil
}

// planJSON is the answer form.
type planJSON struct {
	Days          [][]string `json:"days"`
	TotalScore    int64      `json:"total_score"`
	TravelMinutes int64      `json:"travel_minutes"`
}

// Plan implements domains.Instance: one list of stop names per day.
func (it *Itinerary) Plan(a encode.Assignment) (json.RawMessage, error) {
	im, err := it.build()
	if err != nil {
		return nil, err
	}
	n := len(it.Stops)
	plan := make([][]int, len(it.Days))
	for d := range it.Days {
		plan[d] = []int{}
		u := n
		for steps := 0; ; steps++ {
			next := -1
			for v := range n + 2 {
				if x := im.arc[d][u][v]; x >= 0 && a[x] == 1 {
					next = v
				}
			}
			if next < 0 || steps > n {
				return nil, fmt.Errorf("route: travel-itinerary: day %d's legs do not lead from the start to the end", d+1)
			}
			if next == n+1 {
				break
			}
			plan[d] = append(plan[d], next+1)
			u = next
		}
	}
	if it.Voc.Trip {
		return json.Marshal(it.tripAnswer(plan[0]))
	}
	return json.Marshal(it.answer(plan))
}

// tripPlanJSON is the answer form of a trip sequence.
type tripPlanJSON struct {
	Cities    []string `json:"cities"`
	FirstDays []int64  `json:"first_days"`
}

// tripAnswer writes an order of cities (numbers) in the answer form.
func (it *Itinerary) tripAnswer(order []int) tripPlanJSON {
	p := tripPlanJSON{Cities: []string{}, FirstDays: it.firstDays(order)}
	for _, c := range order {
		p.Cities = append(p.Cities, it.Stops[c-1])
	}
	return p
}

// answer writes a plan (stop numbers per day) in the answer form.
func (it *Itinerary) answer(plan [][]int) planJSON {
	p := planJSON{Days: [][]string{}}
	for d, day := range plan {
		names := []string{}
		for _, s := range day {
			names = append(names, it.Stops[s-1])
			p.TotalScore += it.Score[s-1]
		}
		p.Days = append(p.Days, names)
		p.TravelMinutes += it.dayTravel(d, day)
	}
	return p
}

// The stated tie-breaks: the least total travel time, and the least sum
// of (day) × (x+1) × y² over legs from place x to stop y.
const (
	tieTravel = "travel"
	tieWeight = "weight"
)

// tieKinds lists the tie-breaks in force (all of them with all set): a
// trip sequence's flights take no time, so it has only the second.
func (it *Itinerary) tieKinds(all bool) []string {
	kinds := []string{tieTravel, tieWeight}
	if it.Voc.Trip {
		kinds = kinds[1:]
	}
	if !all {
		kinds = kinds[:min(it.Levels, len(kinds))]
	}
	return kinds
}

// TieBreak implements domains.Instance: first the least total travel
// time, then the least sum of (day) × (x+1) × y² over legs from place x
// to stop y (a trip sequence: only the second).
func (it *Itinerary) TieBreak() bool { return domains.NextTieBreak(&it.Levels, len(it.tieKinds(true))) }

// hoursRule is the name of the opening-hours rule: "events" for a trip
// sequence, whose windows are the days of events in a city.
func (it *Itinerary) hoursRule() string {
	if it.Voc.Trip {
		return ruleEvents
	}
	return ruleHours
}

// flight reports a direct flight between cities a and b (numbers 1..N).
func (it *Itinerary) flight(a, b int) bool {
	return slices.Contains(it.Flights, [2]int{a, b}) || slices.Contains(it.Flights, [2]int{b, a})
}

// generateTrip makes a trip sequence over n cities: a hidden order with
// stays of 2-5 days fixes the total, its consecutive cities get direct
// flights and other pairs one with probability 1/3; events are days
// within a hidden stay (windows on the city's first day).
func generateTrip(spec domains.Spec, voc vocab, n int, r *rand.Rand) *Itinerary {
	it := &Itinerary{S: spec, Voc: voc, Stops: slices.Clone(voc.Stops[:n])}
	order := r.Perm(n)
	days := int64(1)
	first := make([]int64, n) // first day of each city in the hidden order
	it.Score, it.Visit = make([]int64, n), make([]int64, n)
	for c := range n {
		it.Score[c] = 1 // every city is visited: the score is the same for every plan
	}
	for _, c := range order {
		it.Visit[c] = 1 + r.Int64N(4)
		first[c] = days
		days += it.Visit[c]
	}
	it.Days = []Day{{Name: voc.Days[0], Start: 0, End: 0, Leave: 1, Return: days}}
	it.Travel = make([][]int64, n+1)
	for i := range it.Travel {
		it.Travel[i] = make([]int64, n+1)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			pi, pj := slices.Index(order, i), slices.Index(order, j)
			if pi-pj == 1 || pj-pi == 1 || r.IntN(3) == 0 {
				it.Flights = append(it.Flights, [2]int{i + 1, j + 1})
			}
		}
	}
	for c := 1; c <= n; c++ {
		it.Must = append(it.Must, c)
	}
	if spec.Has(unitHours) {
		it.Open, it.Close = make([]int64, n), make([]int64, n)
		for c := range n {
			it.Open[c], it.Close[c] = 1, days
		}
		events, want := 0, 1+r.IntN(2)
		for _, c := range r.Perm(n) {
			if events == want {
				break
			}
			from := first[c] + r.Int64N(it.Visit[c]+1)
			to := from + r.Int64N(first[c]+it.Visit[c]-from+1)
			open, close := to-it.Visit[c], from+it.Visit[c]
			if open <= 1 && close >= days {
				continue // the event holds on every order
			}
			it.Open[c], it.Close[c] = max(1, open), min(days, close)
			events++
		}
		if spec.Has(unitInfeasible) {
			// An event longer than the stay in its city.
			c := r.IntN(n)
			it.Open[c] = max(2, it.Open[c])
			it.Close[c] = it.Open[c] + it.Visit[c] - 1
		}
	}
	if spec.Has(unitOrder) {
		it.Before = [][2]int{{order[0] + 1, order[n-1] + 1}}
	}
	return it
}
