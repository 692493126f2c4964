package scheduling

import (
	"maps"
	"slices"

	"github.com/plancert/plancert/domains"
)

// Levels (issue 17): level 1 draws a subtask as its table states it; each
// level up draws more activities over more people on nearly the same grid
// (a slot more per day from level 3, a room more from level 4, bigger
// attendee lists at level 5), so that the activities share more people,
// rooms and time (the sampler adds more units per level on top). The longer
// name pools a level needs are in levels_names.go: they are used from
// level 2 only, so that level 1 draws exactly as before.

// levelActs is what each level adds to a subtask's activity span, Lo and
// Hi (index 0 is level 1). Activities are what certification time grows
// with: see the package notes on levels.
var levelActs = [domains.Levels + 1][2]int{{}, {0, 0}, {1, 1}, {2, 3}, {3, 4}, {4, 5}}

// levelPeople is what each level adds to a subtask's people span.
var levelPeople = [domains.Levels + 1]int{0, 0, 1, 1, 2, 3}

// levelInterviews caps the interviews of a recruitment instance per level
// (maxInterviews at level 1).
var levelInterviews = [domains.Levels + 1]int{0, maxInterviews, 6, 7, 8, 9}

// atLevel returns st with its sizes at level (2..domains.Levels). It copies
// what it changes and leaves st as it is.
func atLevel(st *subtask, level int) *subtask {
	s := *st
	up := level - 1
	m := moreNames[st.ID]
	s.Days = grow(st.Days, m.Days)
	s.People = grow(st.People, m.People)
	s.Rooms = grow(st.Rooms, m.Rooms)
	s.Activities = grow(st.Activities, m.Activities)
	if st.Tags != nil && m.Tags != nil {
		s.Tags = maps.Clone(st.Tags)
		maps.Copy(s.Tags, m.Tags)
	}
	// The grid grows little: a slot more per day from level 3 and a room
	// more from level 4, never a day (the intros name their days), so
	// that the added activities and people crowd the same week. A larger
	// grid makes the optimum's proofs much slower (its many equivalent
	// placements) for no added coupling.
	if level >= 3 {
		s.Slots = widen(st.Slots, 1, 1, (24*60-st.DayStart)/st.SlotMin)
	}
	s.NPeople = widen(st.NPeople, levelPeople[level], levelPeople[level], len(s.People))
	rooms := 0
	if level >= 4 {
		rooms = 1
	}
	s.NRooms = widen(st.NRooms, rooms, rooms, len(s.Rooms))
	s.NActs = widen(st.NActs, levelActs[level][0], levelActs[level][1], len(s.Activities))
	// Lists of one or two grow to three at level 5; panels of two or
	// three stay (four of six to eight people leave no plan for ten
	// meetings in one day often enough: a third of the draws were dropped
	// as infeasible).
	if level >= 5 && st.Attendees.Hi <= 2 {
		s.Attendees = widen(st.Attendees, 0, 1, s.NPeople.Lo)
	}
	if st.Pipeline != nil {
		pp := *st.Pipeline
		pp.Candidates = grow(pp.Candidates, m.Candidates)
		if !slices.Contains(fixedCands, st.ID) {
			pp.NCands = widen(pp.NCands, up/2, up/2, len(pp.Candidates))
		}
		pp.NStages = widen(pp.NStages, 0, 1, len(pp.Stages))
		s.Pipeline = &pp
		s.MaxActs = levelInterviews[level]
	}
	return &s
}

// fixedCands lists the recruitment subtasks whose intro states how many
// candidates there are: their candidate counts do not grow.
var fixedCands = []string{"engineering-loop"}

// grow returns xs followed by more, in a new list (xs itself when more is
// empty).
func grow(xs, more []string) []string {
	if len(more) == 0 {
		return xs
	}
	return append(slices.Clip(xs), more...)
}

// widen returns s with lo added to Lo and hi to Hi, both capped at max
// (and Lo at Hi).
func widen(s span, lo, hi, max int) span {
	out := span{min(s.Lo+lo, max), min(s.Hi+hi, max)}
	out.Lo = min(out.Lo, out.Hi)
	return out
}

// sizes lists the named sizes subtask st draws from.
func sizes(st *subtask) []domains.Size {
	acts := domains.Size{Name: "activities", Lo: st.NActs.Lo, Hi: st.NActs.Hi}
	if pp := st.Pipeline; pp != nil {
		mx := st.maxActs()
		acts = domains.Size{Name: "activities", Lo: min(pp.NCands.Lo*pp.NStages.Lo, mx), Hi: min(pp.NCands.Hi*pp.NStages.Hi, mx)}
	}
	out := []domains.Size{acts,
		{Name: "days", Lo: st.NDays.Lo, Hi: st.NDays.Hi},
		{Name: "slots", Lo: st.Slots.Lo, Hi: st.Slots.Hi},
		{Name: "people", Lo: st.NPeople.Lo, Hi: st.NPeople.Hi},
		{Name: "rooms", Lo: st.NRooms.Lo, Hi: st.NRooms.Hi},
	}
	if pp := st.Pipeline; pp != nil {
		out = append(out, domains.Size{Name: "candidates", Lo: pp.NCands.Lo, Hi: pp.NCands.Hi})
	}
	return out
}

// maxActs is the cap on a recruitment instance's interviews.
func (st *subtask) maxActs() int {
	if st.MaxActs > 0 {
		return st.MaxActs
	}
	return maxInterviews
}
