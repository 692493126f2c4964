package natplan

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/plancert/plancert/encode"
)

// Friend is one person of a meeting-planning example: at Loc from From to
// To (minutes after midnight), to be met for at least Min minutes.
type Friend struct {
	Name     string
	Loc      string
	From, To int
	Min      int
}

type meetingData struct {
	startLoc  string
	startTime int
	friends   []Friend
	dist      map[string]map[string]int
}

func (d *meetingData) friend(name string) (Friend, bool) {
	for _, f := range d.friends {
		if f.Name == name {
			return f, true
		}
	}
	return Friend{}, false
}

// parseMeetingData reads the structured fields constraints and
// dist_matrix of a meeting-planning record.
func parseMeetingData(ex Example) (*meetingData, error) {
	var rows [][]json.RawMessage
	if err := json.Unmarshal(ex.Constraints, &rows); err != nil || len(rows) == 0 {
		return nil, fmt.Errorf("constraints: not a non-empty list of lists")
	}
	d := &meetingData{}
	var startAt string
	if len(rows[0]) != 2 || json.Unmarshal(rows[0][0], &d.startLoc) != nil || json.Unmarshal(rows[0][1], &startAt) != nil {
		return nil, fmt.Errorf("constraints[0]: want [start_location, time]")
	}
	t, err := ampm(startAt)
	if err != nil {
		return nil, fmt.Errorf("constraints[0]: bad time %q", startAt)
	}
	d.startTime = t
	for i, r := range rows[1:] {
		var name, loc, span string
		var min int
		if len(r) != 4 || json.Unmarshal(r[0], &name) != nil || json.Unmarshal(r[1], &loc) != nil ||
			json.Unmarshal(r[2], &span) != nil || json.Unmarshal(r[3], &min) != nil {
			return nil, fmt.Errorf("constraints[%d]: want [name, location, \"H:MMAM to H:MMPM\", minutes]", i+1)
		}
		a, b, ok := strings.Cut(span, "to")
		from, err1 := ampm(strings.TrimSpace(a))
		to, err2 := ampm(strings.TrimSpace(b))
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("constraints[%d]: bad time window %q", i+1, span)
		}
		if _, dup := d.friend(name); dup {
			return nil, fmt.Errorf("constraints[%d]: %s listed twice", i+1, name)
		}
		d.friends = append(d.friends, Friend{Name: name, Loc: loc, From: from, To: to, Min: min})
	}
	if err := json.Unmarshal(ex.DistMatrix, &d.dist); err != nil {
		return nil, fmt.Errorf("dist_matrix: not an object of objects of minutes")
	}
	places := []string{d.startLoc}
	for _, f := range d.friends {
		places = append(places, f.Loc)
	}
	for _, a := range places {
		for _, b := range places {
			if _, ok := d.dist[a][b]; !ok && a != b {
				return nil, fmt.Errorf("dist_matrix: no time from %s to %s", a, b)
			}
		}
	}
	return d, nil
}

// MeetingProblem is a parsed meeting-planning example: starting at a place
// and time, meet as many friends as possible, each at their place within
// their window for at least their minimum, travelling between places in
// the shortest time through the travel matrix (passing through a place is
// allowed, as the benchmark's validator allows any sequence of trips).
type MeetingProblem struct {
	data *meetingData
	sp   map[string]map[string]int // shortest travel times
	m    *encode.Model
	y    [][]encode.Var // y[i][k]: friend i is the k-th meeting
	t    []encode.Var   // start of the k-th meeting
}

// ParseMeeting builds the problem of a meeting-planning record from its
// constraints and dist_matrix fields.
func ParseMeeting(ex Example) (*MeetingProblem, error) {
	d, err := parseMeetingData(ex)
	if err != nil {
		return nil, err
	}
	p := &MeetingProblem{data: d, sp: map[string]map[string]int{}}
	var places []string
	for a := range d.dist {
		places = append(places, a)
	}
	for _, a := range places {
		p.sp[a] = map[string]int{a: 0}
		for b, v := range d.dist[a] {
			if a != b {
				p.sp[a][b] = v
			}
		}
	}
	for _, k := range places {
		for _, a := range places {
			for _, b := range places {
				ak, ok1 := p.sp[a][k]
				kb, ok2 := p.sp[k][b]
				if ab, ok := p.sp[a][b]; ok1 && ok2 && (!ok || ak+kb < ab) {
					p.sp[a][b] = ak + kb
				}
			}
		}
	}
	p.build()
	return p, nil
}

