package scheduling

import (
	"fmt"
	"math/rand/v2"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// ---- cooldown (stateful): same-tag activities at least Cooldown days apart ----

type cooldown struct{}

func (cooldown) Info() domains.Unit {
	return domains.Unit{ID: unitCooldown, Tier: domains.Stateful, Title: "cool-down between activities with the same tag"}
}

func groupCooldown(tag string) string { return "cooldown for " + tag }

// defaultTags are the tags dealt when the subtask gives none: neutral
// labels that no activity name contradicts.
var defaultTags = []string{"A", "B", "C", "D"}

// Sample needs two days or more: with one day it adds the next day of the
// week (when the day is a weekday name; else a shared tag makes the
// instance infeasible), and moves about half of the hidden schedule to
// the new day at the same times and rooms (a part of a valid day is
// valid). It draws the cool-down (1 day, or 2 when there are three days or
// more). When the subtask fixes the tags by activity name (they are set
// before the units Sample), it keeps them and moves hidden activities that
// break the cool-down (spreadTags). Otherwise it deals the subtask's tags
// round-robin over the activities in a seeded order, with between as few
// tags as the days allow and one fewer than the activities, so that at
// least two activities share a tag. With a hidden schedule, a tag goes
// where it keeps the hidden days apart if one does; when no tag is shared,
// two activities share one (shareTag); then spreadTags repairs the hidden
// schedule.
func (cooldown) Sample(a *Agenda, r *rand.Rand) {
	if len(a.Days) == 1 {
		a.addDay()
		if len(a.Days) == 2 && a.planted != nil {
			for i := range a.planted {
				if r.IntN(2) == 0 {
					a.planted[i].day = 1
				}
			}
		}
	}
	D, n := len(a.Days), len(a.Activities)
	a.Cooldown = 1
	if D >= 3 {
		a.Cooldown = 1 + r.IntN(2)
	}
	if n < 2 {
		return
	}
	if a.tagsFixed {
		a.fitFixedTags()
		a.spreadTags(r)
		return
	}
	tags := a.tagPool
	if len(tags) == 0 {
		tags = defaultTags
	}
	perGroup := 1 + (D-1)/a.Cooldown // activities per tag that fit
	lo := max(1, (n+perGroup-1)/perGroup)
	hi := min(n-1, len(tags))
	t := min(lo, hi)
	if hi > t {
		t += r.IntN(hi - t + 1)
	}
	tp := r.Perm(len(tags))
	fits := func(i int, tag string) bool {
		if a.planted == nil {
			return true
		}
		for j, act := range a.Activities {
			if j != i && act.Tag == tag && absInt(a.planted[i].day-a.planted[j].day) < a.Cooldown {
				return false
			}
		}
		return true
	}
	for k, i := range r.Perm(n) {
		tag := tags[tp[k%t]]
		for x := 0; x < len(tags) && !fits(i, tag); x++ {
			tag = tags[tp[(k+x+1)%len(tags)]]
		}
		a.Activities[i].Tag = tag
	}
	if shared, _ := a.tagGroups(); len(shared) == 0 {
		a.shareTag(r)
	}
	a.spreadTags(r)
}

// shareTag gives two activities the same tag: two that the hidden
// schedule keeps far enough apart, else two drawn (spreadTags then moves
// the hidden schedule).
func (a *Agenda) shareTag(r *rand.Rand) {
	if a.planted != nil {
		for i := range a.Activities {
			for j := i + 1; j < len(a.Activities); j++ {
				if absInt(a.planted[i].day-a.planted[j].day) >= a.Cooldown {
					a.Activities[j].Tag = a.Activities[i].Tag
					return
				}
			}
		}
	}
	n := len(a.Activities)
	i := r.IntN(n - 1)
	j := i + 1 + r.IntN(n-1-i)
	a.Activities[j].Tag = a.Activities[i].Tag
}

// fitFixedTags makes the fixed tags fit the days: when a tag has more
// activities than the days hold at the cool-down, the cool-down drops to
// 1 day, and then the activities of a tag beyond one per day lose the tag
// (the later-listed ones).
func (a *Agenda) fitFixedTags() {
	_, by := a.tagGroups()
	largest := 0
	for _, acts := range by {
		largest = max(largest, len(acts))
	}
	if largest > 1+(len(a.Days)-1)/a.Cooldown {
		a.Cooldown = 1
	}
	for _, acts := range by {
		for _, i := range acts[min(len(acts), len(a.Days)):] {
			a.Activities[i].Tag = ""
		}
	}
}

// spreadTags keeps the hidden schedule apart by the cool-down once the
// tags are set: a hidden activity too close to another with its tag
// moves to a placement, tried in a seeded order, where it is far enough
// from them and the hidden schedule still keeps every rule drawn so far
// (plantedOK). Up to three passes over the activities; when a clash is
// left, up to 30 new hidden schedules are drawn, and the first without a
// clash that keeps every rule drawn so far is kept; else the hidden
// schedule is dropped.
func (a *Agenda) spreadTags(r *rand.Rand) {
	if a.planted == nil {
		return
	}
	clash := func(pl []placement, i int) bool {
		if a.Activities[i].Tag == "" {
			return false
		}
		for j, act := range a.Activities {
			if j != i && act.Tag == a.Activities[i].Tag && absInt(pl[i].day-pl[j].day) < a.Cooldown {
				return true
			}
		}
		return false
	}
	for pass := 0; pass < 3; pass++ {
		left := false
		for i := range a.Activities {
			if !clash(a.planted, i) {
				continue
			}
			if pl := a.replant(r, i, unitCooldown, func(pl []placement) bool { return !clash(pl, i) }); pl != nil {
				a.planted = pl
			} else {
				left = true
			}
		}
		if !left {
			return
		}
	}
	// Moving one activity at a time is not enough (two must swap days,
	// say): draw new hidden schedules, as the consecutive limit does (no
	// unit before this one draws data from the hidden schedule).
	for try := 0; try < 30; try++ {
		pl := a.plant(r)
		if pl == nil {
			continue
		}
		ok := true
		for i := range a.Activities {
			ok = ok && !clash(pl, i)
		}
		if ok && a.plantedOK(pl, unitCooldown) {
			a.planted = pl
			return
		}
	}
	a.planted = nil
}

// replant returns a copy of the hidden schedule with activity i moved to
// the first placement, in a seeded order, that satisfies ok (the rule of
// unit last) and keeps every rule of the units before it (plantedOK); nil
// when none does.
func (a *Agenda) replant(r *rand.Rand, i int, last string, ok func([]placement) bool) []placement {
	pl := append([]placement(nil), a.planted...)
	opts := a.options(i)
	for _, k := range r.Perm(len(opts)) {
		o := opts[k]
		pl[i] = placement{true, o.day, o.start, o.room, o.dur}
		// plantable adds what plantedOK cannot see yet: the buffer's
		// gap, whose unit samples later.
		if ok(pl) && a.plantable(pl, i, pl[i]) && a.plantedOK(pl, last) {
			return pl
		}
	}
	return nil
}

// plantedOK reports whether the placements pl break no always-on rule and
// no rule of the sampled units before unit last in pool order (the units
// whose data is drawn when last samples), by the checker itself.
func (a *Agenda) plantedOK(pl []placement, last string) bool {
	ids := map[string]bool{itemCoverage: true, itemPeople: true, itemRooms: true}
	for _, u := range a.units() {
		if u.Info().ID == last {
			break
		}
		for _, it := range u.Items(a) {
			ids[it.ID] = true
		}
	}
	for id := range a.evaluate(&answer{pl: pl}) {
		if ids[id] {
			return false
		}
	}
	return true
}

// weekDays are the day names addDay knows how to continue.
var weekDays = []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}

