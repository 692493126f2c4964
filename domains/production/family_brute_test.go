package production

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
)

// tinySubtask is a shop small enough to enumerate every schedule: 2–3 jobs
// on 2 machines, durations 1–2.
func tinySubtask() *subtask {
	return &subtask{
		ID: "tiny", Title: "tiny shop",
		Voc:      Vocab{Job: "job", Jobs: "jobs", Machine: "machine", Unit: "unit", Units: "units", Family: "family", Cost: "cost", Intro: "A tiny shop."},
		Machines: []string{"A", "B"}, Names: []string{"J1", "J2", "J3"}, Families: []string{"f1", "f2"},
		NJobs: span{2, 3}, Dur: span{1, 2}, Change: -1,
	}
}

// maxPlans bounds the schedules enumerated for one tiny instance; a seed
// whose instance has more is skipped.
const maxPlans = 60000

// tinyInstance generates a tiny instance with the given units (the delay
// unit solves the undisrupted instance inside the generator).
func tinyInstance(t *testing.T, units []string, seed uint64) *Shop {
	t.Helper()
	tk, _ := domains.Lookup("production-planning")
	spec := familytest.NewSpec(t, tk, "tiny", seed, units...)
	s, err := tinySubtask().generate(testSolving, spec, rand.New(rand.NewPCG(seed, 7)))
	if err != nil {
		t.Fatalf("%v seed %d: %v", units, seed, err)
	}
	return s
}

// domainsOf returns the start range [lo, hi] of every operation (head and
// closing time minus tail, as the model's domains) and the number of
// schedules in their product.
func domainsOf(s *Shop) ([][][2]int, int) {
	n := 1
	out := make([][][2]int, len(s.Jobs))
	for j, job := range s.Jobs {
		tot := 0
		for _, op := range job.Route {
			tot += op.Duration
		}
		head := 0
		for _, op := range job.Route {
			r := [2]int{head, s.Horizon - (tot - head)}
			out[j] = append(out[j], r)
			n *= r[1] - r[0] + 1
			head += op.Duration
		}
	}
	return out, n
}

