package scheduling

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// Units whose answers choose lengths: the plan gives each activity an end
// as well as a start (Activity.Flexible, Agenda.flexible).
const (
	unitMinDuration = "min-duration"
	unitSplit       = "split"
)

// lengthExcludes lists the units that assume fixed lengths (their data or
// second schedules are drawn for one length per activity).
var lengthExcludes = []string{unitUncertain, unitReplanning, unitRoomFailure, unitBackupSlots, unitRequiredRole}

// ---- minimum duration (basic): a length chosen between a minimum and the full length ----
//
// One or two activities may be shortened: the table gives the full length,
// the rule the minimum. The model lets the length be any whole number of
// slots up to the full length (the core's flexible options) and the rule
// forbids the options below the minimum; a level before the goal cuts as
// little as possible (the total slots cut from full lengths), so the
// minimum matters only where the full lengths do not all fit.

type minDuration struct{}

// MinLen is the shortest length, in slots, that an activity may be given
// (min-duration unit).
type MinLen struct {
	Activity string `json:"activity"`
	Slots    int    `json:"min_slots"`
}

func (minDuration) Info() domains.Unit {
	return domains.Unit{ID: unitMinDuration, Tier: domains.Basic, Title: "minimum duration",
		Excludes: append([]string{unitSplit}, lengthExcludes...)}
}

func groupMinDuration(act string) string { return "minimum length of " + act }

// Sample draws one or two activities that may be shortened. Each gets a
// full length of one or two slots more than its drawn length (within the
// day), and a minimum from one slot up to the drawn length; a hidden
// schedule keeps the drawn length, which the rule allows, so it stays
// feasible while the full lengths may not all fit.
func (minDuration) Sample(a *Agenda, r *rand.Rand) {
	var cand []int
	for i, act := range a.Activities {
		if !act.Flexible && act.Duration < a.Slots {
			cand = append(cand, i)
		}
	}
	if len(cand) == 0 {
		return
	}
	k := 1 + r.IntN(min(2, len(cand)))
	pick := r.Perm(len(cand))[:k]
	slices.Sort(pick)
	for _, c := range pick {
		i := cand[c]
		act := &a.Activities[i]
		drawn := act.Duration
		act.Duration = min(a.Slots, drawn+1+r.IntN(2))
		act.Flexible = true
		a.MinLengths = append(a.MinLengths, MinLen{act.Name, 1 + r.IntN(drawn)})
		if a.planted != nil {
			a.planted[i].dur = drawn
		}
	}
}

// minLenIdx returns the activity index of each MinLengths entry.
func (a *Agenda) minLenIdx() []int {
	out := make([]int, len(a.MinLengths))
	for k, ml := range a.MinLengths {
		out[k] = a.actIndex(ml.Activity)
	}
	return out
}

func (minDuration) Model(b *builder) {
	a := b.a
	for k, i := range a.minLenIdx() {
		g := groupMinDuration(a.MinLengths[k].Activity)
		b.forbidShorter(i, a.MinLengths[k].Slots, g, g)
	}
}

func (minDuration) Rules(a *Agenda) []rule {
	var out []rule
	for _, ml := range a.MinLengths {
		i := a.actIndex(ml.Activity)
		out = append(out, rule{Name: groupMinDuration(ml.Activity), Text: fmt.Sprintf("%s may be shortened from its full %d minutes, but it lasts at least %d minutes (a whole number of %d-minute slots).",
			ml.Activity, a.Activities[i].Duration*a.SlotMin, ml.Slots*a.SlotMin, a.SlotMin)})
	}
	return out
}

