package gen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// The guard of issue 19's silent units: every unit a record lists in its
// constraints says something, and every item its checklist writes can
// fail.
//
// TestUnitsSpeak: for every task at every level, seeds 1..2 (1..8 with
// PLANCERT_LONG=1), each unit the instance's spec lists (so the record's
// constraints) has an item of its own in the checklist of a feasible
// instance (the item whose Constraint is the unit, or unitOfItem's),
// unless it speaks through the goal alone (goalUnits: its part is an
// objective level, checked by the "optimal" item) or is the infeasibility
// unit (it states no rule: it lets the instance have no plan). A silent
// unit (a daily cap no one can reach, a room failure with one room, an
// availability no attendee lacks) fails it. Generation only: nothing is
// certified.
func TestUnitsSpeak(t *testing.T) {
	seeds := uint64(2)
	if os.Getenv("PLANCERT_LONG") != "" {
		seeds = 8
	}
	for _, task := range domains.Tasks() {
		t.Run(task.ID, func(t *testing.T) {
			t.Parallel()
			for level := 1; level <= domains.Levels; level++ {
				for seed := uint64(1); seed <= seeds; seed++ {
					_, inst := generated(t, task, level, seed)
					if inst == nil {
						continue
					}
					for _, bad := range unspoken(task, inst) {
						t.Errorf("level %d seed %d (%s, units %v): %s", level, seed, gen.RecordID(inst.Spec()), inst.Spec().Units(), bad)
					}
				}
			}
		})
	}
}

// goalUnits are the units whose part is an objective level alone, with no
// item of their own: the "optimal" item checks them.
var goalUnits = map[string]bool{
	"balance": true, "priority-weighted": true, "weighted-tardiness": true, "makespan-then-cost": true,
	"preferences": true, "weekend-fairness": true, "cost": true, "time-zones": true, "balanced-routes": true,
	"balanced-exits": true, "balanced-days": true, "fragmentation": true, "min-duration": true,
}

// dataUnits are the units (task and unit ID) that may speak through
// their data alone: commuting's walking unit brings the walking links
// (rule 1 and their section of the prompt), its limit only where a trip
// could walk more (else no limit is stated and no item written).
var dataUnits = map[string]bool{"commuting walking": true}

// unitOfItem corrects the item → unit mapping where an item's Constraint
// is not its unit's ID.
var unitOfItem = map[string]string{"robustness": "backup-slots"}

// unspoken returns the units of inst's spec that have no item of their
// own in its feasible checklist (see TestUnitsSpeak).
func unspoken(task *domains.Task, inst domains.Instance) []string {
	has := map[string]bool{}
	for _, it := range inst.Checklist(domains.Reference{Feasible: true}) {
		u := it.Constraint
		if v, ok := unitOfItem[u]; ok {
			u = v
		}
		has[u] = true
	}
	var out []string
	for _, u := range inst.Spec().Units() {
		if !has[u] && !goalUnits[u] && !dataUnits[task.ID+" "+u] && u != "infeasibility" {
			out = append(out, fmt.Sprintf("unit %q is in the constraints but writes no item", u))
		}
	}
	return out
}

