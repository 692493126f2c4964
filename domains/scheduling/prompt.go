package scheduling

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// rules returns every named rule of the instance, units in pool order.
func (a *Agenda) allRules() []rule {
	return domains.RulesOf(a, a.units())
}

// Prompt implements domains.Instance: every fact the checks use, laid out
// for a person; the goal with its tie-breaks; the answer form.
func (a *Agenda) Prompt() string {
	v := a.Voc
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("%s\n\n", v.Intro)
	dayEnd := a.clock(a.Slots)
	each, sameDay := " each day", " the same day"
	if len(a.Days) == 1 {
		each, sameDay = "", ""
	}
	p("**Time.** The schedule covers %s, from %s to %s%s. %s starts on the hour", prose.JoinAnd(a.Days), a.clock(0), dayEnd, each, prose.Capital(prose.An(v.Activity)))
	if a.SlotMin == 30 {
		p(" or the half hour")
	} else if a.SlotMin != 60 {
		p(" or every %d minutes after it", a.SlotMin)
	}
	p(" and must end by %s%s.\n\n", dayEnd, sameDay)

	fit := a.has(unitRoomFit)
	gear := fit && a.hasEquipment()
	p("**%s**\n", prose.Capital(v.Rooms))
	if fit {
		p("| %s | %s |", v.Room, v.seatsHeader())
		if gear {
			p(" equipment |")
		}
		p("\n|---|---|")
		if gear {
			p("---|")
		}
		p("\n")
		for _, r := range a.Rooms {
			p("| %s | %d |", r.Name, r.Seats)
			if gear {
				p(" %s |", dashJoin(r.Equipment))
			}
			p("\n")
		}
	} else {
		p("%s.\n", strings.Join(a.roomNames(), ", "))
	}
	p("\n**%s**\n", prose.Capital(v.Activities))
	p("| %s | %s | length | ", v.Activity, v.attendees())
	if gear {
		p("needs | ")
	}
	p("priority |\n|---|---|---|")
	if gear {
		p("---|")
	}
	p("---|\n")
	for _, act := range a.Activities {
		length := fmt.Sprintf("%d min", act.Duration*a.SlotMin)
		if act.Flexible {
			length = fmt.Sprintf("up to %d min", act.Duration*a.SlotMin)
		}
		p("| %s | %s | %s | ", act.Name, strings.Join(act.Attendees, ", "), length)
		if gear {
			p("%s | ", dashJoin(act.Needs))
		}
		p("%d |\n", act.Priority)
	}
	if len(a.Candidates) > 0 {
		p("%s", a.candidatesText())
	}

	p("\n**Rules**\n")
	p("1. Every %s is scheduled exactly once: one day, one start time, one %s.\n", v.Activity, v.Room)
	p("2. Two %s that share %s never overlap in time.\n", v.Activities, prose.An(v.person()))
	p("3. Two %s that use the same %s never overlap in time.\n", v.Activities, v.Room)
	rules := a.allRules()
	if len(rules) > 0 {
		p("\nThe rules below are named (the name is in quotes):\n")
		for _, r := range rules {
			p("- %q: %s\n", r.Name, r.Text)
		}
	}

	p("\n**Goal.** ")
	p("%s", a.levelsText())
	p("Minimise the sum over %s of priority × end index. ", v.Activities)
	if len(a.Days) > 1 {
		p("The end index counts %d-minute slots from %s on %s, and each day counts %d slots: %s ending at %s on %s has end index 2, and one ending at %s on %s has end index %d.",
			a.SlotMin, a.clock(0), a.Days[0], a.Slots, prose.An(v.Activity), a.clock(2), a.Days[0], a.clock(1), a.Days[1], a.Slots+1)
	} else {
		p("The end index counts %d-minute slots from %s: %s ending at %s has end index 2.", a.SlotMin, a.clock(0), prose.An(v.Activity), a.clock(2))
	}
	if a.TieBreaks >= 1 {
		n := len(a.Activities)
		p(" Tie-breaks: each %s has a weight, %d for %s, %d for the next one in the table, and so on down to 1 for %s. If several schedules reach the same minimum, choose one that minimises the sum over %s of weight × the position of its %s in the list of %s (%s)",
			v.Activity, n, a.Activities[0].Name, n-1, a.Activities[n-1].Name, v.Activities, v.Room, v.Rooms, a.roomPositions())
		if a.TieBreaks >= 2 {
			first := ""
			if len(a.Days) > 1 {
				first = " of " + a.Days[0]
			}
			p("; if there is still a tie, one that minimises the sum over %s of weight × start index, where the start index counts slots like the end index (the first slot%s is 0)", v.Activities, first)
		}
		p(".")
	}
	if a.criticalIdx() != nil {
		p("%s", a.backupGoalText())
	}
	if a.roleIdx() != nil {
		p(" Finally, for each required role in turn (%s), choose the qualified person who comes first in its order of preference among the choices that keep every rule and the levels above.", prose.JoinAnd(a.roleActs()))
	}
	p("\n")
	// Every prompt offers the infeasibility answer, whether or not the
	// instance has a schedule: its form must not tell which.
	p("\n**If no schedule satisfies every rule**, answer instead with {\"feasible\": false, \"conflict\": [...]}, listing the names (exactly as quoted above) of named rules that cannot all hold together with rules 1–3.\n")
	p("\n**Answer** with one JSON object in a ```json block, exactly in this form (names exactly as written above, days as written, times as HH:MM):\n```json\n%s\n```\n", a.AnswerSchema())
	p("List every %s once.", v.Activity)
	if a.flexible() {
		p(" `end` is when the %s ends: its length is end minus start.", v.Activity)
	}
	if a.failIndex() >= 0 {
		p(" Under %q, give the schedule if %s fails, in the same form, again listing every %s once.", failKey, a.FailRoom, v.Activity)
	}
	if a.criticalIdx() != nil {
		p(" Under %q, give one backup for each critical %s (%s), in this order.", backupKey, v.Activity, prose.JoinAnd(a.Critical))
	}
	if a.roleIdx() != nil {
		p(" Under %q, name for each %s that needs a role (%s) the person who takes it, in the form {%q: name, \"person\": name}.", rolesKey, v.Activity, prose.JoinAnd(a.roleActs()), v.Activity)
	}
	if a.has(unitSelfCheck) {
		p(" `objective` is the goal value of your schedule")
		if a.failIndex() >= 0 {
			p(" (in each schedule, of that schedule)")
		}
		p(".")
	}
	p("\n")
	return b.String()
}

