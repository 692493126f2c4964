package routetest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
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

// Case is one brute-force case of a sweep: a unit set, a subtask and a
// seed, the instance generated for their spec, and Name
// ("[units]/subtask/seed") for messages.
type Case struct {
	Set     []string
	Subtask string
	Seed    uint64
	Inst    domains.Instance
	Name    string
}

// Brute is a route skin's brute-force sweep (Sweep).
type Brute struct {
	// Sets are the unit sets, Seeds the seeds per unit set and subtask.
	Sets  [][]string
	Seeds uint64
	// Plans names what the skin enumerates ("plans", "trips") in the log.
	Plans string
	// Skip leaves out the pairs of a unit set and a subtask it accepts
	// (nil: none).
	Skip func(set []string, st domains.Subtask) bool
	// Run compares the enumeration of one case with the certificate,
	// adding its outcome to n (see Levels).
	Run func(t *testing.T, c Case, n *Tally)
}

// Sweep runs the brute-force cases of tk: for every unit set and every
// subtask, in order, the subtest SetName(set)+"/"+subtask generates the
// instance of the spec of each seed 1..Seeds (gen.NewInstance on
// sat.Backend; an error fails t) and runs it. Then it logs the tally and fails t unless each outcome (infeasible,
// unique, tied before the tie-breaks) occurred at least twice.
func (b Brute) Sweep(t *testing.T, tk *domains.Task) {
	var n Tally
	for _, set := range b.Sets {
		units := map[string]bool{}
		for _, u := range set {
			units[u] = true
		}
		for _, st := range tk.Subtasks {
			if b.Skip != nil && b.Skip(set, st) {
				continue
			}
			t.Run(SetName(set)+"/"+st.ID, func(t *testing.T) {
				for seed := uint64(1); seed <= b.Seeds; seed++ {
					spec, err := tk.NewSpec(st.ID, seed, units)
					if err != nil {
						t.Fatalf("%s %s seed %d %v: %v", tk.ID, st.ID, seed, set, err)
					}
					inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
					if err != nil {
						t.Fatal(err)
					}
					b.Run(t, Case{Set: set, Subtask: st.ID, Seed: seed, Inst: inst, Name: fmt.Sprintf("%v/%s/%d", set, st.ID, seed)}, &n)
				}
			})
		}
	}
	t.Logf("%d %s checked; %d infeasible, %d unique, %d with ties before tie-breaks", n.Plans, b.Plans, n.Infeasible, n.Unique, n.Several)
	if n.Infeasible < 2 || n.Unique < 2 || n.Several < 2 {
		t.Errorf("%d infeasible, %d unique, %d with ties: each outcome needs testing", n.Infeasible, n.Unique, n.Several)
	}
}

// Better is the lexicographic order of objective vectors in which the
// levels maxed accepts are maximized and the others minimized: x is
// strictly better than y at the first level where they differ.
func Better(maxed func(level int) bool) func(x, y []int64) bool {
	return func(x, y []int64) bool { return domains.LexBetter(x, y, maxed) }
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
