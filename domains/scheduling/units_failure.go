package scheduling

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/plancert/plancert/domains"
)

// ---- room failure (hard): exception recovery ----
//
// The instance names one room, FailRoom, that may fail. The answer gives
// the normal schedule and, under the key failKey, a second schedule for the
// case that the room fails: it never uses the room and satisfies every rule
// (the always-on rules and every other sampled unit's rules) on its own.
// The normal schedule is optimized first (its levels as without the unit),
// then the failure schedule by the same levels: the reference is unique
// when both parts are. The two schedules share no constraint.

const (
	unitRoomFailure  = "room-failure"
	groupRoomFailure = "room failure"
	// failKey is the answer key of the schedule if the room fails.
	failKey = "if_room_fails"
)

type roomFailure struct{}

func (roomFailure) Info() domains.Unit {
	return domains.Unit{ID: unitRoomFailure, Tier: domains.Hard, Title: "exception recovery: a second schedule if a room fails",
		Excludes: []string{unitReplanning, unitInfeasible}}
}

// failIndex returns the index of the room that may fail, or -1 when the
// unit is not sampled or names no room.
func (a *Agenda) failIndex() int {
	if a.FailRoom == "" || !a.has(unitRoomFailure) {
		return -1
	}
	return a.roomIndex(a.FailRoom)
}

// failPrefix prefixes the names of the failure schedule's variables,
// constraints and groups, and the details of its failures.
func (a *Agenda) failPrefix() string { return "if " + a.FailRoom + " fails: " }

// Sample names the room: among the rooms in the order of how little the
// hidden schedule uses them (the least used first; ties by a seeded
// order), the first for which both schedules exist (solved). With one room,
// or when no room works, FailRoom stays empty and the unit says nothing.
func (roomFailure) Sample(a *Agenda, r *rand.Rand) {
	a.FailRoom = ""
	if len(a.Rooms) < 2 {
		return
	}
	use := make([]int, len(a.Rooms))
	for _, p := range a.planted {
		use[p.room]++
	}
	order := r.Perm(len(a.Rooms))
	sort.SliceStable(order, func(x, y int) bool { return use[order[x]] < use[order[y]] })
	for _, ri := range order {
		a.FailRoom = a.Rooms[ri].Name
		if a.feasible() {
			return
		}
	}
	a.FailRoom = ""
}

// Binds (domains.Binder) reports whether a room may fail. With one room,
// or when no room leaves a schedule without it, the unit is left out of
// the spec rather than drawn again: Sample has tried every room already.
func (roomFailure) Binds(a *Agenda) bool { return a.failIndex() >= 0 }

// Model forbids the room in the failure schedule only.
func (roomFailure) Model(b *builder) {
	f := b.a.failIndex()
	if !b.failure || f < 0 {
		return
	}
	for i, act := range b.a.Activities {
		if ls := b.lits(i, func(o option) bool { return o.room == f }); len(ls) > 0 {
			b.m.AddAtMost(ls, 0).Named(groupRoomFailure + ": " + act.Name).InGroup(groupRoomFailure)
		}
	}
}

func (roomFailure) Rules(a *Agenda) []rule {
	if a.failIndex() < 0 {
		return nil
	}
	v := a.Voc
	return []rule{{Name: groupRoomFailure, Text: fmt.Sprintf("%s may fail. Besides the schedule, give a second schedule for the case that %s fails (under %q in the answer): it schedules every %s without using %s and satisfies rules 1–3 and every other named rule on its own. Both schedules follow the goal below, each on its own; the schedule comes first, then the schedule if %s fails.",
		a.FailRoom, a.FailRoom, failKey, v.Activity, a.FailRoom, a.FailRoom)}}

}

func (roomFailure) Items(a *Agenda) []domains.Item {
	if a.failIndex() < 0 {
		return nil
	}
	return []domains.Item{domains.FeasibilityItem(unitRoomFailure, unitRoomFailure, domains.Hard, fmt.Sprintf("The schedule if %s fails covers every %s, never uses %s and satisfies every rule.", a.FailRoom, a.Voc.Activity, a.FailRoom))}
}

// Check finds uses of the room in the failure schedule (the normal
// schedule may use it).
func (roomFailure) Check(a *Agenda, ans *answer, f fails) {
	fi := a.failIndex()
	if !ans.failure || fi < 0 {
		return
	}
	for i, p := range ans.pl {
		if p.ok && p.room == fi {
			f.Add(unitRoomFailure, fmt.Sprintf("%s uses %s", a.Activities[i].Name, a.FailRoom))
		}
	}
}

// parseFailure reads the failure schedule of an answer: the object under
// failKey, in the form of the schedule. The result has failure set; its
// formatErr says why it cannot be read. When the answer has none, it is
// nil and absent says so.
func (a *Agenda) parseFailure(raw json.RawMessage) (ans *answer, absent string) {
	var obj map[string]json.RawMessage
	_ = json.Unmarshal(raw, &obj)
	sub, ok := obj[failKey]
	if !ok {
		return nil, domains.Missing(failKey)
	}
	ans = a.parse(sub)
	ans.failure = true
	if ans.Infeasible {
		ans.FormatErr = fmt.Sprintf("%q must be a schedule", failKey)
	}
	return ans, ""
}

// checkFailure judges the failure schedule fans (parsed, no format error)
// into res: every feasibility or coverage failure fails the room-failure
// item; it returns whether the schedule is feasible. kinds gives the kind
// of each item.
func (a *Agenda) checkFailure(fans *answer, kinds map[string]domains.ItemKind) ([]string, bool) {
	var details []string
	ff := a.evaluate(fans)
	ids := make([]string, 0, len(ff))
	for id := range ff {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		k, known := kinds[id]
		if !known || (k != domains.KindFeasibility && k != domains.KindCoverage) {
			continue
		}
		for _, d := range ff[id] {
			details = append(details, a.failPrefix()+d)
		}
	}
	return details, len(details) == 0
}