// Items lists the minimums above one slot: a length is a whole number of
// slots and the end comes after the start (the format item), so a minimum
// of one slot no answer that reads can break. With none, there is no item
// (the unit still speaks through its goal, the slots cut).
func (minDuration) Items(a *Agenda) []domains.Item {
	var parts []string
	for _, ml := range a.MinLengths {
		if ml.Slots > 1 {
			parts = append(parts, fmt.Sprintf("%s at least %d minutes", ml.Activity, ml.Slots*a.SlotMin))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return []domains.Item{domains.FeasibilityItem(unitMinDuration, unitMinDuration, domains.Basic, fmt.Sprintf("Each %s that may be shortened lasts at least its minimum: %s.", a.Voc.Activity, strings.Join(parts, "; ")))}
}

func (minDuration) Check(a *Agenda, ans *answer, f fails) {
	for k, i := range a.minLenIdx() {
		p := ans.pl[i]
		if !p.ok {
			continue
		}
		if l := a.plen(i, p); l < a.MinLengths[k].Slots {
			f.Add(unitMinDuration, fmt.Sprintf("%s lasts %d minutes, less than its minimum %d", a.MinLengths[k].Activity, l*a.SlotMin, a.MinLengths[k].Slots*a.SlotMin))
		}
	}
}

// levels: the total slots cut from the full lengths.
func (minDuration) Levels(b *builder) [][]encode.Term {
	var t []encode.Term
	for _, i := range b.a.minLenIdx() {
		for k, o := range b.opts[i] {
			if c := b.a.Activities[i].Duration - o.dur; c > 0 {
				t = append(t, encode.Term{Var: b.x[i][k], Coef: int64(c)})
			}
		}
	}
	return [][]encode.Term{t}
}

func (minDuration) values(a *Agenda, pl []placement) []int64 {
	var s int64
	for _, i := range a.minLenIdx() {
		s += int64(a.Activities[i].Duration - a.plen(i, pl[i]))
	}
	return []int64{s}
}

func (minDuration) goalText(a *Agenda) []string {
	return []string{fmt.Sprintf("shorten as little as possible: the number of %d-minute slots cut from the full lengths of the %s that may be shortened (%s), added up, is as small as possible",
		a.SlotMin, a.Voc.Activities, prose.JoinAnd(a.minLenNames()))}
}

func (minDuration) levelNoun(*Agenda) string { return "the slots cut" }

func (a *Agenda) minLenNames() []string {
	out := make([]string, len(a.MinLengths))
	for k, ml := range a.MinLengths {
		out[k] = ml.Activity
	}
	return out
}

// ---- splitting an activity into parts (hard) ----
//
// One activity is done in two parts, each an activity of its own in the
// table ("X (part 1)", "X (part 2)") whose length is a choice: each at
// least the minimum part length, together the activity's length, and part
// 1 ends before part 2 starts (on the same day or an earlier one). The
// parts keep the activity's people, needs, priority and tag; every other
// rule treats them as activities. The goal counts both parts' ends, which
// favours a short first part; the determinacy filter drops the rare ties
// between ways to split.

type split struct{}

// Split is an activity done in two parts (split unit).
type Split struct {
	Activity string    `json:"activity"`
	Parts    [2]string `json:"parts"`
	Total    int       `json:"total_slots"`
	MinPart  int       `json:"min_part_slots"`
}

func (split) Info() domains.Unit {
	return domains.Unit{ID: unitSplit, Tier: domains.Hard, Title: "splitting an activity into parts",
		Excludes: append([]string{unitMinDuration}, lengthExcludes...)}
}

func groupSplit(act string) string { return "split of " + act }

// Sample replaces one activity of two slots or more by its two parts, in
// its place in the table. The minimum part length is one slot, or up to
// half the length for longer ones. A hidden schedule places part 1 at the
// activity's start for the minimum and part 2 right after it, in the same
// room: the same slots, so it stays feasible. The unit comes first in the
// pool (after key-person), so every other unit sees the parts.
func (split) Sample(a *Agenda, r *rand.Rand) {
	var cand []int
	for i, act := range a.Activities {
		if act.Duration >= 2 && !act.Flexible {
			cand = append(cand, i)
		}
	}
	if len(cand) == 0 {
		return
	}
	i := cand[r.IntN(len(cand))]
	act := a.Activities[i]
	m := 1 + r.IntN(act.Duration/2)
	sp := Split{Activity: act.Name, Parts: [2]string{act.Name + " (part 1)", act.Name + " (part 2)"}, Total: act.Duration, MinPart: m}
	parts := make([]Activity, 2)
	for k := range parts {
		parts[k] = act
		parts[k].Name = sp.Parts[k]
		parts[k].Attendees = append([]string(nil), act.Attendees...)
		parts[k].Needs = append([]string(nil), act.Needs...)
		parts[k].Duration = act.Duration - m
		parts[k].Flexible = true
	}
	a.Activities = append(a.Activities[:i], append(parts, a.Activities[i+1:]...)...)
	if a.planted != nil {
		p := a.planted[i]
		p1, p2 := p, p
		p1.dur, p2.start, p2.dur = m, p.start+m, act.Duration-m
		a.planted = append(a.planted[:i], append([]placement{p1, p2}, a.planted[i+1:]...)...)
	}
	a.Splits = append(a.Splits, sp)
}

func (split) Model(b *builder) {
	a := b.a
	for _, sp := range a.Splits {
		i, j := a.actIndex(sp.Parts[0]), a.actIndex(sp.Parts[1])
		g := groupSplit(sp.Activity)
		for _, x := range []int{i, j} {
			b.forbidShorter(x, sp.MinPart, g+": minimum of "+a.Activities[x].Name, g)
		}
		b.m.AddLinear([]encode.Term{{Var: b.length[i], Coef: 1}, {Var: b.length[j], Coef: 1}}, encode.EQ, int64(sp.Total)).
			Named(g + ": total").InGroup(g)
		b.m.AddLinear([]encode.Term{{Var: b.end[i], Coef: 1}, {Var: b.start[j], Coef: -1}}, encode.LE, 0).
			Named(g + ": order").InGroup(g)
	}
}

func (split) Rules(a *Agenda) []rule {
	var out []rule
	for _, sp := range a.Splits {
		out = append(out, rule{Name: groupSplit(sp.Activity), Text: fmt.Sprintf("%s is done in two parts, %s and %s, listed in the table: each part lasts at least %d minutes, the two together last exactly %d minutes, and %s ends before %s starts (later the same day or on a later day; they may follow each other directly).",
			sp.Activity, sp.Parts[0], sp.Parts[1], sp.MinPart*a.SlotMin, sp.Total*a.SlotMin, sp.Parts[0], sp.Parts[1])})
	}
	return out
}

// Binds (domains.Binder) reports whether an activity is split. When none
// is (no activity of two slots or more to split), the unit is left out of
// the spec rather than drawn again: Sample has looked at every activity.
func (split) Binds(a *Agenda) bool { return len(a.Splits) > 0 }

func (split) Items(a *Agenda) []domains.Item {
	if len(a.Splits) == 0 {
		return nil // nothing split: nothing to check (the item read "fit the rule: .")
	}
	var parts []string
	for _, sp := range a.Splits {
		parts = append(parts, fmt.Sprintf("%s and %s last at least %d minutes each and %d minutes together, the first ending before the second starts", sp.Parts[0], sp.Parts[1], sp.MinPart*a.SlotMin, sp.Total*a.SlotMin))
	}
	return []domains.Item{domains.FeasibilityItem(unitSplit, unitSplit, domains.Hard, "The parts of each split "+a.Voc.Activity+" fit the rule: "+strings.Join(parts, "; ")+".")}
}

func (split) Check(a *Agenda, ans *answer, f fails) {
	for _, sp := range a.Splits {
		i, j := a.actIndex(sp.Parts[0]), a.actIndex(sp.Parts[1])
		p, q := ans.pl[i], ans.pl[j]
		if !p.ok || !q.ok {
			continue
		}
		li, lj := a.plen(i, p), a.plen(j, q)
		for _, x := range []struct {
			name string
			l    int
		}{{sp.Parts[0], li}, {sp.Parts[1], lj}} {
			if x.l < sp.MinPart {
				f.Add(unitSplit, fmt.Sprintf("%s lasts %d minutes, less than the %d of a part", x.name, x.l*a.SlotMin, sp.MinPart*a.SlotMin))
			}
		}
		if li+lj != sp.Total {
			f.Add(unitSplit, fmt.Sprintf("the parts of %s last %d minutes together, not %d", sp.Activity, (li+lj)*a.SlotMin, sp.Total*a.SlotMin))
		}
		if a.end(i, a.opt(i, p)) > q.day*a.Slots+q.start {
			f.Add(unitSplit, fmt.Sprintf("%s does not end before %s starts", sp.Parts[0], sp.Parts[1]))
		}
	}
}

// forbidShorter adds, as constraint name in group, that activity i takes
// no option shorter than n slots.
func (b *builder) forbidShorter(i, n int, name, group string) {
	if ls := b.lits(i, func(o option) bool { return o.dur < n }); len(ls) > 0 {
		b.m.AddAtMost(ls, 0).Named(name).InGroup(group)
	}
}
