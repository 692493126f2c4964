package familytest

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
)

// InfeasibleUnit is the unit that lets an instance be infeasible (every
// core has it under this ID); a kept infeasible record must have it.
const InfeasibleUnit = "infeasibility"

// OptimalItem is the checklist item of the objective: it fails for every
// answer other than the reference, since kept optima are unique.
const OptimalItem = "optimal"

// Long reports whether the long runs are asked for (PLANCERT_LONG=1, make
// test-long).
func Long() bool { return os.Getenv("PLANCERT_LONG") == "1" }

// DefaultSeeds are the reference seeds most cores use: 1..12, 10 in
// short mode, 200 with PLANCERT_LONG=1 (make test must stay within 3
// minutes on 2 cores; the per-unit coverage of the mutation test reaches
// a unit first drawn later through its forced specs).
var DefaultSeeds = Levels{Short: 10, Default: 12, Long: 200}

// GreedySeeds are the seeds of a core's Greedy test: 1..12 (the default
// reference seeds, so that the records come from the cache), 20 with
// PLANCERT_LONG=1.
var GreedySeeds = Levels{Short: 10, Default: 12, Long: 20}

// GenerousTimeout is a Family.Timeout long enough that a drop for time
// does not depend on the load of the machine.
const GenerousTimeout = 60 * time.Second

// RerunEvery is a Family.Rerun that runs every n-th seed (1, n+1, …) a
// second time, and every seed in short mode and with PLANCERT_LONG=1.
func RerunEvery(n uint64) func(seed uint64) bool {
	return func(seed uint64) bool { return Long() || testing.Short() || seed%n == 1 }
}

// Levels is a number per test level: Short under go test -short, Long with
// PLANCERT_LONG=1 (which wins over -short), Default otherwise.
type Levels struct{ Short, Default, Long uint64 }

// N returns the number of the current level.
func (l Levels) N() uint64 {
	switch {
	case Long():
		return l.Long
	case testing.Short():
		return l.Short
	}
	return l.Default
}

// Family describes the family tests of one core.
type Family struct {
	// Core is the Task.Core of the core's tasks.
	Core string
	// Tasks, when not empty, restricts the family to the tasks of these
	// IDs, each of which must be registered with Core: for a core whose
	// tasks are tested by several packages (the route skins commute,
	// delivery, dispatch and itinerary share Core "route", and each tests
	// its own task), so that a test binary that registers more of them
	// still tests only its own.
	Tasks []string
	// Seeds are the seeds 1..N per task of the reference test.
	Seeds Levels
	// TaskSeeds, when not nil, gives a task other seeds than Seeds.
	TaskSeeds func(tk *domains.Task) Levels
	// MinKeep is the least share of a task's seeds that must be kept.
	MinKeep float64
	// Rerun reports whether the reference test runs a seed a second time
	// (and compares the bytes); nil runs every seed twice.
	Rerun func(seed uint64) bool
	// Timeout bounds one certification; 0 for none. With a bound, a seed
	// that either run drops for time is not compared (a time limit
	// depends on the machine's load).
	Timeout time.Duration

	// CheckRecord, when not nil, adds the core's checks of one kept record
	// (inst is its instance loaded from JSON); CheckRecord (the harness's)
	// calls it last.
	CheckRecord func(t *testing.T, rec *domains.Record, inst domains.Instance)
	// AfterTask, when not nil, adds checks over a task's kept records at
	// the end of the reference test.
	AfterTask func(t *testing.T, tk *domains.Task, kept []*domains.Record)

	// Golden picks the golden files of one task (see Golden); nil for
	// none. f is the family itself.
	Golden func(t *testing.T, f *Family, tk *domains.Task) []GoldenFile
	// GoldenShared picks golden files drawn across the tasks.
	GoldenShared func(t *testing.T, f *Family, tasks []*domains.Task) []GoldenFile
	// GoldenFormat is the golden text's variant.
	GoldenFormat GoldenFormat

	// MutationSeeds are the seeds 1..N per task whose kept records the
	// mutation test mutates (zero: Seeds).
	MutationSeeds Levels
	// MutationRecords, when not zero, replaces MutationSeeds: the seeds
	// 1, 2, … until that many kept feasible records were mutated
	// (infeasible records met on the way are mutated too), at most
	// MaxMutationSeeds.
	MutationRecords Levels
	// MaxMutationSeeds bounds the seeds of MutationRecords (0: 200).
	MaxMutationSeeds uint64
	// Exempt lists, per unit ID, why the unit has no mutation caught by an
	// item of its own (e.g. a unit that only adds an objective level,
	// whose breakage shows as "optimal"). Keep it minimal: the mutation
	// test fails for any other unit that no mutant catches.
	Exempt map[string]string
	// ForcedSpecs bounds the specs the per-unit coverage forces a unit
	// into, after the sampled seeds (0: 12).
	ForcedSpecs int
	// ItemUnit corrects the item → unit mapping of the per-unit coverage,
	// which is the checklist item's Constraint, where that is not the
	// unit's ID: item ID → unit ID, or "" for an item of no unit (a core
	// rule whose Constraint happens to be a unit's ID). Keep it minimal.
	ItemUnit map[string]string
	// SweepCoverage requires the per-unit coverage of the sweep's records
	// alone: a unit they do not cover fails without a search.
	SweepCoverage bool
	// MustCatch lists checklist items (by ID) that must each catch some
	// mutant of the sweep's records, per task: the items of no unit (the
	// format, the core rules, "optimal", "stated", "conflict"), which the
	// per-unit coverage does not ask for, or unit items a core requires of
	// the sweep itself. Records of the per-unit search do not count.
	MustCatch []string
}

