package commute

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
	"github.com/plancert/plancert/encode"
)

// The units of task 18, Commuting Planning.
const (
	unitDeadline   = "arrival-deadline"
	unitEarliest   = "earliest-departure"
	unitTransfer   = "transfer-time"
	unitFare       = "fare-budget"
	unitChanges    = "max-transfers"
	unitAvoid      = "avoid-line"
	unitWalking    = "walking"
	unitClosure    = "line-closure"
	unitInfeasible = "infeasibility"
	unitBackup     = "backup-route"
)

// The rule names of the commuting prompt, which are the model's groups.
const (
	ruleRoute    = "core: route"
	ruleDeadline = "arrival deadline"
	ruleEarliest = "earliest departure"
	ruleTransfer = "transfer time"
	ruleFare     = "fare budget"
	ruleChanges  = "transfer limit"
	ruleAvoid    = "avoided line"
	ruleWalking  = "walking limit"
	ruleClosure  = "line closure"
	ruleBackup   = "backup route"
)

// vocab is a subtask's vocabulary: the traveller's story, the
// start and destination, hub stops and line names, and the clock.
type vocab struct {
	Intro  string   `json:"intro"`
	Goal   string   `json:"goal"` // why the deadline: "your shift starts"
	Origin string   `json:"origin"`
	Dest   string   `json:"dest"`
	Hubs   []string `json:"-"`
	Lines  []string `json:"-"`
	Start  int64    `json:"-"` // minutes after midnight of the first departures
	// The spans of the draw: hubs, lines, and runs per line. MoreHubs
	// and MoreLines are the names that the higher levels add to Hubs and
	// Lines (level 1 shuffles Hubs and Lines as they are).
	MinHubs, MaxHubs, MinLines, MaxLines, MinRuns, MaxRuns int      `json:"-"`
	MoreHubs, MoreLines                                    []string `json:"-"`
}

var subtasks = map[string]vocab{
	"morning-commute": {Intro: "You commute by public transport from home to the office this morning.", Goal: "your first meeting starts",
		Origin: "Home (Elm Street stop)", Dest: "Office (Harbour Square)", Hubs: []string{"Central Station", "Market Hall", "University", "Riverside", "Old Town"},
		Lines: []string{"Bus 12", "Tram 3", "S-Bahn S1", "Bus 40", "Tram 7", "Metro M2"}, Start: 7 * 60,
		MinHubs: 3, MaxHubs: 4, MinLines: 4, MaxLines: 5, MinRuns: 2, MaxRuns: 3,
		MoreHubs: []string{"Tech Park", "Cathedral Square", "Ferry Terminal"}, MoreLines: []string{"Bus 18", "Tram 4", "S-Bahn S3", "Metro M5", "Bus 72"}},
	"school-run": {Intro: "A pupil travels alone by bus and tram from home to school this morning.", Goal: "lessons start",
		Origin: "Home (Birch Lane stop)", Dest: "School (Hill Road)", Hubs: []string{"Library", "Town Hall", "Park Gate", "Swimming Pool", "Fire Station"},
		Lines: []string{"Bus 5", "Bus 9", "Tram 2", "Bus 21", "Tram 6", "Bus 33"}, Start: 7*60 - 10,
		MinHubs: 3, MaxHubs: 4, MinLines: 4, MaxLines: 5, MinRuns: 2, MaxRuns: 3,
		MoreHubs: []string{"Sports Ground", "Post Office", "Leisure Centre"}, MoreLines: []string{"Bus 14", "Tram 8", "Bus 47", "Bus 52", "Tram 10"}},
	"airport-transfer": {Intro: "A traveller goes from the hotel to the airport by public transport.", Goal: "check-in closes",
		Origin: "Hotel (Park Avenue stop)", Dest: "Airport Terminal 1", Hubs: []string{"Main Station", "Exhibition Centre", "North Interchange", "Ring Road", "Cargo Gate"},
		Lines: []string{"Metro M1", "Airport Express", "Shuttle Bus A", "Bus 110", "Regional RE4", "Tram 9"}, Start: 9 * 60,
		MinHubs: 3, MaxHubs: 4, MinLines: 4, MaxLines: 5, MinRuns: 2, MaxRuns: 3,
		MoreHubs: []string{"Trade Fair Gate", "Park and Ride", "Airport Hotels"}, MoreLines: []string{"Metro M3", "Bus 120", "Shuttle Bus B", "Regional RE7", "Tram 12"}},
	"cross-city-meeting": {Intro: "You cross the city by public transport from your office to a client's headquarters for a meeting.", Goal: "the meeting starts",
		Origin: "Own office (Canal Street stop)", Dest: "Client HQ (Tower Plaza)", Hubs: []string{"City Hall", "West Gate", "Museum Quarter", "Stadium", "Docklands"},
		Lines: []string{"Metro M4", "Tram 11", "Bus 27", "Metro M6", "Bus 61", "Tram 15"}, Start: 13 * 60,
		MinHubs: 3, MaxHubs: 4, MinLines: 4, MaxLines: 5, MinRuns: 2, MaxRuns: 3,
		MoreHubs: []string{"Opera", "Central Park", "Financial District"}, MoreLines: []string{"Metro M8", "Tram 19", "Bus 33", "Bus 85", "Tram 21"}},
	"night-shift": {Intro: "A nurse travels by night buses and trams from home to the hospital for the night shift.", Goal: "the shift handover starts",
		Origin: "Home (Maple Court stop)", Dest: "St Mary's Hospital", Hubs: []string{"Night Hub Centre", "Cathedral", "Ring Market", "Bridge Street", "East Depot"},
		Lines: []string{"Night Bus N1", "Night Bus N4", "Night Tram T8", "Night Bus N7", "Night Bus N12", "Night Tram T3"}, Start: 21*60 + 30,
		MinHubs: 3, MaxHubs: 4, MinLines: 4, MaxLines: 5, MinRuns: 2, MaxRuns: 3,
		MoreHubs: []string{"University Hospital Gate", "Clock Square", "Riverside Depot"}, MoreLines: []string{"Night Bus N2", "Night Bus N9", "Night Tram T5", "Night Bus N15", "Night Bus N20"}},
}

