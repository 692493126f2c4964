package natplan

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// calTask wraps the lines of a calendar task as the prompts do.
func calTask(lines ...string) string {
	return "You are an expert at scheduling meetings.\n\nTASK: " + strings.Join(lines, "\n") + "\n\nFind a time that works for everyone's schedule and constraints. \nSOLUTION: "
}

func TestParseCalendar(t *testing.T) {
	head2 := "You need to schedule a meeting for Harold and Jeffrey for half an hour between the work hours of 9:00 to 17:00 on either Monday or Tuesday. \n\nHere are the existing schedules for everyone during the days: "
	for _, tc := range []struct {
		name   string
		prompt string
		busy   []string // Block.Rule of every busy block
		prefs  []string // Block.Rule of every preference
		early  bool
		err    string // substring of the error, "" for none
	}{
		// calendar_scheduling_example_543 (subset100), the task sentence and two busy lines.
		{"example 543", calTask("You need to schedule a meeting for James and John for one hour between the work hours of 9:00 to 17:00 on Monday. ",
			"Here are the existing schedules for everyone during the day: ",
			"James has blocked their calendar on Monday during 11:30 to 12:00, 14:30 to 15:00; ",
			"John is busy on Monday during 9:30 to 11:00, 11:30 to 12:00, 12:30 to 13:30, 14:30 to 16:30; "),
			[]string{"James busy Monday 11:30-12:00", "James busy Monday 14:30-15:00", "John busy Monday 9:30-11:00", "John busy Monday 11:30-12:00", "John busy Monday 12:30-13:30", "John busy Monday 14:30-16:30"}, nil, false, ""},
		// calendar_scheduling_example_625: a bare day sentence continues the preference.
		{"example 625", calTask(head2, "Jeffrey is free the entire week.",
			"Harold has blocked their calendar on Monday during 9:00 to 10:00, 10:30 to 17:00, Tuesday during 9:00 to 9:30; ",
			"", "Harold would like to avoid more meetings on Monday. Tuesday before 14:30. "),
			[]string{"Harold busy Monday 9:00-10:00", "Harold busy Monday 10:30-17:00", "Harold busy Tuesday 9:00-9:30"},
			[]string{"Harold: not Monday", "Harold: not Tuesday before 14:30"}, false, ""},
		// calendar_scheduling_example_630: "Charleshas no meetings the whole week." (sic).
		{"example 630 typo", calTask(strings.ReplaceAll(head2, "Harold and Jeffrey", "Charles and Cheryl"), "Charleshas no meetings the whole week.",
			"Cheryl has blocked their calendar on Monday during 9:00 to 10:30; ", "", "Charles do not want to meet on Monday. Tuesday after 15:30. "),
			[]string{"Cheryl busy Monday 9:00-10:30"}, []string{"Charles: not Monday", "Charles: not Tuesday after 15:30"}, false, ""},
		// The earliest-availability sentences, with the prompts' spelling "earlist".
		{"earliest", calTask(head2, "Jeffrey's calendar is wide open the entire week.", "Harold is free the entire week.", "", "Jeffrey would like to schedule the meeting at their earlist availability. "),
			nil, nil, true, ""},
		{"group earliest", calTask(head2, "Jeffrey is free the entire week.", "Harold is free the entire week.", "", "The group would like to meet at their earlist availability. "),
			nil, nil, true, ""},
		{"unknown sentence", calTask(head2, "Harold prefers mornings. "), nil, nil, false, `unrecognised sentence "Harold prefers mornings"`},
		{"stranger", calTask(head2, "Mallory is busy on Monday during 9:00 to 9:30; "), nil, nil, false, "Mallory, who is not a participant"},
		{"off grid", calTask(head2, "Harold is busy on Monday during 9:00 to 9:15; "), nil, nil, false, "off the 30-minute grid"},
		{"no task", "Schedule something.", nil, nil, false, "no TASK:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseCalendar(tc.prompt, "")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := rules(p.Busy); fmt.Sprint(got) != fmt.Sprint(tc.busy) {
				t.Errorf("busy %q, want %q", got, tc.busy)
			}
			if got := rules(p.Prefs); fmt.Sprint(got) != fmt.Sprint(tc.prefs) {
				t.Errorf("prefs %q, want %q", got, tc.prefs)
			}
			if p.Earliest != tc.early {
				t.Errorf("earliest %v, want %v", p.Earliest, tc.early)
			}
		})
	}
}