// enumerate calls f on every schedule within the domains.
func enumerate(s *Shop, f func(st [][]int)) {
	dom, _ := domainsOf(s)
	st := make([][]int, len(s.Jobs))
	var flat []*int
	var rng [][2]int
	for j := range s.Jobs {
		st[j] = make([]int, len(s.Jobs[j].Route))
		for k := range st[j] {
			flat = append(flat, &st[j][k])
			rng = append(rng, dom[j][k])
		}
	}
	var rec func(i int)
	rec = func(i int) {
		if i == len(flat) {
			f(st)
			return
		}
		for v := rng[i][0]; v <= rng[i][1]; v++ {
			*flat[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}

// assignment builds the model's assignment of schedule st: the starts, and
// every auxiliary variable at the value the schedule determines (pair
// Booleans by which operation starts first, window Booleans by the side,
// the goal's counters at their true values).
func assignment(t *testing.T, s *Shop, m *encode.Model, st [][]int) encode.Assignment {
	t.Helper()
	a := make(encode.Assignment, len(m.Vars))
	val := map[string]int64{"makespan": int64(makespanOf(s, st))}
	for j, job := range s.Jobs {
		for k := range job.Route {
			val[fmt.Sprintf("start %s/%d", job.Name, k+1)] = int64(st[j][k])
		}
		val["late_"+job.Name] = int64(max(0, s.end(st, j)-job.Due))
		val["end_"+job.Name] = int64(s.end(st, j))
	}
	for mc := range s.Machines {
		for _, p := range s.pairs(mc) {
			sw := st[p[1].j][p[1].k] < st[p[0].j][p[0].k]
			val[fmt.Sprintf("%s before %s", s.opName(p[1]), s.opName(p[0]))] = b2i(sw)
		}
	}
	if w := s.Maintenance; w != nil {
		for _, o := range s.machineOps(w.Machine) {
			val[s.opName(o)+" before maintenance"] = b2i(st[o.j][o.k]+s.op(o).Duration <= w.From)
		}
	}
	for v, vi := range m.Vars {
		x, ok := val[vi.Name]
		if !ok {
			t.Fatalf("no value for model variable %q", vi.Name)
		}
		a[v] = x
	}
	return a
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// bruteUnits are the unit sets of the brute-force test: every unit of the
// pool alone (with what it requires), and a few mixes.
var bruteUnits = [][]string{
	{}, {unitRelease}, {unitDeadlines}, {unitPrecedence},
	{unitChangeovers}, {unitTardiness}, {unitMaintenance}, {unitCost},
	{unitDelay}, {unitBuffer}, {unitDeadlines, unitInfeasible},
	{unitRelease, unitDeadlines, unitPrecedence, unitChangeovers, unitMaintenance, unitBuffer},
	{unitChangeovers, unitCost, unitDelay},
	{unitRelease, unitTardiness, unitBuffer, unitDelay},
	{unitRelease, unitDeadlines, unitMaintenance, unitInfeasible},
}

// TestFamilyBrute: on tiny instances of every unit, exhaustive search over
// all start times, with the checker as the oracle, agrees with the SAT
// certificate on feasibility, the optimum vector and uniqueness (and on
// the conflict of an infeasible instance); on every schedule, each rule's
// item passes exactly when its model groups hold (the unit rules compared
// on schedules that keep the core rules, whose order decides the pair
// Booleans), the model's goal values equal the checker's, and the model's
// Check accepts exactly the schedules the checker finds feasible.
func TestFamilyBrute(t *testing.T) {
	perUnit := 3
	if testing.Short() {
		perUnit = 1
	}
	for _, units := range bruteUnits {
		name := strings.Join(units, "+")
		if name == "" {
			name = "core"
		}
		t.Run(name, func(t *testing.T) {
			done := 0
			for seed := uint64(1); seed <= 60 && done < perUnit; seed++ {
				s := tinyInstance(t, units, seed)
				if _, n := domainsOf(s); n > maxPlans {
					continue
				}
				bruteAgree(t, s, fmt.Sprintf("%s seed %d", name, seed))
				// Without the tie-break and with a later closing time,
				// start times with slack make optima that are not unique.
				s.TieBreaks, s.Horizon = 0, s.Horizon+1
				if _, n := domainsOf(s); n <= maxPlans {
					bruteAgree(t, s, fmt.Sprintf("%s seed %d, no tie-break, closing +1", name, seed))
					s.TieBreaks = 2 // both stated tie-breaks
					bruteAgree(t, s, fmt.Sprintf("%s seed %d, two tie-breaks, closing +1", name, seed))
				}
				done++
			}
			if done < perUnit {
				t.Fatalf("only %d tiny instances within %d schedules", done, maxPlans)
			}
		})
	}
	if !bruteSeen[true] || !bruteSeen[false] {
		t.Errorf("the brute-force instances did not meet both unique and non-unique optima: %v", bruteSeen)
	}
}

// bruteSeen records which uniqueness answers the brute-force test met.
var bruteSeen = map[bool]bool{}

func bruteAgree(t *testing.T, s *Shop, name string) {
	t.Helper()
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	o := familytest.NewOptima(s)
	groups := m.Groups()
	enumerate(s, func(st [][]int) {
		viol := s.violations(st)
		a := assignment(t, s, m, st)
		core := viol[itemRoutes] == "" && viol[itemMachines] == "" && viol[itemCoverage] == ""
		failed := map[string]bool{}
		for _, g := range groups {
			it := s.itemOf(g)
			if it == "" || familytest.GroupHolds(m, g, a) {
				continue
			}
			failed[it] = true
		}
		for _, it := range []string{itemRoutes, itemMachines} {
			if failed[it] != (viol[it] != "") {
				t.Fatalf("%s: %v: item %s fails %v (%s), its model groups fail %v", name, st, it, viol[it] != "", viol[it], failed[it])
			}
		}
		if core {
			for _, u := range pool {
				if failed[u.ID] != (viol[u.ID] != "") {
					t.Fatalf("%s: %v: item %s fails %v (%s), its model groups fail %v", name, st, u.ID, viol[u.ID] != "", viol[u.ID], failed[u.ID])
				}
			}
		}
		feasible := len(viol) == 0
		if (m.Check(a) == nil) != feasible {
			t.Fatalf("%s: %v: model Check %v, checker violations %v", name, st, m.Check(a), viol)
		}
		if !feasible {
			return
		}
		obj := s.objective(st)
		if got := m.ObjectiveValues(a); !slices.Equal(got, obj) {
			t.Fatalf("%s: %v: model goal %v, checker goal %v", name, st, got, obj)
		}
		o.Add(obj)
	})
	// The certificate against the enumeration; for an infeasible instance
	// the certified core, without the always-on rules, is a conflict the
	// checker accepts (even an empty one).
	cert, _ := familytest.Brute{Name: name, Inst: s, Optima: o, ConflictHolds: s.conflictHolds, EmptyConflict: true}.Agree(t)
	if o.Feasible == 0 {
		// No schedule keeps the conflict, by brute force.
		names := familytest.Named(cert.Core)
		t.Logf("%s: infeasible, conflict %q", name, names)
		enumerate(s, func(st [][]int) {
			a := assignment(t, s, m, st)
			for _, g := range groups {
				if (domains.AlwaysOn(g) && g != groupDefs || slices.Contains(names, g)) && !familytest.GroupHolds(m, g, a) {
					return
				}
			}
			t.Fatalf("%s: %v keeps the conflict %v", name, st, names)
		})
		return
	}
	t.Logf("%s: %d feasible schedules, optimum %v, %d optimal", name, o.Feasible, o.Best, o.Count)
	bruteSeen[o.Count == 1] = true
}