// seeds returns the reference seeds of tk.
func (f *Family) seeds(tk *domains.Task) uint64 {
	if f.TaskSeeds != nil {
		return f.TaskSeeds(tk).N()
	}
	return f.Seeds.N()
}

// Tasks returns the registered tasks of the family's core (only those of
// Family.Tasks when it is set), in registry order; the test fails when
// there is none, or when a task of Family.Tasks is not registered with
// the core.
func Tasks(t testing.TB, f *Family) []*domains.Task {
	t.Helper()
	out, err := selectTasks(domains.Tasks(), f)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TaskSubtask is a subtask of one of a family's tasks.
type TaskSubtask struct {
	Task *domains.Task
	Sub  domains.Subtask
}

// Allowing lists the subtasks of the family's tasks (Tasks) whose pool
// has unit and that allow it, in registry and table order; the test fails
// when there is none.
func Allowing(t testing.TB, f *Family, unit string) []TaskSubtask {
	t.Helper()
	var out []TaskSubtask
	for _, tk := range Tasks(t, f) {
		if _, ok := tk.Unit(unit); !ok {
			continue
		}
		for _, st := range tk.Subtasks {
			if st.Allows(unit) {
				out = append(out, TaskSubtask{tk, st})
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no subtask of core %s allows the %s unit", f.Core, unit)
	}
	return out
}

// selectTasks picks the family's tasks from all, in all's order.
func selectTasks(all []*domains.Task, f *Family) ([]*domains.Task, error) {
	var out []*domains.Task
	found := map[string]bool{}
	for _, tk := range all {
		if tk.Core != f.Core || len(f.Tasks) > 0 && !slices.Contains(f.Tasks, tk.ID) {
			continue
		}
		out = append(out, tk)
		found[tk.ID] = true
	}
	for _, id := range f.Tasks {
		if !found[id] {
			return nil, fmt.Errorf("task %q of the family is not registered with core %q", id, f.Core)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no task of core %q is registered", f.Core)
	}
	return out, nil
}

// SubtaskLevels is the level test of a core's subtasks, without solving:
// check(st, level) checks each subtask st of subtasks at levels 1 (st as
// it is, which level 1 draws) to domains.Levels (the core's atLevel of
// st); afterwards st must be as it was, since atLevel returns a new
// subtask (domains.Skin.AtLevel). name names a subtask in messages.
func SubtaskLevels[S any](t *testing.T, subtasks []S, name func(st *S) string, check func(st *S, level int)) {
	t.Helper()
	for _, i := range changedAtLevels(subtasks, check) {
		t.Errorf("%s: atLevel changed the subtask", name(&subtasks[i]))
	}
}

// changedAtLevels calls check on each subtask at every level and returns
// the indexes of the subtasks that are not as they were afterwards.
func changedAtLevels[S any](subtasks []S, check func(st *S, level int)) []int {
	var out []int
	for i := range subtasks {
		st := &subtasks[i]
		before := *st
		for level := 1; level <= domains.Levels; level++ {
			check(st, level)
		}
		if !reflect.DeepEqual(before, *st) {
			out = append(out, i)
		}
	}
	return out
}
