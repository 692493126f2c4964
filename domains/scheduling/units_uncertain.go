package scheduling

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// ---- uncertain durations (hard): lengths known only as an interval ----
//
// An activity of uncertain length lasts between DurationMin and Duration
// slots. The plan must work in the worst case, so Duration is the longest
// length and every rule, the goal included, uses it: the model is the
// core's. The unit states the interval in the prompt and checks the
// uncertain activities at their longest length.

type uncertainDurations struct{}

func (uncertainDurations) Info() domains.Unit {
	return domains.Unit{ID: unitUncertain, Tier: domains.Hard, Title: "local information incompleteness: interval durations"}
}

// ruleUncertain names the rule that states the intervals. It is no model
// group (it adds no constraint of its own), so a conflict cannot name it.
const ruleUncertain = "uncertain lengths"

// Sample makes one or two activities of two slots or more uncertain: the
// shortest length is drawn below the longest. When no activity is that
// long, one activity becomes a slot longer, its old length the shortest:
// one whose place in the hidden schedule (if any) still works at the new
// length, else any that fits the day (and the hidden schedule is dropped).
// The unit comes first in the pool, so the data of every other unit is
// drawn for the final (longest) lengths.
func (uncertainDurations) Sample(a *Agenda, r *rand.Rand) {
	var cand []int
	for i, act := range a.Activities {
		if act.Duration >= 2 {
			cand = append(cand, i)
		}
	}
	if len(cand) > 0 {
		k := 1 + r.IntN(min(2, len(cand)))
		for _, c := range r.Perm(len(cand))[:k] {
			act := &a.Activities[cand[c]]
			act.DurationMin = 1 + r.IntN(act.Duration-1)
		}
		return
	}
	order := r.Perm(len(a.Activities))
	for _, keep := range []bool{true, false} {
		for _, i := range order {
			act := &a.Activities[i]
			if act.Duration+1 > a.Slots {
				continue
			}
			act.Duration++
			if p := a.planted; p == nil || (p[i].start+act.Duration <= a.Slots && a.plantable(p, i, p[i])) {
				act.DurationMin = act.Duration - 1
				if p != nil {
					p[i].dur = act.Duration // the hidden placement keeps the new length
				}
				return
			}
			if !keep {
				act.DurationMin = act.Duration - 1
				a.planted = nil
				return
			}
			act.Duration--
		}
	}
}

// uncertainActs returns the activities of uncertain length.
func (a *Agenda) uncertainActs() []int {
	var out []int
	for i, act := range a.Activities {
		if act.DurationMin > 0 && act.DurationMin < act.Duration {
			out = append(out, i)
		}
	}
	return out
}

func (uncertainDurations) Model(*builder) {}

func (uncertainDurations) Rules(a *Agenda) []rule {
	acts := a.uncertainActs()
	if len(acts) == 0 {
		return nil
	}
	var parts []string
	for _, i := range acts {
		act := a.Activities[i]
		parts = append(parts, fmt.Sprintf("%s, between %d and %d minutes", act.Name, act.DurationMin*a.SlotMin, act.Duration*a.SlotMin))
	}
	return []rule{{Name: ruleUncertain, Text: fmt.Sprintf("Some lengths are not known exactly: %s. The table gives the longest length. Plan for the worst case: every rule and the goal count each of these %s at its longest length (its end is its start plus the longest length).",
		strings.Join(parts, "; "), a.Voc.Activities)}}

}

func (uncertainDurations) Items(a *Agenda) []domains.Item {
	var names []string
	for _, i := range a.uncertainActs() {
		names = append(names, a.Activities[i].Name)
	}
	return []domains.Item{domains.FeasibilityItem(unitUncertain, unitUncertain, domains.Hard, fmt.Sprintf("Each %s of uncertain length (%s) fits at its longest length: it ends by the end of its day and overlaps no other %s that shares %s or its %s with it.",
		a.Voc.Activity, strings.Join(names, ", "), a.Voc.Activity, prose.An(a.Voc.person()), a.Voc.Room))}
}

func (uncertainDurations) Check(a *Agenda, ans *answer, f fails) {
	for _, i := range a.uncertainActs() {
		p, act := ans.pl[i], a.Activities[i]
		if !p.ok {
			continue
		}
		long := act.Duration * a.SlotMin
		if p.start+act.Duration > a.Slots {
			f.Add(unitUncertain, fmt.Sprintf("%s at its longest (%d minutes) ends after the end of %s", act.Name, long, a.Days[p.day]))
		}
		for j, other := range a.Activities {
			q := ans.pl[j]
			if j == i || !q.ok || q.day != p.day || !(p.start < q.start+other.Duration && q.start < p.start+act.Duration) {
				continue
			}
			var why []string
			if q.room == p.room {
				why = append(why, fmt.Sprintf("the same %s %s", a.Voc.Room, a.Rooms[p.room].Name))
			}
			for _, x := range act.Attendees {
				for _, y := range other.Attendees {
					if x == y {
						why = append(why, x)
					}
				}
			}
			if len(why) > 0 {
				f.Add(unitUncertain, fmt.Sprintf("%s at its longest (%d minutes) overlaps %s (%s)", act.Name, long, other.Name, strings.Join(why, ", ")))
			}
		}
	}
}
