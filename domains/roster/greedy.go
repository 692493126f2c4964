package roster

import (
	"encoding/json"
	"slices"

	"github.com/plancert/plancert/domains"
)

var _ domains.Greedy = (*Roster)(nil)

// Greedy implements domains.Greedy: day by day and shift by shift, the
// first staff members of the table who can take the shift, until its
// demand is met (on a holiday, the upper end of its interval); on a shift
// that needs the skill, the first skilled one goes first. A person can
// take a shift when they work no other shift that day, are not on leave
// or off sick, are under their most shifts, and did not work the evening
// before a shift that may not follow it (rest). The backup of a shift of
// the backup day is the first person off that day who can take it and
// backs up no other. The other rules (runs, nights, weekends,
// preferences) are not looked at; stated values are the roster's own.
func (r *Roster) Greedy() json.RawMessage {
	pl := make([][]int, len(r.Staff))
	for p := range pl {
		pl[p] = make([]int, len(r.Days))
		for d := range pl[p] {
			pl[p][d] = Off
		}
	}
	for d := range r.Days {
		for s := range r.Shifts {
			need := r.need(d, s)
			if need <= 0 {
				continue
			}
			if slices.Contains(r.SkillShifts, s) {
				for p, st := range r.Staff {
					if st.Skilled && r.greedyCan(pl, p, d, s) {
						pl[p][d] = s
						need--
						break
					}
				}
			}
			for p := range r.Staff {
				if need <= 0 {
					break
				}
				if r.greedyCan(pl, p, d, s) {
					pl[p][d] = s
					need--
				}
			}
		}
	}
	var bk []int
	for _, s := range r.backupShifts() {
		pick := -1
		for p, st := range r.Staff {
			if slices.Contains(bk, p) || !r.greedyCan(pl, p, r.BackupDay, s) {
				continue
			}
			if slices.Contains(r.SkillShifts, s) && !st.Skilled {
				continue
			}
			pick = p
			break
		}
		if pick < 0 { // no one can: the first person not yet a backup
			for p := range r.Staff {
				if !slices.Contains(bk, p) {
					pick = p
					break
				}
			}
			pick = max(pick, 0)
		}
		bk = append(bk, pick)
	}
	return r.encodePlan(pl, bk)
}

// greedyCan reports whether person p can take shift s on day d next to
// plan pl, by the simple rules of Greedy.
func (r *Roster) greedyCan(pl [][]int, p, d, s int) bool {
	st := r.Staff[p]
	if pl[p][d] != Off || slices.Contains(st.Leave, d) {
		return false
	}
	if r.Sick != nil && r.Sick.Person == p && slices.Contains(r.Sick.Days, d) {
		return false
	}
	if st.Max > 0 && shiftsWorked(pl, p) >= st.Max {
		return false
	}
	for _, rs := range r.Rest {
		if d > 0 && rs[1] == s && pl[p][d-1] == rs[0] {
			return false
		}
	}
	return true
}