// line is a line: its stops in order and its flat fare per ride.
type line struct {
	Name  string `json:"name"`
	Stops []int  `json:"stops"`
	Fare  int64  `json:"fare"`
}

// run is one run (vehicle journey) of a line: its time at each of
// the line's stops, in minutes after midnight (it leaves each stop at the
// time it arrives there).
type run struct {
	Line  int     `json:"line"`
	Times []int64 `json:"times"`
}

// walk is a walking link between two stops, both ways.
type walk struct {
	A       int   `json:"a"`
	B       int   `json:"b"`
	Minutes int64 `json:"minutes"`
}

// section is a closed section of a line: between its stops at
// positions Pos and Pos+1, in both directions of travel.
type section struct {
	Line int `json:"line"`
	Pos  int `json:"pos"`
}

// Commute is an instance of task 18: a timetable of runs over named stops
// (stop 0 the start, stop 1 the destination), and the rules in force. A
// ride boards a run at one of its stops and leaves it at a later one; a
// plan is a sequence of rides, with walks between them where the walking
// unit lists links. Zero values mean "rule not in force", except
// MaxChanges and Avoid (nil) and Transfer (nil).
type Commute struct {
	S       domains.Spec `json:"spec"`
	Voc     vocab        `json:"vocab"`
	Stops   []string     `json:"stops"`
	Lines   []line       `json:"lines"`
	Runs    []run        `json:"runs"`
	Walks   []walk       `json:"walks,omitempty"`
	MaxWalk int64        `json:"max_walk,omitempty"`
	// NoWalkLimit lifts the walking unit's limit (MaxWalk is then 0):
	// no trip by rule 1 walks more than the limit drawn, which would
	// bind nothing; the links stay.
	NoWalkLimit bool     `json:"no_walk_limit,omitempty"`
	Earliest    int64    `json:"earliest,omitempty"`
	Deadline    int64    `json:"deadline,omitempty"`
	Transfer    []int64  `json:"transfer,omitempty"`
	Budget      int64    `json:"budget,omitempty"`
	MaxChanges  *int     `json:"max_changes,omitempty"`
	Avoid       *int     `json:"avoid,omitempty"`
	Closed      *section `json:"closed,omitempty"`
	// Current is the plan in force before the closure: rides as [run,
	// board position, alight position].
	Current [][3]int `json:"current,omitempty"`
	// Backup asks for a backup trip besides the main one (backup-route).
	Backup bool `json:"backup,omitempty"`
	// Levels is the number of stated tie-break levels in force (TieBreak).
	Levels int `json:"levels"`
}

// maxLevels is the number of stated tie-breaks: fewest rides, lowest
// fare, latest leaving time, least sum of the rides' departure times.
const maxLevels = 4

// subtaskList is the registry's view of the subtasks (the vocabularies
// are in subtasks, by ID).
var subtaskList = []domains.Subtask{
	{ID: "morning-commute", Title: "morning commute to the office by bus, tram and train", Likely: map[string]float64{unitDeadline: 2, unitTransfer: 1.5}},
	{ID: "school-run", Title: "a pupil's trip to school", Likely: map[string]float64{unitChanges: 2, unitDeadline: 2}},
	{ID: "airport-transfer", Title: "hotel to airport before check-in closes", Likely: map[string]float64{unitDeadline: 2, unitFare: 1.5}},
	{ID: "cross-city-meeting", Title: "across the city to a client meeting", Likely: map[string]float64{unitWalking: 2, unitEarliest: 1.5}},
	{ID: "night-shift", Title: "night buses to a hospital shift", Likely: map[string]float64{unitAvoid: 2, unitWalking: 1.5}},
}

// task is task 18 as registered.
var task *domains.Task

// init registers task 18 (route.Register; its loader's errors start
// "route: commuting: ").
func init() {
	task = route.Register(domains.Task{ID: "commuting", Name: "Commuting Planning", Pool: pool}, subtaskList, subtasks, generate, route.Loader("commuting", (*Commute).validate), levels)
}

