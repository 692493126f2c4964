package verify_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
	"github.com/plancert/plancert/verify"
)

// checklist6 is a checklist with one item of every kind, a stateful
// feasibility item among them.
var checklist6 = []domains.Item{
	{ID: "format", Kind: domains.KindFormat, Tier: domains.Basic},
	{ID: "coverage", Kind: domains.KindCoverage, Tier: domains.Basic},
	{ID: "room", Kind: domains.KindFeasibility, Tier: domains.Basic},
	{ID: "cooldown", Kind: domains.KindFeasibility, Tier: domains.Stateful},
	{ID: "optimal", Kind: domains.KindObjective, Tier: domains.Basic},
	{ID: "stated", Kind: domains.KindStated, Tier: domains.Medium},
}

// fakeScore is a parsed score on checklist6 where the items fail that are
// named.
func fakeScore(id string, kind verify.ErrorKind, failing ...string) verify.Score {
	s := verify.Score{ID: id, Parsed: true, ErrorKind: kind}
	bad := map[string]bool{}
	for _, f := range failing {
		bad[f] = true
	}
	passed := 0
	for _, it := range checklist6 {
		s.Items = append(s.Items, verify.ItemScore{ID: it.ID, Pass: !bad[it.ID]})
		if !bad[it.ID] {
			passed++
		}
	}
	s.AvgPass = float64(passed) / float64(len(checklist6))
	if passed == len(checklist6) {
		s.AllPass = 1
	}
	return s
}

func fakeRecord(id, subtask string, prompt int, c domains.Constraints) *domains.Record {
	return &domains.Record{ID: id, Family: domains.Scheduling, Task: "meeting-planning", Subtask: subtask,
		Constraints: c, Prompt: strings.Repeat("x", prompt), Checklist: checklist6}
}

