package natplan

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/plancert/plancert/encode"
)

// TripProblem is a parsed trip-planning example: visit every city once,
// staying Stay[c] days in city c, flying only on the direct links, within
// Days days, where a flight day counts for both cities (so the stays sum to
// Days plus the number of flights), and attending each event in its city on
// every day of its range.
type TripProblem struct {
	Cities []string
	Stay   []int
	Days   int
	// Flights[a][b] is true when there is a direct flight from city a to b.
	Flights [][]bool
	Events  []TripEvent
	m       *encode.Model
	x       [][]encode.Var // x[c][k]: city c is the k-th stay
	s, e    []encode.Var   // first and last day of the k-th stay
}

// TripEvent is a fixed-day event: the stay in City covers days From..To.
type TripEvent struct {
	City     int
	From, To int
	Text     string
}

const reCity = `([\p{L}\p{N}_]+)`

var (
	reTripHead   = regexp.MustCompile(`You plan to visit (\d+) European cities for (\d+) days in total\.`)
	reTripStay   = regexp.MustCompile(`^(?:You plan to stay in ` + reCity + ` for (\d+) days|You would like to visit ` + reCity + ` for (\d+) days|You want to spend (\d+) days in ` + reCity + `)$`)
	reTripEvent  = regexp.MustCompile(`^(?:You (?:plan to visit relatives|are going to attend a wedding|want to meet a friend|have to attend a workshop|would like to meet your friends) (?:in|at) ` + reCity + ` between day (\d+) and day (\d+)(?: to tour together)?|From day (\d+) to day (\d+), there is a annual show you want to attend in ` + reCity + `|During day (\d+) and day (\d+), you have to attend a conference in ` + reCity + `)$`)
	reTripFlight = regexp.MustCompile(`^(?:from ` + reCity + ` to ` + reCity + `|` + reCity + ` and ` + reCity + `)$`)
)

// ParseTrip parses a trip-planning prompt (the last task in it) and checks
// it against the record's cities and durations when given ("A**B**C",
// "5**5**6", the golden order).
func ParseTrip(prompt, cities, durations string) (*TripProblem, error) {
	locs := reTripHead.FindAllStringIndex(prompt, -1)
	if locs == nil {
		return nil, fmt.Errorf("no \"You plan to visit N European cities for D days in total.\"")
	}
	body := prompt[locs[len(locs)-1][0]:]
	head := reTripHead.FindStringSubmatch(body)
	n, _ := strconv.Atoi(head[1])
	p := &TripProblem{}
	p.Days, _ = strconv.Atoi(head[2])
	intro, rest, ok := strings.Cut(body[len(head[0]):], "Here are the cities that have direct flights:")
	if !ok {
		return nil, fmt.Errorf("no direct-flight list")
	}
	index := map[string]int{}
	var events [][3]string
	for _, s := range reSentence.FindAllString(intro, -1) {
		s = strings.TrimSuffix(strings.TrimSpace(s), ".")
		if s == "You only take direct flights to commute between cities" {
			continue
		}
		if m := reTripStay.FindStringSubmatch(s); m != nil {
			c, d := m[1]+m[3]+m[6], m[2]+m[4]+m[5]
			if _, dup := index[c]; dup {
				return nil, fmt.Errorf("stay in %s stated twice", c)
			}
			k, _ := strconv.Atoi(d)
			index[c] = len(p.Cities)
			p.Cities = append(p.Cities, c)
			p.Stay = append(p.Stay, k)
			continue
		}
		if m := reTripEvent.FindStringSubmatch(s); m != nil {
			events = append(events, [3]string{m[1] + m[6] + m[9], m[2] + m[4] + m[7], m[3] + m[5] + m[8]})
			p.Events = append(p.Events, TripEvent{Text: s})
			continue
		}
		return nil, fmt.Errorf("unrecognised sentence %q", s)
	}
	if rem := strings.TrimSpace(reSentence.ReplaceAllString(intro, "")); rem != "" {
		return nil, fmt.Errorf("unrecognised text %q", rem)
	}
	if len(p.Cities) != n {
		return nil, fmt.Errorf("%d stays stated for %d cities", len(p.Cities), n)
	}
	for i, ev := range events {
		c, ok := index[ev[0]]
		if !ok {
			return nil, fmt.Errorf("event %q in a city without a stay", p.Events[i].Text)
		}
		p.Events[i].City = c
		p.Events[i].From, _ = strconv.Atoi(ev[1])
		p.Events[i].To, _ = strconv.Atoi(ev[2])
		if p.Events[i].From > p.Events[i].To {
			return nil, fmt.Errorf("event %q ends before it starts", p.Events[i].Text)
		}
	}
	list, _, ok := strings.Cut(strings.TrimSpace(rest), "\n")
	list = strings.TrimSuffix(strings.TrimSpace(list), ".")
	if !ok || list == "" {
		return nil, fmt.Errorf("empty direct-flight list")
	}
	p.Flights = make([][]bool, n)
	for i := range p.Flights {
		p.Flights[i] = make([]bool, n)
	}
	for _, item := range strings.Split(list, ", ") {
		m := reTripFlight.FindStringSubmatch(item)
		if m == nil {
			return nil, fmt.Errorf("unrecognised flight %q", item)
		}
		a, b := m[1]+m[3], m[2]+m[4]
		ia, oka := index[a]
		ib, okb := index[b]
		if !oka || !okb || ia == ib {
			return nil, fmt.Errorf("flight %q between cities not on the trip", item)
		}
		p.Flights[ia][ib] = true
		if m[3] != "" {
			p.Flights[ib][ia] = true
		}
	}
	if cities != "" || durations != "" {
		cs, ds := strings.Split(cities, "**"), strings.Split(durations, "**")
		if len(cs) != n || len(ds) != n {
			return nil, fmt.Errorf("cities/durations fields name %d/%d stays, the prompt %d", len(cs), len(ds), n)
		}
		for i, c := range cs {
			j, ok := index[c]
			if d, err := strconv.Atoi(ds[i]); !ok || err != nil || d != p.Stay[j] {
				return nil, fmt.Errorf("cities/durations fields: %s for %s disagrees with the prompt", ds[i], c)
			}
		}
	}
	p.build()
	return p, nil
}