// TestItemsCanFail: an item is written only if some answer can fail it.
// For every task, at level 1 + (k mod 3) for the k-th task (every level
// for every task with PLANCERT_LONG=1), seeds 1..2 (1..4 long), each kept
// feasible record's reference plan is mutated: first every change of one
// value to another its key allows, every activity's times shifted and
// every swap of two lists' entries at one index (singleChanges); then
// seeded mutants, up to 4 seeded changes each (a value of the answer's
// JSON schema at that key, a number moved, a time shifted, two entries of
// a list swapped, one moved to another list or dropped or doubled), 400
// of them (3000 long); then, for the items none of those failed, up to
// 200 other plans that keep the core's rules (modelMutants: a trip by
// the timetable, which a changed value rarely is). Every item of the
// checklist must fail for one of them that passes the format and
// coverage items unless it is one of them (a plan that does not read or
// leaves something out fails every item, which shows nothing of the
// item's own rule). An item none fails is an error naming the record,
// unless it is one of unfailedKnown (the larger run's, with what is
// known): a unit that binds nothing there is to be left out
// (domains.Binder), or the mutants are to reach it. A draw not certified within a minute is
// passed over (it tests nothing).
func TestItemsCanFail(t *testing.T) {
	if testing.Short() {
		t.Skip("certifies records")
	}
	long := os.Getenv("PLANCERT_LONG") != ""
	seeds, bound := uint64(2), 400
	if long {
		seeds, bound = 4, 3000
	}
	for k, task := range domains.Tasks() {
		levels := []int{1 + k%3}
		if long {
			levels = []int{1, 2, 3, 4, 5}
		}
		t.Run(task.ID, func(t *testing.T) {
			n := 0
			for _, level := range levels {
				for seed := uint64(1); seed <= seeds; seed++ {
					rec := certified(t, task, level, seed)
					if rec == nil || !rec.Reference.Feasible {
						continue
					}
					n++
					for _, id := range unfailed(t, rec, bound) {
						if why, ok := unfailedKnown[fmt.Sprintf("%s@%d %s", rec.ID, level, id)]; ok {
							t.Logf("level %d seed %d: item %q fails for no mutant (%s), known: %s", level, seed, id, rec.ID, why)
							continue
						}
						t.Errorf("level %d seed %d: item %q fails for none of %d mutants of the reference nor any other plan of the core's rules (%s)", level, seed, id, bound, rec.ID)
					}
				}
			}
			t.Logf("%d kept feasible records mutated", n)
		})
	}
}

// unfailedKnown are the items ("record ID@level item ID") of the larger run
// (PLANCERT_LONG=1) that no mutant fails, each with what is known; the
// default run has none. "defect": no plan that keeps the core's rules
// breaks the item's rule there, so the unit is to say whether it binds
// (domains.Binder). "weak": the rule can be broken, the mutants do not
// reach a plan that does. Every other item must fail for some mutant;
// keep this list shrinking, and naming records, not tasks.
var unfailedKnown = map[string]string{
	"content-scheduling/social-calendar/3@4 consecutive-limit": "weak: Sana's tasks pass the limit together, but only with two moved at once",
	"email-scheduling/send-windows/2@5 fragmentation":          "open",
	"fitness-planning/volume-goals/2@5 daily-cap":              "open",
	"travel-itinerary/family-day/1@1 budget":                   "defect: the fees pass €30 only with all four paid places, which no day of 09:00–18:00 holds (rule 1); the itinerary core's units need a Binds facet (a search over the tours)",
	"travel-itinerary/family-day/3@1 budget":                   "defect: as family-day/1",
	"travel-itinerary/family-day/3@1 day-times":                "open: the day's end may be later than any tour can take",
	"travel-itinerary/family-day/1@2 daily-travel-limit":       "defect: as budget, no tour of the day travels more",
	"disaster-evacuation/building-floors/3@5 vulnerable-first": "open",
}

// generated returns the spec gen.SampleLevel draws for task at level and
// seed and its instance, nil when the draw is to be drawn again.
func generated(t *testing.T, task *domains.Task, level int, seed uint64) (domains.Spec, domains.Instance) {
	t.Helper()
	spec, err := gen.SampleLevel(task, seed, level)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, task, spec)
	if errors.Is(err, domains.ErrRedraw) {
		return spec, nil
	}
	if err != nil {
		t.Fatalf("%s level %d seed %d: %v", task.ID, level, seed, err)
	}
	return spec, inst
}

// certified returns the record of task at level and seed, or nil when
// the draw is redrawn or dropped (not proven within a minute included).
func certified(t *testing.T, task *domains.Task, level int, seed uint64) *domains.Record {
	t.Helper()
	_, inst := generated(t, task, level, seed)
	if inst == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rec, err := gen.Certify(ctx, sat.Backend{}, task, inst, gen.Unique)
	var drop *gen.DropError
	if errors.As(err, &drop) {
		return nil
	}
	if err != nil {
		t.Fatalf("level %d seed %d: %v", level, seed, err)
	}
	return rec
}

