package verify_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/plancert/plancert/verify"
)

// BenchmarkCheck: grading one response (extraction, JSON parsing and every
// checklist item) of the reference suite in testdata/verify, cycling over
// its records with their reference answers. Reported: plan checks per
// second of one core.
func BenchmarkCheck(b *testing.B) {
	f, err := os.Open("../testdata/verify/suite.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	recs, err := verify.ReadSuite(f)
	if err != nil {
		b.Fatal(err)
	}
	resp := make([]string, len(recs))
	for i, r := range recs {
		resp[i] = "```json\n" + string(r.Reference.Plan) + "\n```"
	}
	i := 0
	start := time.Now()
	for b.Loop() {
		s := verify.ScoreResponse(context.Background(), recs[i], resp[i], verify.RewardAllPass)
		if s.AllPass != 1 {
			b.Fatalf("%s: reference fails: %+v", recs[i].ID, s)
		}
		i = (i + 1) % len(recs)
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "checks/s")
}
