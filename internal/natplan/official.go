package natplan

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// ExactMatch scores ex's prediction by the benchmark's own rules,
// re-implemented from the official evaluate_*.py scripts of
// google-deepmind/natural-plan (commit 9b79bc4):
//
//   - calendar: the first "Day, H:MM - H:MM" of the prediction and of the
//     golden plan agree on the day and on start and end read as hours,
//     where only the minutes "30" count (as the script's hour_to_num does);
//   - trip: the prediction's (city, stay) sequence, read from its flight
//     lines and the last "Day X-Y" range before the final day, equals the
//     record's cities and durations;
//   - meeting: the prediction, split into sentences at ".", meets as many
//     people before its first invalid step as the golden plan does.
//
// A record without a prediction scores false.
func ExactMatch(ex Example) bool {
	if ex.Pred == nil {
		return false
	}
	switch ex.Task {
	case Calendar:
		d1, s1, e1 := officialCalendar(*ex.Pred)
		d2, s2, e2 := officialCalendar(ex.Golden)
		return d1 == d2 && s1 == s2 && e1 == e2
	case Trip:
		return officialTripScore(ex.Cities, ex.Durations, officialTripParse(*ex.Pred))
	case Meeting:
		steps := ex.GoldenSteps
		if steps == nil {
			steps = officialMeetingSplit(ex.Golden)
		}
		return officialMeetingScore(ex, officialMeetingSplit(*ex.Pred)) == officialMeetingScore(ex, steps)
	}
	return false
}

func officialCalendar(s string) (day string, start, end float64) {
	m := reCalAnswer.FindString(s)
	if m == "" {
		return "", -1, -1
	}
	d, span, _ := strings.Cut(m, ",")
	a, b, _ := strings.Cut(strings.TrimSpace(span), "-")
	return strings.TrimSpace(d), hourToNum(strings.TrimSpace(a)), hourToNum(strings.TrimSpace(b))
}

func hourToNum(s string) float64 {
	h, m, _ := strings.Cut(s, ":")
	x, _ := strconv.ParseFloat(h, 64)
	if m == "30" {
		x += 0.5
	}
	return x
}

var (
	reOffVisit  = regexp.MustCompile(`\d+-\d+`)
	reOffFlight = regexp.MustCompile(`.*Day (\d+).*from ([\p{L}\p{N}_]+) to ([\p{L}\p{N}_]+)`)
	reOffDays   = regexp.MustCompile(`European cities for (\d+) days`)
)

type cityStay struct {
	City string
	Days int
}

func officialTripParse(resp string) []cityStay {
	var days []string
	var flights [][3]string
	total := -1
	for _, piece := range strings.Split(resp, "\n") {
		if m := reOffDays.FindStringSubmatch(piece); m != nil {
			total, _ = strconv.Atoi(m[1])
		}
		if v := reOffVisit.FindString(piece); v != "" {
			days = append(days, v)
			_, e, _ := strings.Cut(v, "-")
			if end, _ := strconv.Atoi(e); end == total {
				break
			}
		}
		if m := reOffFlight.FindStringSubmatch(piece); m != nil {
			flights = append(flights, [3]string{m[1], m[2], m[3]})
		}
	}
	var cities []string
	fdays := []int{1}
	for _, f := range flights {
		d, _ := strconv.Atoi(f[0])
		fdays = append(fdays, d)
		if len(cities) == 0 {
			cities = append(cities, f[1])
		}
		cities = append(cities, f[2])
	}
	if len(days) == 0 || len(flights) == 0 || len(cities) == 0 {
		return nil
	}
	_, e, _ := strings.Cut(days[len(days)-1], "-")
	last, _ := strconv.Atoi(e)
	fdays = append(fdays, last)
	plan := make([]cityStay, len(cities))
	for i, c := range cities {
		plan[i] = cityStay{c, fdays[i+1] - fdays[i] + 1}
	}
	return plan
}

func officialTripScore(cities, durations string, plan []cityStay) bool {
	var stays []string
	var days []int
	for _, c := range strings.Split(cities, "**") {
		if c != "" {
			stays = append(stays, c)
		}
	}
	for _, d := range strings.Split(durations, "**") {
		if d != "" {
			n, _ := strconv.Atoi(d)
			days = append(days, n)
		}
	}
	match := 0
	for i := 0; i < len(stays) && i < len(plan); i++ {
		if stays[i] != plan[i].City || days[i] != plan[i].Days {
			break
		}
		match++
	}
	return len(stays) > 0 && match == len(stays)
}

// officialMeetingSplit is the script's parse_text_plan: the text after
// "SOLUTION:", split at every ".", trimmed, empty pieces dropped.
func officialMeetingSplit(plan string) []string {
	if i := strings.Index(plan, "SOLUTION:"); i >= 0 {
		plan = strings.TrimSpace(plan[i+len("SOLUTION:"):])
	}
	var out []string
	for _, s := range strings.Split(plan, ".") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// officialMeetingScore is the script's validator_from_text: the number of
// valid meetings before the first invalid step. A step the script would
// crash on (an unknown place or person: a KeyError its except ValueError
// does not catch) ends the count here too.
func officialMeetingScore(ex Example, steps []string) int {
	mp, err := parseMeetingData(ex)
	if err != nil {
		return -1
	}
	loc, now := mp.startLoc, mp.startTime
	met := map[string]bool{}
	score := 0
	for _, st := range steps {
		switch {
		case strings.HasPrefix(st, "You start"):
			continue
		case strings.HasPrefix(st, "You travel"):
			_, rest, _ := strings.Cut(st, "travel to ")
			dest, _, _ := strings.Cut(rest, " in")
			dest = strings.TrimSpace(dest)
			d, ok := mp.dist[loc][dest]
			if !ok {
				return score
			}
			now += d
			loc = dest
		case strings.HasPrefix(st, "You wait"):
			_, rest, _ := strings.Cut(st, "wait until ")
			raw, _, _ := strings.Cut(rest, ".")
			t, err := ampm(strings.TrimSpace(raw))
			if err != nil || t <= now {
				return score
			}
			now = t
		case strings.HasPrefix(st, "You meet"):
			_, rest, _ := strings.Cut(st, "meet ")
			who, _, _ := strings.Cut(rest, " for")
			who = strings.TrimSpace(who)
			if met[who] {
				return score
			}
			met[who] = true
			f, ok := mp.friend(who)
			if !ok {
				return score
			}
			if loc != f.Loc || now < f.From || now+f.Min > f.To {
				return score
			}
			now += f.Min
			score++
		default:
			return score
		}
	}
	return score
}

// ampm reads "9:05AM" as minutes after midnight, as strptime "%I:%M%p".
func ampm(s string) (int, error) {
	t, err := time.Parse("3:04PM", s)
	if err != nil {
		return 0, err
	}
	return t.Hour()*60 + t.Minute(), nil
}
