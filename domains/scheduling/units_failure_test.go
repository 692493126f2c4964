package scheduling

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/internal/familytest"

	"github.com/plancert/plancert/domains"
)

// fullJSON writes an answer of the room-failure unit: the schedule's
// entries, then the failure schedule's ("activity day start room").
func fullJSON(a *Agenda, main, fail []string) json.RawMessage {
	m := string(planJSON(a, main...))
	f := string(planJSON(a, fail...))
	return json.RawMessage(m[:len(m)-1] + fmt.Sprintf(", %q: %s}", failKey, f))
}

// TestRoomFailureTiny: two rooms, Oak may fail; two meetings of an hour
// with different people on a day of two hours. Normally both start at
// 09:00, M1 in Oak (weight 2 × position 0) and M2 in Pine: levels 4, 1,
// 0. If Oak fails both use Pine one after the other, M1 first (weight 2 ×
// start 0 + 1 × start 2): levels 6, 3, 2.
func TestRoomFailureTiny(t *testing.T) {
	a := tinyAgenda([]string{unitRoomFailure}, nil, 4, []string{"Oak", "Pine"}, []string{"Ana", "Ben"},
		act("M1", 2, 1, "Ana"), act("M2", 2, 1, "Ben"))
	a.FailRoom, a.TieBreaks = "Oak", 2
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{4, 1, 0, 6, 3, 2}, true)
	want := fullJSON(a, []string{"M1 Mon 09:00 Oak", "M2 Mon 09:00 Pine"}, []string{"M1 Mon 09:00 Pine", "M2 Mon 10:00 Pine"})
	var x, y any
	_ = json.Unmarshal(want, &x)
	_ = json.Unmarshal(ref.Plan, &y)
	if fmt.Sprint(x) != fmt.Sprint(y) {
		t.Fatalf("reference %s, want %s", ref.Plan, want)
	}
	// Mutation: M1 of the failure schedule moves into Oak.
	bad := fullJSON(a, []string{"M1 Mon 09:00 Oak", "M2 Mon 09:00 Pine"}, []string{"M1 Mon 09:00 Oak", "M2 Mon 10:00 Pine"})
	got := results(a, bad, ref)
	if got[unitRoomFailure].Pass || got[itemOptimal].Pass || !strings.Contains(got[unitRoomFailure].Detail, "if Oak fails: M1 uses Oak") {
		t.Fatalf("failure schedule in Oak: %+v", got)
	}
	for _, id := range []string{itemFormat, itemCoverage, itemRooms} {
		if !got[id].Pass {
			t.Fatalf("%s fails: %s", id, got[id].Detail)
		}
	}
	if _, ok := got[itemPeople]; ok {
		t.Fatal("one-at-a-time is written, though M1 and M2 share no one")
	}
	// A clash in the failure schedule fails the room-failure item only.
	clash := fullJSON(a, []string{"M1 Mon 09:00 Oak", "M2 Mon 09:00 Pine"}, []string{"M1 Mon 09:00 Pine", "M2 Mon 09:30 Pine"})
	got = results(a, clash, ref)
	if got[unitRoomFailure].Pass || got[itemOptimal].Pass || !got[itemRooms].Pass {
		t.Fatalf("clash in the failure schedule: %+v", got)
	}
	// Without the failure schedule: its items fail, and nothing else
	// (docs/grading.md).
	got = results(a, planJSON(a, "M1 Mon 09:00 Oak", "M2 Mon 09:00 Pine"), ref)
	if !got[itemFormat].Pass || got[unitRoomFailure].Pass || got[itemOptimal].Pass || got[unitRoomFailure].Detail != `"if_room_fails" is missing` {
		t.Fatalf("no failure schedule: %+v", got)
	}
	for _, id := range []string{itemCoverage, itemRooms} {
		if !got[id].Pass {
			t.Fatalf("no failure schedule: %s fails: %s", id, got[id].Detail)
		}
	}
	// An unreadable failure schedule fails the format item too.
	got = results(a, json.RawMessage(`{"meetings": [{"meeting": "M1", "day": "Mon", "start": "09:00", "room": "Oak"}, {"meeting": "M2", "day": "Mon", "start": "09:00", "room": "Pine"}], "if_room_fails": 3}`), ref)
	if got[itemFormat].Pass || got[unitRoomFailure].Pass || got[itemOptimal].Pass || !got[itemRooms].Pass || !got[itemCoverage].Pass {
		t.Fatalf("unreadable failure schedule: %+v", got)
	}
	// A feasible but worse failure schedule fails only the optimum.
	worse := fullJSON(a, []string{"M1 Mon 09:00 Oak", "M2 Mon 09:00 Pine"}, []string{"M1 Mon 10:00 Pine", "M2 Mon 09:00 Pine"})
	got = results(a, worse, ref)
	if !got[unitRoomFailure].Pass || got[itemOptimal].Pass {
		t.Fatalf("worse failure schedule: %+v", got)
	}
	p := a.Prompt()
	for _, s := range []string{`"room failure"`, `"if_room_fails"`, "Oak may fail"} {
		if !strings.Contains(p, s) {
			t.Fatalf("the prompt lacks %s:\n%s", s, p)
		}
	}
	m, _ := a.Model()
	for _, g := range m.Groups() {
		if !strings.HasPrefix(g, "core: ") && !strings.HasPrefix(g, "if Oak fails: ") {
			t.Fatalf("group %q of the normal schedule", g)
		}
	}
}