// unfailed returns the items of rec's checklist that none of bound
// mutants of its reference fails, in checklist order.
func unfailed(t *testing.T, rec *domains.Record, bound int) []string {
	t.Helper()
	_, inst, err := rec.Load()
	if err != nil {
		t.Fatalf("%s: %v", rec.ID, err)
	}
	failed := map[string]bool{}
	dom := schemaDomains(rec.AnswerJSONSchema)
	r := rand.New(rand.NewPCG(uint64(len(rec.ID)), hashID(rec.ID)))
	form := map[string]bool{} // the format and coverage items
	for _, it := range rec.Checklist {
		form[it.ID] = it.Kind == domains.KindFormat || it.Kind == domains.KindCoverage
	}
	judge := func(ans json.RawMessage) {
		res := inst.Check(context.Background(), sat.Backend{}, ans, rec.Reference)
		// An answer that does not read or leaves something out fails
		// every item: it shows only that the format and coverage items
		// can fail.
		formed := true
		for _, x := range res {
			formed = formed && (x.Pass || !form[x.ID])
		}
		for _, x := range res {
			if !x.Pass && (formed || form[x.ID]) {
				failed[x.ID] = true
			}
		}
	}
	singles := singleChanges(t, rec.Reference.Plan, dom)
	for n := 0; n < len(singles)+bound && len(failed) < len(rec.Checklist); n++ {
		if n < len(singles) {
			judge(singles[n])
		} else {
			judge(mutant(t, rec.Reference.Plan, dom, r))
		}
	}
	if len(failed) < len(rec.Checklist) {
		for _, ans := range modelMutants(t, inst, 200) {
			judge(ans)
		}
	}
	var out []string
	for _, it := range rec.Checklist {
		if !failed[it.ID] {
			out = append(out, it.ID)
		}
	}
	return out
}

// modelMutants returns up to limit answers of inst decoded from the
// solutions of its model with only the always-on groups kept and no
// objective (domains.AlwaysOn: the core's rules, a trip from the start
// to the destination by the timetable, say): other plans that keep the
// core's rules and break the units' as they may, which a changed value
// rarely reaches (a ride changed alone leaves the timetable). Solutions
// Plan cannot decode are passed over; a search not done in 20 s gives
// what it found.
func modelMutants(t *testing.T, inst domains.Instance, limit int) []json.RawMessage {
	t.Helper()
	m, err := inst.Model()
	if err != nil {
		t.Fatal(err)
	}
	core := m.Restrict(domains.AlwaysOn)
	core.Objectives = nil
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := solver.Load(ctx, sat.Backend{}, core)
	if err != nil {
		return nil
	}
	en, err := s.Enumerate(ctx, limit)
	if err != nil {
		return nil
	}
	var out []json.RawMessage
	for _, a := range en.Solutions {
		if plan, err := inst.Plan(a); err == nil {
			out = append(out, plan)
		}
	}
	return out
}

func hashID(s string) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range []byte(s) {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// domain is what the answer's JSON schema allows at a key: its enum, or
// its integer bounds.
type domain struct {
	enum     []any
	lo, hi   int64
	bounded  bool
	floor    bool // a minimum (lo) but no maximum
	integral bool
}

// schemaDomains collects, by property name (the name of the list for its
// elements), the enums and integer bounds of an answer JSON schema.
func schemaDomains(raw json.RawMessage) map[string]*domain {
	out := map[string]*domain{}
	var s any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&s) != nil {
		return out
	}
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if e, ok := x["enum"].([]any); ok && key != "" {
				d := out[key]
				if d == nil {
					d = &domain{}
					out[key] = d
				}
				for _, y := range e {
					if !slices.Contains(d.enum, y) {
						d.enum = append(d.enum, y)
					}
				}
			}
			if typ, _ := x["type"].(string); typ == "integer" && key != "" {
				d := out[key]
				if d == nil {
					d = &domain{}
					out[key] = d
				}
				d.integral = true
				lo, okLo := x["minimum"].(json.Number)
				hi, okHi := x["maximum"].(json.Number)
				switch {
				case okLo && okHi:
					l, _ := lo.Int64()
					h, _ := hi.Int64()
					d.lo, d.hi, d.bounded = l, min(h, l+50), true
				case okLo:
					d.lo, _ = lo.Int64()
					d.floor = true
				}
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				switch k {
				case "properties":
					if ps, ok := x[k].(map[string]any); ok {
						names := make([]string, 0, len(ps))
						for n := range ps {
							names = append(names, n)
						}
						sort.Strings(names)
						for _, n := range names {
							walk(n, ps[n])
						}
					}
				case "items", "additionalProperties":
					walk(key, x[k])
				case "anyOf", "oneOf":
					if l, ok := x[k].([]any); ok {
						for _, y := range l {
							walk(key, y)
						}
					}
				}
			}
		case []any:
			for _, y := range x {
				walk(key, y)
			}
		}
	}
	walk("", s)
	return out
}

