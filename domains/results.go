package domains

import "github.com/plancert/plancert/domains/prose"

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
	case formatErr != "" && !ref.Feasible && infeasible:
		// Claimed infeasible, but the conflict list is malformed.
		r.Set(ItemFormat, false, formatErr)
		r.Set(ItemConflict, false, formatErr)
	case formatErr != "":
		r.FailAll(formatErr)
	case !ref.Feasible && !infeasible:
		r.Set(ItemFormat, false, "the answer gives "+prose.An(noun)+", but no "+noun+" satisfies every rule")
		r.Set(ItemInfeasible, false, prose.An(noun)+" was given")
		r.Set(ItemConflict, false, "no conflict was named")
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
