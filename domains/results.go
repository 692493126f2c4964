package domains

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/solver"
)

// Results are the results of a checklist, in item order. A checker starts
// from Pending and fails the items an answer breaks.
type Results []Result

// Pending returns one passing result per item of items, in order.
func Pending(items []Item) Results {
	res := make(Results, len(items))
	for k, it := range items {
		res[k] = Result{ID: it.ID, Pass: true}
	}
	return res
}

// Set gives every result with the given item ID that outcome and detail;
// an ID that is not in the list changes nothing.
func (r Results) Set(id string, pass bool, detail string) {
	for k := range r {
		if r[k].ID == id {
			r[k].Pass, r[k].Detail = pass, detail
		}
	}
}

// FailAll fails every result with the same detail (an answer that cannot
// be read fails every item) and returns r.
func (r Results) FailAll(detail string) []Result {
	for k := range r {
		r[k].Pass, r[k].Detail = false, detail
	}
	return r
}

// The checklist items that every core's infeasibility answer form has.
const (
	ItemFormat     = "format"
	ItemInfeasible = "infeasible"
	ItemConflict   = "conflict"
)

// ItemOptimal is the ID of a feasible checklist's objective item
// (OptimalItem).
const ItemOptimal = "optimal"

// JudgeClaim settles the part of a checker that every core shares: what
// an answer claims about feasibility, against the reference. formatErr is
// the answer's format error ("" when it reads); infeasible says the answer
// claims that no plan exists; noun names the task's answer ("plan",
// "schedule"); prove proves the claimed conflict (ConflictClaim), and is
// called only for a readable claim against an infeasible reference.
//
// done reports that r is final: the answer could not be read, the
// reference is infeasible, or the answer claims infeasibility against a
// feasible reference. Otherwise r is untouched and the caller checks the
// plan.
func (r Results) JudgeClaim(ref Reference, formatErr string, infeasible bool, noun string, prove func() (bool, string)) (done bool) {
	switch {
	case formatErr != "":
		r.FailAll(formatErr)
	case !ref.Feasible && !infeasible:
		r.Set(ItemFormat, false, "the answer gives "+prose.An(noun)+", but no "+noun+" satisfies every rule")
		r.Set(ItemInfeasible, false, prose.An(noun)+" was given")
		r.Set(ItemConflict, false, NoConflict)
	case !ref.Feasible:
		if ok, why := prove(); !ok {
			r.Set(ItemConflict, false, why)
		}
	case infeasible:
		r.FailAll("the answer claims no " + noun + " exists, but one does")
	default:
		return false
	}
	return true
}

// FailUnread fails, for each unreadable part of us, the format item and
// the part's items with its reason (an item that several parts fail gets
// their reasons joined by "; "), and reports whether there was one.
func (r Results) FailUnread(us []Unread) bool {
	if len(us) == 0 {
		return false
	}
	why := map[string][]string{}
	for _, u := range us {
		why[ItemFormat] = append(why[ItemFormat], u.Why)
		for _, id := range u.Items {
			why[id] = append(why[id], u.Why)
		}
	}
	for k := range r {
		if d, ok := why[r[k].ID]; ok {
			r[k].Pass, r[k].Detail = false, strings.Join(d, "; ")
		}
	}
	return true
}

// Evaluate is the part of an Evaluator's Evaluate that every core shares:
// the pending results of items; the answer's claim c (as the core's
// reader left it: ReadClaim's, with the plan's own format error and the
// unreadable parts) judged against ref by JudgeClaim, a claimed conflict
// proven by conflict on b under ctx (a claim that names none fails the
// conflict item, unproven); when a plan is left to check, plan, which
// fails the plan's items on the results and returns its objective vector
// (nil unless the plan keeps every rule); and last, the unreadable parts
// of c (FailUnread), which fail the format item and the items that read
// them, whatever plan made of them, and leave the objective vector nil.
// noun names the task's answer.
func Evaluate(ctx context.Context, b solver.Backend, items []Item, ref Reference, c Claim, noun string,
	conflict func(ctx context.Context, b solver.Backend, names []string) (bool, string),
	plan func(res Results) []int64) ([]Result, []int64) {
	res := Pending(items)
	prove := func() (bool, string) {
		if len(c.Conflict) == 0 {
			return false, NoConflict
		}
		return conflict(ctx, b, c.Conflict)
	}
	if res.JudgeClaim(ref, c.FormatErr, c.Infeasible, noun, prove) {
		res.FailUnread(c.Unread)
		return res, nil
	}
	obj := plan(res)
	if res.FailUnread(c.Unread) {
		obj = nil
	}
	return res, obj
}

// Optimum fails item id unless obj is the optimum, with the detail
// "<words> <obj>, the optimum is <optimum>" (words: "the plan's values
// are").
func (r Results) Optimum(id string, obj, optimum []int64, words string) {
	if !slices.Equal(obj, optimum) {
		r.Set(id, false, fmt.Sprintf("%s %v, the optimum is %v", words, obj, optimum))
	}
}

// SetFails fails the result of every item that f has failures for, with
// the failures joined by "; " as its detail, and reports whether it failed
// any.
func (r Results) SetFails(f Fails) bool {
	failed := false
	for k := range r {
		if d, bad := f[r[k].ID]; bad {
			r[k].Pass, r[k].Detail = false, strings.Join(d, "; ")
			failed = true
		}
	}
	return failed
}

// BreaksPlan reports whether f has a failure that is not a stated
// value's: of an item of items of another kind than KindStated, or of no
// item of items.
func (f Fails) BreaksPlan(items []Item) bool {
	kind := make(map[string]ItemKind, len(items))
	for _, it := range items {
		kind[it.ID] = it.Kind
	}
	for id := range f {
		if kind[id] != KindStated {
			return true
		}
	}
	return false
}

// BreaksRule reports whether f has failures for an item of items that is
// a rule of the plan (of kind feasibility or coverage): a wrong stated
// value, say, breaks none.
func (f Fails) BreaksRule(items []Item) bool {
	for _, it := range items {
		if _, bad := f[it.ID]; bad && (it.Kind == KindFeasibility || it.Kind == KindCoverage) {
			return true
		}
	}
	return false
}