// node is a place in a decoded answer: a leaf (string, number, null) or a
// list, with the key it is under and a setter.
type node struct {
	key string
	val any
	set func(any)
}

func nodes(v *any, key string, leaves, lists *[]node) {
	var visit func(key string, val any, set func(any))
	visit = func(key string, val any, set func(any)) {
		switch x := val.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				visit(k, x[k], func(n any) { x[k] = n })
			}
		case []any:
			*lists = append(*lists, node{key: key, val: x, set: set})
			for i := range x {
				visit(key, x[i], func(n any) { x[i] = n })
			}
		default:
			*leaves = append(*leaves, node{key: key, val: x, set: set})
		}
	}
	visit(key, *v, func(n any) { *v = n })
}

// singleChanges returns plan with one value changed, for every value and
// every other value its key's domain allows (an enum's values; a bounded
// integer's; one with a minimum alone, every value from the minimum to 30
// above the value (a start moved past a deadline, say); an unbounded one
// moved by 1 or 2 either way; a time 5 to
// 60 minutes either way), in order; then the shifts and the cross swaps.
func singleChanges(t *testing.T, plan json.RawMessage, dom map[string]*domain) []json.RawMessage {
	t.Helper()
	decode := func() any {
		var v any
		dec := json.NewDecoder(bytes.NewReader(plan))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("reference plan: %v", err)
		}
		return v
	}
	var leaves, lists []node
	v0 := decode()
	nodes(&v0, "", &leaves, &lists)
	var out []json.RawMessage
	for k, l := range leaves {
		var alts []any
		d := dom[l.key]
		switch x := l.val.(type) {
		case json.Number:
			n, _ := x.Int64()
			switch {
			case d != nil && d.bounded:
				for y := d.lo; y <= d.hi; y++ {
					alts = append(alts, json.Number(fmt.Sprint(y)))
				}
			case d != nil && d.floor:
				for y := d.lo; y <= max(n, d.lo)+30; y++ {
					alts = append(alts, json.Number(fmt.Sprint(y)))
				}
			default:
				for _, dy := range []int64{-2, -1, 1, 2} {
					alts = append(alts, json.Number(fmt.Sprint(n+dy)))
				}
			}
		case string:
			var h, m int
			switch {
			case d != nil && len(d.enum) > 0:
				alts = d.enum
			case len(x) == 5 && x[2] == ':':
				if _, err := fmt.Sscanf(x, "%02d:%02d", &h, &m); err == nil {
					for dm := -60; dm <= 60; dm += 5 {
						if tm := h*60 + m + dm; dm != 0 && tm >= 0 && tm < 24*60 {
							alts = append(alts, fmt.Sprintf("%02d:%02d", tm/60, tm%60))
						}
					}
				}
			}
		}
		for _, alt := range alts {
			if alt == l.val {
				continue
			}
			v := decode()
			var ls, _l []node
			nodes(&v, "", &ls, &_l)
			ls[k].set(alt)
			raw, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, raw)
		}
	}
	out = append(out, shifts(t, decode)...)
	return append(out, crossSwaps(t, decode)...)
}

