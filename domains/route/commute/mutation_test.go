package commute_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route/internal/routetest"
	"github.com/plancert/plancert/solver/sat"
)

// answerLegs reads the legs of an answer, for comparing plans.
func answerLegs(t *testing.T, ans json.RawMessage) []map[string]string {
	t.Helper()
	var p struct {
		Legs []map[string]string `json:"legs"`
	}
	if err := json.Unmarshal(ans, &p); err != nil {
		t.Fatal(err)
	}
	return p.Legs
}

// rules maps the checklist items of the rules to their prompt names.
var rules = map[string]string{"arrival-deadline": "arrival deadline", "earliest-departure": "earliest departure", "transfer-time": "transfer time",
	"fare-budget": "fare budget", "transfer-limit": "transfer limit", "avoided-line": "avoided line", "walking-limit": "walking limit", "line-closure": "line closure"}

// TestMutation: every other trip of each kept reference's instance
// (seeds 1..30, enumerated by the oracle) is caught by the items of the
// rules it breaks, and by "optimal" when it keeps them all (every kept
// optimum is unique); broken routes (a leg dropped, legs reordered, a leg
// repeated) fail "route"; wrong stated values fail "stated" only; unknown
// rides, walks and lines fail "format"; the current plan of a closure
// fails "line-closure". Infeasible references: a plan, an unknown rule
// name and the rules other than the deadline (which can hold together) are
// each refused. No mutation passes every item.
func TestMutation(t *testing.T) {
	caught := map[string]int{}
	for seed := uint64(1); seed <= 30; seed++ {
		rec, inst, drop := record(t, seed)
		if drop != "" {
			continue
		}
		var d data
		if err := json.Unmarshal(rec.Instance, &d); err != nil {
			t.Fatal(err)
		}
		ref := rec.Reference
		check := func(what string, ans json.RawMessage, want ...string) map[string]bool {
			t.Helper()
			got := routetest.Results(inst.Check(context.Background(), sat.Backend{}, ans, ref))
			all := true
			for _, p := range got {
				all = all && p
			}
			if all {
				t.Fatalf("seed %d: %s passes every item: %s", seed, what, ans)
			}
			for _, id := range want {
				if got[id] {
					t.Fatalf("seed %d: %s: item %s passes: %s (%v)", seed, what, id, ans, got)
				}
				caught[id]++
			}
			return got
		}
		trips := d.allTrips()
		if !ref.Feasible {
			check("a plan for an infeasible instance", d.answer(trips[0]), "format", "infeasible")
			check("an unknown rule", json.RawMessage(`{"feasible": false, "conflict": ["no such rule"]}`), "conflict")
			var others []string
			for _, name := range rules {
				if name != "arrival deadline" && strings.Contains(rec.Prompt, `"`+name+`": `) {
					others = append(others, name)
				}
			}
			if len(others) > 0 {
				slices.Sort(others)
				b, _ := json.Marshal(map[string]any{"feasible": false, "conflict": others})
				check("the rules other than the deadline, which can hold", b, "conflict")
			}
			continue
		}
		if rec.Certificate.Unique == nil || !*rec.Certificate.Unique {
			t.Fatalf("seed %d: a kept feasible record without a unique optimum", seed)
		}
		refLegs := answerLegs(t, ref.Plan)
		var refBackup struct {
			Backup json.RawMessage `json:"backup"`
		}
		if err := json.Unmarshal(ref.Plan, &refBackup); err != nil {
			t.Fatal(err)
		}
		var refTrip, refBk []bLeg
		for _, trip := range trips {
			legs := answerLegs(t, d.answer(trip))
			if reflect.DeepEqual(legs, refLegs) {
				refTrip = trip
			}
			if d.Backup && reflect.DeepEqual(legs, answerLegs(t, refBackup.Backup)) {
				refBk = trip
			}
		}
		if refTrip == nil || d.Backup && refBk == nil {
			t.Fatalf("seed %d: the reference %s is not among the enumerated trips", seed, ref.Plan)
		}
		// Every other plan: another main trip (with the reference backup),
		// or, with the backup unit, another backup (with the reference
		// main trip).
		type pair struct{ main, bk []bLeg }
		var others []pair
		for _, trip := range trips {
			if !reflect.DeepEqual(trip, refTrip) {
				others = append(others, pair{trip, refBk})
			}
			if d.Backup && !reflect.DeepEqual(trip, refBk) {
				others = append(others, pair{refTrip, trip})
			}
		}
		for _, o := range others {
			trip := o.main
			ans := d.answerPair(trip, o.bk)
			v := d.judge(trip)
			want := []string{"optimal"}
			for id, ok := range v.keeps {
				if !ok {
					want = append(want, id)
				}
			}
			bkOK := !d.Backup || d.backupOK(trip, o.bk)
			if !bkOK {
				want = append(want, "backup-route")
			}
			got := check(fmt.Sprintf("trip %v", trip), ans, want...)
			for id, keep := range v.keeps {
				if got[id] != keep {
					t.Fatalf("seed %d: trip %v: item %s pass=%v, the oracle says kept=%v", seed, trip, id, got[id], keep)
				}
			}
			if d.Backup && got["backup-route"] != bkOK {
				t.Fatalf("seed %d: trip %v backup %v: item backup-route pass=%v, the oracle says %v", seed, trip, o.bk, got["backup-route"], bkOK)
			}
			if !got["format"] || !got["route"] || !got["stated"] {
				t.Fatalf("seed %d: trip %v: format, route or stated fails: %v", seed, trip, got)
			}
		}
		// Broken routes.
		legsAns := func(legs []map[string]string, arrival string, changes, fare int64) json.RawMessage {
			m := map[string]any{"legs": legs, "arrival": arrival, "changes": changes, "fare": fare}
			if d.Backup {
				m["backup"] = refBackup.Backup
			}
			b, _ := json.Marshal(m)
			return b
		}
		var plan struct {
			Arrival string `json:"arrival"`
			Changes int64  `json:"changes"`
			Fare    int64  `json:"fare"`
		}
		if err := json.Unmarshal(ref.Plan, &plan); err != nil {
			t.Fatal(err)
		}
		if len(refLegs) > 1 {
			check("the last leg dropped", legsAns(refLegs[:len(refLegs)-1], plan.Arrival, plan.Changes, plan.Fare), "route", "optimal")
			rev := slices.Clone(refLegs)
			slices.Reverse(rev)
			check("the legs reversed", legsAns(rev, plan.Arrival, plan.Changes, plan.Fare), "route", "optimal")
		}
		check("the first leg repeated", legsAns(append([]map[string]string{refLegs[0]}, refLegs...), plan.Arrival, plan.Changes, plan.Fare), "route", "optimal")
		// Wrong stated values: only "stated" fails.
		for _, a := range []json.RawMessage{
			legsAns(refLegs, hhmm(d.judge(refTrip).arrival+1), plan.Changes, plan.Fare),
			legsAns(refLegs, plan.Arrival, plan.Changes+1, plan.Fare),
			legsAns(refLegs, plan.Arrival, plan.Changes, plan.Fare+1),
		} {
			if d.Backup { // the backup's arrival too
				var m map[string]any
				_ = json.Unmarshal(a, &m)
				m["backup"] = map[string]any{"legs": answerLegs(t, refBackup.Backup), "arrival": hhmm(d.judge(refBk).arrival + 1)}
				b, _ := json.Marshal(m)
				for _, x := range []json.RawMessage{a, b} {
					for id, p := range routetest.Results(inst.Check(context.Background(), sat.Backend{}, x, ref)) {
						if p == (id == "stated") && string(x) != string(a) {
							t.Fatalf("seed %d: wrong stated backup arrival %s: item %s pass=%v", seed, x, id, p)
						}
					}
				}
			}
			got := routetest.Results(inst.Check(context.Background(), sat.Backend{}, a, ref))
			for id, p := range got {
				if p == (id == "stated") {
					t.Fatalf("seed %d: wrong stated value %s: item %s pass=%v", seed, a, id, p)
				}
			}
			caught["stated"]++
		}
		// Unknown rides, walks, lines.
		bad := slices.Clone(refLegs)
		bad[0] = map[string]string{"line": bad[0]["line"], "from": bad[0]["from"], "depart": "00:01", "to": bad[0]["to"], "arrive": "00:02"}
		check("a ride at a time the line does not run", legsAns(bad, plan.Arrival, plan.Changes, plan.Fare), "format")
		bad[0] = map[string]string{"line": "Ferry F9", "from": d.Stops[0], "depart": "07:00", "to": d.Stops[1], "arrive": "07:30"}
		check("an unknown line", legsAns(bad, plan.Arrival, plan.Changes, plan.Fare), "format")
		bad[0] = map[string]string{"line": "walk", "from": d.Stops[0], "to": d.Stops[1]}
		check("a walk that is not a link", legsAns(bad, plan.Arrival, plan.Changes, plan.Fare), "format")
		check("not JSON", json.RawMessage(`legs`), "format")
		if d.Current != nil {
			var cur []bLeg
			for _, c := range d.Current {
				r := d.Runs[c[0]]
				l := d.Lines[r.Line]
				cur = append(cur, bLeg{Run: c[0], I: c[1], J: c[2], A: l.Stops[c[1]], B: l.Stops[c[2]]})
			}
			// The current plan with its walks, as the oracle enumerates it.
			for _, trip := range trips {
				var rides []bLeg
				for _, l := range trip {
					if l.Run >= 0 {
						rides = append(rides, l)
					}
				}
				if reflect.DeepEqual(rides, cur) {
					check("the current plan, which rides the closed section", d.answer(trip), "line-closure", "optimal")
				}
			}
		}
	}
	t.Logf("caught by item: %v", caught)
	for _, id := range []string{"format", "route", "arrival-deadline", "earliest-departure", "transfer-time", "fare-budget", "transfer-limit", "avoided-line", "walking-limit", "line-closure", "backup-route", "optimal", "stated", "conflict", "infeasible"} {
		if caught[id] == 0 {
			t.Errorf("no mutation was caught by %s", id)
		}
	}
}

