package nrp

import (
	"strings"
	"testing"
)

// evalInstance: 14 days from a Monday; A may work 3–6 shifts (at most 2
// late ones), 2–4 in a row, needs 2 days off in a row, 1 weekend, and is
// off on day 4; a late shift may not be followed by an early one. B has
// no binding limit.
const evalInstance = `SECTION_HORIZON
14
SECTION_SHIFTS
E,480,
L,480,E
SECTION_STAFF
A,E=14|L=2,2880,1440,4,2,2,1
B,E=14|L=14,6720,0,14,1,1,2
SECTION_DAYS_OFF
A,4
SECTION_SHIFT_ON_REQUESTS
A,0,E,2
SECTION_SHIFT_OFF_REQUESTS
A,7,E,3
SECTION_COVER
0,E,2,100,1
1,L,0,100,5
`

// roster reads one row per employee, one character per day: a shift
// type's ID or '.' for a day off.
func roster(t *testing.T, in *Instance, rows ...string) Roster {
	t.Helper()
	var r Roster
	for _, row := range rows {
		var days []int
		for _, c := range row {
			d := Off
			if c != '.' {
				d = -2
				for i, sh := range in.Shifts {
					if sh.ID == string(c) {
						d = i
					}
				}
				if d == -2 {
					t.Fatalf("roster %q: unknown shift %q", row, c)
				}
			}
			days = append(days, d)
		}
		r = append(r, days)
	}
	return r
}

// TestEvaluateRules breaks each hard rule once, in A's row, and checks
// that the evaluator reports exactly that rule; the first rows keep every
// rule, including the runs that touch the horizon's ends.
func TestEvaluateRules(t *testing.T) {
	in, err := Parse(strings.NewReader(evalInstance), "eval.txt")
	if err != nil {
		t.Fatal(err)
	}
	const free = ".............."
	for _, c := range []struct {
		name, a string
		rule    string // "" for none
		detail  string
	}{
		{"valid", "EEE....EE.....", "", ""},
		{"short run at the start is not checked", "E......EEE....", "", ""},
		{"short run at the end is not checked", ".......EEE...E", "", ""},
		{"single day off at the start is not checked", ".EEE....EE....", "", ""},
		{"max shifts per type", "LLL....EE.....", RuleMaxShifts, "3 shifts of type L, at most 2 allowed"},
		{"max total minutes", "EEE....EEEE...", RuleMaxMinutes, "3360 minutes worked, at most 2880 allowed"},
		{"min total minutes", ".......EE.....", RuleMinMinutes, "960 minutes worked, at least 1440 required"},
		{"max consecutive shifts", ".......EEEEE..", RuleMaxConsecutive, "5 shifts in a row (days 7–11), at most 4 allowed"},
		{"min consecutive shifts", "EEE....E......", RuleMinConsecutive, "1 shifts in a row (days 7–7), at least 2 required"},
		{"min consecutive days off", "EE.....EE.EE..", RuleMinDaysOff, "1 days off in a row (days 9–9), at least 2 required"},
		{"max weekends", "EE...EE.....EE", RuleMaxWeekends, "2 weekends worked (days 5–6, 12–13), at most 1 allowed"},
		{"days off", "...EEE........", RuleDaysOff, "shift E on a day off"},
		{"shift rotation", "ELE....EE.....", RuleRotation, "shift L on day 1 followed by shift E on day 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := Evaluate(in, roster(t, in, c.a, free))
			if c.rule == "" {
				if !sc.Feasible() {
					t.Errorf("want no violation, got %v", sc.Violations)
				}
				return
			}
			if len(sc.Violations) != 1 || sc.Violations[0].Rule != c.rule || sc.Violations[0].Staff != "A" || sc.Violations[0].Detail != c.detail {
				t.Errorf("want one %q violation of A (%s), got %v", c.rule, c.detail, sc.Violations)
			}
		})
	}
}

func TestEvaluateShape(t *testing.T) {
	in, err := Parse(strings.NewReader(evalInstance), "eval.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []Roster{
		roster(t, in, "EEE....EE....."),
		roster(t, in, "EEE....EE....", ".............."),
		{{0, 0, 0, -1, -1, -1, -1, 0, 0, -1, -1, -1, -1, 7}, make([]int, 14)},
	} {
		sc := Evaluate(in, r)
		if len(sc.Violations) != 1 || sc.Violations[0].Rule != RuleShape {
			t.Errorf("%v: want one %q violation, got %v", r, RuleShape, sc.Violations)
		}
	}
}

// TestEvaluatePenalty sums the soft penalties by hand.
func TestEvaluatePenalty(t *testing.T) {
	in, err := Parse(strings.NewReader(evalInstance), "eval.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a, b                 string
		on, off, under, over int
	}{
		// A works E on day 0 (on request met) and day 7 (off request
		// broken: 3); cover day 0 E has 1 of 2 (under: 100).
		{"EEE....EE.....", "..............", 0, 3, 100, 0},
		// B on L on day 1, where 0 are wanted: over 5.
		{"EEE....EE.....", ".L............", 0, 3, 100, 5},
		// A off on day 0 (on request: 2), B alone on E (under: 100); A
		// off on day 7.
		{".EEE....EE....", "E.............", 2, 0, 100, 0},
		// Both on E on day 0: cover met; B on L on day 1 (over: 5).
		{"EEE....EE.....", "EL............", 0, 3, 0, 5},
	} {
		sc := Evaluate(in, roster(t, in, c.a, c.b))
		if sc.On != c.on || sc.Off != c.off || sc.Under != c.under || sc.Over != c.over || sc.Penalty() != c.on+c.off+c.under+c.over {
			t.Errorf("%s / %s: got on %d off %d under %d over %d (penalty %d); want %d %d %d %d",
				c.a, c.b, sc.On, sc.Off, sc.Under, sc.Over, sc.Penalty(), c.on, c.off, c.under, c.over)
		}
		if !sc.Feasible() {
			t.Errorf("%s / %s: %v", c.a, c.b, sc.Violations)
		}
	}
}