// Commuting returns task 18, registered as "commuting".
func Commuting() *domains.Task { return task }

// validate sets the vocabulary of a loaded instance's subtask and checks
// the instance's fields for consistency: the core's data, then the data of units the spec does not have, then each sampled
// unit's data (its domains.Validator).
func (c *Commute) validate() error {
	voc, err := route.Vocab(subtasks, c.S)
	if err != nil {
		return err
	}
	c.Voc.Hubs, c.Voc.Lines, c.Voc.Start = voc.Hubs, voc.Lines, voc.Start
	n := len(c.Stops)
	if n < 2 {
		return fmt.Errorf("stops: %d stops, want the start, the destination and more", n)
	}
	if len(c.Lines) == 0 || len(c.Runs) == 0 {
		return fmt.Errorf("lines, runs: the timetable is empty")
	}
	for i, l := range c.Lines {
		if len(l.Stops) < 2 || l.Fare < 0 {
			return fmt.Errorf("lines[%d]: want at least two stops and a fare ≥ 0", i)
		}
		for _, s := range l.Stops {
			if s < 0 || s >= n {
				return fmt.Errorf("lines[%d].stops: stop %d is unknown", i, s)
			}
		}
	}
	for i, r := range c.Runs {
		if r.Line < 0 || r.Line >= len(c.Lines) || len(r.Times) != len(c.Lines[r.Line].Stops) {
			return fmt.Errorf("runs[%d]: unknown line or %d times for its stops", i, len(r.Times))
		}
		for k := 1; k < len(r.Times); k++ {
			if r.Times[k] <= r.Times[k-1] {
				return fmt.Errorf("runs[%d].times: not increasing at position %d", i, k)
			}
		}
	}
	for i, w := range c.Walks {
		if w.A < 0 || w.A >= n || w.B < 0 || w.B >= n || w.A == w.B || w.Minutes <= 0 || (w.A <= 1 && w.B <= 1) {
			return fmt.Errorf("walks[%d]: %v is not a walk between two stops (not start to destination)", i, w)
		}
		for _, x := range c.Walks[:i] {
			if min(x.A, x.B) == min(w.A, w.B) && max(x.A, x.B) == max(w.A, w.B) {
				return fmt.Errorf("walks[%d]: a second link between stops %d and %d", i, w.A, w.B)
			}
		}
	}
	if c.Transfer != nil && len(c.Transfer) != n {
		return fmt.Errorf("transfer: %d times for %d stops", len(c.Transfer), n)
	}
	if c.Avoid != nil && (*c.Avoid < 0 || *c.Avoid >= len(c.Lines)) {
		return fmt.Errorf("avoid: %d is not a line", *c.Avoid)
	}
	if c.MaxChanges != nil && *c.MaxChanges < 0 {
		return fmt.Errorf("max_changes: %d is negative", *c.MaxChanges)
	}
	if (c.Closed == nil) != (c.Current == nil) {
		return fmt.Errorf("closed, current: want both a closed section and a current plan, or neither")
	}
	if s := c.Closed; s != nil && (s.Line < 0 || s.Line >= len(c.Lines) || s.Pos < 0 || s.Pos+1 >= len(c.Lines[s.Line].Stops)) {
		return fmt.Errorf("closed: %v is not a section of a line", *s)
	}
	for i, rd := range c.Current {
		if rd[0] < 0 || rd[0] >= len(c.Runs) || rd[1] < 0 || rd[1] >= rd[2] || rd[2] >= len(c.Runs[rd[0]].Times) {
			return fmt.Errorf("current[%d]: %v is not a ride of the timetable", i, rd)
		}
	}
	if c.Levels < 0 || c.Levels > maxLevels {
		return fmt.Errorf("levels: %d is outside 0..%d", c.Levels, maxLevels)
	}
	return route.CheckUnitData(c, unitPool, c.S.Has)
}

// ride is one ride: board run Run at position I, leave it at position J.
type ride struct {
	Run, I, J int
	Line      int
	From, To  int
	Dep, Arr  int64
	Fare      int64
}

// rides lists every ride of the timetable: runs in order, then board
// position, then alight position.
func (c *Commute) rides() []ride {
	var out []ride
	for k, r := range c.Runs {
		l := c.Lines[r.Line]
		for i := range r.Times {
			for j := i + 1; j < len(r.Times); j++ {
				out = append(out, ride{Run: k, I: i, J: j, Line: r.Line, From: l.Stops[i], To: l.Stops[j], Dep: r.Times[i], Arr: r.Times[j], Fare: l.Fare})
			}
		}
	}
	return out
}

// walk returns the walking time from stop a to stop b, if listed.
func (c *Commute) walk(a, b int) (int64, bool) {
	for _, w := range c.Walks {
		if w.A == a && w.B == b || w.A == b && w.B == a {
			return w.Minutes, true
		}
	}
	return 0, false
}

// closes reports whether ride rd travels over the closed section.
func (c *Commute) closes(rd ride) bool {
	s := c.Closed
	return s != nil && rd.Line == s.Line && rd.I <= s.Pos && s.Pos < rd.J
}