// TestMalformed: malformed answers never panic the checker and
// fail the format item.
func TestMalformed(t *testing.T) {
	answers := []string{``, `null`, `[]`, `{}`, `{"legs": null, "arrival": "07:00", "changes": 0, "fare": 1}`, `{"legs": [null], "arrival": "07:00", "changes": 0, "fare": 1}`,
		`{"legs": [], "arrival": "07:00", "changes": 0, "fare": 1}`, `{"legs": [{"line": 1}], "arrival": "07:00", "changes": 0, "fare": 1}`,
		`{"legs": [{"line": "walk", "from": "x", "to": "y"}], "arrival": "07:00", "changes": 0, "fare": 1}`, `{"legs": [{"line": "walk"}], "arrival": 7, "changes": 0, "fare": 1}`,
		`{"feasible": true}`, `{"feasible": false}`, `{"feasible": false, "conflict": []}`, `{"feasible": false, "conflict": [1]}`, `{"feasible": "no", "conflict": ["fare budget"]}`}
	for seed := uint64(1); seed <= 10; seed++ {
		rec, inst, drop := record(t, seed)
		if drop != "" {
			continue
		}
		for _, a := range answers {
			got := routetest.Results(inst.Check(context.Background(), sat.Backend{}, json.RawMessage(a), rec.Reference))
			if got["format"] {
				t.Errorf("seed %d: %q passes format", seed, a)
			}
		}
	}
}

