package quantity

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// tinySubtask returns a subtask small enough to enumerate every plan:
// two sources, two sinks and one period, or one sink when the units need
// several periods; quantities up to 3 (2 over three periods).
func tinySubtask(mode string, units []string) *subtask {
	st := &subtask{ID: "tiny", Title: "tiny",
		Voc: Vocab{Source: "source", Sources: "sources", Sink: "sink", Sinks: "sinks", Period: "period", Periods: "periods",
			Goods: "units", Good: "unit", Shipment: "shipment", Shipments: "shipments", Intro: "A tiny instance."},
		Periods: []string{"P1", "P2", "P3"}, NPeriods: span{1, 1},
		Sources: []string{"A", "B"}, NSources: span{2, 2},
		Sinks: []string{"X", "Y"}, NSinks: span{2, 2},
		Supply: span{1, 3}, Demand: span{1, 3}, Cost: span{1, 3}, Fee: span{1, 2}, Holding: span{1, 1}}
	if mode == ModeProcurement {
		st.NSinks, st.NPeriods = span{1, 1}, span{2, 3}
	}
	for _, u := range units {
		if slices.Contains(periodUnits, u) {
			// Three periods: one sink, quantities up to 2.
			st.NSinks, st.Supply = span{1, 1}, span{1, 2}
		}
	}
	return st
}