func rules(bs []Block) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Rule)
	}
	return out
}

// TestCalendarByHand certifies small examples whose answers are worked out
// by hand in the comments.
func TestCalendarByHand(t *testing.T) {
	for _, tc := range []struct {
		name, prompt string
		status       solver.Status
		unique       bool
		answer       string // the certified plan
	}{
		// Slots 9:00, 9:30, 10:00 (one hour in 9-11). Ann busy 9:00-9:30 kills 9:00,
		// Bob busy 10:30-11:00 kills 10:00: only 9:30-10:30 remains.
		{"one slot", calTask("You need to schedule a meeting for Ann and Bob for one hour between the work hours of 9:00 to 11:00 on Monday. ",
			"Ann is busy on Monday during 9:00 to 9:30; ", "Bob has meetings on Monday during 10:30 to 11:00; "), solver.Feasible, true, "Monday, 9:30 - 10:30"},
		// Half an hour in 9-10: 9:00 and 9:30 are free; earliest picks 9:00, and an
		// objective with distinct values per slot has a unique optimum.
		{"earliest", calTask("You need to schedule a meeting for Ann and Bob for half an hour between the work hours of 9:00 to 10:00 on Monday. ",
			"Ann is free the entire day.", "Bob is free the entire day.", "", "Ann would like to schedule the meeting at their earlist availability. "), solver.Optimal, true, "Monday, 9:00 - 9:30"},
		// Same without the preference: two valid slots.
		{"two slots", calTask("You need to schedule a meeting for Ann and Bob for half an hour between the work hours of 9:00 to 10:00 on Monday. ",
			"Ann is free the entire day.", "Bob is free the entire day."), solver.Feasible, false, ""},
		// Monday is ruled out by Bob, Tuesday before 9:30 by Ann: Tuesday 9:30 only.
		{"preferences", calTask("You need to schedule a meeting for Ann and Bob for half an hour between the work hours of 9:00 to 10:00 on either Monday or Tuesday. ",
			"Ann is free the entire week.", "Bob is free the entire week.", "", "Bob can not meet on Monday. Ann would rather not meet on Tuesday before 9:30. "), solver.Feasible, true, "Tuesday, 9:30 - 10:00"},
		// "after 9:30" forbids meetings ending after 9:30, and Ann is busy 9:00-9:30: no slot.
		{"infeasible", calTask("You need to schedule a meeting for Ann and Bob for half an hour between the work hours of 9:00 to 10:00 on Monday. ",
			"Ann is busy on Monday during 9:00 to 9:30; ", "Bob is free the entire day.", "", "Bob do not want to meet on Monday after 9:30. "), solver.Infeasible, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseCalendar(tc.prompt, "")
			if err != nil {
				t.Fatal(err)
			}
			cert, err := solver.Certify(context.Background(), sat.Backend{}, p.Model())
			if err != nil {
				t.Fatal(err)
			}
			if cert.Status != tc.status {
				t.Fatalf("status %v, want %v", cert.Status, tc.status)
			}
			if tc.status == solver.Infeasible {
				if len(cert.Core) == 0 {
					t.Error("infeasible without a core")
				}
				return
			}
			if *cert.Unique != tc.unique {
				t.Errorf("unique %v, want %v", *cert.Unique, tc.unique)
			}
			if tc.answer != "" {
				if got := p.Render(cert.Solution); got != tc.answer {
					t.Errorf("answer %q, want %q", got, tc.answer)
				}
				a, err := p.Decode("Here is the proposed time: " + tc.answer + " ")
				if err != nil || !p.Model().SameAnswer(a, cert.Solution) {
					t.Errorf("decoding the answer: %v", err)
				}
			}
		})
	}
}

