package scheduling

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// roleJSON writes an answer of the required-role unit: the schedule's
// entries, then the role choices ("activity person").
func roleJSON(a *Agenda, main []string, roles ...string) json.RawMessage {
	m := string(planJSON(a, main...))
	var es []string
	for _, e := range roles {
		f := strings.Split(e, " ")
		es = append(es, fmt.Sprintf(`{"meeting": %q, "person": %q}`, f[0], f[1]))
	}
	return json.RawMessage(m[:len(m)-1] + fmt.Sprintf(", %q: [%s]}", rolesKey, strings.Join(es, ", ")))
}

// TestRequiredRoleTiny: rooms Oak and Pine, one day of four half-hour
// slots; M1 (weight 2, Ana) needs a note-taker, Ben or Cy (Ben preferred);
// M2 (weight 1, Ben). Both at 09:00 gives the least goal, 2·1+1·1 = 3,
// which leaves Ben busy: Cy takes the role (position 1). Tie-breaks: M1 in
// Oak, M2 in Pine (2·0+1·1 = 1), starts 0. Levels [3, 1, 0, 1].
func TestRequiredRoleTiny(t *testing.T) {
	a := tinyAgenda([]string{unitRequiredRole}, nil, 4, []string{"Oak", "Pine"}, []string{"Ana", "Ben", "Cy"},
		act("M1", 1, 2, "Ana"), act("M2", 1, 1, "Ben"))
	a.Roles = []RoleNeed{{Activity: "M1", Role: "note-taker", Qualified: []string{"Ben", "Cy"}}}
	a.TieBreaks = 2
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{3, 1, 0, 1}, true)
	main := []string{"M1 Mon 09:00 Oak", "M2 Mon 09:00 Pine"}
	want := roleJSON(a, main, "M1 Cy")
	var x, y any
	_ = json.Unmarshal(want, &x)
	_ = json.Unmarshal(ref.Plan, &y)
	if fmt.Sprint(x) != fmt.Sprint(y) {
		t.Fatalf("reference %s, want %s", ref.Plan, want)
	}
	// Mutation: Ben takes the role, double-booked with M2: one-at-a-time
	// fails, the role item passes.
	got := results(a, roleJSON(a, main, "M1 Ben"), ref)
	if got[itemPeople].Pass || got[itemOptimal].Pass || !got[unitRequiredRole].Pass || !got[itemFormat].Pass ||
		!strings.Contains(got[itemPeople].Detail, "Ben has M1 and M2") {
		t.Fatalf("double-booked role person: %+v", got)
	}
	// Ben with M2 moved: feasible, worse goal: only the optimum fails.
	got = results(a, roleJSON(a, []string{"M1 Mon 09:00 Oak", "M2 Mon 09:30 Oak"}, "M1 Ben"), ref)
	for id, r := range got {
		if r.Pass == (id == itemOptimal) {
			t.Fatalf("later M2 with Ben: %+v", got)
		}
	}
	// An unqualified person (an attendee) breaks the role's rule: the
	// role item and the optimum fail, the rest is judged.
	got = results(a, roleJSON(a, main, "M1 Ana"), ref)
	for id, r := range got {
		if r.Pass == (id == unitRequiredRole || id == itemOptimal) {
			t.Fatalf("unqualified Ana: %+v", got)
		}
	}
	if !strings.Contains(got[unitRequiredRole].Detail, "Ana is not qualified to be the note-taker of M1") {
		t.Fatalf("unqualified Ana: %q", got[unitRequiredRole].Detail)
	}
	// Format failures: an unknown person, a missing role, no roles at
	// all, a role of an activity that needs none.
	for _, bad := range []json.RawMessage{roleJSON(a, main, "M1 Zed"), roleJSON(a, main),
		planJSON(a, main...), roleJSON(a, main, "M1 Cy", "M2 Cy")} {
		if got := results(a, bad, ref); got[itemFormat].Pass || got[unitRequiredRole].Pass || got[itemOptimal].Pass {
			t.Fatalf("%s: %+v", bad, got)
		}
	}
	p := a.Prompt()
	for _, s := range []string{`"role in M1"`, `"roles"`, "Ben, Cy", `"person"`} {
		if !strings.Contains(p, s) {
			t.Fatalf("the prompt lacks %s:\n%s", s, p)
		}
	}
}

// Size cap of the paired brute force (schedules × role choices).
const roleMaxPairs = 40_000

// TestRequiredRoleBrute: tiny instances with the required-role unit and up
// to one other unit; every pair of a schedule and role choices is judged
// by Check (the SAT reference as ref): a pair is feasible when the format,
// every feasibility and every coverage item pass. The least objective
// vector (the schedule's levels, then the role levels), its count and
// argmin agree with the SAT certificate for tie-breaks 0, 1 and 2; the
// pairs that pass "optimal" are exactly the optimal ones; a unique optimum
// is the reference; an unqualified role person fails the role's item
// and the optimum, not the format.
func TestRequiredRoleBrute(t *testing.T) {
	want := int(familytest.Levels{Short: 6, Default: 6, Long: 20}.N()) // the package is make test's longest
	var skipped, none, pairs, unique int
	pairedInstances(t, unitRequiredRole, 7777, want, tinyShape, func(seed uint64, spec domains.Spec, a *Agenda) bool {
		if a.roleIdx() == nil {
			none++
			return false
		}
		main := allCombos(a, -1)
		choices := [][]int{nil}
		for _, rn := range a.Roles {
			var next [][]int
			for _, ch := range choices {
				for x := range rn.Qualified {
					next = append(next, append(slices.Clone(ch), x))
				}
			}
			choices = next
		}
		if len(main)*len(choices) > roleMaxPairs {
			skipped++
			return false
		}
		what := fmt.Sprintf("seed %d %v (roles %v)", seed, spec.Units(), a.Roles)
		type pair struct {
			m  []placement
			ch []int
		}
		p, u := pairedBrute(t, a, what,
			func(visit func(json.RawMessage, func(int) []int64, pair)) {
				L := len(a.objectives(main[0]))
				for _, pm := range main {
					for _, ch := range choices {
						visit(a.encodeRoles(pm, ch), func(k int) []int64 {
							return append(slices.Clone(a.objectives(pm)[:L-2+k]), roleValues(ch)...)
						}, pair{pm, ch})
					}
				}
			},
			func(w string, ref domains.Reference, best pair) {
				// Mutation: an attendee of the activity named as its role
				// person (never qualified) fails the role's item, not the
				// format.
				for k, i := range a.roleIdx() {
					if len(a.Activities[i].Attendees) == 0 {
						continue
					}
					raw := string(a.encodeRoles(best.m, best.ch))
					q := a.Roles[k].Qualified[best.ch[k]]
					bad := strings.Replace(raw, fmt.Sprintf("%q: %q, \"person\": %q", a.Voc.Activity, a.Roles[k].Activity, q),
						fmt.Sprintf("%q: %q, \"person\": %q", a.Voc.Activity, a.Roles[k].Activity, a.Activities[i].Attendees[0]), 1)
					got := results(a, json.RawMessage(bad), ref)
					if bad == raw || !got[itemFormat].Pass || got[unitRequiredRole].Pass || got[itemOptimal].Pass {
						t.Fatalf("%s: unqualified %s: %+v", w, bad, got)
					}
				}
			})
		pairs, unique = pairs+p, unique+u
		return true
	})
	if unique == 0 {
		t.Fatalf("no unique reference in %d instances", want)
	}
	t.Logf("%d instances (%d over the cap skipped, %d with no role), %d pairs judged, %d unique references", want, skipped, none, pairs, unique)
}