// leg is one leg of a plan: a ride (Ride ≥ 0, an index into rides()) or
// a walk from From to To.
type leg struct {
	Ride     int
	From, To int
	Minutes  int64 // walks
}

// legsOfRides is the plan that takes rides (indices into rs) in order,
// walking where consecutive rides (or the start and the first ride, or
// the last ride and the destination) are at different stops.
func (c *Commute) legsOfRides(rs []ride, ids []int) []leg {
	var out []leg
	at := 0
	for _, id := range ids {
		rd := rs[id]
		if rd.From != at {
			w, _ := c.walk(at, rd.From)
			out = append(out, leg{Ride: -1, From: at, To: rd.From, Minutes: w})
		}
		out = append(out, leg{Ride: id, From: rd.From, To: rd.To})
		at = rd.To
	}
	if at != 1 {
		w, _ := c.walk(at, 1)
		out = append(out, leg{Ride: -1, From: at, To: 1, Minutes: w})
	}
	return out
}

// eval is what the checker computes from a plan's legs (rides indexed
// into rs): whether it is a route from the start to the destination by
// the timetable (Route empty), its times and totals. The units judge
// their rules on it (tripRule).
type eval struct {
	Route          string
	Leave, Arrival int64
	Rides, Fare    int64
	Walk, SumDep   int64
	rideIDs        []int
	legs           []leg
	rs             []ride
}

// evaluate checks legs (rides indexed into rs) against rule 1.
func (c *Commute) evaluate(rs []ride, legs []leg) eval {
	e := eval{legs: legs, rs: rs}
	badRoute := func(s string) {
		if e.Route == "" {
			e.Route = s
		}
	}
	if len(legs) == 0 {
		e.Route = "the plan has no legs"
		return e
	}
	if legs[0].From != 0 {
		badRoute(fmt.Sprintf("the first leg starts at %s, not at %s", c.Stops[legs[0].From], c.Stops[0]))
	}
	if legs[len(legs)-1].To != 1 {
		badRoute(fmt.Sprintf("the last leg ends at %s, not at %s", c.Stops[legs[len(legs)-1].To], c.Stops[1]))
	}
	// Times: arrival at the end of each leg, walking right after a ride
	// (or, before the first ride, just in time for it).
	var t int64
	known := false
	for k, l := range legs {
		if k > 0 && legs[k-1].To != l.From {
			badRoute(fmt.Sprintf("leg %d starts at %s, but leg %d ended at %s", k+1, c.Stops[l.From], k, c.Stops[legs[k-1].To]))
		}
		if l.Ride < 0 {
			if k > 0 && legs[k-1].Ride < 0 {
				badRoute(fmt.Sprintf("legs %d and %d are both walks", k, k+1))
			}
			e.Walk += l.Minutes
			if known {
				t += l.Minutes
			}
			continue
		}
		rd := rs[l.Ride]
		e.Rides++
		e.Fare += rd.Fare
		e.SumDep += rd.Dep
		e.rideIDs = append(e.rideIDs, l.Ride)
		if e.Rides == 1 {
			e.Leave = rd.Dep
			if k > 0 && legs[k-1].Ride < 0 {
				e.Leave -= legs[k-1].Minutes
			}
		} else {
			prev := legs[k-1]
			if prev.Ride >= 0 && rs[prev.Ride].Run == rd.Run {
				badRoute(fmt.Sprintf("legs %d and %d are on the same run of %s: stay on board as one leg", k, k+1, c.Lines[rd.Line].Name))
			}
			if known && t > rd.Dep {
				badRoute(fmt.Sprintf("leg %d: %s leaves %s at %s, before you get there at %s", k+1, c.Lines[rd.Line].Name, c.Stops[rd.From], route.Clock(rd.Dep), route.Clock(t)))
			}
		}
		t, known = rd.Arr, true
	}
	if e.Rides == 0 {
		badRoute("the plan takes no ride")
	}
	e.Arrival = t
	return e
}

// objective is the objective vector of a checked plan with the levels in
// force: the units' levels on the main trip (the kept rides of the
// current plan), the arrival, then rides, fare, leaving time, sum of
// departure times; with other trips (the backup) each level is the main
// trip's, then the others'.
func (c *Commute) objective(ans *checked) []int64 {
	us := c.units()
	trips := []*eval{&ans.main}
	for _, p := range domains.Facets[tripPart](us) {
		key, _ := p.AnswerKey(c)
		trips = append(trips, ans.trips[key])
	}
	var out []int64
	for _, l := range domains.Facets[leveler](us) {
		out = append(out, l.Value(c, &ans.main))
	}
	for _, t := range trips {
		out = append(out, t.Arrival)
	}
	for l := 0; l < c.Levels; l++ {
		for _, t := range trips {
			out = append(out, []int64{t.Rides, t.Fare, t.Leave, t.SumDep}[l])
		}
	}
	return out
}