// randomCalendar writes a random calendar prompt: 2-3 people, 1-3 days,
// work hours of 2-4 hours, random busy blocks and preferences.
func randomCalendar(r *rand.Rand) string {
	names := []string{"Ann", "Bob", "Cid"}[:2+r.IntN(2)]
	days := weekdays[:1+r.IntN(3)]
	start := 9*60 + 30*r.IntN(3)
	end := start + 60*(2+r.IntN(3))
	dur := []string{"half an hour", "one hour"}[r.IntN(2)]
	on := days[0]
	if len(days) > 1 {
		on = "either " + strings.Join(days[:len(days)-1], ", ") + " or " + days[len(days)-1]
	}
	lines := []string{fmt.Sprintf("You need to schedule a meeting for %s and %s for %s between the work hours of %s to %s on %s. ",
		strings.Join(names[:len(names)-1], ", "), names[len(names)-1], dur, hhmm(start), hhmm(end), on), "Here are the existing schedules for everyone during the days: "}
	for _, n := range names {
		var spans []string
		for _, d := range days {
			var iv []string
			for t := start; t < end; t += 30 {
				if r.IntN(3) == 0 {
					iv = append(iv, fmt.Sprintf("%s to %s", hhmm(t), hhmm(t+30)))
				}
			}
			if len(iv) > 0 {
				spans = append(spans, d+" during "+strings.Join(iv, ", "))
			}
		}
		if len(spans) == 0 {
			lines = append(lines, n+" is free the entire week.")
		} else {
			lines = append(lines, n+" is busy on "+strings.Join(spans, ", ")+"; ")
		}
	}
	lines = append(lines, "")
	if r.IntN(2) == 0 {
		lines = append(lines, fmt.Sprintf("%s would rather not meet on %s %s %s. ", names[0], days[r.IntN(len(days))], []string{"before", "after"}[r.IntN(2)], hhmm(start+30*(1+r.IntN(3)))))
	}
	if r.IntN(2) == 0 {
		lines = append(lines, "The group would like to meet at their earlist availability. ")
	}
	return calTask(lines...)
}

// TestCalendarBrute compares the certificate with an enumeration of every
// start slot, Check deciding which are valid.
func TestCalendarBrute(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 30
	}
	r := rand.New(rand.NewPCG(5, 6))
	var tally [3]int // instances with 0, 1, several valid plans
	defer func() {
		t.Logf("%d instances: %d infeasible, %d with one valid plan, %d with several", n, tally[0], tally[1], tally[2])
	}()
	for i := range n {
		prompt := randomCalendar(r)
		p, err := ParseCalendar(prompt, "")
		if err != nil {
			t.Fatalf("instance %d: %v\n%s", i, err, prompt)
		}
		m := p.Model()
		var valid []encode.Assignment
		for d := range p.Days {
			for s := range p.slots {
				a := make(encode.Assignment, len(m.Vars))
				a[p.y[d*p.slots+s]] = 1
				if m.Check(a) == nil {
					valid = append(valid, a)
				}
			}
		}
		cert, err := solver.Certify(context.Background(), sat.Backend{}, m)
		if err != nil {
			t.Fatal(err)
		}
		tally[min(len(valid), 2)]++
		switch {
		case len(valid) == 0:
			if cert.Status != solver.Infeasible {
				t.Fatalf("instance %d: status %v, enumeration finds no slot", i, cert.Status)
			}
		case p.Earliest:
			// valid is in slot order, so the first is the optimum, and it is unique.
			if !m.SameAnswer(cert.Solution, valid[0]) || !*cert.Unique {
				t.Fatalf("instance %d: optimum %s unique %v, enumeration %s", i, p.Render(cert.Solution), *cert.Unique, p.Render(valid[0]))
			}
		default:
			if cert.Status != solver.Feasible || *cert.Unique != (len(valid) == 1) {
				t.Fatalf("instance %d: status %v unique %v, enumeration finds %d slots", i, cert.Status, *cert.Unique, len(valid))
			}
		}
	}
}
