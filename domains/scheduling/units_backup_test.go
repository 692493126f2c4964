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

// backupJSON writes an answer of the backup-slots unit: the schedule's
// entries, then the backups ("activity day start room").
func backupJSON(a *Agenda, main []string, backups ...string) json.RawMessage {
	m := string(planJSON(a, main...))
	var es []string
	for _, e := range backups {
		f := strings.Split(e, " ")
		es = append(es, fmt.Sprintf(`{"meeting": %q, "day": %q, "start": %q, "room": %q}`, f[0], f[1], f[2], f[3]))
	}
	return json.RawMessage(m[:len(m)-1] + fmt.Sprintf(", %q: [%s]}", backupKey, strings.Join(es, ", ")))
}

// TestBackupSlotsTiny: one room, one day of four half-hour slots; M1
// (weight 2) and M2 (weight 1), both with Ana; M1 is critical. The
// schedule: M1 at 09:00, M2 at 09:30: levels 2·1+1·2 = 4, rooms 0, starts
// 2·0+1·1 = 1. M1's backup may not overlap 09:00 (its own time) nor 09:30
// (Ana and Oak hold M2), so it is 10:00: 2·3 = 6, room 0, start 2·2 = 4.
func TestBackupSlotsTiny(t *testing.T) {
	a := tinyAgenda([]string{unitBackupSlots}, nil, 4, []string{"Oak"}, []string{"Ana"},
		act("M1", 1, 2, "Ana"), act("M2", 1, 1, "Ana"))
	a.Critical, a.TieBreaks = []string{"M1"}, 2
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{4, 0, 1, 6, 0, 4}, true)
	main := []string{"M1 Mon 09:00 Oak", "M2 Mon 09:30 Oak"}
	want := backupJSON(a, main, "M1 Mon 10:00 Oak")
	var x, y any
	_ = json.Unmarshal(want, &x)
	_ = json.Unmarshal(ref.Plan, &y)
	if fmt.Sprint(x) != fmt.Sprint(y) {
		t.Fatalf("reference %s, want %s", ref.Plan, want)
	}
	okCore := func(got map[string]domains.Result) {
		t.Helper()
		for _, id := range []string{itemFormat, itemCoverage, itemPeople, itemRooms} {
			if !got[id].Pass {
				t.Fatalf("%s fails: %s", id, got[id].Detail)
			}
		}
	}
	// Mutation: the backup overlaps M1's own time.
	got := results(a, backupJSON(a, main, "M1 Mon 09:00 Oak"), ref)
	if got[unitBackupSlots].Pass || got[itemOptimal].Pass || !strings.Contains(got[unitBackupSlots].Detail, "backup of M1: it overlaps") {
		t.Fatalf("overlapping backup: %+v", got)
	}
	okCore(got)
	// Mutation: the backup clashes with M2 (room and Ana).
	got = results(a, backupJSON(a, main, "M1 Mon 09:30 Oak"), ref)
	if got[unitBackupSlots].Pass || got[itemOptimal].Pass || !strings.Contains(got[unitBackupSlots].Detail, "backup of M1: Oak holds M1 and M2") {
		t.Fatalf("clashing backup: %+v", got)
	}
	okCore(got)
	// A feasible but later backup fails only the optimum.
	got = results(a, backupJSON(a, main, "M1 Mon 10:30 Oak"), ref)
	if !got[unitBackupSlots].Pass || got[itemOptimal].Pass {
		t.Fatalf("later backup: %+v", got)
	}
	// Without backups, or with an empty list: M1 has none, which fails
	// the backups' items and nothing else (docs/grading.md).
	for _, none := range []json.RawMessage{planJSON(a, main...), backupJSON(a, main)} {
		got := results(a, none, ref)
		if !got[itemFormat].Pass || got[unitBackupSlots].Pass || got[itemOptimal].Pass || got[unitBackupSlots].Detail != "backup of M1: it has no backup" {
			t.Fatalf("%s: %+v", none, got)
		}
		okCore(got)
	}
	// A backup of a non-critical meeting: the backups cannot be read,
	// which fails the format item and the backups' items.
	bad := backupJSON(a, main, "M2 Mon 10:00 Oak")
	got = results(a, bad, ref)
	if got[itemFormat].Pass || got[unitBackupSlots].Pass || got[itemOptimal].Pass || !strings.Contains(got[itemFormat].Detail, `"M2" is not a critical meeting`) {
		t.Fatalf("%s: %+v", bad, got)
	}
	for _, id := range []string{itemCoverage, itemPeople, itemRooms} {
		if !got[id].Pass {
			t.Fatalf("%s: %s fails: %s", bad, id, got[id].Detail)
		}
	}
	p := a.Prompt()
	for _, s := range []string{`"backup slots"`, `"backups"`, `critical meetings are "M1"`} {
		if !strings.Contains(p, s) {
			t.Fatalf("the prompt lacks %s:\n%s", s, p)
		}
	}
	m, _ := a.Model()
	for _, g := range m.Groups() {
		if !strings.HasPrefix(g, "core: ") && !strings.HasPrefix(g, "backup of M1: ") {
			t.Fatalf("group %q of the schedule", g)
		}
	}
}