// crossSwaps returns plan with the entries at one index of two lists of
// the same length swapped (two people's entries of one day in a roster:
// the day's staffing stays, who works changes), for every two such lists
// of values and every index where they differ, in order, at most 2000.
func crossSwaps(t *testing.T, decode func() any) []json.RawMessage {
	t.Helper()
	v0 := decode()
	var leaves0, lists0 []node
	nodes(&v0, "", &leaves0, &lists0)
	scalar := func(xs []any) bool {
		for _, x := range xs {
			switch x.(type) {
			case map[string]any, []any:
				return false
			}
		}
		return true
	}
	var out []json.RawMessage
	for a := range lists0 {
		for b := a + 1; b < len(lists0); b++ {
			xa, xb := lists0[a].val.([]any), lists0[b].val.([]any)
			if len(xa) != len(xb) || len(xa) < 2 || !scalar(xa) || !scalar(xb) {
				continue
			}
			for i := range xa {
				if xa[i] == xb[i] || len(out) == 2000 {
					continue
				}
				v := decode()
				var ls, lists []node
				nodes(&v, "", &ls, &lists)
				ya, yb := lists[a].val.([]any), lists[b].val.([]any)
				ya[i], yb[i] = yb[i], ya[i]
				raw, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, raw)
			}
		}
	}
	return out
}

// shifts returns plan with one object's "start" and "end" times moved
// together, 5 to 120 minutes either way, for every such object (an
// activity whose length the plan gives: moving its start alone changes
// its length).
func shifts(t *testing.T, decode func() any) []json.RawMessage {
	t.Helper()
	var objs func(v any, f func(map[string]any))
	objs = func(v any, f func(map[string]any)) {
		switch x := v.(type) {
		case map[string]any:
			f(x)
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				objs(x[k], f)
			}
		case []any:
			for _, y := range x {
				objs(y, f)
			}
		}
	}
	clock := func(v any) (int, bool) {
		s, _ := v.(string)
		var h, m int
		if len(s) != 5 || s[2] != ':' {
			return 0, false
		}
		_, err := fmt.Sscanf(s, "%02d:%02d", &h, &m)
		return h*60 + m, err == nil
	}
	n := 0
	objs(decode(), func(o map[string]any) {
		if _, ok := clock(o["start"]); ok {
			if _, ok := clock(o["end"]); ok {
				n++
			}
		}
	})
	var out []json.RawMessage
	for k := range n {
		for dm := -120; dm <= 120; dm += 5 {
			if dm == 0 {
				continue
			}
			v, at, ok := decode(), 0, true
			objs(v, func(o map[string]any) {
				s, ok1 := clock(o["start"])
				e, ok2 := clock(o["end"])
				if !ok1 || !ok2 {
					return
				}
				if at == k {
					if s+dm < 0 || e+dm >= 24*60 {
						ok = false
					}
					o["start"] = fmt.Sprintf("%02d:%02d", (s+dm)/60, (s+dm)%60)
					o["end"] = fmt.Sprintf("%02d:%02d", (e+dm)/60, (e+dm)%60)
				}
				at++
			})
			if !ok {
				continue
			}
			raw, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, raw)
		}
	}
	return out
}