// TestAnalyze checks every table of an analysis of four records and four
// scores against counts made by hand.
func TestAnalyze(t *testing.T) {
	recs := []*domains.Record{
		fakeRecord("r1", "cross-team", 1500, domains.Constraints{Basic: []string{"availability"}}),
		fakeRecord("r2", "cross-team", 2500, domains.Constraints{Basic: []string{"availability", "room-fit"}, Stateful: []string{"cooldown"}}),
		fakeRecord("r3", "board-series", 2500, domains.Constraints{Basic: []string{"room-fit"}}),
		fakeRecord("r4", "interview-panel", 8000, domains.Constraints{Basic: []string{"room-fit"}, Medium: []string{"buffer"}}),
	}
	scores := []verify.Score{
		fakeScore("r1", ""), // passes: avg 1
		fakeScore("r1", verify.ErrorWrong, "room", "optimal"),                         // avg 4/6
		fakeScore("r2", verify.ErrorState, "cooldown", "optimal"),                     // avg 4/6
		{ID: "r4", Items: make([]verify.ItemScore, 6), ErrorKind: verify.ErrorFormat}, // not parsed: avg 0
		// r3 has no response: avg 0, "no response"
	}
	a, err := verify.Analyze(recs, scores)
	if err != nil {
		t.Fatal(err)
	}
	if a.Records != 4 || a.Responses != 4 || a.NoResponse != 1 || a.N != 5 || a.Parsed != 3 || a.AllPassed != 1 || a.Failed != 4 {
		t.Errorf("counts %+v", a)
	}
	if lo, hi := verify.Wilson(0.2, 5); a.AllPass != (verify.Estimate{Mean: 0.2, Lo: lo, Hi: hi}) {
		t.Errorf("all-pass %+v, want 0.2 [%v, %v]", a.AllPass, lo, hi)
	}
	// Record means: r1 (1 + 4/6)/2 = 5/6, r2 4/6, r3 0, r4 0.
	if want := verify.TInterval([]float64{5.0 / 6, 4.0 / 6, 0, 0}, 0, 1); a.AvgPass != want {
		t.Errorf("avg-pass %+v, want %+v", a.AvgPass, want)
	}

	wantErrors := []verify.ErrorRow{
		{Kind: verify.ErrorFormat, Primary: 1, Share: 0.25, Any: 1},
		{Kind: verify.ErrorWrong, Primary: 1, Share: 0.25, Any: 1},
		{Kind: verify.ErrorState, Primary: 1, Share: 0.25, Any: 1},
		{Kind: verify.ErrorSuboptimal, Primary: 0, Share: 0, Any: 2},
		{Kind: verify.ErrorNoResponse, Primary: 1, Share: 0.25, Any: 1},
	}
	if len(a.Errors) != len(wantErrors) {
		t.Fatalf("errors %+v, want %+v", a.Errors, wantErrors)
	}
	for i := range wantErrors {
		if a.Errors[i] != wantErrors[i] {
			t.Errorf("error row %d: %+v, want %+v", i, a.Errors[i], wantErrors[i])
		}
	}

	type cell struct {
		key              string
		records, n, pass int
	}
	want := map[string][]cell{
		"family":           {{"scheduling", 4, 5, 1}},
		"task":             {{"meeting-planning", 4, 5, 1}},
		"subtask":          {{"meeting-planning/board-series", 1, 1, 0}, {"meeting-planning/cross-team", 2, 3, 1}, {"meeting-planning/interview-panel", 1, 1, 0}},
		"level":            {{"level 1", 4, 5, 1}},
		"tier mix":         {{"1b 0m 0h 0s", 2, 3, 1}, {"1b 1m 0h 0s", 1, 1, 0}, {"2b 0m 0h 1s", 1, 1, 0}},
		"checklist length": {{"≤6", 4, 5, 1}},
		"prompt length":    {{"≤1999 chars", 1, 2, 1}, {"2000–2999 chars", 2, 2, 0}, {"7500–9999 chars", 1, 1, 0}},
	}
	order := []string{"family", "task", "subtask", "level", "tier mix", "checklist length", "prompt length"}
	if len(a.Breakdowns) != len(order) {
		t.Fatalf("%d breakdowns", len(a.Breakdowns))
	}
	for i, b := range a.Breakdowns {
		if b.By != order[i] {
			t.Errorf("breakdown %d is by %q, want %q", i, b.By, order[i])
			continue
		}
		w := want[b.By]
		if len(b.Rows) != len(w) {
			t.Errorf("%s: rows %+v, want %+v", b.By, b.Rows, w)
			continue
		}
		for j, r := range b.Rows {
			if got := (cell{r.Key, r.Records, r.N, r.AllPassed}); got != w[j] {
				t.Errorf("%s row %d: %+v, want %+v", b.By, j, got, w[j])
			}
		}
	}

	// Units: availability (r1, r2; without: r3, r4), room-fit (r2, r3, r4;
	// without: r1), buffer (r4; without: r1, r2, r3), cooldown (r2;
	// without: r1, r3 — interview-panel excludes cooldown, so not r4).
	type urow struct {
		unit                   string
		tier                   domains.Tier
		with, without, withAll int
	}
	wantUnits := []urow{
		{"availability", domains.Basic, 2, 2, 1},
		{"room-fit", domains.Basic, 3, 1, 0},
		{"buffer", domains.Medium, 1, 3, 0},
		{"cooldown", domains.Stateful, 1, 2, 0},
	}
	if len(a.Units) != len(wantUnits) {
		t.Fatalf("units %+v", a.Units)
	}
	for i, u := range a.Units {
		got := urow{u.Unit, u.Tier, u.With.Records, u.Without.Records, u.With.AllPassed}
		if got != wantUnits[i] {
			t.Errorf("unit row %d: %+v, want %+v", i, got, wantUnits[i])
		}
	}

	if _, err := verify.Analyze(recs, append(scores, verify.Score{ID: "nope"})); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown id: error %v", err)
	}
}