// paths lists every route from the start to the destination by the
// timetable (ride indices, in order), with walks where links allow; at
// most limit routes, in depth-first order of rides.
func (c *Commute) paths(rs []ride, limit int) [][]int {
	var out [][]int
	var path []int
	var dfs func(at int, t int64, last int)
	dfs = func(at int, t int64, last int) {
		if len(out) >= limit {
			return
		}
		if at == 1 && last >= 0 {
			out = append(out, slices.Clone(path))
		}
		if last >= 0 && at != 1 {
			if _, ok := c.walk(at, 1); ok {
				out = append(out, slices.Clone(path))
			}
		}
		for id, rd := range rs {
			if last >= 0 && rs[last].Run == rd.Run {
				continue
			}
			ok := false
			switch {
			case rd.From == at:
				ok = last < 0 || t <= rd.Dep
			default:
				if w, linked := c.walk(at, rd.From); linked {
					ok = last < 0 || t+w <= rd.Dep
				}
			}
			if !ok {
				continue
			}
			path = append(path, id)
			dfs(rd.To, rd.Arr, id)
			path = path[:len(path)-1]
		}
	}
	dfs(0, 0, -1)
	return out
}

// generate draws an instance of subtask voc: up to 200 draws of a
// timetable with the rules fitted around a hidden route.
func generate(voc vocab, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
	for try := 0; try < 200; try++ {
		if c := draw(spec, voc, r); c != nil {
			c.leaveOut()
			return c, nil
		}
	}
	return nil, fmt.Errorf("route: commuting: no usable timetable for %v in 200 draws: %w", spec, domains.ErrRedraw)
}

// leaveOut leaves the trip rules that no trip by rule 1 breaks out of
// c's spec, with their data (domains.Binder, domains.Dropper), and lifts
// a walking limit that no such trip exceeds (NoWalkLimit: the walking
// unit stays for its links, without a limit to state or check). The
// data drawn is otherwise the same and no draw changes.
func (c *Commute) leaveOut() {
	if c.S.Has(unitWalking) && !c.NoWalkLimit && !c.anyTripBreaks(walking{}) {
		c.MaxWalk, c.NoWalkLimit = 0, true
	}
	c.S, _ = domains.LeaveOut(c.S, c, c.units())
}

