package natplan

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/plancert/plancert/encode"
)

// Grid is the calendar time grid in minutes: every time in every
// NATURAL PLAN calendar prompt and golden plan is on the hour or the half
// hour, so a meeting starts on a half hour. A prompt with a time off the
// grid is reported unparsed; a plan off the grid is not a plan of the model.
const Grid = 30

var weekdays = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}

// CalendarProblem is a parsed calendar-scheduling example: one meeting of
// Duration minutes for all participants on one of Days, within work hours,
// avoiding every busy interval and every stated preference.
type CalendarProblem struct {
	People     []string
	Days       []string
	Start, End int // work hours, minutes after midnight
	Duration   int // minutes
	Busy       []Block
	Prefs      []Block // preferences, hard rules like busy blocks
	Earliest   bool    // "earliest availability" stated: minimise (day, start)
	slots      int     // start slots per day
	m          *encode.Model
	y          []encode.Var // y[d*slots+s]: the meeting starts on day d at slot s
}

// Block is a forbidden interval [From, To) on Day for Who, with the text it
// came from as Rule (the constraint name in the model).
type Block struct {
	Who      string
	Day      string
	From, To int
	Rule     string
}

var (
	reCalTask  = regexp.MustCompile(`^TASK: You need to schedule a meeting for (.+?) for (half an hour|one hour) between the work hours of (\d{1,2}:\d\d) to (\d{1,2}:\d\d) on (?:either )?(.+?)\. *$`)
	reCalBusy  = regexp.MustCompile(`^([A-Z][a-z]+) (?:is busy|has meetings|has blocked their calendar) on (.+);\s*$`)
	reCalFree  = regexp.MustCompile(`^([A-Z][a-z]+?) ?(?:is free the entire (?:day|week)|has no meetings the whole (?:day|week)|'s calendar is wide open the entire (?:day|week))\.\s*$`)
	reDaySpan  = regexp.MustCompile(`^(Monday|Tuesday|Wednesday|Thursday|Friday) during (.+)$`)
	reInterval = regexp.MustCompile(`^(\d{1,2}:\d\d) to (\d{1,2}:\d\d)$`)
	rePrefHead = regexp.MustCompile(`^([A-Z][a-z]+) (?:would rather not meet|would like to avoid more meetings|do not want to meet|can not meet) on (.+)$`)
	rePrefTail = regexp.MustCompile(`^(Monday|Tuesday|Wednesday|Thursday|Friday)(?: (before|after) (\d{1,2}:\d\d))?$`)
	reEarliest = regexp.MustCompile(`^(?:[A-Z][a-z]+|The group) (?:would like to schedule the meeting|would like to meet) at their earli?e?st availability$`)
	reSentence = regexp.MustCompile(`[^.]+\.`)
)

// ParseCalendar parses a calendar-scheduling prompt: the last "TASK:" block
// up to "SOLUTION:". hours is the record's duration field ("0.5", "1"), or
// "" when the record has none; when given it must agree with the prompt.
func ParseCalendar(prompt, hours string) (*CalendarProblem, error) {
	i := strings.LastIndex(prompt, "TASK:")
	if i < 0 {
		return nil, fmt.Errorf("no TASK: in the prompt")
	}
	body := prompt[i:]
	if j := strings.Index(body, "SOLUTION:"); j >= 0 {
		body = body[:j]
	}
	lines := strings.Split(body, "\n")
	p := &CalendarProblem{}
	m := reCalTask.FindStringSubmatch(strings.TrimSpace(lines[0]))
	if m == nil {
		return nil, fmt.Errorf("unrecognised task sentence %q", strings.TrimSpace(lines[0]))
	}
	p.People = splitList(m[1])
	p.Duration = map[string]int{"half an hour": 30, "one hour": 60}[m[2]]
	var err error
	if p.Start, err = clock(m[3]); err != nil {
		return nil, err
	}
	if p.End, err = clock(m[4]); err != nil {
		return nil, err
	}
	for _, d := range splitList(m[5]) {
		if dayIndex(d) < 0 {
			return nil, fmt.Errorf("unknown day %q", d)
		}
		p.Days = append(p.Days, d)
	}
	if hours != "" {
		want := map[string]int{"0.5": 30, "1": 60}[hours]
		if want != p.Duration {
			return nil, fmt.Errorf("duration field %q disagrees with the prompt (%d minutes)", hours, p.Duration)
		}
	}
	isPerson := map[string]bool{}
	for _, n := range p.People {
		isPerson[n] = true
	}
	for _, line := range lines[1:] {
		line = strings.TrimSpace(line)
		switch {
		case line == "", strings.HasPrefix(line, "Here are the existing schedules for everyone during the day"):
			continue
		case reCalBusy.MatchString(line):
			bm := reCalBusy.FindStringSubmatch(line)
			if !isPerson[bm[1]] {
				return nil, fmt.Errorf("busy times for %s, who is not a participant", bm[1])
			}
			if err := p.parseBusy(bm[1], bm[2]); err != nil {
				return nil, err
			}
		case reCalFree.MatchString(line):
			if n := reCalFree.FindStringSubmatch(line)[1]; !isPerson[n] {
				return nil, fmt.Errorf("free-day sentence for %s, who is not a participant", n)
			}
		default:
			if err := p.parseSentences(line, isPerson); err != nil {
				return nil, err
			}
		}
	}
	for _, t := range []int{p.Start, p.End} {
		if t%Grid != 0 {
			return nil, fmt.Errorf("work hours off the %d-minute grid", Grid)
		}
	}
	for _, b := range append(append([]Block(nil), p.Busy...), p.Prefs...) {
		if b.From%Grid != 0 || b.To%Grid != 0 {
			return nil, fmt.Errorf("%s: time off the %d-minute grid", b.Rule, Grid)
		}
	}
	if p.End-p.Start < p.Duration {
		return nil, fmt.Errorf("work hours shorter than the meeting")
	}
	p.build()
	return p, nil
}

