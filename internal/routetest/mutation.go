package routetest

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// Mutants are a route skin's mutants of one kept record, as its
// familytest.MutateFunc builds them; the methods add the kinds of mutant
// that the skins draw alike.
type Mutants []familytest.Mutant

// Add adds the mutant name of kind with answer ans, which must fail the
// items fail.
func (m *Mutants) Add(kind, name string, ans json.RawMessage, fail ...string) {
	*m = append(*m, familytest.Mutant{Name: name, Kind: kind, Answer: ans, Fail: fail})
}

// Malformed adds each answer of malformed (answers of the wrong form,
// which must never panic the checker), failing "format"; and, on a
// feasible record, the claims of infeasibility that name no rule, which
// fail "format" there (an infeasible record's are
// familytest.ClaimMutants).
func (m *Mutants) Malformed(rec *domains.Record, malformed []string) {
	for _, a := range malformed {
		m.Add("malformed", fmt.Sprintf("the malformed answer %q", a), json.RawMessage(a), familytest.FormatItem)
	}
	if rec.Reference.Feasible {
		for _, a := range []string{`{"feasible": false}`, `{"feasible": false, "conflict": []}`} {
			m.Add("malformed", fmt.Sprintf("the claim %q", a), json.RawMessage(a), familytest.FormatItem)
		}
	}
}

// Unstated adds plan, an answer in the form of a plan without its stated
// value key: on a feasible record it fails the stated item, not the format
// item (docs/grading.md); on an infeasible one, as every plan, the format
// and infeasible items.
func (m *Mutants) Unstated(rec *domains.Record, key string, plan json.RawMessage) {
	name := "a plan without its stated " + key
	if rec.Reference.Feasible {
		m.Add("stated", name, plan, "stated")
	} else {
		m.Add("malformed", name, plan, familytest.FormatItem, familytest.InfeasibleItem)
	}
}

// Infeasible adds the mutants of an infeasible record that every skin
// has: plan (an answer in the form of a plan) fails the format and
// infeasible items, a conflict naming only a rule the problem does not
// have fails the conflict item, and familytest.ConflictMutants (the
// skins' certified conflicts are minimal).
func (m *Mutants) Infeasible(rec *domains.Record, plan json.RawMessage) {
	m.Add("plan", "a plan for an infeasible instance", plan, familytest.FormatItem, familytest.InfeasibleItem)
	m.Add("conflict", "an unknown rule", json.RawMessage(`{"feasible": false, "conflict": ["no such rule"]}`), familytest.ConflictItem)
	*m = append(*m, familytest.ConflictMutants(rec, true)...)
}

// Changed adds the changed plan ans (with its true stated values) named
// name: the items of rules that broken says it breaks fail, and
// familytest.OptimalItem (every kept optimum is unique); the other items
// of rules that rec's checklist has pass, and so do the items of pass.
func (m *Mutants) Changed(rec *domains.Record, kind, name string, ans json.RawMessage, rules []string, broken map[string]bool, pass ...string) {
	has := map[string]bool{}
	for _, it := range rec.Checklist {
		has[it.ID] = true
	}
	fail, pass := []string{familytest.OptimalItem}, slices.Clone(pass)
	for _, id := range rules {
		switch {
		case broken[id]:
			fail = append(fail, id)
		case has[id]:
			pass = append(pass, id)
		}
	}
	*m = append(*m, familytest.Mutant{Name: name, Kind: kind, Answer: ans, Fail: fail, Pass: pass})
}