// draw is one attempt: a timetable with the rules fitted around a hidden route;
// nil means the draw is unusable (too few routes, no closure possible).
//
// The units' data is drawn here, on spec.Has, interleaved with the core's
// draws: the walking unit's links shape the routes the hidden route is
// drawn from, the backup unit draws a second hidden route before the rules
// are fitted to both, and the units' own draws come in an order that is
// not the pool's (transfer times first). Moving a draw into its unit (a
// domains.Sampler, run in pool order) would change the random draws and
// so every instance.
func draw(spec domains.Spec, voc vocab, r *rand.Rand) *Commute {
	nh := voc.MinHubs + r.IntN(voc.MaxHubs-voc.MinHubs+1)
	hubs := slices.Clone(voc.Hubs)
	r.Shuffle(len(hubs), func(i, j int) { hubs[i], hubs[j] = hubs[j], hubs[i] })
	c := &Commute{S: spec, Voc: voc, Stops: append([]string{voc.Origin, voc.Dest}, hubs[:nh]...)}
	// Lines: from the start or a hub to a hub or the destination, two or
	// three stops; the first line leaves the start, the second reaches the
	// destination.
	nl := voc.MinLines + r.IntN(voc.MaxLines-voc.MinLines+1)
	names := slices.Clone(voc.Lines)
	r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	for li := range nl {
		var from, to int
		switch {
		case li == 0:
			from, to = 0, 2+r.IntN(nh)
		case li == 1:
			from, to = 2+r.IntN(nh), 1
		default:
			from = []int{0, 2 + r.IntN(nh)}[r.IntN(2)]
			to = []int{1, 2 + r.IntN(nh)}[r.IntN(2)]
		}
		if from == to || from == 0 && to == 1 {
			continue // no line from the start straight to the destination
		}
		stops := []int{from}
		if r.IntN(3) > 0 {
			mid := 2 + r.IntN(nh)
			if mid != from && mid != to {
				stops = append(stops, mid)
			}
		}
		stops = append(stops, to)
		c.Lines = append(c.Lines, line{Name: names[li], Stops: stops, Fare: 1 + r.Int64N(4)})
	}
	if len(c.Lines) < 3 {
		return nil
	}
	for li, l := range c.Lines {
		hops := make([]int64, len(l.Stops)-1)
		for k := range hops {
			hops[k] = 4 + r.Int64N(10)
		}
		first := voc.Start + r.Int64N(30)
		if l.Stops[0] != 0 {
			first += 10
		}
		headway := 10 + r.Int64N(3)*5
		nrun := voc.MinRuns + r.IntN(voc.MaxRuns-voc.MinRuns+1)
		for k := range nrun {
			times := []int64{first + int64(k)*headway}
			for _, h := range hops {
				times = append(times, times[len(times)-1]+h)
			}
			c.Runs = append(c.Runs, run{Line: li, Times: times})
		}
	}
	if spec.Has(unitWalking) {
		nw := 1 + r.IntN(2)
		for range nw {
			a, b := r.IntN(len(c.Stops)), 2+r.IntN(nh)
			if a == b {
				continue
			}
			if _, dup := c.walk(a, b); dup {
				continue
			}
			c.Walks = append(c.Walks, walk{A: min(a, b), B: max(a, b), Minutes: 3 + r.Int64N(8)})
		}
		if len(c.Walks) == 0 {
			return nil
		}
	}
	rs := c.rides()
	all := c.paths(rs, 5000)
	if len(all) < 3 || len(all) >= 5000 {
		return nil
	}
	// The hidden route: a random one with a change if there is one.
	var multi [][]int
	for _, p := range all {
		if len(p) >= 2 {
			multi = append(multi, p)
		}
	}
	pick := all
	if len(multi) > 0 {
		pick = multi
	}
	h := pick[r.IntN(len(pick))]
	he := c.evaluate(rs, c.legsOfRides(rs, h))
	if he.Route != "" {
		return nil // cannot happen: paths only lists routes
	}
	hs := [][]int{h}
	if spec.Has(unitBackup) {
		// A hidden backup: shares no ride with h, avoids h's first line.
		var cands [][]int
		for _, p := range all {
			ok := true
			for _, id := range p {
				ok = ok && !slices.Contains(h, id) && rs[id].Line != rs[h[0]].Line
			}
			if ok {
				cands = append(cands, p)
			}
		}
		if len(cands) == 0 {
			return nil
		}
		hs = append(hs, cands[r.IntN(len(cands))])
		c.Backup = true
	}
	var hes []eval
	usedLine := map[int]bool{}
	for _, p := range hs {
		hes = append(hes, c.evaluate(rs, c.legsOfRides(rs, p)))
		for _, id := range p {
			usedLine[rs[id].Line] = true
		}
	}
	worst := func(f func(e eval) int64) int64 {
		v := f(hes[0])
		for _, e := range hes[1:] {
			v = max(v, f(e))
		}
		return v
	}
	if spec.Has(unitTransfer) {
		c.Transfer = make([]int64, len(c.Stops))
		for s := range c.Transfer {
			c.Transfer[s] = 2 + r.Int64N(4)
		}
		for _, p := range hs {
			for k := 1; k < len(p); k++ {
				a, b := rs[p[k-1]], rs[p[k]]
				if a.To == b.From {
					c.Transfer[b.From] = min(c.Transfer[b.From], b.Dep-a.Arr)
				}
			}
		}
	}
	if spec.Has(unitEarliest) {
		c.Earliest = max(1, -worst(func(e eval) int64 { return -e.Leave })-5*r.Int64N(3))
		c.Earliest -= c.Earliest % 5
	}
	if spec.Has(unitDeadline) {
		c.Deadline = worst(func(e eval) int64 { return e.Arrival }) + 5*r.Int64N(3)
		c.Deadline += (5 - c.Deadline%5) % 5
	}
	if spec.Has(unitFare) {
		c.Budget = worst(func(e eval) int64 { return e.Fare }) + r.Int64N(2)
	}
	if spec.Has(unitChanges) {
		k := int(worst(func(e eval) int64 { return e.Rides })) - 1 + r.IntN(2)
		c.MaxChanges = &k
	}
	if spec.Has(unitAvoid) {
		var free []int
		for li := range c.Lines {
			if !usedLine[li] {
				free = append(free, li)
			}
		}
		if len(free) == 0 {
			return nil
		}
		a := free[r.IntN(len(free))]
		c.Avoid = &a
	}
	if spec.Has(unitWalking) {
		c.MaxWalk = worst(func(e eval) int64 { return e.Walk }) + r.Int64N(6)
	}
	if spec.Has(unitClosure) {
		// The current plan: the earliest-arriving route that keeps every
		// other rule and rides a section the hidden route does not; that
		// section closes, so the hidden route is a replan.
		hidden := map[[2]int]bool{}
		for _, id := range h {
			rd := rs[id]
			for p := rd.I; p < rd.J; p++ {
				hidden[[2]int{rd.Line, p}] = true
			}
		}
		var best []int
		var bestArr int64
		var sec section
		for _, p := range all {
			e := c.evaluate(rs, c.legsOfRides(rs, p))
			if !c.keeps(&e) || best != nil && e.Arrival >= bestArr {
				continue
			}
			for _, id := range p {
				rd := rs[id]
				found := false
				for q := rd.I; q < rd.J; q++ {
					if !hidden[[2]int{rd.Line, q}] {
						best, bestArr, sec, found = p, e.Arrival, section{Line: rd.Line, Pos: q}, true
						break
					}
				}
				if found {
					break
				}
			}
		}
		if best == nil {
			return nil
		}
		c.Closed = &sec
		for _, id := range best {
			c.Current = append(c.Current, [3]int{rs[id].Run, rs[id].I, rs[id].J})
		}
	}
	if spec.Has(unitInfeasible) {
		// The deadline falls before the earliest arrival of any route that
		// keeps the other rules: 1 to 5 minutes too early.
		c.Deadline = 0
		first := int64(-1)
		for _, p := range all {
			if e := c.evaluate(rs, c.legsOfRides(rs, p)); c.keeps(&e) && (first < 0 || e.Arrival < first) {
				first = e.Arrival
			}
		}
		if first < 0 {
			return nil
		}
		c.Deadline = first - 1 - r.Int64N(5)
	}
	return c
}