// Size cap of the paired brute force (schedules × backups).
const backupMaxPairs = 60_000

// TestBackupSlotsBrute: tiny instances with the backup-slots unit and up to
// one other unit; every pair of a schedule and backups (every placement of
// each critical activity) is judged by Check (the SAT reference as ref): a
// pair is feasible when every feasibility and coverage item passes. The
// least objective vector (the schedule's levels, then the backups'), its
// count and argmin agree with the SAT certificate for tie-breaks 0, 1 and
// 2; the pairs that pass "optimal" are exactly the optimal ones; a unique
// optimum is the reference; moving a backup onto its activity's own time
// fails the backup-slots item.
func TestBackupSlotsBrute(t *testing.T) {
	var skipped, none, pairs, unique int
	want := int(familytest.Levels{Short: 4, Default: 4, Long: 20}.N()) // the package is make test's longest
	pairedInstances(t, unitBackupSlots, 8888, want, tinyShape, func(seed uint64, spec domains.Spec, a *Agenda) bool {
		crit := a.criticalIdx()
		if crit == nil {
			none++
			return false
		}
		main := allCombos(a, -1)
		var backs [][]placement // every combination of backups
		backs = [][]placement{nil}
		for _, c := range crit {
			var next [][]placement
			for _, bk := range backs {
				for _, o := range a.options(c) {
					next = append(next, append(slices.Clone(bk), placement{true, o.day, o.start, o.room, o.dur}))
				}
			}
			backs = next
		}
		if len(main)*len(backs) > backupMaxPairs {
			skipped++
			return false
		}
		what := fmt.Sprintf("seed %d %v (critical %v)", seed, spec.Units(), a.Critical)
		type pair struct{ m, b []placement }
		p, u := pairedBrute(t, a, what,
			func(visit func(json.RawMessage, func(int) []int64, pair)) {
				L := len(a.objectives(main[0]))
				for _, pm := range main {
					for _, pb := range backs {
						raw, _ := a.encodeBackups(pm, pb)
						visit(raw, func(k int) []int64 {
							return append(slices.Clone(a.objectives(pm)[:L-2+k]), a.backupObjectives(pb)[:1+k]...)
						}, pair{pm, pb})
					}
				}
			},
			func(w string, ref domains.Reference, best pair) {
				// Mutation: each backup moves onto its activity's own time.
				for k, ci := range crit {
					bk := slices.Clone(best.b)
					bk[k] = best.m[ci]
					raw, _ := a.encodeBackups(best.m, bk)
					got := results(a, raw, ref)
					if got[unitBackupSlots].Pass || got[itemOptimal].Pass {
						t.Fatalf("%s: the backup of %s on its own time passes: %+v", w, a.Activities[ci].Name, got)
					}
				}
			})
		pairs, unique = pairs+p, unique+u
		return true
	})
	if unique == 0 {
		t.Fatalf("no unique reference in %d instances", want)
	}
	t.Logf("%d instances (%d over the cap skipped, %d with no critical activity), %d pairs judged, %d unique references", want, skipped, none, pairs, unique)
}