// tinyInstance generates a tiny instance with the given units.
func tinyInstance(t *testing.T, mode string, units []string, seed uint64) *Instance {
	t.Helper()
	tk := &domains.Task{ID: "tiny-" + mode, Pool: poolInfo(mode, skinOnly, nil)}
	spec := familytest.NewSpec(t, tk, "tiny", seed, units...)
	in, err := tinySubtask(mode, units).generate(testSolving, mode, spec, rand.New(rand.NewPCG(seed, 99)))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// allPlans calls fn for every plan of in whose quantities lie in their
// variables' domains (0 to the supply), with every recovery plan (rq, nil
// without the recovery unit), in a fixed order.
func (in *Instance) allPlans(fn func(q, rq quantities)) {
	type cell struct {
		q           *quantities
		s, k, t, hi int
	}
	q := in.zero()
	var rq quantities
	var cells []cell
	in.eachShipment(func(s, k, t int) { cells = append(cells, cell{&q, s, k, t, in.Sources[s].Supply[t]}) })
	if in.recovering() {
		rq = in.zero()
		in.eachRecovery(func(s, k, t int) { cells = append(cells, cell{&rq, s, k, t, in.Sources[s].Supply[t]}) })
	}
	var rec func(i int)
	rec = func(i int) {
		if i == len(cells) {
			fn(q, rq)
			return
		}
		c := cells[i]
		for x := 0; x <= c.hi; x++ {
			(*c.q)[c.s][c.k][c.t] = x
			rec(i + 1)
		}
		(*c.q)[c.s][c.k][c.t] = 0
	}
	rec(0)
}

// groupItems maps model groups to the checklist items of their rules
// (itemOfGroup), in order: a group that ends with a space stands for every
// group it begins, any other for itself.
var groupItems = []struct{ group, item string }{
	{"core: supply of ", itemSupply},
	{"core: no surplus at ", itemSurplus},
	{"lanes from ", unitLanes},
	{"minimum for ", unitMinimum},
	{groupBudget, unitBudget},
	{groupFair, unitFairness},
	{"minimum quantity from ", unitMOQ},
	{"ramp of ", unitRamp},
	{"reserve if ", unitReserve},
	{"lowest demand at ", unitWorstCase},
	{"storage at the lowest demand at ", unitWorstCase},
	{"minimum run of ", unitMinRun},
	{"contract with ", unitInfeasible},
	{groupContingency, unitContingency},
	{"all or nothing for ", unitWhole},
	{"minimum down time of ", unitMinDown},
	{"critical load if ", unitCritical},
	{"recovery if ", unitRecovery},
}

// itemOfGroup maps a model group to the checklist item of its rule; ""
// for the definitions.
func itemOfGroup(g string) string {
	if isDefinition(g) {
		return ""
	}
	for _, x := range groupItems {
		if g == x.group || strings.HasSuffix(x.group, " ") && strings.HasPrefix(g, x.group) {
			return x.item
		}
	}
	return "?" + g
}

// modelVerdict fixes the shipment variables of in's model to q (and the
// recovery plan's to rq) and solves the definitions alone
// (familytest.FixedVerdict): ok is false when they have no solution (the
// derived quantities leave their domains: procurement stock below zero or
// above the storage, allocation deliveries above the demand); otherwise
// holds says, per checklist item, whether every constraint of the groups
// of that item holds, and obj is the model's objective vector.
func modelVerdict(t *testing.T, in *Instance, q, rq quantities) (ok bool, holds map[string]bool, obj []int64) {
	t.Helper()
	c := *in
	m, err := c.Model()
	if err != nil {
		t.Fatal(err)
	}
	var fixes []familytest.Fix
	in.eachShipment(func(s, k, tt int) {
		fixes = append(fixes, familytest.Fix{Var: c.xv[s][k][tt], Value: int64(q[s][k][tt])})
	})
	if in.recovering() {
		in.eachRecovery(func(s, k, tt int) {
			fixes = append(fixes, familytest.Fix{Var: c.rxv[s][k][tt], Value: int64(rq[s][k][tt])})
		})
	}
	return familytest.FixedVerdict(t, m, isDefinition, fixes, itemOfGroup)
}

// coreItemsPass reports whether the checker's core items that the model's
// definitions stand for pass (pass): no surplus (allocation), or demand
// and storage (procurement), and the recovery item.
func (in *Instance) coreItemsPass(pass map[string]bool) bool {
	return (in.alloc() && pass[itemSurplus] || !in.alloc() && pass[itemDemand] && pass[itemStorage]) && (!in.recovering() || pass[unitRecovery])
}

// bruteCase runs the exhaustive comparison on one tiny instance.
func bruteCase(t *testing.T, in *Instance, sample int) {
	t.Helper()
	name := fmt.Sprintf("%s %v seed %d", in.Mode, in.Sp.Units(), in.Sp.Seed)
	judge := familytest.NewJudge(in, domains.Reference{Feasible: true})
	type scored struct{ q, rq quantities }
	var feas []scored
	n := 0
	in.allPlans(func(q, rq quantities) {
		n++
		pass, feasible, obj := judge.Plan(t, name, in.encode(q, rq))
		if feasible {
			feas = append(feas, scored{copyPlan(q), copyPlan(rq)})
		}
		// Rule by rule against the model, on a sample of the plans.
		if sample > 0 && n%sample != 0 {
			return
		}
		ok, holds, mobj := modelVerdict(t, in, q, rq)
		if !ok {
			// The definitions fail: the plan's or the recovery plan's
			// derived quantities leave their domains.
			if in.coreItemsPass(pass) {
				t.Fatalf("%s: plan %v: the model's definitions fail, but the checker's core items pass", name, q)
			}
			return
		}
		if !in.alloc() && (!pass[itemDemand] || !pass[itemStorage]) {
			t.Fatalf("%s: plan %v: the model keeps demand and storage, the checker does not", name, q)
		}
		familytest.ItemsAgree(t, fmt.Sprintf("%s: plan %v", name, q), pass, holds)
		if feasible && !slices.Equal(obj, mobj) {
			t.Fatalf("%s: plan %v: checker objective %v, model %v", name, q, obj, mobj)
		}
	})
	// The checker's values are the objective levels recomputed for each
	// tie-break setting.
	familytest.Brute{Name: name, Inst: in, ConflictHolds: in.conflictHolds}.AgreeTieBreaks(t, func(tb int) { in.TieBreaks = tb }, func(o *familytest.Optima) {
		for _, p := range feas {
			o.Add(in.objectives(p.q, p.rq, in.flows(p.q)))
		}
	})
}

// bruteUnits lists, per mode, the unit sets of the brute test: the core
// alone, every unit of the pool alone, and a few pairs.
func bruteUnits(mode string) [][]string {
	out := [][]string{nil}
	for _, u := range poolInfo(mode, skinOnly, nil) {
		out = append(out, []string{u.ID})
	}
	out = append(out, []string{unitMinimum, unitBudget}, []string{unitLanes, unitMOQ}, []string{unitSelfCheck, unitReserve}, []string{unitContingency, unitCritical})
	if mode == ModeAllocation {
		out = append(out, []string{unitFairness, unitPriority}, []string{unitWhole, unitPriority}, []string{unitWhole, unitMinimum, unitContingency}, []string{unitRecovery, unitMinimum, unitSelfCheck}, []string{unitRecovery, unitPriority, unitContingency}, []string{unitRecovery, unitWhole})
	} else {
		out = append(out, []string{unitLead, unitWorstCase}, []string{unitRamp, unitMinRun}, []string{unitMinRun, unitMinDown}, []string{unitMOQ, unitMinDown, unitCritical}, []string{unitRecovery, unitRamp}, []string{unitRecovery, unitMinDown, unitMinimum})
	}
	return out
}

// TestFamilyBrute: per mode and unit set (bruteUnits), seeds 1..3 (12
// with PLANCERT_LONG=1), bruteCase on a tiny instance; each unit must
// constrain something in some seed.
func TestFamilyBrute(t *testing.T) {
	seeds := familytest.Levels{Short: 1, Default: 3, Long: 12}.N()
	sample := int(familytest.Levels{Short: 7, Default: 7, Long: 1}.N())
	for _, mode := range []string{ModeAllocation, ModeProcurement} {
		for _, units := range bruteUnits(mode) {
			t.Run(fmt.Sprintf("%s/%s", mode, strings.Join(units, "+")), func(t *testing.T) {
				t.Parallel()
				active := map[string]bool{}
				for seed := uint64(1); seed <= seeds; seed++ {
					in := tinyInstance(t, mode, units, seed)
					for _, u := range units {
						if in.unitActive(u) {
							active[u] = true
						}
					}
					bruteCase(t, in, sample)
				}
				// A unit whose data constrains nothing in every seed would
				// make the comparison vacuous.
				for _, u := range units {
					if !active[u] {
						t.Errorf("unit %s constrains nothing in %d seeds", u, seeds)
					}
				}
			})
		}
	}
}

// TestFamilyBruteInfeasible: the infeasibility unit makes some tiny
// instances infeasible, and the brute force agrees with the solver on
// them (bruteCase checks the certified conflict too).
func TestFamilyBruteInfeasible(t *testing.T) {
	for _, mode := range []string{ModeAllocation, ModeProcurement} {
		infeasible := 0
		for seed := uint64(1); seed <= 12; seed++ {
			in := tinyInstance(t, mode, []string{unitInfeasible}, seed)
			bruteCase(t, in, 0)
			feasible := false
			in.allPlans(func(q, rq quantities) {
				if _, obj := in.Evaluate(context.Background(), sat.Backend{}, in.encode(q, rq), domains.Reference{Feasible: true}); obj != nil {
					feasible = true
				}
			})
			if !feasible {
				infeasible++
			}
		}
		if infeasible == 0 || infeasible == 12 {
			t.Errorf("%s: %d of 12 instances with contracts are infeasible; want some of each", mode, infeasible)
		}
	}
}

// unitActive reports whether unit u adds something to in: a model group
// of its rule, an objective level, or stated values.
func (in *Instance) unitActive(u string) bool {
	switch u {
	case unitSelfCheck:
		return true
	case unitPriority:
		return len(in.classes()) > 1
	case unitReplan:
		return in.replanning()
	case unitRecovery:
		return in.recovering()
	case unitLead:
		for _, src := range in.Sources {
			if src.Lead > 0 {
				return true
			}
		}
		return false
	}
	c := *in
	return familytest.HasItemGroup(&c, itemOfGroup, u)
}
