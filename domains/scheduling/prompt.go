package scheduling

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
)

// rules returns every named rule of the instance, units in pool order.
func (a *Agenda) allRules() []rule {
	var out []rule
	for _, u := range a.units() {
		out = append(out, u.rules(a)...)
	}
	return out
}

// Prompt implements domains.Instance: every fact the checks use, laid out
// for a person; the goal with its tie-breaks; the answer form.
func (a *Agenda) Prompt() string {
	v := a.Voc
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("%s\n\n", v.Intro)
	dayEnd := a.clock(a.Slots)
	p("**Time.** The %s take place on %s, from %s to %s each day. %s starts on the hour", v.Activities, joinAnd(a.Days), a.clock(0), dayEnd, capital(an(v.Activity)))
	if a.SlotMin == 30 {
		p(" or the half hour")
	} else if a.SlotMin != 60 {
		p(" or every %d minutes after it", a.SlotMin)
	}
	p(" and must end by %s the same day.\n\n", dayEnd)

	p("**%s**\n", capital(v.Rooms))
	if a.has(unitRoomFit) {
		p("| %s | seats | equipment |\n|---|---|---|\n", v.Room)
		for _, r := range a.Rooms {
			eq := "—"
			if len(r.Equipment) > 0 {
				eq = strings.Join(r.Equipment, ", ")
			}
			p("| %s | %d | %s |\n", r.Name, r.Seats, eq)
		}
	} else {
		var names []string
		for _, r := range a.Rooms {
			names = append(names, r.Name)
		}
		p("%s (in this order).\n", strings.Join(names, ", "))
	}
	p("\n**%s**\n", capital(v.Activities))
	needs := a.has(unitRoomFit)
	p("| %s | attendees | length | ", v.Activity)
	if needs {
		p("needs | ")
	}
	p("priority |\n|---|---|---|")
	if needs {
		p("---|")
	}
	p("---|\n")
	for _, act := range a.Activities {
		p("| %s | %s | %d min | ", act.Name, strings.Join(act.Attendees, ", "), act.Duration*a.SlotMin)
		if needs {
			n := "—"
			if len(act.Needs) > 0 {
				n = strings.Join(act.Needs, ", ")
			}
			p("%s | ", n)
		}
		p("%d |\n", act.Priority)
	}

	p("\n**Rules**\n")
	p("1. Every %s is scheduled exactly once: one day, one start time, one %s.\n", v.Activity, v.Room)
	p("2. A person attends one %s at a time.\n", v.Activity)
	p("3. A %s holds one %s at a time.\n", v.Room, v.Activity)
	rules := a.allRules()
	if len(rules) > 0 {
		p("\nThe rules below are named (the name is in quotes):\n")
		for _, r := range rules {
			p("- %q: %s\n", r.Name, r.Text)
		}
	}

	p("\n**Goal.** ")
	for _, u := range a.units() {
		if l, ok := u.(leveler); ok {
			p("%s ", l.goalText(a))
		}
	}
	p("Minimise the sum over %s of priority × end index. The end index counts %d-minute slots from %s on %s, and each day counts %d slots", v.Activities, a.SlotMin, a.clock(0), a.Days[0], a.Slots)
	ex := "."
	if len(a.Days) > 1 {
		ex = fmt.Sprintf(": %s ending at %s on %s has end index 2, and one ending at %s on %s has end index %d.", an(v.Activity), a.clock(2), a.Days[0], a.clock(1), a.Days[1], a.Slots+1)
	} else {
		ex = fmt.Sprintf(": %s ending at %s has end index 2.", an(v.Activity), a.clock(2))
	}
	p("%s", ex)
	if a.TieBreaks >= 1 {
		n := len(a.Activities)
		p(" Tie-breaks: each %s has a weight, %d for %s, %d for the next one in the table, and so on down to 1 for %s. If several schedules reach the same minimum, choose one that minimises the sum over %s of weight × the position of its %s in the list of %s (the first %s counts 0)", v.Activity, n, a.Activities[0].Name, n-1, a.Activities[n-1].Name, v.Activities, v.Room, v.Rooms, v.Room)
		if a.TieBreaks >= 2 {
			p("; if there is still a tie, one that minimises the sum over %s of weight × start index, where the start index counts slots like the end index (the first slot of %s is 0)", v.Activities, a.Days[0])
		}
		p(".")
	}
	p("\n")
	if a.has(unitInfeasible) {
		p("\n**If no schedule satisfies every rule**, answer instead with {\"feasible\": false, \"conflict\": [...]}, listing the names (exactly as quoted above) of named rules that cannot all hold together with rules 1–3.\n")
	}
	p("\n**Answer** with one JSON object in a ```json block, exactly in this form (names exactly as written above, days as written, times as HH:MM):\n```json\n%s\n```\n", a.AnswerSchema())
	p("List every %s once.", v.Activity)
	if a.has(unitSelfCheck) {
		p(" `objective` is the goal value of your schedule.")
	}
	p("\n")
	return b.String()
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

var _ domains.Instance = (*Agenda)(nil)
