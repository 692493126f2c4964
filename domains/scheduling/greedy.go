package scheduling

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Agenda)(nil)

// Greedy implements domains.Greedy: the activities in the order of the
// table, each at its first option (day, then start, then room) where its
// people are free (their busy times and the activities placed before it)
// and its room is free and, with the room-fit unit, fits it. A flexible
// activity takes its full length; the two parts of a split activity take
// half its length each, the second after the first. A role goes to the
// first qualified person; a backup takes the first free option off its
// activity's own time; the schedule if the room fails is placed the same
// way without that room. An activity with no such option takes its first
// option. The other rules are not looked at.
func (a *Agenda) Greedy() json.RawMessage {
	ea := a // the agenda whose attendees count (role persons added)
	var roles []int
	if ri := a.roleIdx(); ri != nil {
		roles = make([]int, len(ri))
		ea = a.withRoles(roles)
	}
	pl := ea.greedyPlace(-1)
	if roles != nil {
		return a.encodeRoles(pl, roles)
	}
	if crit := a.criticalIdx(); crit != nil {
		bk := make([]placement, len(crit))
		for k, c := range crit {
			bk[k] = ea.greedyBackup(pl, c)
		}
		out, _ := a.encodeBackups(pl, bk)
		return out
	}
	if f := a.failIndex(); f >= 0 {
		out, _ := a.encodeFull(pl, ea.greedyPlace(f))
		return out
	}
	out, _ := a.encodePlan(pl, a.goal(pl))
	return out
}

// greedyLen returns the length greedy gives activity i: its Duration, or
// half of a split activity's total per part (the first part the shorter).
func (a *Agenda) greedyLen(i int) int {
	name := a.Activities[i].Name
	for _, sp := range a.Splits {
		if name == sp.Parts[0] {
			return sp.Total / 2
		}
		if name == sp.Parts[1] {
			return sp.Total - sp.Total/2
		}
	}
	return a.Activities[i].Duration
}

// greedyAfter returns the index of the activity that activity i must
// follow (the first part of its split), or -1.
func (a *Agenda) greedyAfter(i int) int {
	for _, sp := range a.Splits {
		if a.Activities[i].Name == sp.Parts[1] {
			return a.actIndex(sp.Parts[0])
		}
	}
	return -1
}

// greedyFree reports whether activity i may take option o next to the
// placements pl (skipping activity skip): o's room is not avoid and fits,
// and neither o's room nor any of i's people is busy during o.
func (a *Agenda) greedyFree(pl []placement, i, skip, avoid int, o option) bool {
	if o.room == avoid || a.has(unitRoomFit) && !a.fits(i, o.room) {
		return false
	}
	if j := a.greedyAfter(i); j >= 0 && pl[j].ok {
		q := pl[j]
		if o.day*a.Slots+o.start < q.day*a.Slots+q.start+a.plen(j, q) {
			return false
		}
	}
	att := map[string]bool{}
	for _, n := range a.Activities[i].Attendees {
		att[n] = true
	}
	for _, p := range a.People {
		if !att[p.Name] {
			continue
		}
		for _, s := range p.Busy {
			if s.Day == o.day && o.start < s.To && s.From < o.start+o.dur {
				return false
			}
		}
	}
	for j, q := range pl {
		if j == i || j == skip || !q.ok || q.day != o.day {
			continue
		}
		if !(o.start < q.start+a.plen(j, q) && q.start < o.start+o.dur) {
			continue
		}
		if q.room == o.room {
			return false
		}
		for _, n := range a.Activities[j].Attendees {
			if att[n] {
				return false
			}
		}
	}
	return true
}

// greedyPlace places every activity in the order of the table at its first
// free option, never in room avoid (-1 for none).
func (a *Agenda) greedyPlace(avoid int) []placement {
	pl := make([]placement, len(a.Activities))
	for i := range a.Activities {
		l := a.greedyLen(i)
		var first *option
		for _, o := range a.options(i) {
			if o.dur != l && a.Activities[i].Flexible {
				continue
			}
			if first == nil && o.room != avoid {
				o := o
				first = &o
			}
			if a.greedyFree(pl, i, -1, avoid, o) {
				first = &o
				break
			}
		}
		if first == nil { // every room is avoid: cannot happen with two rooms
			pl[i] = placement{true, 0, 0, 0, l}
			continue
		}
		pl[i] = placement{true, first.day, first.start, first.room, first.dur}
	}
	return pl
}

// greedyBackup returns the backup of critical activity c: its first free
// option (the others as placed, c itself moved) off its own time.
func (a *Agenda) greedyBackup(pl []placement, c int) placement {
	p := pl[c]
	pe := a.plen(c, p)
	var first *option
	for _, o := range a.options(c) {
		if o.dur != a.greedyLen(c) && a.Activities[c].Flexible {
			continue
		}
		if o.day == p.day && o.start < p.start+pe && p.start < o.start+o.dur {
			continue
		}
		if first == nil {
			o := o
			first = &o
		}
		if a.greedyFree(pl, c, c, -1, o) {
			first = &o
			break
		}
	}
	if first == nil {
		return p
	}
	return placement{true, first.day, first.start, first.room, first.dur}
}
