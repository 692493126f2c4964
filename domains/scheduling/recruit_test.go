package scheduling

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/internal/familytest"
)

// recruitOff are the units the recruitment skins never sample
// (recruitExclude) and those whose brute forces pair schedules
// (units_failure_test.go, units_backup_test.go, units_role_test.go).
var recruitOff = append(slices.Clone(recruitExclude), unitRoomFailure, unitBackupSlots, unitRequiredRole)

// recruitSpec draws a spec with unit u and lo..hi others, none of off,
// compatible (mixUnits, redrawn while it holds a unit of off).
func recruitSpec(u, sub string, seed uint64, r *rand.Rand, lo, hi int, off []string) domains.Spec {
	for {
		spec := mixUnits(u, sub, seed, r, lo, hi)
		if !slices.ContainsFunc(spec.Units(), func(id string) bool { return id != u && slices.Contains(off, id) }) {
			return spec
		}
	}
}

// drawMixed calls f with the agenda of subtask st of task tk for each
// seed 1..seeds, drawn with unit u and up to hi other units, none of those
// st excludes (recruitSpec from rand.NewPCG(seed, stream), on which the
// generator then draws); a subtask that excludes u draws none. A
// generator error fails t.
func drawMixed(t *testing.T, tk *task, st *subtask, u string, seeds, stream uint64, hi int, f func(seed uint64, spec domains.Spec, a *Agenda)) {
	t.Helper()
	if slices.Contains(st.Exclude, u) {
		return
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		r := rand.New(rand.NewPCG(seed, stream))
		spec := recruitSpec(u, st.ID, seed, r, 0, hi, st.Exclude)
		spec.Task = tk.ID
		a, err := st.generate(testSolving, spec, r)
		if err != nil {
			t.Fatal(err)
		}
		f(seed, spec, a)
	}
}

// checkPipeline checks the recruitment structure of a generated instance:
// the candidates come first among the people; each interview is named
// after its candidate, who is its only candidate and attends it; a
// candidate's interviews are consecutive stages of the pipeline, listed in
// order, with one priority; the chain unit orders exactly every two
// consecutive stages of a candidate, and the chain-days unit's rules are
// on such pairs; the hidden schedule keeps the stage order and the day
// rules; key-person changes and required roles never involve a
// candidate.
func checkPipeline(t *testing.T, what string, st *subtask, a *Agenda) {
	t.Helper()
	nc := len(a.Candidates)
	if nc == 0 || len(a.People) <= nc || len(a.Activities) > maxInterviews {
		t.Fatalf("%s: %d candidates, %d people, %d interviews", what, nc, len(a.People), len(a.Activities))
	}
	for c, n := range a.Candidates {
		if a.People[c].Name != n || !slices.Contains(st.Pipeline.Candidates, n) {
			t.Fatalf("%s: person %d is %q, want candidate %q of the pool", what, c, a.People[c].Name, n)
		}
	}
	stageIdx := func(c, name string) int {
		for s, sg := range st.Pipeline.Stages {
			if name == c+"'s "+sg.Name {
				return s
			}
		}
		return -1
	}
	var want [][2]string
	prev, prevStage, prio := -1, -1, 0
	for i, act := range a.Activities {
		var cands []int
		for _, p := range act.Attendees {
			if k := slices.Index(a.Candidates, p); k >= 0 {
				cands = append(cands, k)
			}
		}
		if len(cands) != 1 || act.Attendees[0] != a.Candidates[cands[0]] {
			t.Fatalf("%s: %s has attendees %v", what, act.Name, act.Attendees)
		}
		c := cands[0]
		s := stageIdx(a.Candidates[c], act.Name)
		switch {
		case s < 0:
			t.Fatalf("%s: %s is no stage of %s", what, act.Name, a.Candidates[c])
		case c == prev && (s != prevStage+1 || act.Priority != prio):
			t.Fatalf("%s: %s (stage %d, priority %d) follows stage %d (priority %d)", what, act.Name, s, act.Priority, prevStage, prio)
		case c != prev && c != prev+1:
			t.Fatalf("%s: %s is out of the candidates' order", what, act.Name)
		case c == prev:
			want = append(want, [2]string{a.Activities[i-1].Name, act.Name})
		}
		prev, prevStage, prio = c, s, act.Priority
	}
	if prev != nc-1 {
		t.Fatalf("%s: the last candidate with interviews is %d of %d", what, prev, nc)
	}
	if a.has(unitChain) && !slices.Equal(a.Chains, want) {
		t.Fatalf("%s: chains %v, want the stage pairs %v", what, a.Chains, want)
	}
	for _, c := range a.ChainDays {
		if !slices.Contains(want, [2]string{c.First, c.Second}) {
			t.Fatalf("%s: day rule %+v is on no stage pair", what, c)
		}
		if i, j := a.actIndex(c.First), a.actIndex(c.Second); a.planted != nil && c.breaks(a.planted[i].day, a.planted[j].day) {
			t.Fatalf("%s: the hidden schedule breaks the day rule %+v", what, c)
		}
	}
	if a.planted != nil {
		for i, p := range a.planted {
			if !a.stagesInOrder(a.planted, i, p) {
				t.Fatalf("%s: the hidden schedule breaks the stage order at %s", what, a.Activities[i].Name)
			}
		}
	}
	if k := a.KeyPerson; k != nil && (a.isCandidate(k.Leaves) || a.isCandidate(k.Replacement)) {
		t.Fatalf("%s: key-person change %+v involves a candidate", what, *k)
	}
	for _, rn := range a.Roles {
		for _, q := range rn.Qualified {
			if a.isCandidate(q) {
				t.Fatalf("%s: role %s of %s lists candidate %s", what, rn.Role, rn.Activity, q)
			}
		}
	}
}

