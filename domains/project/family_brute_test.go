package project

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// tinySubtask is small enough to enumerate every plan: 3–4 activities of
// 1–2 periods, one or two resources.
var tinySubtask = subtask{ID: "tiny", Title: "tiny",
	Voc: Vocab{Activity: "activity", Activities: "activities", Resource: "resource", Resources: "resources", Unit: "unit", Units: "units",
		Period: "period", Periods: "periods", Project: "the project", Intro: "A tiny project."},
	Activities: []string{"A", "B", "C", "D"}, NAct: span{3, 4},
	Resources: []string{"R", "S"}, NRes: span{1, 2}, Dur: span{1, 2}, Cap: span{1, 2}, Edge: 40}

func tinyInstance(t *testing.T, units []string, seed uint64) *Instance {
	t.Helper()
	tk := &domains.Task{ID: "tiny", Pool: pool}
	if err := tk.Compatible(units); err != nil {
		t.Fatal(err)
	}
	spec := familytest.NewSpec(t, tk, "tiny", seed, units...)
	st := tinySubtask
	if spec.Has(unitException) {
		// Two schedules: three activities keep the enumeration small.
		st.NAct = span{3, 3}
	}
	in, err := st.generate(spec, rand.New(rand.NewPCG(seed, 7)))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// allPlans calls fn for every plan vector (starts, then the backup's)
// within the horizon.
func (in *Instance) allPlans(fn func(start []int)) {
	start := make([]int, in.planLen())
	var rec func(i int)
	rec = func(i int) {
		if i == len(start) {
			fn(start)
			return
		}
		for s := 0; s+in.Activities[i%in.n()].Duration <= in.Horizon; s++ {
			start[i] = s
			rec(i + 1)
		}
	}
	rec(0)
}

// unitOfGroup maps a model group to the unit (= checklist item) of its
// rule; "" for definitions.
func (in *Instance) unitOfGroup(g string) string {
	if domains.AlwaysOn(g) {
		return ""
	}
	if strings.HasPrefix(g, backupPrefix) {
		return unitException
	}
	for _, r := range in.rules() {
		if r.Name == g {
			return r.Unit
		}
	}
	return "?" + g
}

// modelHolds fixes the starts in in's model and keeps only the groups of
// unit u (and the definitions): it reports whether that has a solution,
// i.e. whether the model says the plan keeps unit u's rules.
func modelHolds(t *testing.T, in *Instance, u string, start []int) bool {
	t.Helper()
	m, err := in.Model()
	if err != nil {
		t.Fatal(err)
	}
	fixes := make([]familytest.Fix, len(start))
	for k, x := range start {
		name := startName(in.Activities[k%in.n()].Name)
		if k >= in.n() {
			name = backupPrefix + name
		}
		v, _ := m.Lookup(name)
		fixes[k] = familytest.Fix{Var: v, Value: int64(x)}
	}
	ok, _, _ := familytest.FixedVerdict(t, m, func(g string) bool { return domains.AlwaysOn(g) || in.unitOfGroup(g) == u }, fixes, nil)
	return ok
}

// bruteCase enumerates every plan of in and compares with the SAT
// certificate: status, optimum vector, uniqueness; and, on every k-th
// plan, each rule's item (by Check on the JSON answer) with the model's
// verdict on that rule's groups.
func bruteCase(t *testing.T, in *Instance, every int) {
	t.Helper()
	o := familytest.NewOptima(in)
	plans := 0
	ruleUnits := map[string]bool{}
	for _, r := range in.rules() {
		ruleUnits[r.Unit] = true
	}
	if in.Exception != nil {
		ruleUnits[unitException] = true
	}
	m, err := in.Model()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range m.Groups() {
		if u := in.unitOfGroup(g); strings.HasPrefix(u, "?") {
			t.Fatalf("group %q belongs to no rule of the prompt", g)
		}
	}
	feasRef := domains.Reference{Feasible: true}
	consider := func(plan []int) { o.Add(in.objectives(plan)) }
	probe := func(start []int) {
		pass := map[string]bool{}
		for _, r := range in.Check(context.Background(), sat.Backend{}, in.encode(start), feasRef) {
			pass[r.ID] = r.Pass
		}
		bad := in.violations(start)
		for u := range ruleUnits {
			got := pass[u]
			if u == unitInfeasible { // no item in a feasible checklist: the checker's verdict
				_, broken := bad[u]
				got = !broken
			}
			if want := modelHolds(t, in, u, start); got != want {
				t.Fatalf("plan %v: item %q passes %v, the model's groups of %q hold %v", start, u, got, u, want)
			}
		}
	}
	if in.Exception == nil {
		in.allPlans(func(start []int) {
			plans++
			if len(in.violations(start)) == 0 {
				consider(start)
			}
			if plans%every == 0 {
				probe(start)
			}
		})
	} else {
		// A plan keeps every rule exactly when its main schedule keeps
		// the rules and its backup keeps them in the scenario: enumerate
		// both halves apart, then every pair of feasible halves.
		one := *in
		one.Exception = nil
		var mains, backups [][]int
		sc := in.scenario()
		one.allPlans(func(s []int) {
			plans++
			if len(in.mainViolations(s)) == 0 {
				mains = append(mains, append([]int(nil), s...))
			}
			if len(sc.mainViolations(s)) == 0 {
				backups = append(backups, append([]int(nil), s...))
			}
		})
		for _, x := range mains {
			for _, y := range backups {
				consider(append(append([]int(nil), x...), y...))
			}
		}
		// The per-rule check on 600/every plans drawn at random (seeded).
		r := rand.New(rand.NewPCG(in.Sp.Seed, 3))
		plan := make([]int, in.planLen())
		for range 600 / every {
			for k := range plan {
				plan[k] = r.IntN(in.Horizon - in.Activities[k%in.n()].Duration + 1)
			}
			probe(plan)
		}
	}
	familytest.Brute{Name: fmt.Sprintf("%v seed %d tie-breaks %d (%d plans)", in.Sp.Units(), in.Sp.Seed, in.TieBreaks, plans), Inst: in, Optima: o}.Agree(t)
}

// bruteUnits are the unit sets of the brute-force test: every unit of the
// pool, each with the basic units that give it something to bite on.
var bruteUnits = [][]string{
	{unitPrecedence},
	{unitCapacity},
	{unitDeadlines},
	{unitPrecedence, unitCapacity, unitDeadlines},
	{unitCapacity, unitTardiness},
	{unitPrecedence, unitCapacity, unitMaintenance},
	{unitCapacity, unitCost},
	{unitPrecedence, unitCapacity, unitCost, unitStated},
	{unitPrecedence, unitCapacity, unitReplan},
	{unitPrecedence, unitDeadlines, unitTardiness, unitReplan},
	{unitPrecedence, unitCapacity, unitSlack},
	{unitPrecedence, unitCapacity, unitInfeasible},
	{unitCapacity, unitDeadlines, unitInfeasible},
	{unitCapacity, unitException},
	{unitPrecedence, unitCapacity, unitDeadlines, unitException},
}

// TestFamilyBrute: for every unit set and seeds 1..3 (12 with
// PLANCERT_LONG=1), with and without the stated tie-break, exhaustive
// search agrees with the SAT certificate, and each rule's item agrees with
// the model on sampled plans.
func TestFamilyBrute(t *testing.T) {
	seeds := familytest.Levels{Short: 2, Default: 3, Long: 12}.N()
	every := int(familytest.Levels{Short: 23, Default: 9, Long: 3}.N())
	for _, units := range bruteUnits {
		t.Run(strings.Join(units, "+"), func(t *testing.T) {
			for seed := uint64(1); seed <= seeds; seed++ {
				for tb := range 2 {
					in := tinyInstance(t, units, seed)
					in.TieBreaks = tb
					t.Run(fmt.Sprintf("seed%d-tb%d", seed, tb), func(t *testing.T) { bruteCase(t, in, every) })
				}
			}
		})
	}
}

// TestFamilyBruteInfeasible: the infeasibility unit's instances are
// infeasible by brute force, and the solver's minimal conflict is
// infeasible (the checker's conflict item passes) while dropping any one
// of its rules leaves a plan (minimality, by brute force).
func TestFamilyBruteInfeasible(t *testing.T) {
	for _, units := range [][]string{{unitPrecedence, unitCapacity, unitInfeasible}, {unitCapacity, unitDeadlines, unitInfeasible}, {unitPrecedence, unitDeadlines, unitInfeasible}} {
		for seed := uint64(1); seed <= 4; seed++ {
			in := tinyInstance(t, units, seed)
			_, cert := familytest.CertifyModel(t, in)
			if cert.Status != solver.Infeasible {
				t.Fatalf("%v seed %d: %v", units, seed, cert.Status)
			}
			ref := domains.Reference{Feasible: false, Conflict: cert.Core}
			for _, r := range in.Check(context.Background(), sat.Backend{}, []byte(fmt.Sprintf(`{"feasible": false, "conflict": %s}`, quoteJSON(cert.Core))), ref) {
				if !r.Pass {
					t.Fatalf("%v seed %d: the solver's conflict %v fails %q: %s", units, seed, cert.Core, r.ID, r.Detail)
				}
			}
			// Each rule of the core is needed: without it some plan keeps
			// the rest of the core (brute force over the checker).
			for _, drop := range cert.Core {
				found := false
				in.allPlans(func(start []int) {
					if found {
						return
					}
					found = in.keepsRules(start, cert.Core, drop)
				})
				if !found {
					t.Fatalf("%v seed %d: core %v is not minimal: without %q still no plan", units, seed, cert.Core, drop)
				}
			}
			// And no plan keeps them all.
			in.allPlans(func(start []int) {
				if in.keepsRules(start, cert.Core, "") {
					t.Fatalf("%v seed %d: plan %v keeps the whole core %v", units, seed, start, cert.Core)
				}
			})
		}
	}
}

// keepsRules reports whether a plan keeps the named rules other than
// skip, judged by the checker on an instance reduced to those rules.
func (in *Instance) keepsRules(start []int, names []string, skip string) bool {
	keep := map[string]bool{}
	for _, n := range names {
		if n != skip {
			keep[n] = true
		}
	}
	c := *in
	c.Activities = append([]Activity(nil), in.Activities...)
	for i := range c.Activities {
		a := &c.Activities[i]
		if !keep[groupPrec(a.Name)] {
			a.After = nil
		}
		if !keep[groupRelease(a.Name)] {
			a.Release = 0
		}
		if !keep[groupDeadline(a.Name)] {
			a.Deadline = 0
		}
	}
	c.Resources = append([]Resource(nil), in.Resources...)
	for r := range c.Resources {
		if !keep[groupCap(c.Resources[r].Name)] {
			c.Resources[r].Capacity = 1 << 20
		}
		if !keep[groupMaint(c.Resources[r].Name)] {
			c.Resources[r].Down = nil
		}
	}
	return len(c.violations(start)) == 0
}

func quoteJSON(ns []string) string {
	q := make([]string, len(ns))
	for i, n := range ns {
		q[i] = fmt.Sprintf("%q", n)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
