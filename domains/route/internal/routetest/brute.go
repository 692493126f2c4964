package routetest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// Tally counts the outcomes of a skin's brute-force cases: instances with
// no plan, with one optimal plan before the tie-breaks and with several,
// and the plans the checker judged.
type Tally struct{ Infeasible, Unique, Several, Plans int }

// SetName names a unit set in a subtest: its units joined by "+", "core"
// for none.
func SetName(set []string) string {
	if len(set) == 0 {
		return "core"
	}
	return strings.Join(set, "+")
}

// Sweep runs the brute-force cases of tk: for every unit set of sets and
// every subtask, in order, the subtest SetName(set)+"/"+subtask calls run
// on seeds 1..seeds; skip (nil: none) leaves out the pairs it accepts.
// Then it logs the tally, plans naming what the skin enumerates ("plans",
// "trips"), and fails t unless each outcome (infeasible, unique, tied
// before the tie-breaks) occurred at least twice.
func Sweep(t *testing.T, tk *domains.Task, sets [][]string, seeds uint64, plans string, skip func(set []string, st domains.Subtask) bool, run func(t *testing.T, set []string, subtask string, seed uint64, n *Tally)) {
	var n Tally
	for _, set := range sets {
		for _, st := range tk.Subtasks {
			if skip != nil && skip(set, st) {
				continue
			}
			t.Run(SetName(set)+"/"+st.ID, func(t *testing.T) {
				for seed := uint64(1); seed <= seeds; seed++ {
					run(t, set, st.ID, seed, &n)
				}
			})
		}
	}
	t.Logf("%d %s checked; %d infeasible, %d unique, %d with ties before tie-breaks", n.Plans, plans, n.Infeasible, n.Unique, n.Several)
	if n.Infeasible < 2 || n.Unique < 2 || n.Several < 2 {
		t.Errorf("%d infeasible, %d unique, %d with ties: each outcome needs testing", n.Infeasible, n.Unique, n.Several)
	}
}

// Better is the lexicographic order of objective vectors in which the
// levels maxed accepts are maximized and the others minimized: x is
// strictly better than y at the first level where they differ.
func Better(maxed func(level int) bool) func(x, y []int64) bool {
	return func(x, y []int64) bool {
		for i := range min(len(x), len(y)) {
			if a, b := x[i], y[i]; a != b {
				return a < b != maxed(i)
			}
		}
		return false
	}
}

// Levels walks the objective levels of a brute-force case from base to
// last by step, as the certificate's tie-breaks add them: each level after
// base must be a tie-break of inst (inst.TieBreak, which adds it), and
// agree(level) compares the enumeration cut to that level with the
// certificate, returning the number of feasible plans and of optimal
// ones. A level with no feasible plan ends the walk. The outcome at base
// (infeasible, unique or several optima) is added to n.
func Levels(t *testing.T, name string, inst domains.Instance, base, last, step int, agree func(level int) (feasible, optima int), n *Tally) {
	t.Helper()
	for level := base; level <= last; level += step {
		if level > base && !inst.TieBreak() {
			t.Fatalf("%s: no tie-break level %d", name, level)
		}
		feasible, optima := agree(level)
		switch {
		case level > base:
		case feasible == 0:
			n.Infeasible++
		case optima == 1:
			n.Unique++
		default:
			n.Several++
		}
		if feasible == 0 {
			return
		}
	}
}

// Decode reads inst's JSON into v, the oracle's view of the instance: an
// oracle that reads the instance so shares no code with the checker or
// the model. An error fails t.
func Decode(t testing.TB, inst domains.Instance, v any) {
	t.Helper()
	raw, err := json.Marshal(inst)
	if err == nil {
		err = json.Unmarshal(raw, v)
	}
	if err != nil {
		t.Fatal(err)
	}
}