// parseBusy reads "Monday during 9:00 to 9:30, 10:00 to 11:00, Tuesday
// during ...".
func (p *CalendarProblem) parseBusy(who, spec string) error {
	day := ""
	for _, part := range strings.Split(spec, ", ") {
		if dm := reDaySpan.FindStringSubmatch(part); dm != nil {
			day, part = dm[1], dm[2]
		}
		if day == "" {
			return fmt.Errorf("busy interval %q of %s without a day", part, who)
		}
		im := reInterval.FindStringSubmatch(part)
		if im == nil {
			return fmt.Errorf("unrecognised busy interval %q of %s", part, who)
		}
		a, err := clock(im[1])
		if err != nil {
			return err
		}
		b, err := clock(im[2])
		if err != nil {
			return err
		}
		if b <= a {
			return fmt.Errorf("busy interval %q of %s ends before it starts", part, who)
		}
		p.Busy = append(p.Busy, Block{Who: who, Day: day, From: a, To: b, Rule: fmt.Sprintf("%s busy %s %s-%s", who, day, hhmm(a), hhmm(b))})
	}
	return nil
}

// parseSentences reads preference sentences: "Harold would like to avoid
// more meetings on Monday. Tuesday before 14:30." (the bare day sentences
// continue the previous person's preference) and the earliest-availability
// sentence. Anything else is an error naming the sentence.
func (p *CalendarProblem) parseSentences(line string, isPerson map[string]bool) error {
	who := ""
	for _, s := range reSentence.FindAllString(line, -1) {
		s = strings.TrimSuffix(strings.TrimSpace(s), ".")
		switch {
		case strings.HasPrefix(s, "Find a time that works for everyone"):
			continue
		case reEarliest.MatchString(s):
			p.Earliest = true
			continue
		}
		rest := s
		if hm := rePrefHead.FindStringSubmatch(s); hm != nil {
			if !isPerson[hm[1]] {
				return fmt.Errorf("preference of %s, who is not a participant", hm[1])
			}
			who, rest = hm[1], hm[2]
		} else if who == "" {
			return fmt.Errorf("unrecognised sentence %q", s)
		}
		tm := rePrefTail.FindStringSubmatch(rest)
		if tm == nil {
			return fmt.Errorf("unrecognised preference %q", s)
		}
		b := Block{Who: who, Day: tm[1], From: 0, To: 24 * 60}
		switch tm[2] {
		case "before":
			t, err := clock(tm[3])
			if err != nil {
				return err
			}
			b.To = t
		case "after":
			t, err := clock(tm[3])
			if err != nil {
				return err
			}
			b.From = t
		}
		b.Rule = strings.TrimSpace(fmt.Sprintf("%s: not %s %s %s", who, tm[1], tm[2], tm[3]))
		p.Prefs = append(p.Prefs, b)
	}
	if rem := strings.TrimSpace(reSentence.ReplaceAllString(line, "")); rem != "" {
		return fmt.Errorf("unrecognised text %q", rem)
	}
	return nil
}

