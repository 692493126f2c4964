package scheduling

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

func TestApartTiny(t *testing.T) {
	// A1 (Ana) and A2 (Ben) share no one and have a room each, yet they
	// must not overlap: A2 (priority 3) first, then A1.
	a := tinyAgenda([]string{unitApart}, nil, 4, []string{"Oak", "Pine"}, []string{"Ana", "Ben"},
		act("A1", 2, 1, "Ana"), act("A2", 1, 3, "Ben"))
	a.Apart, a.TieBreaks = [][]string{{"A1", "A2"}}, 2
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{6, 0, 2}, true)
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 09:00 Pine"), ref)
	wantFails(t, res, unitApart, "A1 and A2 overlap on Mon")
	if r := res[itemPeople]; !r.Pass {
		t.Fatalf("one at a time: %+v", r)
	}
	// Without the unit both start at 09:00.
	a.Sp.Basic = nil
	c, _ = certify(t, a)
	wantOptimum(t, c, []int64{5, 1, 0}, true)
}

func TestDeadlineTiny(t *testing.T) {
	// One room: A1 (priority 3) would go first, but A2 must end by 10:00.
	a := tinyAgenda([]string{unitDeadline}, nil, 4, []string{"Oak"}, []string{"Ana", "Ben"},
		act("A1", 2, 3, "Ana"), act("A2", 2, 1, "Ben"))
	a.Deadlines = []Deadline{{Activity: "A2", Day: 0, By: 2}}
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{14}, true)
	res := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 10:00 Oak"), ref)
	wantFails(t, res, unitDeadline, "A2 ends at 11:00 on Mon, after its deadline by 10:00")
	a.Sp.Basic = nil
	c, _ = certify(t, a)
	wantOptimum(t, c, []int64{10}, true)
	// A deadline off the grid is an error of the instance.
	a.Deadlines = []Deadline{{Activity: "A2", Day: 0, By: 5}}
	if err := a.validate(); err == nil {
		t.Fatal("a deadline after the end of the day validates")
	}
}

// TestApartDeadlineSample: instances of every subtask that may draw the
// mutual-exclusion or the deadline unit, with the unit and up to two
// others: sets have two or three distinct activities and are disjoint;
// deadlines are on the grid and on activities of the highest priority
// (at most one activity has a higher priority than one with a deadline);
// the hidden schedule keeps every set apart and every deadline; the data
// validates after a JSON round trip; the prompt states every rule.
func TestApartDeadlineSample(t *testing.T) {
	seeds := familytest.Levels{Short: 4, Default: 4, Long: 10}.N()
	counts := map[string]int{}
	for _, tk := range registered {
		for k := range tk.Subtasks {
			st := &tk.Subtasks[k]
			for ui, u := range []string{unitApart, unitDeadline} {
				drawMixed(t, tk, st, u, seeds, 7000+uint64(ui), 2, func(seed uint64, spec domains.Spec, a *Agenda) {
					what := fmt.Sprintf("%s/%s seed %d %v", tk.ID, st.ID, seed, spec.Units())
					checkApartData(t, what, a)
					checkRoundTrip(t, a)
					counts[u]++
					if u == unitApart && len(a.Apart) > 0 {
						counts["with sets"]++
					}
				})
			}
		}
	}
	if counts[unitApart] == 0 || counts[unitDeadline] == 0 || counts["with sets"] < counts[unitApart] {
		t.Fatalf("instances per unit: %v", counts)
	}
	t.Logf("instances per unit: %v", counts)
}

