package commute_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route/commute"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// TestFamilyMutation: every other trip of each kept reference's instance
// (seeds 1..30, enumerated by the oracle; with the backup unit, every
// other backup too) fails exactly the items of the rules it breaks and
// passes the others, and fails "optimal" (every kept optimum is unique);
// broken routes (a leg dropped, legs reordered, a leg repeated) fail
// "route"; wrong stated values fail "stated" only; unknown rides, walks
// and lines and malformed answers fail "format"; the current plan of a
// closure fails "line-closure". Infeasible references: a plan, an unknown
// rule name, the rules other than the deadline (which can hold together),
// and the conflict with a rule added or left out are each refused. No
// mutant passes every item; every unit's item and every item of the core
// catch some mutant of the sweep.
func TestFamilyMutation(t *testing.T) { familytest.Mutations(t, family, mutants) }

// rules maps the checklist items of the rules to their prompt names.
var rules = map[string]string{"arrival-deadline": "arrival deadline", "earliest-departure": "earliest departure", "transfer-time": "transfer time",
	"fare-budget": "fare budget", "transfer-limit": "transfer limit", "avoided-line": "avoided line", "walking-limit": "walking limit", "line-closure": "line closure"}

// malformed are answers that never panic the checker and fail "format"
// (for feasible and infeasible records alike).
var malformed = []string{``, `null`, `[]`, `{}`, `{"legs": null, "arrival": "07:00", "changes": 0, "fare": 1}`, `{"legs": [null], "arrival": "07:00", "changes": 0, "fare": 1}`,
	`{"legs": [], "arrival": "07:00", "changes": 0, "fare": 1}`, `{"legs": [{"line": 1}], "arrival": "07:00", "changes": 0, "fare": 1}`,
	`{"legs": [{"line": "walk", "from": "x", "to": "y"}], "arrival": "07:00", "changes": 0, "fare": 1}`, `{"legs": [{"line": "walk"}], "arrival": 7, "changes": 0, "fare": 1}`,
	`{"feasible": true}`, `{"feasible": false, "conflict": [1]}`, `{"feasible": "no", "conflict": ["fare budget"]}`}