// build makes the model: one Boolean per (day, start slot), exactly one
// true; a busy interval or preference forbids every slot whose meeting
// overlaps it; "before T" forbids meetings starting before T and "after T"
// meetings ending after T. With Earliest, the objective minimises the slot
// index (day first, then start).
func (p *CalendarProblem) build() {
	m := encode.NewModel()
	p.slots = (p.End-p.Start-p.Duration)/Grid + 1
	var all []encode.Lit
	var idx []encode.Term
	for d, day := range p.Days {
		for s := 0; s < p.slots; s++ {
			t := p.Start + s*Grid
			v := m.NewBool(fmt.Sprintf("meet %s %s", day, hhmm(t)))
			p.y = append(p.y, v)
			all = append(all, encode.Lit{Var: v})
			idx = append(idx, encode.Term{Var: v, Coef: int64(d*p.slots + s)})
		}
	}
	m.AddExactly(all, 1).Named("one meeting")
	used := map[string]bool{}
	for _, b := range append(append([]Block(nil), p.Busy...), p.Prefs...) {
		var lits []encode.Lit
		for d, day := range p.Days {
			if day != b.Day {
				continue
			}
			for s := 0; s < p.slots; s++ {
				t := p.Start + s*Grid
				if t < b.To && b.From < t+p.Duration {
					lits = append(lits, encode.Lit{Var: p.y[d*p.slots+s]})
				}
			}
		}
		if len(lits) > 0 {
			name := b.Rule
			for k := 2; used[name]; k++ {
				name = fmt.Sprintf("%s #%d", b.Rule, k)
			}
			used[name] = true
			m.AddAtMost(lits, 0).Named(name)
		}
	}
	if p.Earliest {
		m.Minimize(idx...)
	}
	m.SetAnswer(p.y...)
	p.m = m
}

// Model returns the example's model.
func (p *CalendarProblem) Model() *encode.Model { return p.m }

var reCalAnswer = regexp.MustCompile(`[A-Za-z]+, [0-9]+:[0-9]+ - [0-9]+:[0-9]+`)

// Decode reads a plan as the official evaluation does (the first
// "Day, H:MM - H:MM" in the text) and returns its assignment. A plan whose
// day is not a meeting day, whose length is not the duration or whose start
// is off the grid or outside work hours has no assignment: the error says
// why.
func (p *CalendarProblem) Decode(plan string) (encode.Assignment, error) {
	s := reCalAnswer.FindString(plan)
	if s == "" {
		return nil, fmt.Errorf("no \"Day, H:MM - H:MM\" in the plan")
	}
	day, span, _ := strings.Cut(s, ", ")
	from, to, _ := strings.Cut(span, " - ")
	a, err := clock(from)
	if err != nil {
		return nil, err
	}
	b, err := clock(to)
	if err != nil {
		return nil, err
	}
	d := -1
	for i, x := range p.Days {
		if x == day {
			d = i
		}
	}
	switch {
	case d < 0:
		return nil, fmt.Errorf("%s: %s is not a meeting day", s, day)
	case b-a != p.Duration:
		return nil, fmt.Errorf("%s: lasts %d minutes, not %d", s, b-a, p.Duration)
	case (a-p.Start)%Grid != 0:
		return nil, fmt.Errorf("%s: start off the %d-minute grid", s, Grid)
	case a < p.Start || b > p.End:
		return nil, fmt.Errorf("%s: outside the work hours %s-%s", s, hhmm(p.Start), hhmm(p.End))
	}
	x := make(encode.Assignment, len(p.m.Vars))
	x[p.y[d*p.slots+(a-p.Start)/Grid]] = 1
	return x, nil
}

// Render writes the plan of an assignment in the benchmark's words.
func (p *CalendarProblem) Render(x encode.Assignment) string {
	for i, v := range p.y {
		if x[v] == 1 {
			t := p.Start + (i%p.slots)*Grid
			return fmt.Sprintf("%s, %s - %s", p.Days[i/p.slots], hhmm(t), hhmm(t+p.Duration))
		}
	}
	return "(no meeting)"
}

func splitList(s string) []string {
	s = strings.ReplaceAll(s, " or ", ", ")
	s = strings.ReplaceAll(s, " and ", ", ")
	var out []string
	for _, x := range strings.Split(s, ", ") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

func dayIndex(d string) int {
	for i, x := range weekdays {
		if x == d {
			return i
		}
	}
	return -1
}

// clock reads "H:MM" as minutes after midnight.
func clock(s string) (int, error) {
	h, mm, ok := strings.Cut(s, ":")
	hi, err1 := strconv.Atoi(h)
	mi, err2 := strconv.Atoi(mm)
	if !ok || err1 != nil || err2 != nil || hi < 0 || hi > 24 || mi < 0 || mi > 59 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	return hi*60 + mi, nil
}

func hhmm(t int) string { return fmt.Sprintf("%d:%02d", t/60, t%60) }