// checkApartData checks the mutual-exclusion and deadline data of a
// generated instance (see TestApartDeadlineSample).
func checkApartData(t *testing.T, what string, a *Agenda) {
	t.Helper()
	seen := map[string]bool{}
	for _, set := range a.Apart {
		if len(set) < 2 || len(set) > 3 {
			t.Fatalf("%s: set %v", what, set)
		}
		for _, n := range set {
			if seen[n] || a.actIndex(n) < 0 {
				t.Fatalf("%s: %q is twice in the sets or unknown: %v", what, n, a.Apart)
			}
			seen[n] = true
		}
	}
	if a.has(unitDeadline) && len(a.Deadlines) == 0 {
		t.Fatalf("%s: no deadline drawn", what)
	}
	for _, dl := range a.Deadlines {
		i := a.actIndex(dl.Activity)
		higher := 0
		for _, x := range a.Activities {
			if x.Priority > a.Activities[i].Priority {
				higher++
			}
		}
		if higher > 1 {
			t.Fatalf("%s: deadline on %s, %d activities have a higher priority", what, dl.Activity, higher)
		}
	}
	if err := a.validateApart(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if a.planted != nil && !a.has(unitInfeasible) {
		f := a.evaluate(&answer{pl: a.planted})
		if len(f[unitApart])+len(f[unitDeadline]) > 0 {
			t.Fatalf("%s: the hidden schedule breaks a rule: %v %v", what, f[unitApart], f[unitDeadline])
		}
	}
	prompt := a.Prompt()
	for _, u := range []unit{apart{}, deadline{}} {
		for _, r := range u.Rules(a) {
			if !containsRule(prompt, r) {
				t.Fatalf("%s: the prompt does not state %q", what, r.Name)
			}
		}
	}
}

// containsRule reports whether the prompt states rule r as a named rule.
func containsRule(prompt string, r rule) bool {
	return slices.Contains(strings.Split(prompt, "\n"), fmt.Sprintf("- %q: %s", r.Name, r.Text))
}

// TestApartDeadlineMutation: records of the tasks that may draw the
// mutual-exclusion or the deadline unit, each spec of gen.SampleSpec with
// the unit added (when its subtask allows it), are mutated as in
// TestFamilyMutation (mutateRecord: the item of every broken rule fails,
// and only those; "optimal" fails for every changed plan); and some
// mutations fail the unit's own item.
func TestApartDeadlineMutation(t *testing.T) {
	perTask := int(familytest.Levels{Short: 4, Default: 4, Long: 12}.N())
	for _, u := range []string{unitApart, unitDeadline} {
		t.Run(u, func(t *testing.T) {
			t.Parallel()
			records, caught := 0, map[string]int{}
			for _, tk := range agendaTasks() {
				if tk.Family != domains.Project && tk.Family != domains.Emergency {
					continue
				}
				n := 0
				for seed := uint64(1); n < perTask; seed++ {
					if seed > 10*uint64(perTask) {
						t.Fatalf("%s: only %d kept feasible records in %d seeds", tk.ID, n, seed-1)
					}
					base, err := gen.SampleSpec(tk, seed)
					if err != nil {
						t.Fatal(err)
					}
					var sub domains.Subtask
					for _, x := range tk.Subtasks {
						if x.ID == base.Subtask {
							sub = x
						}
					}
					ids := map[string]bool{u: true}
					for _, id := range base.Units() {
						ids[id] = true
					}
					spec, err := tk.NewSpec(base.Subtask, seed, ids)
					if err != nil || !sub.Allows(u) || tk.Compatible(spec.Units()) != nil {
						continue
					}
					inst := familytest.Instance(t, tk, spec)
					rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
					var drop *gen.DropError
					switch {
					case errors.As(err, &drop):
						continue
					case err != nil:
						t.Fatalf("%s seed %d: %v", tk.ID, seed, err)
					}
					if !rec.Reference.Feasible {
						continue
					}
					n++
					records++
					_, inst, lerr := rec.Load()
					if lerr != nil {
						t.Fatal(lerr)
					}
					for id, k := range familytest.Apply(t, rec, inst, mutateRecord(t, rec, inst.(*Agenda))) {
						caught[id] += k
					}
				}
			}
			if caught[u] == 0 {
				t.Errorf("no mutation of %d records is caught by %q: %v", records, u, caught)
			}
			t.Logf("%d records; mutations caught, by item: %v", records, caught)
		})
	}
}
