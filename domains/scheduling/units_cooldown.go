package scheduling

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/plancert/plancert/domains"
)

// ---- cooldown (stateful): same-tag activities at least Cooldown days apart ----

type cooldown struct{}

func (cooldown) info() domains.Unit {
	return domains.Unit{ID: unitCooldown, Tier: domains.Stateful, Title: "cool-down between activities with the same tag"}
}

func groupCooldown(tag string) string { return "cooldown for " + tag }

// tagWords returns the noun for a tag and the tags to draw from, by the
// skin's vocabulary: muscle groups for workouts, subjects for study
// sessions, topics otherwise.
func tagWords(v Vocab) (noun string, tags []string) {
	w := strings.ToLower(v.Activity + " " + v.Intro)
	switch {
	case strings.Contains(w, "workout") || strings.Contains(w, "training") || strings.Contains(w, "fitness"):
		return "muscle group", []string{"legs", "chest", "back", "shoulders"}
	case strings.Contains(w, "study") || strings.Contains(w, "exam") || strings.Contains(w, "course"):
		return "subject", []string{"maths", "history", "chemistry", "languages"}
	}
	return "topic", []string{"finance", "hiring", "product", "legal"}
}

// sample needs two days or more: with one day it adds the next day of the
// week (when the day is a weekday name; else the shared tag below makes
// the instance infeasible), and moves about half of the hidden schedule to
// the new day at the same times and rooms (a part of a valid day is
// valid). It draws the cool-down (1 day, or 2 when there are three days or
// more) and deals tags round-robin over the activities in a seeded order,
// with between as few tags as the days allow and one fewer than the
// activities, so that at least two activities share a tag. With a hidden
// schedule, a tag goes only where it keeps the hidden days apart (another
// tag is chosen, else the hidden schedule is dropped), and when no tag is
// shared, two activities far enough apart in it share one.
func (cooldown) sample(a *Agenda, r *rand.Rand) {
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
	_, tags := tagWords(a.Voc)
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
		if !fits(i, tag) {
			a.planted = nil
		}
		a.Activities[i].Tag = tag
	}
	if shared, _ := a.tagGroups(); len(shared) > 0 || a.planted == nil {
		return
	}
	for i := range a.Activities {
		for j := range a.Activities {
			if i < j && absInt(a.planted[i].day-a.planted[j].day) >= a.Cooldown {
				a.Activities[j].Tag = a.Activities[i].Tag
				return
			}
		}
	}
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

// model: for each pair with the same tag and each day d, i on day d and j
// within Cooldown−1 days of d are not both chosen (each activity takes
// exactly one time, so an at-most-one over both sets says it).
func (cooldown) model(b *builder) {
	a := b.a
	tags, by := a.tagGroups()
	for _, tag := range tags {
		acts := by[tag]
		for x, i := range acts {
			for _, j := range acts[x+1:] {
				for d := range a.Days {
					ls := b.times(i, func(day, _ int) bool { return day == d })
					ls = append(ls, b.times(j, func(day, _ int) bool { return absInt(day-d) < a.Cooldown })...)
					b.m.AddAtMost(ls, 1).Named(fmt.Sprintf("%s: %s, %s @%d", groupCooldown(tag), a.Activities[i].Name, a.Activities[j].Name, d)).InGroup(groupCooldown(tag))
				}
			}
		}
	}
}

func (cooldown) rules(a *Agenda) []rule {
	noun, _ := tagWords(a.Voc)
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
			apart = fmt.Sprintf("at least %d days apart (days count in the order %s%s)", a.Cooldown, joinAnd(a.Days), ex)
		}
		text := fmt.Sprintf("%s both have the %s %s: they take place %s.", joinAnd(names), noun, tag, apart)
		if len(names) > 2 {
			text = fmt.Sprintf("%s all have the %s %s: any two of them take place %s.", joinAnd(names), noun, tag, apart)
		}
		out = append(out, rule{groupCooldown(tag), text})
	}
	return out
}

func (cooldown) items(a *Agenda) []domains.Item {
	noun, _ := tagWords(a.Voc)
	apart := "on different days"
	if a.Cooldown > 1 {
		apart = fmt.Sprintf("at least %d days apart", a.Cooldown)
	}
	return []domains.Item{{ID: unitCooldown, Tier: domains.Stateful, Constraint: unitCooldown, Kind: domains.KindFeasibility,
		Text: fmt.Sprintf("Any two %s with the same %s take place %s.", a.Voc.Activities, noun, apart)}}
}

func (cooldown) check(a *Agenda, ans *answer, f fails) {
	noun, _ := tagWords(a.Voc)
	tags, by := a.tagGroups()
	for _, tag := range tags {
		acts := by[tag]
		for x, i := range acts {
			for _, j := range acts[x+1:] {
				pi, pj := ans.pl[i], ans.pl[j]
				if pi.ok && pj.ok && absInt(pi.day-pj.day) < a.Cooldown {
					f.add(unitCooldown, fmt.Sprintf("%s and %s (%s %s) are on %s and %s, less than %d %s apart",
						a.Activities[i].Name, a.Activities[j].Name, noun, tag, a.Days[pi.day], a.Days[pj.day], a.Cooldown, plural(a.Cooldown, "day", "days")))
				}
			}
		}
	}
}