// mutants returns the mutants of a kept record (see TestFamilyMutation).
func mutants(t *testing.T, rec *domains.Record, _ domains.Instance) []familytest.Mutant {
	d := dataOf(t, rec)
	ref := rec.Reference
	var out routetest.Mutants
	out.Malformed(rec, malformed)
	trips := d.allTrips()
	if !ref.Feasible {
		out.Infeasible(rec, d.answer(trips[0]))
		var others []string
		for _, name := range rules {
			if name != "arrival deadline" && strings.Contains(rec.Prompt, `"`+name+`": `) {
				others = append(others, name)
			}
		}
		if len(others) > 0 {
			slices.Sort(others)
			b, _ := json.Marshal(map[string]any{"feasible": false, "conflict": others})
			out.Add("conflict", "the rules other than the deadline, which can hold", b, "conflict")
		}
		return out
	}
	if rec.Certificate.Unique == nil || !*rec.Certificate.Unique {
		t.Fatalf("%s: a kept feasible record without a unique optimum", rec.ID)
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
		t.Fatalf("%s: the reference %s is not among the enumerated trips", rec.ID, ref.Plan)
	}
	// Every other plan: another main trip (with the reference backup),
	// or, with the backup unit, another backup (with the reference main
	// trip). The oracle says which rule items fail and which pass.
	type pair struct {
		kind     string
		main, bk []bLeg
	}
	var others []pair
	for _, trip := range trips {
		if !reflect.DeepEqual(trip, refTrip) {
			others = append(others, pair{"trip", trip, refBk})
		}
		if d.Backup && !reflect.DeepEqual(trip, refBk) {
			others = append(others, pair{"backup", refTrip, trip})
		}
	}
	for _, o := range others {
		v := d.judge(o.main)
		fail, pass := []string{"optimal"}, []string{"format", "route", "stated"}
		for id, ok := range v.keeps {
			if ok {
				pass = append(pass, id)
			} else {
				fail = append(fail, id)
			}
		}
		if d.Backup {
			if d.backupOK(o.main, o.bk) {
				pass = append(pass, "backup-route")
			} else {
				fail = append(fail, "backup-route")
			}
		}
		slices.Sort(fail)
		slices.Sort(pass)
		out = append(out, familytest.Mutant{Name: fmt.Sprintf("trip %v backup %v", o.main, o.bk), Kind: o.kind, Answer: d.answerPair(o.main, o.bk),
			Fail: fail, Pass: pass})
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
		out.Add("route", "the last leg dropped", legsAns(refLegs[:len(refLegs)-1], plan.Arrival, plan.Changes, plan.Fare), "route", "optimal")
		rev := slices.Clone(refLegs)
		slices.Reverse(rev)
		out.Add("route", "the legs reversed", legsAns(rev, plan.Arrival, plan.Changes, plan.Fare), "route", "optimal")
	}
	out.Add("route", "the first leg repeated", legsAns(append([]map[string]string{refLegs[0]}, refLegs...), plan.Arrival, plan.Changes, plan.Fare), "route", "optimal")
	// Wrong stated values (and, with the backup unit, a wrong backup
	// arrival besides): "stated" fails, every other item passes.
	for i, a := range []json.RawMessage{
		legsAns(refLegs, hhmm(d.judge(refTrip).arrival+1), plan.Changes, plan.Fare),
		legsAns(refLegs, plan.Arrival, plan.Changes+1, plan.Fare),
		legsAns(refLegs, plan.Arrival, plan.Changes, plan.Fare+1),
	} {
		name := fmt.Sprintf("a wrong stated %s", []string{"arrival", "number of changes", "fare"}[i])
		out = append(out, familytest.Mutant{Name: name, Kind: "stated", Answer: a, Fail: []string{"stated"}, Exact: true})
		if d.Backup {
			var m map[string]any
			_ = json.Unmarshal(a, &m)
			m["backup"] = map[string]any{"legs": answerLegs(t, refBackup.Backup), "arrival": hhmm(d.judge(refBk).arrival + 1)}
			b, _ := json.Marshal(m)
			out = append(out, familytest.Mutant{Name: name + " and backup arrival", Kind: "stated", Answer: b, Fail: []string{"stated"}, Exact: true})
		}
	}
	// Unknown rides, walks, lines.
	bad := slices.Clone(refLegs)
	bad[0] = map[string]string{"line": bad[0]["line"], "from": bad[0]["from"], "depart": "00:01", "to": bad[0]["to"], "arrive": "00:02"}
	out.Add("format", "a ride at a time the line does not run", legsAns(bad, plan.Arrival, plan.Changes, plan.Fare), "format")
	bad[0] = map[string]string{"line": "Ferry F9", "from": d.Stops[0], "depart": "07:00", "to": d.Stops[1], "arrive": "07:30"}
	out.Add("format", "an unknown line", legsAns(bad, plan.Arrival, plan.Changes, plan.Fare), "format")
	bad[0] = map[string]string{"line": "walk", "from": d.Stops[0], "to": d.Stops[1]}
	out.Add("format", "a walk that is not a link", legsAns(bad, plan.Arrival, plan.Changes, plan.Fare), "format")
	out.Add("format", "not JSON", json.RawMessage(`legs`), "format")
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
				out.Add("closure", "the current plan, which rides the closed section", d.answer(trip), "line-closure", "optimal")
			}
		}
	}
	return out
}

// dataOf reads the oracle's view of a record's instance.
func dataOf(t *testing.T, rec *domains.Record) data {
	t.Helper()
	var d data
	if err := json.Unmarshal(rec.Instance, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

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

// TestObjectiver: for each kept feasible reference (seeds 1..30, from the
// record cache), Objective gives the certified vector on the reference
// plan, and on every other trip that keeps every rule (with the reference
// backup, when there is one) a vector that Better ranks strictly below
// the reference (the optimum is unique) and never above it.
func TestObjectiver(t *testing.T) {
	tk := commute.Commuting()
	compared := 0
	for seed := uint64(1); seed <= 30; seed++ {
		o := family.Record(tk, seed)
		if o.Err != nil {
			t.Fatalf("seed %d: %v", seed, o.Err)
		}
		if !o.Kept() || !o.Rec.Reference.Feasible {
			continue
		}
		rec := o.Rec
		_, inst, err := rec.Load()
		if err != nil {
			t.Fatal(err)
		}
		ob := inst.(domains.Objectiver)
		ref := rec.Reference
		got, ok := ob.Objective(ref.Plan)
		if !ok || !slices.Equal(got, ref.Objective) {
			t.Fatalf("seed %d: Objective(reference) = %v %v, certified %v", seed, got, ok, ref.Objective)
		}
		d := dataOf(t, rec)
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
			obj, ok := ob.Objective(ans)
			if !ok {
				continue
			}
			compared++
			if ob.Better(obj, ref.Objective) || !ob.Better(ref.Objective, obj) {
				t.Fatalf("seed %d: trip %v with objective %v vs the unique optimum %v: Better is wrong", seed, trip, obj, ref.Objective)
			}
		}
	}
	t.Logf("%d feasible non-reference plans compared", compared)
	if compared < 30 {
		t.Errorf("only %d plans compared", compared)
	}
}
