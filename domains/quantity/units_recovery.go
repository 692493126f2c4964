package quantity

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/plancert/plancert/domains"
)

// ---- recovery (hard): exception recovery, a second plan for a failure ----

const unitRecovery = "recovery"

// Failure is the exception scenario of the recovery unit: Source sends
// nothing in period From or later.
type Failure struct {
	Source string `json:"source"`
	From   string `json:"from"`
}

type recovery struct{}

func (recovery) Info() domains.Unit {
	return domains.Unit{ID: unitRecovery, Tier: domains.Hard, Title: "exception recovery: a second plan for a failure scenario",
		Excludes: []string{unitInfeasible, unitReplan, unitReserve, unitCritical}}
}

// recovering reports whether the answer carries a recovery plan.
func (in *Instance) recovering() bool { return in.Failure != nil }

// failFrom is the index of the first period of the failure (the number of
// periods without one).
func (in *Instance) failFrom() int {
	if in.Failure == nil {
		return in.T()
	}
	return in.periodIndex(in.Failure.From)
}

func (in *Instance) groupRecovery() string { return "recovery if " + in.Failure.Source + " fails" }

// scenario returns the instance of the failure: the failing source's
// supply is 0 from the failure on, and there is no recovery unit. Its
// plans are the recovery plans (the main plan's shipments before the
// failure, the recovery's after).
func (in *Instance) scenario() *Instance {
	sc := *in
	sc.Failure, sc.xv, sc.rxv = nil, nil, nil
	sc.Sp.Hard = slices.DeleteFunc(slices.Clone(in.Sp.Hard), func(u string) bool { return u == unitRecovery })
	sc.Sources = slices.Clone(in.Sources)
	F := in.srcIndex(in.Failure.Source)
	sc.Sources[F].Supply = slices.Clone(in.Sources[F].Supply)
	for t := in.failFrom(); t < in.T(); t++ {
		sc.Sources[F].Supply[t] = 0
	}
	return &sc
}

// full returns the whole recovery plan: q before the failure, rq from it
// on.
func (in *Instance) full(q, rq quantities) quantities {
	out := copyPlan(q)
	for s := range out {
		for k := range out[s] {
			for t := in.failFrom(); t < in.T(); t++ {
				out[s][k][t] = rq[s][k][t]
			}
		}
	}
	return out
}

func copyPlan(q quantities) quantities {
	out := make(quantities, len(q))
	for s := range q {
		out[s] = make([][]int, len(q[s]))
		for k := range q[s] {
			out[s][k] = slices.Clone(q[s][k])
		}
	}
	return out
}

// eachRecovery calls fn for every shipment of the recovery plan that has
// its own variable (from the failure on, its source not failed then), in
// the order of the answer.
func (in *Instance) eachRecovery(fn func(s, k, t int)) {
	from := in.failFrom()
	in.scenario().eachShipment(func(s, k, t int) {
		if t >= from {
			fn(s, k, t)
		}
	})
}

// Sample picks the failing source and the first period of the failure
// (the second period or later when there are several, so that part of
// the plan stands): the source whose hidden shipments from then on are
// the fewest (a random one on a tie), which leaves the hidden plan's other
// shipments a start of a recovery.
func (recovery) Sample(in *Instance, r *rand.Rand) {
	from := 0
	if in.T() > 1 {
		from = 1 + r.IntN(in.T()-1)
	}
	best, bestN := -1, 0
	for _, s := range r.Perm(in.S()) {
		n := 0
		for k := range in.Sinks {
			for t := from; t < in.T(); t++ {
				n += in.planned[s][k][t]
			}
		}
		if best < 0 || n < bestN {
			best, bestN = s, n
		}
	}
	in.Failure = &Failure{Source: in.Sources[best].Name, From: in.Periods[from]}
}

func (recovery) Model(*builder) {} // see Instance.Model: the scenario's model, in one group

func (recovery) Rules(in *Instance) []rule {
	v, fa := in.Voc, in.Failure
	// Rules whose numbers the failure changes say so.
	also := ""
	if in.has(unitContingency) {
		also = fmt.Sprintf(" The contingency is then held back from the smaller total: at most %d is sent in the recovery plan.", in.scenario().totalSupply()-in.Contingency)
	}
	if in.has(unitPriority) {
		also += " The priority order ranks the recovery plan's shortfalls too (see the goal)."
	}
	if in.T() == 1 {
		return []rule{{Name: in.groupRecovery(), Text: fmt.Sprintf("Exception scenario: %s may fail and send nothing. Give a recovery plan for that case in \"recovery\": every %s of a second plan that keeps every other rule of this problem with the supply of %s counted as 0.%s",
			fa.Source, v.Shipment, fa.Source, also)}}

	}
	return []rule{{Name: in.groupRecovery(), Text: fmt.Sprintf("Exception scenario: %s may fail from %s on and then sends nothing in %s or later. Give a recovery plan for that case in \"recovery\": the %s sent in %s or later (before %s the plan stands as it is). The whole recovery plan (the plan's %s before %s and the recovery's from %s on) must keep every other rule of this problem with the supply of %s counted as 0 from %s on.%s",
		fa.Source, fa.From, fa.From, v.Shipments, fa.From, fa.From, v.Shipments, fa.From, fa.From, fa.Source, fa.From, also)}}

}

func (recovery) Items(in *Instance) []domains.Item {
	return []domains.Item{domains.FeasibilityItem(unitRecovery, unitRecovery, domains.Hard, fmt.Sprintf("The recovery plan keeps every rule when %s fails%s.", in.Failure.Source, map[bool]string{true: " from " + in.Failure.From + " on", false: ""}[in.T() > 1]))}
}

func (recovery) Check(*Instance, checked, fails) {} // see Instance.evaluate: it needs the recovery plan

// checkRecovery adds to fl, under the recovery item, every failure of the
// whole recovery plan in the scenario, item by item in checklist order.
func (in *Instance) checkRecovery(q, rq quantities, fl fails) {
	sc := in.scenario()
	rf, _ := sc.evaluate(in.full(q, rq), nil)
	var ids []string
	for id := range rf {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		for _, d := range rf[id] {
			fl.Add(unitRecovery, fmt.Sprintf("if %s fails (%s): %s", in.Failure.Source, id, d))
		}
	}
}
