package verify_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/gen/loop"
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

// BenchmarkScoreMix: grading the mix a trainer sends on a 32-task suite
// (gen.Run, 64 records, level 1): per record its reference answer, a
// perturbed one (one seeded mutation), and a claim of infeasibility (the
// certified conflict for an infeasible record, a made-up one otherwise),
// cycling over all of them. Claims repeat as a trainer's samples do, so
// the claim cache (a proof per record and claim) is part of what is
// measured. Reported: checks per second of one core.
func BenchmarkScoreMix(b *testing.B) {
	var buf bytes.Buffer
	opts := gen.Options{Tasks: domains.Tasks(), N: 64, Seed: 11, Workers: 2, Timeout: time.Minute}
	if _, err := gen.Run(context.Background(), opts, &buf, nil, nil); err != nil {
		b.Fatal(err)
	}
	recs, err := verify.ReadSuite(&buf)
	if err != nil {
		b.Fatal(err)
	}
	type job struct {
		rec  *domains.Record
		resp string
	}
	var jobs []job
	for _, r := range recs {
		bad, err := loop.Perturbed{K: 1, Seed: 1}.Respond(context.Background(), r)
		if err != nil {
			b.Fatal(err)
		}
		claim := `{"feasible": false, "conflict": ["deadline"]}`
		if !r.Reference.Feasible {
			claim = string(r.Reference.Plan)
		}
		jobs = append(jobs, job{r, "```json\n" + string(r.Reference.Plan) + "\n```"}, job{r, bad}, job{r, "```json\n" + claim + "\n```"})
	}
	for _, cache := range []bool{true, false} {
		b.Run(fmt.Sprintf("cache=%v", cache), func(b *testing.B) {
			defer verify.SetClaimCache(verify.SetClaimCache(cache))
			i := 0
			start := time.Now()
			for b.Loop() {
				verify.ScoreResponse(context.Background(), jobs[i].rec, jobs[i].resp, verify.RewardAllPass)
				i = (i + 1) % len(jobs)
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "checks/s")
		})
	}
}