// build makes the model: y[i][k] places friend i at position k of the
// meeting order (each friend at most once, each position at most one
// friend, positions filled from the first), t[k] the start of the k-th
// meeting inside the friend's window, reachable from the start and from the
// previous meeting; the objective maximises the number of friends met.
func (p *MeetingProblem) build() {
	d := p.data
	m := encode.NewModel()
	n := len(d.friends)
	hi := d.startTime
	for _, f := range d.friends {
		hi = max(hi, f.To)
	}
	p.y = make([][]encode.Var, n)
	for i, f := range d.friends {
		p.y[i] = make([]encode.Var, n)
		for k := range n {
			p.y[i][k] = m.NewBool(fmt.Sprintf("meeting %d is %s", k+1, f.Name))
		}
	}
	p.t = make([]encode.Var, n)
	for k := range n {
		p.t[k] = m.NewInt(fmt.Sprintf("meeting %d start", k+1), int64(d.startTime), int64(hi))
	}
	var all []encode.Term
	for i, f := range d.friends {
		var row []encode.Lit
		for k := range n {
			row = append(row, encode.Lit{Var: p.y[i][k]})
			all = append(all, encode.Term{Var: p.y[i][k], Coef: 1})
		}
		m.AddAtMost(row, 1).Named("meet " + f.Name + " at most once")
	}
	for k := range n {
		var col []encode.Lit
		var fill []encode.Term
		for i := range n {
			col = append(col, encode.Lit{Var: p.y[i][k]})
			fill = append(fill, encode.Term{Var: p.y[i][k], Coef: 1})
			if k > 0 {
				fill = append(fill, encode.Term{Var: p.y[i][k-1], Coef: -1})
			}
		}
		m.AddAtMost(col, 1).Named(fmt.Sprintf("one friend at meeting %d", k+1))
		if k > 0 {
			m.AddLinear(fill, encode.LE, 0).Named(fmt.Sprintf("meeting %d only after meeting %d", k+1, k))
		}
	}
	for i, f := range d.friends {
		for k := range n {
			on := encode.Lit{Var: p.y[i][k]}
			tk := []encode.Term{{Var: p.t[k], Coef: 1}}
			m.AddLinear(tk, encode.GE, int64(f.From)).OnlyIf(on).Named(fmt.Sprintf("%s not before %s (meeting %d)", f.Name, clock12(f.From), k+1))
			m.AddLinear(tk, encode.LE, int64(f.To-f.Min)).OnlyIf(on).Named(fmt.Sprintf("%s for %d minutes by %s (meeting %d)", f.Name, f.Min, clock12(f.To), k+1))
		}
		m.AddLinear([]encode.Term{{Var: p.t[0], Coef: 1}}, encode.GE, int64(d.startTime+p.sp[d.startLoc][f.Loc])).
			OnlyIf(encode.Lit{Var: p.y[i][0]}).Named(fmt.Sprintf("travel from %s to %s first", d.startLoc, f.Name))
	}
	for i, f := range d.friends {
		for j, g := range d.friends {
			if i == j {
				continue
			}
			gap := int64(f.Min + p.sp[f.Loc][g.Loc])
			for k := 0; k+1 < n; k++ {
				m.AddLinear([]encode.Term{{Var: p.t[k+1], Coef: 1}, {Var: p.t[k], Coef: -1}}, encode.GE, gap).
					OnlyIf(encode.Lit{Var: p.y[i][k]}, encode.Lit{Var: p.y[j][k+1]}).
					Named(fmt.Sprintf("%s then %s (meetings %d-%d)", f.Name, g.Name, k+1, k+2))
			}
		}
	}
	m.Maximize(all...)
	var ans []encode.Var
	for i := range n {
		ans = append(ans, p.y[i]...)
	}
	m.SetAnswer(ans...)
	p.m = m
}