// Spec implements domains.Instance.
func (c *Commute) Spec() domains.Spec { return c.S }

// trip is one trip's variables in the path model, and its sums.
type trip struct {
	x, start, end                      []encode.Var // ride taken, first, last (−1: cannot be)
	rides, fares, deps, arrival, leave []encode.Term
	walks                              []encode.Term // minutes walked, on the arcs that walk
}

// model is the path model: its trips, the main trip first, then the trip
// parts' (the backup), in the order of the units.
type model struct {
	m     *encode.Model
	rides []ride
	trips []*trip
}

// model builds the time-expanded path model: per trip, one Boolean per
// ride; start, end and change arcs between rides; each taken ride has one
// arc in and one arc out. Times grow along every arc, so the arcs taken
// form one path. The main trip comes first, then each unit's Model (the
// backup trip and its links), then the objective levels: the units'
// (kept rides), the trips' arrivals, the stated tie-breaks trip by trip.
// The answer variables are the rides: a set of rides determines the legs
// (walks included), so distinct plans are distinct leg sequences (pairs of
// them with a backup).
func (c *Commute) model() *model {
	b := &builder{c: c, m: encode.NewModel(), rs: c.rides()}
	m := b.m
	b.addTrip("")
	us := c.units()
	for _, u := range us {
		u.Model(b)
	}
	for _, l := range domains.Facets[leveler](us) {
		l.Level(b)
	}
	for _, tr := range b.trips {
		m.Minimize(tr.arrival...)
	}
	for l := 0; l < c.Levels; l++ {
		for _, tr := range b.trips {
			switch l {
			case 0:
				m.Minimize(tr.rides...)
			case 1:
				m.Minimize(tr.fares...)
			case 2:
				m.Maximize(tr.leave...)
			case 3:
				m.Minimize(tr.deps...)
			}
		}
	}
	m.SetAnswer(b.answer...)
	return &model{m: m, rides: b.rs, trips: b.trips}
}

// addTrip adds one trip's path and the units' rows on it (their start,
// end, change, ride and trip facets, where the loops reach them); tag
// prefixes its variable and constraint names.
func (b *builder) addTrip(tag string) *trip {
	c, m, rs := b.c, b.m, b.rs
	us := c.units()
	starts, ends := domains.Facets[startRower](us), domains.Facets[endRower](us)
	changes, rides := domains.Facets[changeRower](us), domains.Facets[rideRower](us)
	n := len(rs)
	tr := &trip{x: make([]encode.Var, n), start: make([]encode.Var, n), end: make([]encode.Var, n)}
	in, out := make([][]encode.Term, n), make([][]encode.Term, n)
	var firsts, lasts []encode.Lit
	for id, rd := range rs {
		tr.x[id] = m.NewBool(fmt.Sprintf("%sride %d", tag, id))
		tr.start[id], tr.end[id] = -1, -1
		w, linked := int64(0), rd.From == 0
		if !linked {
			w, linked = c.walk(0, rd.From)
		}
		if linked {
			v := m.NewBool(fmt.Sprintf("%sfirst %d", tag, id))
			tr.start[id] = v
			tr.leave = append(tr.leave, encode.Term{Var: v, Coef: rd.Dep - w})
			firsts = append(firsts, v.Lit())
			in[id] = append(in[id], encode.Term{Var: v, Coef: 1})
			if w > 0 {
				tr.walks = append(tr.walks, encode.Term{Var: v, Coef: w})
			}
			for _, u := range starts {
				u.StartRows(b, tag, id, v, rd.Dep-w)
			}
		}
		w, linked = 0, rd.To == 1
		if !linked {
			w, linked = c.walk(rd.To, 1)
		}
		if linked {
			v := m.NewBool(fmt.Sprintf("%slast %d", tag, id))
			tr.end[id] = v
			tr.arrival = append(tr.arrival, encode.Term{Var: v, Coef: rd.Arr + w})
			lasts = append(lasts, v.Lit())
			out[id] = append(out[id], encode.Term{Var: v, Coef: 1})
			if w > 0 {
				tr.walks = append(tr.walks, encode.Term{Var: v, Coef: w})
			}
			for _, u := range ends {
				u.EndRows(b, tag, id, v, rd.Arr+w)
			}
		}
	}
	for a, ra := range rs {
		for z, rz := range rs {
			if ra.Run == rz.Run {
				continue
			}
			var w int64
			if ra.To != rz.From {
				var linked bool
				if w, linked = c.walk(ra.To, rz.From); !linked {
					continue
				}
			}
			if ra.Arr+w > rz.Dep {
				continue
			}
			v := m.NewBool(fmt.Sprintf("%schange %d %d", tag, a, z))
			out[a] = append(out[a], encode.Term{Var: v, Coef: 1})
			in[z] = append(in[z], encode.Term{Var: v, Coef: 1})
			if w > 0 {
				tr.walks = append(tr.walks, encode.Term{Var: v, Coef: w})
			} else {
				for _, u := range changes {
					u.ChangeRows(b, tag, a, z, v)
				}
			}
		}
	}
	m.AddExactly(firsts, 1).Named(tag + "one first ride").InGroup(ruleRoute)
	m.AddExactly(lasts, 1).Named(tag + "one last ride").InGroup(ruleRoute)
	for id := range rs {
		for k, arcs := range [][]encode.Term{in[id], out[id]} {
			ts := append([]encode.Term{{Var: tr.x[id], Coef: -1}}, arcs...)
			m.AddLinear(ts, encode.EQ, 0).Named(fmt.Sprintf("%sflow %d %d", tag, id, k)).InGroup(ruleRoute)
		}
	}
	for id, rd := range rs {
		x := tr.x[id]
		tr.rides = append(tr.rides, encode.Term{Var: x, Coef: 1})
		tr.fares = append(tr.fares, encode.Term{Var: x, Coef: rd.Fare})
		tr.deps = append(tr.deps, encode.Term{Var: x, Coef: rd.Dep})
		for _, u := range rides {
			u.RideRows(b, tag, id, x)
		}
	}
	for _, u := range domains.Facets[tripRower](us) {
		u.TripRows(b, tag, tr)
	}
	b.trips = append(b.trips, tr)
	b.answer = append(b.answer, tr.x...)
	return tr
}

