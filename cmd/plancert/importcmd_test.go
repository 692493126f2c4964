package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// npCalendar is a calendar record in the official format: Ann and Bob, half
// an hour in 9:00-10:00, both free, so 9:00 and 9:30 are both valid; the
// golden plan says 9:00 and the prediction 9:30.
const npCalendar = `{"calendar_scheduling_example_7": {"num_people": "2", "num_days": "1", "duration": "0.5",
 "prompt_0shot": "TASK: You need to schedule a meeting for Ann and Bob for half an hour between the work hours of 9:00 to 10:00 on Monday. \n\nHere are the existing schedules for everyone during the day: \nAnn is free the entire day.\nBob is free the entire day.\n\nFind a time that works for everyone's schedule and constraints. \nSOLUTION: ",
 "golden_plan": "Here is the proposed time: Monday, 9:00 - 9:30 ",
 "pred_5shot_pro": "Here is the proposed time: Monday, 9:30 - 10:00 "}}`

func TestImportNaturalPlan(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "cal.json")
	if err := os.WriteFile(in, []byte(npCalendar), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runPlancert(t, "", "import", "natural-plan", "--file", in)
	if res.code != exitOK {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	for _, want := range []string{"several optima       1", "exact match                    0/1", "exact verification (optimal)   1/1",
		"calendar_scheduling_example_7: witness Monday, 9:30 - 10:00",
		"calendar_scheduling_example_7: exact match false, verified true: feasible and optimal: Monday, 9:30 - 10:00"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, res.stdout)
		}
	}
	out := filepath.Join(dir, "audit.json")
	if res := runPlancert(t, "", "import", "natural-plan", "--file", in, "--json", "--out", out); res.code != exitOK || res.stdout != "" {
		t.Fatalf("exit %d, stdout %q: %s", res.code, res.stdout, res.stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Read        int
		Several     []struct{ ID, Witness string } `json:"several_optima"`
		Predictions struct{ Verified, ExactMatch int }
	}
	if err := json.Unmarshal(b, &rep); err != nil || rep.Read != 1 || len(rep.Several) != 1 || rep.Predictions.Verified != 1 || rep.Predictions.ExactMatch != 0 {
		t.Errorf("JSON report %s (%v)", b, err)
	}
}

func TestImportNaturalPlanErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"x_1": {"prompt_0shot": "p", "golden_plan": "g"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code exitCode
		err  string
	}{
		{[]string{"import", "natural-plan"}, exitBadInput, "--file is required"},
		{[]string{"import", "natural-plan", "--file", bad}, exitBadInput, "x_1: id does not name a task"},
		{[]string{"import", "natural-plan", "--file", filepath.Join(dir, "none.json")}, exitBadInput, "none.json"},
	} {
		res := runPlancert(t, "", tc.args...)
		if res.code != tc.code || !strings.Contains(res.stderr, tc.err) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, res.code, res.stderr, tc.code, tc.err)
		}
	}
}