// Model returns the example's model.
func (p *MeetingProblem) Model() *encode.Model { return p.m }

var reMeetFor = regexp.MustCompile(`^You meet (.+?) for (\d+) minutes`)

// Decode replays a plan in the benchmark's step format ("You start at",
// "You travel to X in", "You wait until T", "You meet P for N minutes"),
// split into sentences at "." as the official script does: travel takes
// the matrix time, a wait may not go back in time, a meeting starts on
// arrival (or after the wait) at the friend's place and lasts the stated
// minutes, at least the minimum and within the window. The meetings in
// order with their start times are the assignment; any other step, an
// unknown place or person, or a second meeting with someone has none.
func (p *MeetingProblem) Decode(plan string) (encode.Assignment, error) {
	d := p.data
	a := make(encode.Assignment, len(p.m.Vars))
	loc, now, k := d.startLoc, d.startTime, 0
	met := map[string]bool{}
	for _, st := range officialMeetingSplit(plan) {
		switch {
		case strings.HasPrefix(st, "You start"):
		case strings.HasPrefix(st, "You travel to "):
			dest, _, ok := strings.Cut(strings.TrimPrefix(st, "You travel to "), " in ")
			t, known := d.dist[loc][dest]
			if !ok || !known {
				return nil, fmt.Errorf("step %q: no travel time from %s", st, loc)
			}
			now += t
			loc = dest
		case strings.HasPrefix(st, "You wait until "):
			t, err := ampm(strings.TrimSpace(strings.TrimPrefix(st, "You wait until ")))
			if err != nil {
				return nil, fmt.Errorf("step %q: bad time", st)
			}
			if t < now {
				return nil, fmt.Errorf("step %q: it is already %s", st, clock12(now))
			}
			now = t
		case reMeetFor.MatchString(st):
			mm := reMeetFor.FindStringSubmatch(st)
			i := -1
			for j, f := range d.friends {
				if f.Name == mm[1] {
					i = j
				}
			}
			if i < 0 {
				return nil, fmt.Errorf("step %q: unknown person", st)
			}
			f := d.friends[i]
			dur, _ := strconv.Atoi(mm[2])
			switch {
			case met[f.Name]:
				return nil, fmt.Errorf("step %q: meets %s twice", st, f.Name)
			case loc != f.Loc:
				return nil, fmt.Errorf("step %q: at %s, %s is at %s", st, loc, f.Name, f.Loc)
			case dur < f.Min:
				return nil, fmt.Errorf("step %q: %d minutes, the minimum is %d", st, dur, f.Min)
			case now+dur > f.To:
				return nil, fmt.Errorf("step %q: from %s for %d minutes ends after %s", st, clock12(now), dur, clock12(f.To))
			}
			met[f.Name] = true
			a[p.y[i][k]] = 1
			a[p.t[k]] = int64(now)
			now += dur
			k++
		default:
			return nil, fmt.Errorf("unrecognised step %q", st)
		}
	}
	for ; k < len(p.t); k++ {
		a[p.t[k]] = p.m.Vars[p.t[k]].Lo
	}
	return a, nil
}

// Render writes the meetings of an assignment in order with their start
// times.
func (p *MeetingProblem) Render(a encode.Assignment) string {
	var parts []string
	for k := range p.t {
		for i, f := range p.data.friends {
			if a[p.y[i][k]] == 1 {
				parts = append(parts, fmt.Sprintf("%s %s", f.Name, clock12(int(a[p.t[k]]))))
			}
		}
	}
	if parts == nil {
		return "(nobody met)"
	}
	return strings.Join(parts, ", ")
}

func clock12(t int) string {
	h, m := t/60, t%60
	suf := "AM"
	if h >= 12 {
		suf = "PM"
	}
	if h%12 == 0 {
		return fmt.Sprintf("12:%02d%s", m, suf)
	}
	return fmt.Sprintf("%d:%02d%s", h%12, m, suf)
}