// build makes the model: a permutation matrix x of cities over stops, the
// first and last day of each stop (a stop ends on the day the next one
// starts), the total, the direct flights between consecutive stops and
// each event inside its city's stay.
func (p *TripProblem) build() {
	m := encode.NewModel()
	n := len(p.Cities)
	p.x = make([][]encode.Var, n)
	for c := range p.x {
		p.x[c] = make([]encode.Var, n)
		for k := range p.x[c] {
			p.x[c][k] = m.NewBool(fmt.Sprintf("stop %d is %s", k+1, p.Cities[c]))
		}
	}
	p.s = make([]encode.Var, n)
	p.e = make([]encode.Var, n)
	for k := range n {
		p.s[k] = m.NewInt(fmt.Sprintf("stop %d first day", k+1), 1, int64(p.Days))
		p.e[k] = m.NewInt(fmt.Sprintf("stop %d last day", k+1), 1, int64(p.Days))
	}
	for c := range n {
		var row []encode.Lit
		for k := range n {
			row = append(row, encode.Lit{Var: p.x[c][k]})
		}
		m.AddExactly(row, 1).Named("visit " + p.Cities[c] + " once")
	}
	for k := range n {
		var col []encode.Lit
		terms := []encode.Term{{Var: p.e[k], Coef: 1}, {Var: p.s[k], Coef: -1}}
		for c := range n {
			col = append(col, encode.Lit{Var: p.x[c][k]})
			terms = append(terms, encode.Term{Var: p.x[c][k], Coef: -int64(p.Stay[c] - 1)})
		}
		m.AddExactly(col, 1).Named(fmt.Sprintf("one city at stop %d", k+1))
		m.AddLinear(terms, encode.EQ, 0).Named(fmt.Sprintf("stay length at stop %d", k+1))
		if k == 0 {
			m.AddLinear([]encode.Term{{Var: p.s[0], Coef: 1}}, encode.EQ, 1).Named("trip starts on day 1")
		} else {
			m.AddLinear([]encode.Term{{Var: p.s[k], Coef: 1}, {Var: p.e[k-1], Coef: -1}}, encode.EQ, 0).Named(fmt.Sprintf("fly on the last day of stop %d", k))
		}
	}
	m.AddLinear([]encode.Term{{Var: p.e[n-1], Coef: 1}}, encode.EQ, int64(p.Days)).Named(fmt.Sprintf("trip lasts %d days", p.Days))
	for a := range n {
		for b := range n {
			if a == b || p.Flights[a][b] {
				continue
			}
			for k := 0; k+1 < n; k++ {
				m.AddAtMost([]encode.Lit{{Var: p.x[a][k]}, {Var: p.x[b][k+1]}}, 1).
					Named(fmt.Sprintf("no direct flight %s to %s (stops %d-%d)", p.Cities[a], p.Cities[b], k+1, k+2))
			}
		}
	}
	for i, ev := range p.Events {
		for k := range n {
			on := encode.Lit{Var: p.x[ev.City][k]}
			m.AddLinear([]encode.Term{{Var: p.s[k], Coef: 1}}, encode.LE, int64(ev.From)).OnlyIf(on).
				Named(fmt.Sprintf("event %d (%s) from day %d (stop %d)", i+1, ev.Text, ev.From, k+1))
			m.AddLinear([]encode.Term{{Var: p.e[k], Coef: 1}}, encode.GE, int64(ev.To)).OnlyIf(on).
				Named(fmt.Sprintf("event %d (%s) to day %d (stop %d)", i+1, ev.Text, ev.To, k+1))
		}
	}
	var ans []encode.Var
	for c := range n {
		ans = append(ans, p.x[c]...)
	}
	m.SetAnswer(ans...)
	p.m = m
}