// TestRecruitPipeline: instances of every recruitment subtask, with each
// unit it allows and up to three others it allows, have the recruitment
// structure (checkPipeline), and the prompt names the candidates and says
// whether their interviews are ordered.
func TestRecruitPipeline(t *testing.T) {
	var rt *task
	for _, tk := range registered {
		if tk.Family == domains.Workforce {
			rt = tk
		}
	}
	if rt == nil {
		t.Fatal("recruitment-planning is not registered")
	}
	seeds := uint64(4)
	if testing.Short() {
		seeds = 2
	}
	chained, dayRules := 0, 0
	for ui, u := range poolInfo() {
		if slices.Contains(recruitExclude, u.ID) {
			continue
		}
		for k := range rt.Subtasks {
			st := &rt.Subtasks[k]
			drawMixed(t, rt, st, u.ID, seeds, 3000+uint64(ui), 3, func(seed uint64, spec domains.Spec, a *Agenda) {
				what := fmt.Sprintf("%s seed %d %v", st.ID, seed, spec.Units())
				checkPipeline(t, what, st, a)
				prompt := a.Prompt()
				if !strings.Contains(prompt, "**Candidates.** "+prose.JoinAnd(a.Candidates)+".") {
					t.Fatalf("%s: the prompt does not name the candidates", what)
				}
				if anyOrder := strings.Contains(prompt, "may take place in any order"); anyOrder == a.has(unitChain) {
					t.Fatalf("%s: chain-order %v, prompt says any order: %v", what, a.has(unitChain), anyOrder)
				}
				if a.has(unitChain) {
					chained++
				}
				if len(a.ChainDays) > 0 {
					dayRules++
				}
			})
		}
	}
	if chained == 0 || dayRules == 0 {
		t.Errorf("%d instances with the stage order, %d with day rules", chained, dayRules)
	}
}

// recruitTiny returns a tiny recruitment subtask for the brute force, in
// one of three shapes by seed: two candidates with two stages each (four
// interviews) on one day of five or six slots in one room, over two days
// of three slots in one or two rooms, or on one day of four slots in two
// rooms.
func recruitTiny(seed uint64) subtask {
	st := subtask{ID: "tiny-recruit", Title: "tiny recruitment", Voc: recruitVoc("Test below."),
		Days: weekdays, DayStart: 9 * 60, SlotMin: 30,
		People: []string{"Kim", "Lars", "Mona"}, NPeople: span{2, 2},
		Rooms:    []string{"Oak", "Pine"},
		Exclude:  recruitExclude,
		Pipeline: &pipeline{Candidates: []string{"Ann", "Bo"}, NCands: span{2, 2}, NStages: span{2, 2}, Stages: []stage{{"screen", span{1, 1}, span{1, 1}}, {"panel", span{1, 2}, span{1, 2}}, {"final", span{1, 1}, span{1, 1}}}},
	}
	switch seed % 3 {
	case 0:
		st.NDays, st.Slots, st.NRooms = span{1, 1}, span{5, 6}, span{1, 1}
	case 1:
		st.NDays, st.Slots, st.NRooms = span{2, 2}, span{3, 3}, span{1, 2}
	case 2:
		st.NDays, st.Slots, st.NRooms = span{1, 1}, span{4, 4}, span{2, 2}
	}
	return st
}

// recruitMaxCombos caps the combinations of a recruitment brute-force
// instance (a quarter of TestFamilyBrute's cap, for the package's time).
const recruitMaxCombos = bruteMaxCombos / 4

// TestRecruitBrute: for every unit the recruitment skins may sample (but
// the three whose brute forces pair schedules), tiny recruitment
// instances with the unit and 0–2 others agree with exhaustive search as
// in TestFamilyBrute (status, optimum and uniqueness under tie-breaks 0, 1
// and 2; the unique optimum is the reference; conflicts hold), and have
// the recruitment structure. It covers what the pipelines add to the
// core: candidates among the people, and the chain unit's stage pairs.
func TestRecruitBrute(t *testing.T) {
	n := int(familytest.Levels{Short: 2, Default: 2, Long: 4}.N())
	for ui, u := range poolInfo() {
		if slices.Contains(recruitOff, u.ID) {
			continue
		}
		t.Run(u.ID, func(t *testing.T) {
			t.Parallel()
			var st bruteStats
			for seed := uint64(1); st.instances < n; seed++ {
				if seed > 20*uint64(n) {
					t.Fatalf("only %d instances within the size cap in %d seeds", st.instances, seed)
				}
				r := rand.New(rand.NewPCG(seed, 5000+uint64(ui)))
				sub := recruitTiny(seed)
				spec := recruitSpec(u.ID, sub.ID, seed, r, 0, 2, recruitOff)
				a, err := sub.generate(testSolving, spec, r)
				if err != nil {
					t.Fatal(err)
				}
				if spaceSize(a) > recruitMaxCombos {
					st.skipped++
					continue
				}
				st.instances++
				what := fmt.Sprintf("seed %d %v", seed, spec.Units())
				checkPipeline(t, what, &sub, a)
				if a.has(unitReplanning) {
					checkCurrent(t, a)
				}
				checkRoundTrip(t, a)
				checkGroups(t, a)
				bruteCompare(t, a, what, &st)
			}
			t.Logf("%s", st)
		})
	}
}