// mutant returns plan with 1..4 seeded changes (see TestItemsCanFail; 1
// in 8 changes of a value writes one the answer's form does not allow: a
// name "Nobody" or a number -1, of the value's type or the other).
func mutant(t *testing.T, plan json.RawMessage, dom map[string]*domain, r *rand.Rand) json.RawMessage {
	t.Helper()
	var v any
	dec := json.NewDecoder(bytes.NewReader(plan))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("reference plan: %v", err)
	}
	for range 1 + r.IntN(4) {
		var leaves, lists []node
		nodes(&v, "", &leaves, &lists)
		if len(leaves) == 0 || len(lists) > 0 && r.IntN(3) == 0 {
			if len(lists) > 0 {
				mutateList(lists, r)
			}
			continue
		}
		mutateLeaf(leaves[r.IntN(len(leaves))], dom, r)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mutateLeaf(l node, dom map[string]*domain, r *rand.Rand) {
	d := dom[l.key]
	if r.IntN(8) == 0 { // a value the answer's form does not allow
		_, number := l.val.(json.Number)
		if r.IntN(2) == 0 {
			number = !number // and of the other type
		}
		if number {
			l.set(json.Number("-1"))
		} else {
			l.set("Nobody")
		}
		return
	}
	switch x := l.val.(type) {
	case json.Number:
		n, _ := x.Int64()
		switch {
		case d != nil && d.bounded && r.IntN(2) == 0:
			n = d.lo + r.Int64N(d.hi-d.lo+1)
		case d != nil && d.floor && r.IntN(2) == 0:
			n = d.lo + r.Int64N(max(n, d.lo)+31-d.lo)
		default:
			n += int64(1 + r.IntN(3))
			if r.IntN(2) == 0 {
				n -= int64(2 * (1 + r.IntN(3)))
			}
		}
		l.set(json.Number(fmt.Sprint(n)))
		return
	case string:
		if d == nil || len(d.enum) == 0 {
			var h, m int
			if len(x) == 5 && x[2] == ':' {
				if _, err := fmt.Sscanf(x, "%02d:%02d", &h, &m); err == nil {
					t := (h*60 + m + 5*(r.IntN(25)-12) + 24*60) % (24 * 60)
					l.set(fmt.Sprintf("%02d:%02d", t/60, t%60))
				}
			}
			return
		}
	}
	if d != nil && len(d.enum) > 0 {
		l.set(d.enum[r.IntN(len(d.enum))])
	}
}

// mutateList swaps two entries of a list, moves one to another list of
// the same key, or drops or doubles one.
func mutateList(lists []node, r *rand.Rand) {
	l := lists[r.IntN(len(lists))]
	xs := l.val.([]any)
	switch op := r.IntN(4); {
	case op == 0 && len(xs) >= 2:
		i, j := r.IntN(len(xs)), r.IntN(len(xs))
		xs[i], xs[j] = xs[j], xs[i]
	case op == 1 && len(xs) >= 1:
		var others []node
		for _, o := range lists {
			if o.key == l.key && !sameList(o.val, xs) {
				others = append(others, o)
			}
		}
		if len(others) == 0 {
			return
		}
		o := others[r.IntN(len(others))]
		i := r.IntN(len(xs))
		moved := xs[i]
		l.set(slices.Delete(slices.Clone(xs), i, i+1))
		ys := o.val.([]any)
		k := r.IntN(len(ys) + 1)
		o.set(slices.Insert(slices.Clone(ys), k, moved))
	case op == 2 && len(xs) >= 1:
		i := r.IntN(len(xs))
		l.set(slices.Delete(slices.Clone(xs), i, i+1))
	case len(xs) >= 1:
		i := r.IntN(len(xs))
		l.set(slices.Insert(slices.Clone(xs), i, clone(xs[i])))
	}
}

func sameList(v any, xs []any) bool {
	ys, ok := v.([]any)
	return ok && len(ys) == len(xs) && (len(xs) == 0 || &ys[0] == &xs[0])
}

func clone(v any) any {
	raw, _ := json.Marshal(v)
	var out any
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	_ = dec.Decode(&out)
	return out
}

// TestLeftOutUnitsAreVacuous: a unit the generator leaves out of the spec
// (domains.LeaveOut: it does not bind on the data drawn) was vacuous. For
// every task at levels 1..3, seeds 1..3 (every level, seeds 1..20 with
// PLANCERT_LONG=1), each instance whose spec lost units of the sampled
// one is loaded again with the sampled spec (the units put back, the
// data as drawn): its answer schema is the same (its prompt and checklist
// may differ: a room-fit rule that binds no activity still has its
// sentences), and its model certifies to the same status, optimum,
// uniqueness and (when unique) optimal plan, so leaving the units'
// clauses out of the model changed nothing. It fails when no instance of
// the run left a unit out (the test would then test nothing). A unit
// whose data goes with it (dataGoes) is certified in its core's test.
func TestLeftOutUnitsAreVacuous(t *testing.T) {
	if testing.Short() {
		t.Skip("certifies models")
	}
	seeds, levels := uint64(3), 3
	if os.Getenv("PLANCERT_LONG") != "" {
		seeds, levels = 20, domains.Levels
	}
	var left, elsewhere atomic.Int64
	t.Run("tasks", func(t *testing.T) {
		for _, task := range domains.Tasks() {
			t.Run(task.ID, func(t *testing.T) {
				t.Parallel()
				for level := 1; level <= levels; level++ {
					for seed := uint64(1); seed <= seeds; seed++ {
						spec, inst := generated(t, task, level, seed)
						if inst == nil {
							continue
						}
						gone := slices.DeleteFunc(spec.Units(), inst.Spec().Has)
						if len(gone) == 0 {
							continue
						}
						if slices.ContainsFunc(gone, func(u string) bool { return dataGoes[task.ID+" "+u] != "" }) {
							elsewhere.Add(1)
							continue // certified again in its core's test
						}
						left.Add(1)
						name := fmt.Sprintf("level %d seed %d (left out %v)", level, seed, gone)
						back := withSpec(t, task, inst, spec)
						if inst.AnswerSchema() != back.AnswerSchema() {
							t.Errorf("%s: the units put back change the answer schema", name)
						}
						c1, p1 := certifyModel(t, inst)
						c2, p2 := certifyModel(t, back)
						if c1.Status != c2.Status || !slices.Equal(c1.Objective, c2.Objective) || *c1.Unique != *c2.Unique || *c1.Unique && p1 != p2 {
							t.Errorf("%s: without the units %v %v %s; with them %v %v %s", name, c1.Status, c1.Objective, p1, c2.Status, c2.Objective, p2)
						}
					}
				}
			})
		}
	})
	if left.Load() == 0 {
		t.Fatal("no instance left a unit out")
	}
	t.Logf("%d instances left units out; each certified the same with them put back (%d more left out units whose data goes with them)", left.Load(), elsewhere.Load())
}

// dataGoes are the units (task and unit ID) whose data goes with them
// when they are left out (a loaded instance may not carry the data of a
// unit not in force), so that putting the spec back cannot load: their
// core's own test certifies the instance as drawn against the one kept.
var dataGoes = map[string]string{
	"transportation-dispatch capacity":      "domains/route/dispatch TestLeftOutUnitsAreVacuous: the sizes and capacities go, and a fleet whose types no unit tells apart becomes one type",
	"transportation-dispatch compatibility": "as capacity: the equipment goes",
	"commuting arrival-deadline":            "domains/route/commute TestLeftOutUnitsAreVacuous: the deadline goes",
	"commuting earliest-departure":          "as arrival-deadline: the earliest departure goes",
	"commuting transfer-time":               "as arrival-deadline: the transfer times go",
	"commuting fare-budget":                 "as arrival-deadline: the budget goes",
	"commuting max-transfers":               "as arrival-deadline: the limit goes",
	"commuting avoid-line":                  "as arrival-deadline: the line goes",
}

// withSpec returns inst loaded from its JSON with spec in place of its
// own.
func withSpec(t *testing.T, task *domains.Task, inst domains.Instance, spec domains.Spec) domains.Instance {
	t.Helper()
	raw, err := json.Marshal(inst)
	if err != nil {
		t.Fatal(err)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		t.Fatal(err)
	}
	if _, ok := obj["spec"]; !ok {
		t.Fatalf("%s: the instance's JSON has no \"spec\"", task.ID)
	}
	obj["spec"] = json.RawMessage(mustJSON(t, spec))
	back, err := task.Load([]byte(mustJSON(t, obj)))
	if err != nil {
		t.Fatalf("%s: load with the sampled spec: %v", task.ID, err)
	}
	return back
}

// certifyModel certifies inst's model as it is (no tie-breaks) and
// returns the certificate and its optimal plan (empty when infeasible).
// A nil Unique (infeasible, or not established) is set false here, for
// comparing.
func certifyModel(t *testing.T, inst domains.Instance) (*solver.Certificate, string) {
	t.Helper()
	_, c := familytest.CertifyModel(t, inst)
	if c.Status == solver.Infeasible || c.Unique == nil {
		no := false
		c.Unique = &no
	}
	if c.Status == solver.Infeasible {
		return c, ""
	}
	plan, err := inst.Plan(c.Solution)
	if err != nil {
		t.Fatal(err)
	}
	return c, string(plan)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}
