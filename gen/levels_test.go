package gen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestLevelTable: every task lists its sizes at each level 1..Levels; from
// one level to the next no size's least value falls and some size grows
// (a level may trade one dimension for another: a task that goes
// multi-period at level 4 may cap its sinks lower than level 3's widest);
// and every level samples (the level's tier counts fit the pool and its
// exclusions).
func TestLevelTable(t *testing.T) {
	for _, task := range domains.Tasks() {
		if len(task.Levels) != domains.Levels {
			t.Errorf("%s: %d levels listed, want %d", task.ID, len(task.Levels), domains.Levels)
			continue
		}
		for k, ls := range task.Levels {
			if ls.Level != k+1 || len(ls.Sizes) == 0 {
				t.Errorf("%s: level entry %d is %+v", task.ID, k, ls)
				continue
			}
			if k == 0 {
				continue
			}
			prev := map[string]domains.Size{}
			for _, s := range task.Levels[k-1].Sizes {
				prev[s.Name] = s
			}
			grows := false
			for _, s := range ls.Sizes {
				p, ok := prev[s.Name]
				if !ok || s.Lo < p.Lo || s.Lo > s.Hi {
					t.Errorf("%s: level %d %s %d–%d after %d–%d", task.ID, ls.Level, s.Name, s.Lo, s.Hi, p.Lo, p.Hi)
				}
				if s.Lo > p.Lo || s.Hi > p.Hi {
					grows = true
				}
			}
			if !grows {
				t.Errorf("%s: no size grows from level %d to %d", task.ID, ls.Level-1, ls.Level)
			}
		}
		for level := 1; level <= domains.Levels; level++ {
			for seed := uint64(1); seed <= 20; seed++ {
				spec, err := gen.SampleLevel(task, seed, level)
				if err != nil {
					t.Fatalf("%s level %d seed %d: %v", task.ID, level, seed, err)
				}
				if spec.AtLevel() != level {
					t.Fatalf("%s level %d: spec level %d", task.ID, level, spec.AtLevel())
				}
			}
		}
	}
	if _, err := gen.SampleLevel(domains.Tasks()[0], 1, domains.Levels+1); err == nil {
		t.Error("SampleLevel accepted a level above Levels")
	}
}

// TestLevelRecords: a run at a higher level makes exactly its records, each
// of that level; every reference passes every item of its checklist after
// a JSON round trip of the record; and a rerun with other workers is
// byte-identical. Level 3 for the first task of every core by default;
// every task at levels 3 and 5 under PLANCERT_LONG=1.
func TestLevelRecords(t *testing.T) {
	levels := []int{3}
	var tasks []*domains.Task
	seen := map[string]bool{}
	for _, task := range domains.Tasks() {
		if os.Getenv("PLANCERT_LONG") != "" || !seen[task.Core] {
			tasks = append(tasks, task)
			seen[task.Core] = true
		}
	}
	if os.Getenv("PLANCERT_LONG") != "" {
		levels = append(levels, domains.Levels)
	}
	for _, level := range levels {
		opts := gen.Options{Tasks: tasks, N: len(tasks), Seed: 1, Level: level, Workers: 1} // no timeout: the two runs must make the same draws on any machine
		var one, two bytes.Buffer
		sum, err := gen.Run(context.Background(), opts, &one, nil, nil)
		if err != nil || sum.Kept != len(tasks) {
			t.Fatalf("level %d: kept %d of %d (%v; %v)", level, sum.Kept, len(tasks), err, sum.ErrorMessages)
		}
		opts.Workers = 2
		if _, err := gen.Run(context.Background(), opts, &two, nil, nil); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(one.Bytes(), two.Bytes()) {
			t.Errorf("level %d: the run with 2 workers wrote other bytes", level)
		}
		for _, line := range strings.Split(strings.TrimSpace(one.String()), "\n") {
			var rec domains.Record
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatal(err)
			}
			if rec.Level != level {
				t.Errorf("%s: level %d, want %d", rec.ID, rec.Level, level)
			}
			_, inst, err := rec.Load()
			if err != nil {
				t.Fatalf("%s: %v", rec.ID, err)
			}
			for _, r := range inst.Check(context.Background(), sat.Backend{}, rec.Reference.Plan, rec.Reference) {
				if !r.Pass {
					t.Errorf("%s (level %d): the reference fails %s: %s", rec.ID, level, r.ID, r.Detail)
				}
			}
		}
	}
}