// Model returns the example's model.
func (p *TripProblem) Model() *encode.Model { return p.m }

var reTripRange = regexp.MustCompile(`Day (\d+)-(\d+)`)

// Decode reads a plan's stays: each line with "Day X-Y" and a city of the
// trip is one stay, in order (flight lines are not read: the plan is its
// sequence of stays, and consecutive stays need a direct flight). A line
// naming two different cities, a city stayed in twice or a number of stays
// other than the number of cities has no assignment.
func (p *TripProblem) Decode(plan string) (encode.Assignment, error) {
	a := make(encode.Assignment, len(p.m.Vars))
	k := 0
	seen := map[int]bool{}
	for _, line := range strings.Split(plan, "\n") {
		r := reTripRange.FindStringSubmatch(line)
		if r == nil {
			continue
		}
		city := -1
		for c, name := range p.Cities {
			if regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(line) {
				if city >= 0 {
					return nil, fmt.Errorf("line %q names %s and %s", strings.TrimSpace(line), p.Cities[city], name)
				}
				city = c
			}
		}
		if city < 0 {
			return nil, fmt.Errorf("line %q names no city of the trip", strings.TrimSpace(line))
		}
		if seen[city] {
			return nil, fmt.Errorf("stays in %s twice", p.Cities[city])
		}
		seen[city] = true
		if k >= len(p.Cities) {
			return nil, fmt.Errorf("more than %d stays", len(p.Cities))
		}
		from, _ := strconv.Atoi(r[1])
		to, _ := strconv.Atoi(r[2])
		a[p.x[city][k]] = 1
		a[p.s[k]], a[p.e[k]] = int64(from), int64(to)
		k++
	}
	if k != len(p.Cities) {
		return nil, fmt.Errorf("%d stays, not %d", k, len(p.Cities))
	}
	return a, nil
}

// Render writes the stays of an assignment: "A (days 1-5), B (days 5-9)".
func (p *TripProblem) Render(a encode.Assignment) string {
	var parts []string
	for k := range p.Cities {
		for c := range p.Cities {
			if a[p.x[c][k]] == 1 {
				parts = append(parts, fmt.Sprintf("%s (days %d-%d)", p.Cities[c], a[p.s[k]], a[p.e[k]]))
			}
		}
	}
	return strings.Join(parts, ", ")
}