// candidatesText is the paragraph of a recruitment instance on its
// candidates: who they are, that each attends their own interviews, and,
// without the chain-order unit, that their interviews may come in any
// order.
func (a *Agenda) candidatesText() string {
	v := a.Voc
	s := fmt.Sprintf("\n**Candidates.** %s. A candidate attends each of their own %s (named first among its %s), so rule 2 applies to candidates as to %s: two %s of one candidate never overlap.",
		prose.JoinAnd(a.Candidates), v.Activities, v.attendees(), v.People, v.Activities)
	if !a.has(unitChain) {
		s += fmt.Sprintf(" This round, a candidate's %s may take place in any order.", v.Activities)
	}
	return s + "\n"
}

// levelsText states the levels before the goal, or nothing without
// them: "First, A. Then, among those schedules, B. Then, among those
// schedules, the following decides. " With the self-check unit it adds
// that the stated goal value is the goal's sum, not a level.
func (a *Agenda) levelsText() string {
	var clauses, nouns []string
	for _, l := range a.levelers() {
		if cs := l.goalText(a); len(cs) > 0 {
			clauses = append(clauses, cs...)
			nouns = append(nouns, l.levelNoun(a))
		}
	}
	if len(clauses) == 0 {
		return ""
	}
	var b strings.Builder
	for k, c := range clauses {
		if k == 0 {
			fmt.Fprintf(&b, "First, %s. ", c)
		} else {
			fmt.Fprintf(&b, "Then, among those schedules, %s. ", c)
		}
	}
	b.WriteString("Then, among those schedules, the following decides.")
	if a.has(unitSelfCheck) {
		fmt.Fprintf(&b, " (The goal value of a schedule is the sum below, not %s.)", prose.JoinWith(nouns, "or"))
	}
	b.WriteString(" ")
	return b.String()
}

// roomNames returns the names of the rooms in their order.
func (a *Agenda) roomNames() []string {
	out := make([]string, len(a.Rooms))
	for i, r := range a.Rooms {
		out[i] = r.Name
	}
	return out
}

// roomPositions states the position of every room for the tie-break:
// "Oak counts 0, Pine counts 1 and Elm counts 2".
func (a *Agenda) roomPositions() string {
	var parts []string
	for i, r := range a.Rooms {
		if i == 0 {
			parts = append(parts, r.Name+" counts 0")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s counts %d", r.Name, i))
	}
	return prose.JoinAnd(parts)
}

// hasEquipment reports whether a room has equipment or an activity needs
// some (the tables then show it).
func (a *Agenda) hasEquipment() bool {
	for _, r := range a.Rooms {
		if len(r.Equipment) > 0 {
			return true
		}
	}
	for _, act := range a.Activities {
		if len(act.Needs) > 0 {
			return true
		}
	}
	return false
}

// dashJoin joins a list with commas, or gives a dash when it is empty.
func dashJoin(xs []string) string {
	if len(xs) == 0 {
		return "—"
	}
	return strings.Join(xs, ", ")
}

var _ domains.Instance = (*Agenda)(nil)