// addDay appends the next day: the next day of the week when the last day
// is a weekday abbreviation other than Sun, "Day n+1" after "Day n";
// otherwise it leaves the days as they are. The cooldown unit is early in
// the pool, so no other unit has drawn data per day yet.
func (a *Agenda) addDay() {
	last := a.Days[len(a.Days)-1]
	for k, d := range weekDays[:len(weekDays)-1] {
		if d == last {
			a.Days = append(a.Days, weekDays[k+1])
			return
		}
	}
	var n int
	if _, err := fmt.Sscanf(last, "Day %d", &n); err == nil && last == fmt.Sprintf("Day %d", n) {
		a.Days = append(a.Days, fmt.Sprintf("Day %d", n+1))
	}
}

// tagGroups returns the tags shared by two or more activities, in order of
// first appearance, and their activities.
func (a *Agenda) tagGroups() ([]string, map[string][]int) {
	var order []string
	by := map[string][]int{}
	for i, act := range a.Activities {
		if act.Tag == "" {
			continue
		}
		if by[act.Tag] == nil {
			order = append(order, act.Tag)
		}
		by[act.Tag] = append(by[act.Tag], i)
	}
	var out []string
	for _, t := range order {
		if len(by[t]) > 1 {
			out = append(out, t)
		}
	}
	return out, by
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Model: for each pair with the same tag and each day d, i on day d and j
// within Cooldown−1 days of d are not both chosen (each activity takes
// exactly one time, so an at-most-one over both sets says it).
func (cooldown) Model(b *builder) {
	a := b.a
	tags, by := a.tagGroups()
	for _, tag := range tags {
		acts := by[tag]
		for x, i := range acts {
			for _, j := range acts[x+1:] {
				for d := range a.Days {
					ls := b.times(i, func(day, _, _ int) bool { return day == d })
					ls = append(ls, b.times(j, func(day, _, _ int) bool { return absInt(day-d) < a.Cooldown })...)
					b.m.AddAtMost(ls, 1).Named(fmt.Sprintf("%s: %s, %s @%d", groupCooldown(tag), a.Activities[i].Name, a.Activities[j].Name, d)).InGroup(groupCooldown(tag))
				}
			}
		}
	}
}

func (cooldown) Rules(a *Agenda) []rule {
	noun := a.Voc.tag()
	tags, by := a.tagGroups()
	var out []rule
	for _, tag := range tags {
		var names []string
		for _, i := range by[tag] {
			names = append(names, a.Activities[i].Name)
		}
		apart := "on different days"
		if a.Cooldown > 1 {
			ex := ""
			if len(a.Days) > a.Cooldown {
				ex = fmt.Sprintf("; %s and %s are %d days apart", a.Days[0], a.Days[a.Cooldown], a.Cooldown)
			}
			apart = fmt.Sprintf("at least %d days apart (days count in the order %s%s)", a.Cooldown, prose.JoinAnd(a.Days), ex)
		}
		text := fmt.Sprintf("%s have the same %s (%s): they must be %s.", prose.JoinAnd(names), noun, tag, apart)
		if len(names) > 2 {
			text = fmt.Sprintf("%s all have the same %s (%s): any two of them must be %s.", prose.JoinAnd(names), noun, tag, apart)
		}
		out = append(out, rule{Name: groupCooldown(tag), Text: text})
	}
	return out
}

func (cooldown) Items(a *Agenda) []domains.Item {
	noun := a.Voc.tag()
	apart := "on different days"
	if a.Cooldown > 1 {
		apart = fmt.Sprintf("at least %d days apart", a.Cooldown)
	}
	return []domains.Item{domains.FeasibilityItem(unitCooldown, unitCooldown, domains.Stateful, fmt.Sprintf("Any two %s with the same %s are %s.", a.Voc.Activities, noun, apart))}
}

func (cooldown) Check(a *Agenda, ans *answer, f fails) {
	noun := a.Voc.tag()
	tags, by := a.tagGroups()
	for _, tag := range tags {
		acts := by[tag]
		for x, i := range acts {
			for _, j := range acts[x+1:] {
				pi, pj := ans.pl[i], ans.pl[j]
				if pi.ok && pj.ok && absInt(pi.day-pj.day) < a.Cooldown {
					f.Add(unitCooldown, fmt.Sprintf("%s and %s (%s %s) are on %s and %s, less than %d %s apart",
						a.Activities[i].Name, a.Activities[j].Name, noun, tag, a.Days[pi.day], a.Days[pj.day], a.Cooldown, prose.Plural(a.Cooldown, "day", "days")))
				}
			}
		}
	}
}
