package verify_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/internal/cputime"
	"github.com/plancert/plancert/verify"
)

// BenchmarkCheck: grading one response (extraction, JSON parsing and every
// checklist item) of the reference suite in testdata/verify, cycling over
// its records with their reference answers. Reported: plan checks per
// second, and per CPU-second of the process.
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
	cpu0, cpuOK := cputime.Process()
	start := time.Now()
	for b.Loop() {
		s := verify.ScoreResponse(context.Background(), recs[i], resp[i], verify.RewardAllPass)
		if s.AllPass != 1 {
			b.Fatalf("%s: reference fails: %+v", recs[i].ID, s)
		}
		i = (i + 1) % len(recs)
	}
	elapsed := time.Since(start)
	cpu1, _ := cputime.Process()
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "checks/s")
	if cpuOK {
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "checks/cpu-s")
	}
}

// mixSamples is the number of samples per prompt of BenchmarkScoreMix, as
// a GRPO trainer draws a group of answers per prompt.
const mixSamples = 4

// mixJob is one answer of BenchmarkScoreMix to grade, and its reward.
type mixJob struct {
	rec    *domains.Record
	resp   string
	reward float64
}

// scoreMix returns the answers of BenchmarkScoreMix: per record of a
// 32-task suite (gen.Run of every task, 64 records, seed 1, as "plancert
// gen --n 64 --seed 1"), mixSamples samples of each of three answers a
// trainer sends: the reference answer, a perturbed one (one seeded
// mutation, a seed per sample) and a claim of infeasibility. The claim
// names the certified conflict of an infeasible record, or two rules of
// the problem (the first two that a claim may name, sorted) of a
// feasible one, in sorted order and reversed in turn, each with an
// explanation of its own: every claim is a different answer, and the
// answers of one record name one set of rules. Each job's reward is
// ScoreResponse's, graded once with every cache off.
func scoreMix(b testing.TB) []mixJob {
	var buf bytes.Buffer
	opts := gen.Options{Tasks: domains.Tasks(), N: 64, Seed: 1, Workers: 2, Timeout: time.Minute}
	if _, err := gen.Run(context.Background(), opts, &buf, nil, nil); err != nil {
		b.Fatal(err)
	}
	recs, err := verify.ReadSuite(&buf)
	if err != nil {
		b.Fatal(err)
	}
	defer verify.SetClaimCache(verify.SetClaimCache(false))
	fence := func(answer string) string { return "```json\n" + answer + "\n```" }
	var jobs []mixJob
	for _, r := range recs {
		names := claimable(b, r)
		for k := range mixSamples {
			bad, err := loop.Perturbed{K: 1, Seed: uint64(k + 1)}.Respond(context.Background(), r)
			if err != nil {
				b.Fatal(err)
			}
			order := slices.Clone(names)
			if k%2 == 1 {
				slices.Reverse(order)
			}
			claim, err := json.Marshal(map[string]any{"feasible": false, "conflict": order,
				"explanation": fmt.Sprintf("sample %d: these rules cannot all hold together", k)})
			if err != nil {
				b.Fatal(err)
			}
			for _, resp := range []string{fence(string(r.Reference.Plan)), bad, fence(string(claim))} {
				jobs = append(jobs, mixJob{r, resp, verify.ScoreResponse(context.Background(), r, resp, verify.RewardAllPass).Reward})
			}
		}
		verify.Forget(r)
	}
	return jobs
}

// claimable returns the rules a claim of infeasibility names for rec: its
// certified conflict when it is infeasible, else the first two groups of
// its model (sorted) that a claim may name (graded alone, a group that is
// not a rule of the prompt fails as "not the name of a rule").
func claimable(b testing.TB, rec *domains.Record) []string {
	if !rec.Reference.Feasible {
		return slices.Sorted(slices.Values(rec.Reference.Conflict))
	}
	_, inst, err := rec.Load()
	if err != nil {
		b.Fatal(err)
	}
	m, err := inst.Model()
	if err != nil {
		b.Fatal(err)
	}
	var names []string
	for _, g := range slices.Sorted(slices.Values(m.Groups())) {
		claim, _ := json.Marshal(map[string]any{"feasible": false, "conflict": []string{g}})
		s := verify.ScoreResponse(context.Background(), rec, string(claim), verify.RewardAllPass)
		if !slices.ContainsFunc(s.Items, func(it verify.ItemScore) bool { return strings.Contains(it.Detail, "is not the name of a rule") }) {
			names = append(names, g)
		}
		if len(names) == 2 {
			break
		}
	}
	if len(names) == 0 {
		b.Fatalf("%s: no rule a claim may name", rec.ID)
	}
	return names
}

// BenchmarkScoreMix: grading the mix a trainer sends on a 32-task suite
// (scoreMix: reference, perturbed and infeasibility-claim answers, four
// samples of each per record), cycling over all of them, with the
// grading caches (per record: the instance's checklist, the proofs of
// claimed conflicts by set of rules, and the verdicts of whole claims)
// on and off. The caches start empty, so their misses are part of what
// is measured. Every reward is checked against the uncached grade.
// Reported: checks per second, and checks per CPU-second of the process
// (the figure per core; other load on the machine disturbs it less).
func BenchmarkScoreMix(b *testing.B) {
	jobs := scoreMix(b)
	for _, cache := range []bool{true, false} {
		b.Run(fmt.Sprintf("cache=%v", cache), func(b *testing.B) {
			defer verify.SetClaimCache(verify.SetClaimCache(cache))
			for _, j := range jobs {
				verify.Forget(j.rec) // start cold: each record's caches are part of the run
			}
			i := 0
			cpu0, cpuOK := cputime.Process()
			start := time.Now()
			for b.Loop() {
				j := jobs[i]
				if s := verify.ScoreResponse(context.Background(), j.rec, j.resp, verify.RewardAllPass); s.Reward != j.reward {
					b.Fatalf("%s: reward %v, want %v", j.rec.ID, s.Reward, j.reward)
				}
				i = (i + 1) % len(jobs)
			}
			elapsed := time.Since(start)
			cpu1, _ := cputime.Process()
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "checks/s")
			if cpuOK {
				b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "checks/cpu-s")
			}
		})
	}
}