// TestObjectiver: for each kept feasible reference (seeds 1..30),
// Objective gives the certified vector on the reference plan, and on
// every other trip that keeps every rule (with the reference backup, when
// there is one) a vector that Better ranks strictly below the reference
// (the optimum is unique) and never above it.
func TestObjectiver(t *testing.T) {
	compared := 0
	for seed := uint64(1); seed <= 30; seed++ {
		rec, inst, drop := record(t, seed)
		if drop != "" || !rec.Reference.Feasible {
			continue
		}
		o := inst.(domains.Objectiver)
		ref := rec.Reference
		got, ok := o.Objective(ref.Plan)
		if !ok || !slices.Equal(got, ref.Objective) {
			t.Fatalf("seed %d: Objective(reference) = %v %v, certified %v", seed, got, ok, ref.Objective)
		}
		var d data
		if err := json.Unmarshal(rec.Instance, &d); err != nil {
			t.Fatal(err)
		}
		var bk struct {
			Backup json.RawMessage `json:"backup"`
		}
		if err := json.Unmarshal(ref.Plan, &bk); err != nil {
			t.Fatal(err)
		}
		refLegs := answerLegs(t, ref.Plan)
		for _, trip := range d.allTrips() {
			ans := d.answer(trip)
			if reflect.DeepEqual(answerLegs(t, ans), refLegs) {
				continue
			}
			if d.Backup {
				var m map[string]any
				_ = json.Unmarshal(ans, &m)
				m["backup"] = bk.Backup
				ans, _ = json.Marshal(m)
			}
			obj, ok := o.Objective(ans)
			if !ok {
				continue
			}
			compared++
			if o.Better(obj, ref.Objective) || !o.Better(ref.Objective, obj) {
				t.Fatalf("seed %d: trip %v with objective %v vs the unique optimum %v: Better is wrong", seed, trip, obj, ref.Objective)
			}
		}
	}
	t.Logf("%d feasible non-reference plans compared", compared)
	if compared < 30 {
		t.Errorf("only %d plans compared", compared)
	}
}