// TestCompare checks the pairing and the McNemar counts by hand: per
// record, A's and B's responses in order, missing ones as failures.
func TestCompare(t *testing.T) {
	var recs []*domains.Record
	var a, b []verify.Score
	pass := func(id string) verify.Score { return fakeScore(id, "") }
	fail := func(id string) verify.Score { return fakeScore(id, verify.ErrorWrong, "room") } // avg 5/6
	// 12 records: 1 both pass, 9 only B passes, 1 only A passes, 1 with
	// two responses from A (pass, fail) and one from B (pass): pairs
	// (pass, pass) and (fail, no response).
	for i := range 12 {
		id := string(rune('a' + i))
		recs = append(recs, fakeRecord(id, "cross-team", 100, domains.Constraints{}))
		switch {
		case i == 0:
			a, b = append(a, pass(id)), append(b, pass(id))
		case i <= 9:
			a, b = append(a, fail(id)), append(b, pass(id))
		case i == 10:
			a, b = append(a, pass(id)), append(b, fail(id))
		default:
			a, b = append(a, pass(id), fail(id)), append(b, pass(id))
		}
	}
	c, err := verify.Compare(recs, a, b, 2000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Pairs != 13 || c.BothPass != 2 || c.OnlyA != 1 || c.OnlyB != 9 || c.BothFail != 1 {
		t.Errorf("pairs %+v", c)
	}
	// b=1, c=9: 2·(1 + 10)/2¹⁰ = 0.021484375.
	if math.Abs(c.McNemarP-0.021484375) > 1e-12 {
		t.Errorf("McNemar p = %v, want 0.021484375", c.McNemarP)
	}
	// All-pass: A 3/13, B 11/13. Avg-pass: A (3 + 10·5/6)/13, B 11/13 + (5/6)/13.
	if math.Abs(c.AllPassDiff-(3.0-11.0)/13) > 1e-12 {
		t.Errorf("all-pass difference %v", c.AllPassDiff)
	}
	wantAvg := ((3 + 10*5.0/6) - (11 + 5.0/6)) / 13
	if math.Abs(c.AvgPassDiff.Mean-wantAvg) > 1e-12 || !(c.AvgPassDiff.Lo <= wantAvg && wantAvg <= c.AvgPassDiff.Hi) {
		t.Errorf("avg-pass difference %+v, want mean %v inside", c.AvgPassDiff, wantAvg)
	}
	again, _ := verify.Compare(recs, a, b, 2000, 1)
	if again != c {
		t.Errorf("same seed, different comparison:\n%+v\n%+v", c, again)
	}
	if _, err := verify.Compare(recs, a, b, 0, 1); err == nil {
		t.Error("0 resamples: no error")
	}
}

// TestScoreStateTracking moves sessions of certified fitness-planning
// records with the stateful cool-down unit to other days: a response whose
// only failed feasibility item is the cool-down (no format or coverage
// failure) is "state tracking", and every "state tracking" response failed
// the cool-down item and no item of a kind ranked before it.
func TestScoreStateTracking(t *testing.T) {
	task, _ := domains.Lookup("fitness-planning")
	found := 0
	for seed := uint64(1); seed <= 40 && found < 3; seed++ {
		spec := domains.Spec{Task: task.ID, Subtask: "swim-squad", Basic: []string{"working-hours"},
			Stateful: []string{"cooldown"}, Seed: seed}
		inst, err := task.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := gen.Certify(context.Background(), sat.Backend{}, task, inst, gen.Unique)
		var drop *gen.DropError
		if errors.As(err, &drop) || (err == nil && !rec.Reference.Feasible) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var p map[string][]map[string]any
		if err := json.Unmarshal(rec.Reference.Plan, &p); err != nil {
			t.Fatal(err)
		}
		sessions := p["sessions"]
		for i := range sessions {
			for j := range sessions {
				if sessions[i]["day"] == sessions[j]["day"] {
					continue
				}
				old := sessions[i]["day"]
				sessions[i]["day"] = sessions[j]["day"]
				b, _ := json.Marshal(p)
				sessions[i]["day"] = old
				s := verify.ScoreResponse(context.Background(), rec, "```json\n"+string(b)+"\n```", "")
				onlyState := s.Parsed
				stateFailed := false
				for k, it := range s.Items {
					if it.Pass {
						continue
					}
					switch verify.ItemErrorKind(rec.Checklist[k]) {
					case verify.ErrorState:
						stateFailed = true
					case verify.ErrorSuboptimal, verify.ErrorStated:
					default:
						onlyState = false
					}
				}
				if (onlyState && stateFailed) != (s.ErrorKind == verify.ErrorState) {
					t.Errorf("%s: error kind %q; items %+v", rec.ID, s.ErrorKind, s.Items)
				}
				if s.ErrorKind == verify.ErrorState {
					found++
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no moved session broke only the cool-down: the state-tracking kind is untested")
	}
}

func TestItemErrorKind(t *testing.T) {
	tests := []struct {
		item domains.Item
		want verify.ErrorKind
	}{
		{domains.Item{Kind: domains.KindFormat}, verify.ErrorFormat},
		{domains.Item{Kind: domains.KindCoverage}, verify.ErrorOmitted},
		{domains.Item{Kind: domains.KindFeasibility, Tier: domains.Hard}, verify.ErrorWrong},
		{domains.Item{Kind: domains.KindFeasibility, Tier: domains.Stateful}, verify.ErrorState},
		{domains.Item{Kind: domains.KindObjective}, verify.ErrorSuboptimal},
		{domains.Item{Kind: domains.KindStated}, verify.ErrorStated},
		{domains.Item{Kind: "vibes"}, verify.ErrorOther},
	}
	for _, tt := range tests {
		if got := verify.ItemErrorKind(tt.item); got != tt.want {
			t.Errorf("ItemErrorKind(%+v) = %q, want %q", tt.item, got, tt.want)
		}
	}
}
