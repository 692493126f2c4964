package assign

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// TestFamilyMutation: the first 20 kept feasible records of every task (8
// in short mode; infeasible records met on the way too): every
// single-change mutation of the reference plan fails "optimal" and the
// items of the rules the model says it breaks (judge), and one that keeps
// every rule is strictly worse than the optimum; its own stated value
// passes "stated"; the stated value off by one fails "stated" alone; a
// name that is not in the instance fails every item. An infeasible
// record's conflict with a rule added or left out fails "conflict" alone.
func TestFamilyMutation(t *testing.T) {
	familytest.Mutations(t, family, func(t *testing.T, rec *domains.Record, inst domains.Instance) []familytest.Mutant {
		if !rec.Reference.Feasible {
			return familytest.ConflictMutants(rec, true)
		}
		return mutateFeasible(t, inst.(*Assign), rec)
	})
}

func mutateFeasible(t *testing.T, a *Assign, rec *domains.Record) []familytest.Mutant {
	m, err := a.Model()
	if err != nil {
		t.Fatal(err)
	}
	ref := rec.Reference
	base := a.parse(ref.Plan)
	if base.FormatErr != "" || !bytes.Equal(a.encode(base.p), ref.Plan) {
		t.Fatalf("%s: the reference %s does not read back in the same form", rec.ID, ref.Plan)
	}
	var out []familytest.Mutant
	qs, whats := mutants(a, base.p)
	for k, q := range qs {
		what := whats[k]
		raw := a.encode(q)
		out = append(out, familytest.Mutant{Name: what, Kind: mutantKind(what), Answer: raw, Changed: true,
			Verdict: func(t *testing.T, got familytest.Results, obj []int64) []string {
				ans := a.parse(raw)
				res := make([]domains.Result, 0, len(got))
				for _, it := range rec.Checklist {
					res = append(res, got[it.ID])
				}
				broken := judge(t, rec.ID+": "+what, a, m, ans.p, res, obj)
				if len(broken) == 0 && (obj == nil || !a.Better(ref.Objective, obj)) {
					t.Fatalf("%s: %s: keeps every rule with values %v, not worse than the optimum %v", rec.ID, what, obj, ref.Objective)
				}
				var caught []string
				for it := range broken {
					if got[it].Pass {
						t.Fatalf("%s: %s: breaks %q, whose item passes", rec.ID, what, it)
					}
					caught = append(caught, it)
				}
				if a.has(unitSelfCheck) && !got[itemStated].Pass {
					t.Fatalf("%s: %s: the stated value is the plan's own, yet %q fails", rec.ID, what, itemStated)
				}
				return caught
			}})
	}
	if a.has(unitSelfCheck) {
		off := *base.p.stated + 1
		out = append(out, familytest.Mutant{Name: "stated value off by one", Kind: "stated", Answer: answerOf(a, base.p, &off), Fail: []string{itemStated}, Exact: true})
	}
	// A name that is not in the instance fails every item.
	bad, ok := familytest.RenameMutant(rec, a.Items[0].Name)
	if !ok {
		t.Fatalf("%s: the reference %s does not name %q", rec.ID, ref.Plan, a.Items[0].Name)
	}
	bad.Name, bad.Kind = "a renamed item", "rename"
	bad.Verdict = func(t *testing.T, got familytest.Results, _ []int64) []string {
		for id, r := range got {
			if r.Pass {
				t.Fatalf("%s: a renamed item passes %q", rec.ID, id)
			}
		}
		return nil
	}
	return append(out, bad)
}

// mutants returns the single-change mutations of plan p with what they
// change: labelled — each item to each other bin or none, each backup to
// each other bin; partition — each swap of two items of different groups;
// both — the stated value off by one.
func mutants(a *Assign, p *plan) (plans []*plan, whats []string) {
	add := func(q *plan, what string) {
		plans = append(plans, q)
		whats = append(whats, what)
	}
	clone := func() *plan {
		q := &plan{bin: slices.Clone(p.bin), start: slices.Clone(p.start), backup: slices.Clone(p.backup), stated: p.stated}
		return q
	}
	if a.Partition {
		for i := range a.Items {
			for j := i + 1; j < len(a.Items); j++ {
				if p.bin[i] != p.bin[j] {
					q := clone()
					q.bin[i], q.bin[j] = q.bin[j], q.bin[i]
					add(q, fmt.Sprintf("swap %s and %s", a.Items[i].Name, a.Items[j].Name))
				}
			}
		}
	} else {
		lo := -1
		if a.Timed {
			lo = 0
			for i := range a.Items {
				for _, t := range a.starts(i) {
					if t != p.start[i] {
						q := clone()
						q.start[i] = t
						add(q, fmt.Sprintf("%s starts at %d", a.Items[i].Name, t))
					}
				}
			}
		}
		for i := range a.Items {
			for k := lo; k < len(a.Bins); k++ {
				if k != p.bin[i] {
					q := clone()
					q.bin[i] = k
					add(q, fmt.Sprintf("%s to bin %d", a.Items[i].Name, k))
				}
			}
		}
	}
	choices := len(a.Bins)
	if a.Partition {
		choices = len(a.Items)
	}
	for c := range p.backup {
		for k := range choices {
			if k != p.backup[c] {
				q := clone()
				q.backup[c] = k
				add(q, fmt.Sprintf("backup %d to %d", c, k))
			}
		}
	}
	return plans, whats
}

// mutantKind names the kind of a mutant of mutants by what it changes.
func mutantKind(what string) string {
	switch {
	case strings.HasPrefix(what, "swap "):
		return "swap"
	case strings.HasPrefix(what, "backup "):
		return "backup"
	case strings.Contains(what, " starts at "):
		return "start"
	}
	return "bin"
}

// answerOf writes plan p as an answer with its own stated value, or with
// stated when not nil.
func answerOf(a *Assign, p *plan, stated *int64) json.RawMessage {
	raw := a.encode(p)
	if stated == nil || !a.has(unitSelfCheck) {
		return raw
	}
	var obj map[string]json.RawMessage
	_ = json.Unmarshal(raw, &obj)
	obj["objective"], _ = json.Marshal(*stated)
	out, _ := json.Marshal(obj)
	return out
}
