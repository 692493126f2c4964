package verify_test

import (
	"context"
	"os"
	"testing"

	"github.com/plancert/plancert/verify"
)

// TestIntegrityAlarm: when a record's certified optimum is worse than what
// a feasible answer reaches (here: a tampered certificate), grading raises
// the integrity alarm instead of scoring it silently.
func TestIntegrityAlarm(t *testing.T) {
	f, err := os.Open("../testdata/verify/suite.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := verify.ReadSuite(f)
	if err != nil {
		t.Fatal(err)
	}
	alarms := 0
	for _, rec := range recs {
		if !rec.Reference.Feasible {
			continue
		}
		resp := "```json\n" + string(rec.Reference.Plan) + "\n```"
		if s := verify.ScoreResponse(context.Background(), rec, resp, verify.RewardAllPass); s.IntegrityAlarm || s.Objective == nil {
			t.Fatalf("%s: genuine reference: alarm %v, objective %v", rec.ID, s.IntegrityAlarm, s.Objective)
		}
		tampered := *rec
		tampered.Reference.Objective = append([]int64{rec.Reference.Objective[0] + 1}, rec.Reference.Objective[1:]...)
		s := verify.ScoreResponse(context.Background(), &tampered, resp, verify.RewardAllPass)
		if !s.IntegrityAlarm {
			t.Errorf("%s: an answer better than the certified optimum raised no alarm (objective %v, certified %v)", rec.ID, s.Objective, tampered.Reference.Objective)
		}
		alarms++
	}
	if alarms == 0 {
		t.Fatal("no feasible record in the suite")
	}
}
