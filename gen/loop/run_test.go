package loop_test

import (
	"context"
	"errors"
	"testing"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/solver/sat"
	"github.com/plancert/plancert/verify"
)

func maker(ctx context.Context, t *domains.Task, level int, c [3]int, seed uint64) (*domains.Record, string, error) {
	spec, err := gen.SampleLevelCounts(t, seed, level, c[0], c[1], c[2])
	if err != nil {
		return nil, "", err
	}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, t, spec)
	if err != nil {
		return nil, "", err
	}
	rec, err := gen.Certify(ctx, sat.Backend{}, t, inst, gen.Unique)
	var drop *gen.DropError
	if errors.As(err, &drop) {
		return nil, drop.Reason, nil
	}
	return rec, "", err
}

func allPass(rec *domains.Record, resp string) bool {
	return verify.ScoreResponse(context.Background(), rec, resp, verify.RewardAllPass).AllPass == 1
}

// TestLoopClimbs: with a responder that always solves (the reference), the
// tier counts move from the start (2, 1, 0) to harder tiers within 50
// steps, and nothing is kept; with one that never solves (perturbed), they
// stay where they start and every instance is kept. Real instances, real
// grading. The level stays at 1 (LevelMax 1): TestLoopRaisesLevel tests
// the level.
func TestLoopClimbs(t *testing.T) {
	pr := loop.DefaultParams
	pr.LevelMax = 1
	for _, id := range []string{"meeting-planning", "exam-scheduling"} {
		task, ok := domains.Lookup(id)
		if !ok {
			t.Fatalf("no task %s", id)
		}
		var trace []loop.Step
		emit := func(st loop.Step, rec *domains.Record) error {
			trace = append(trace, st)
			if rec != nil {
				t.Errorf("%s: reference answer not solved at step %d (%s)", id, st.Step, st.ID)
			}
			return nil
		}
		final, err := loop.Run(context.Background(), task, pr, 50, 1, maker, loop.Reference{}, allPass, emit)
		if err != nil {
			t.Fatal(err)
		}
		start := trace[0].Counts
		if start != [3]int{2, 1, 0} {
			t.Errorf("%s: start counts %v", id, start)
		}
		if final.Counts[1] <= start[1] || final.Counts[2] <= start[2] || final.M != 6 {
			t.Errorf("%s: after 50 solved steps counts %v, M %d: not harder than %v", id, final.Counts, final.M, start)
		}
		for _, st := range trace[1:] {
			if st.Counts[1]+st.Counts[2] < start[1]+start[2] {
				t.Errorf("%s: step %d went easier: %v", id, st.Step, st.Counts)
			}
		}
		kept := 0
		final, err = loop.Run(context.Background(), task, pr, 10, 1000, maker, loop.Perturbed{K: 2, Seed: 1}, allPass,
			func(st loop.Step, rec *domains.Record) error {
				if rec != nil {
					kept++
				}
				return nil
			})
		if err != nil {
			t.Fatal(err)
		}
		if kept != 10 || final.Counts != start {
			t.Errorf("%s: perturbed responder: %d of 10 kept, counts %v (start %v)", id, kept, final.Counts, start)
		}
	}
}

// TestLoopRaisesLevel: a responder that always solves reaches M = 6 in
// three steps; the fourth, solved at M = 6, moves the task to level 2,
// where the tiers start again; the record drawn there is of level 2.
func TestLoopRaisesLevel(t *testing.T) {
	task, ok := domains.Lookup("meeting-planning")
	if !ok {
		t.Fatal("no task meeting-planning")
	}
	var trace []loop.Step
	var levels []int
	record := func(ctx context.Context, t *domains.Task, level int, c [3]int, seed uint64) (*domains.Record, string, error) {
		rec, reason, err := maker(ctx, t, level, c, seed)
		if rec != nil {
			levels = append(levels, rec.Level)
		}
		return rec, reason, err
	}
	final, err := loop.Run(context.Background(), task, loop.DefaultParams, 5, 1, record, loop.Reference{}, allPass,
		func(st loop.Step, _ *domains.Record) error { trace = append(trace, st); return nil })
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range []int{1, 1, 1, 1, 2} {
		if trace[k].Level != want || levels[k] != want {
			t.Errorf("step %d: level %d, record level %d, want %d", k+1, trace[k].Level, levels[k], want)
		}
	}
	if trace[4].Counts != trace[0].Counts || trace[3].M != 6 || final.Level != 2 {
		t.Errorf("level 2 starts at counts %v (level 1 started at %v), M before %d, final %+v", trace[4].Counts, trace[0].Counts, trace[3].M, final)
	}
}