// Model implements domains.Instance.
func (c *Commute) Model() (*encode.Model, error) { return c.model().m, nil }

// legJSON is one leg of the answer form.
type legJSON struct {
	Line   string `json:"line"`
	From   string `json:"from"`
	Depart string `json:"depart,omitempty"`
	To     string `json:"to"`
	Arrive string `json:"arrive,omitempty"`
}

// planJSON is the answer form; Backup only with the backup unit.
type planJSON struct {
	Legs    []legJSON   `json:"legs"`
	Arrival string      `json:"arrival"`
	Changes int64       `json:"changes"`
	Fare    int64       `json:"fare"`
	Backup  *backupJSON `json:"backup,omitempty"`
}

// backupJSON is the backup trip of the answer form.
type backupJSON struct {
	Legs    []legJSON `json:"legs"`
	Arrival string    `json:"arrival"`
}

// legsJSON writes legs in the answer form.
func (c *Commute) legsJSON(rs []ride, legs []leg) []legJSON {
	out := []legJSON{}
	for _, l := range legs {
		if l.Ride < 0 {
			out = append(out, legJSON{Line: "walk", From: c.Stops[l.From], To: c.Stops[l.To]})
			continue
		}
		rd := rs[l.Ride]
		out = append(out, legJSON{Line: c.Lines[rd.Line].Name, From: c.Stops[rd.From], Depart: route.Clock(rd.Dep), To: c.Stops[rd.To], Arrive: route.Clock(rd.Arr)})
	}
	return out
}

// planJSON writes a plan (and its backup, when backup is not nil) in the
// answer form.
func (c *Commute) planJSON(rs []ride, legs, backup []leg) json.RawMessage {
	e := c.evaluate(rs, legs)
	p := planJSON{Legs: c.legsJSON(rs, legs), Arrival: route.Clock(e.Arrival), Changes: max(e.Rides-1, 0), Fare: e.Fare}
	if backup != nil {
		p.Backup = &backupJSON{Legs: c.legsJSON(rs, backup), Arrival: route.Clock(c.evaluate(rs, backup).Arrival)}
	}
	b, _ := json.Marshal(p)
	return b
}

// tripOf decodes a trip's rides from an assignment, in time order, as legs.
func (c *Commute) tripOf(rs []ride, tr *trip, a encode.Assignment) ([]leg, error) {
	var ids []int
	for id, x := range tr.x {
		if int(x) >= len(a) {
			return nil, fmt.Errorf("route: commuting: assignment too short")
		}
		if a[x] != 0 {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return rs[ids[i]].Dep < rs[ids[j]].Dep })
	legs := c.legsOfRides(rs, ids)
	if e := c.evaluate(rs, legs); e.Route != "" {
		return nil, fmt.Errorf("route: commuting: decoded plan is not a route: %s", e.Route)
	}
	return legs, nil
}

// Plan implements domains.Instance: the rides taken, in time order, with
// the walks between them (and the backup trip, the one trip part,
// likewise).
func (c *Commute) Plan(a encode.Assignment) (json.RawMessage, error) {
	cm := c.model()
	var trips [][]leg
	for _, tr := range cm.trips {
		legs, err := c.tripOf(cm.rides, tr, a)
		if err != nil {
			return nil, err
		}
		trips = append(trips, legs)
	}
	var backup []leg
	if len(trips) > 1 {
		backup = trips[1]
	}
	return c.planJSON(cm.rides, trips[0], backup), nil
}

// TieBreak implements domains.Instance: the fewest rides, then the lowest
// fare, then the latest leaving time, then the least sum of the rides'
// departure times.
func (c *Commute) TieBreak() bool { return domains.NextTieBreak(&c.Levels, maxLevels) }