// failureSub is a tiny shape with two rooms and two or three activities.
func failureSub(seed uint64) subtask {
	st := tinyShape(seed)
	st.NRooms, st.NActs = span{2, 2}, span{2, 3}
	return st
}

// Size cap of the paired brute force (normal × failure combinations).
const failureMaxPairs = 60_000

// TestRoomFailureBrute: tiny instances with the room-failure unit and up to
// one other unit; every pair of a normal and a failure schedule is judged
// by Check (the SAT reference as ref): a pair is feasible when every
// feasibility and coverage item passes. The least objective vector (the
// normal schedule's levels, then the failure schedule's), its count and
// argmin agree with the SAT certificate for tie-breaks 0, 1 and 2; the
// pairs that pass "optimal" are exactly the optimal ones; a unique optimum
// is the reference; moving an activity of the reference's failure schedule
// into the failing room fails the room-failure item.
func TestRoomFailureBrute(t *testing.T) {
	var skipped, noRoom, pairs, unique int
	want := int(familytest.Levels{Short: 5, Default: 5, Long: 24}.N()) // the package is make test's longest
	pairedInstances(t, unitRoomFailure, 7777, want, failureSub, func(seed uint64, spec domains.Spec, a *Agenda) bool {
		if a.failIndex() < 0 {
			noRoom++
			return false
		}
		main, fail := allCombos(a, -1), allCombos(a, a.failIndex())
		if len(main)*len(fail) > failureMaxPairs {
			skipped++
			return false
		}
		what := fmt.Sprintf("seed %d %v (%s fails)", seed, spec.Units(), a.FailRoom)
		type pair struct{ m, f []placement }
		p, u := pairedBrute(t, a, what,
			func(visit func(json.RawMessage, func(int) []int64, pair)) {
				L := len(a.objectives(main[0]))
				for _, pm := range main {
					for _, pf := range fail {
						raw, _ := a.encodeFull(pm, pf)
						visit(raw, func(k int) []int64 {
							return append(slices.Clone(a.objectives(pm)[:L-2+k]), a.objectives(pf)[:L-2+k]...)
						}, pair{pm, pf})
					}
				}
			},
			func(w string, ref domains.Reference, best pair) {
				// Mutation: an activity of the failure schedule moves into
				// the failing room (same day and start).
				for i := range a.Activities {
					f := slices.Clone(best.f)
					f[i].room = a.failIndex()
					raw, _ := a.encodeFull(best.m, f)
					got := results(a, raw, ref)
					if got[unitRoomFailure].Pass || got[itemOptimal].Pass {
						t.Fatalf("%s: %s in %s passes: %+v", w, a.Activities[i].Name, a.FailRoom, got)
					}
				}
			})
		pairs, unique = pairs+p, unique+u
		return true
	})
	t.Logf("%d instances (%d over the cap skipped, %d with no room named), %d pairs judged, %d unique references", want, skipped, noRoom, pairs, unique)
}

// allCombos lists every combination of placements of a's activities,
// without room skip (-1 for none).
func allCombos(a *Agenda, skip int) [][]placement {
	var opts [][]option
	for i := range a.Activities {
		var os []option
		for _, o := range a.options(i) {
			if o.room != skip {
				os = append(os, o)
			}
		}
		opts = append(opts, os)
	}
	var out [][]placement
	idx := make([]int, len(opts))
	for {
		pl := make([]placement, len(opts))
		for i, k := range idx {
			o := opts[i][k]
			pl[i] = placement{true, o.day, o.start, o.room, o.dur}
		}
		out = append(out, pl)
		if !nextIndex(idx, opts) {
			return out
		}
	}
}
