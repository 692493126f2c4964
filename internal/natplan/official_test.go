package natplan

import (
	"fmt"
	"strings"
	"testing"
)

func TestExactMatchCalendar(t *testing.T) {
	gold := "Here is the proposed time: Monday, 9:00 - 10:00 "
	for _, tc := range []struct {
		pred string
		want bool
	}{
		// calendar_scheduling_example_543: the prediction repeats the golden plan.
		{"Here is the proposed time: Monday, 9:00 - 10:00 \n", true},
		{"Here is the proposed time: Tuesday, 9:00 - 10:00", false},
		{"Monday, 9:30 - 10:30", false},
		// hour_to_num only counts the minutes "30": 9:15 reads as 9.0.
		{"Monday, 9:15 - 10:15", true},
		// Only the first "Day, H:MM - H:MM" counts.
		{"Monday, 11:00 - 12:00 or Monday, 9:00 - 10:00", false},
		// A refusal with no time at all (one prediction in subset100 is one).
		{"It seems there is no solution for this task.", false},
	} {
		pred := tc.pred
		ex := Example{Task: Calendar, Golden: gold, Pred: &pred}
		if got := ExactMatch(ex); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.pred, got, tc.want)
		}
	}
}

func TestOfficialTripParse(t *testing.T) {
	for _, tc := range []struct {
		name, resp, want string
	}{
		{"golden of example 0", tripGolden0, "[{Helsinki 5} {Barcelona 5} {Florence 6}]"},
		// trip_planning_example_1088's prediction connects Tallinn-Oslo-Porto on day 19:
		// the script reads two flights and an extra one-day stay in Oslo.
		{"connection", "**Day 1-2:** Visit Tallinn.\n**Day 2:** Fly from Tallinn to Oslo.\n**Day 2:** Fly from Oslo to Porto.\n**Day 2-4:** Visit Porto.", "[{Tallinn 2} {Oslo 1} {Porto 3}]"},
		{"no flights", "**Day 1-14:** Stay in Helsinki.", "[]"},
	} {
		got := officialTripParse(tc.resp)
		if s := fmt.Sprint(got); !(s == tc.want || (tc.want == "[]" && got == nil)) {
			t.Errorf("%s: %s, want %s", tc.name, s, tc.want)
		}
	}
	if !officialTripScore("Helsinki**Barcelona**Florence", "5**5**6", officialTripParse(tripGolden0)) {
		t.Error("golden plan of example 0 does not match its own cities and durations")
	}
	if officialTripScore("Helsinki**Barcelona**Florence", "5**5**6", officialTripParse(strings.Replace(tripGolden0, "Day 9:", "Day 10:", 1))) {
		t.Error("a wrong flight day matches")
	}
}

// TestOfficialMeetingScore: the script counts the meetings before the first
// invalid step, so a plan that breaks after meeting as many people as the
// golden plan still matches.
func TestOfficialMeetingScore(t *testing.T) {
	ex := meetingExample(t, []any{[]any{"P", "9:00AM"}, []any{"X", "Q", "9:30AM to 10:30AM", 60}, []any{"Y", "P", "10:00AM to 11:00AM", 30}},
		map[string]map[string]int{"P": {"Q": 20}, "Q": {"P": 15}})
	ex.GoldenSteps = []string{"You start at P at 9:00AM.", "You travel to Q in 20 minutes and arrive at 9:20AM.", "You wait until 9:30AM.", "You meet X for 60 minutes from 9:30AM to 10:30AM."}
	for _, tc := range []struct {
		pred  string
		score int
	}{
		{"SOLUTION: You start at P at 9:00AM. You travel to Q in 20 minutes and arrive at 9:20AM. You wait until 9:30AM. You meet X for 60 minutes from 9:30AM to 10:30AM.", 1},
		// Y cannot be met after X (11:15 > 11:00): the count stops at 1.
		{"SOLUTION: You start at P at 9:00AM. You travel to Q in 20 minutes. You wait until 9:30AM. You meet X for 60 minutes. You travel to P in 15 minutes. You meet Y for 30 minutes.", 1},
		// Waiting until the current time is "going backwards" for the script.
		{"SOLUTION: You start at P at 9:00AM. You wait until 9:00AM. You wait until 10:00AM. You meet Y for 30 minutes.", 0},
		{"SOLUTION: You start at P at 9:00AM. You wait until 10:00AM. You meet Y for 30 minutes.", 1},
		{"I cannot find a plan.", 0},
	} {
		if got := officialMeetingScore(ex, officialMeetingSplit(tc.pred)); got != tc.score {
			t.Errorf("%q: score %d, want %d", tc.pred, got, tc.score)
		}
		pred := tc.pred
		ex.Pred = &pred
		if got, want := ExactMatch(ex), tc.score == 1; got != want {
			t.Errorf("%q: exact match %v, want %v", tc.pred, got, want)
		}
	}
}
