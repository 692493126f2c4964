package flow

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains/prose"
)

// Prompt implements domains.Instance: every fact the checks use, the goal
// with its tie-breaks, what counts as the same plan, and the answer form.
func (in *Instance) Prompt() string {
	v := in.Voc
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("%s\n\n", v.Intro)
	p("**Time** runs in whole %ss, from %s 0 to %s %d. A move sends some %s of one %s into a %s at a %s; they reach its far end after its travel time (entering at %s 1 a %s of travel time 2, they arrive at %s 3) and may move on from there at the %s they arrive. %s who are not sent on wait where they are until the next %s. %s takes in everyone who reaches it; nobody leaves it again.\n\n",
		v.Step, v.Step, v.Step, in.H(), v.People, v.Group, v.Link, v.Step, v.Step, v.Link, v.Step, v.Step, prose.Capital(v.People), v.Step, prose.Capital(prose.An(v.Exit)))

	worst := in.has(unitWorst)
	p("**%s**\n| %s | starts at | %s |", prose.Capital(v.Groups), v.Group, v.People)
	sep := "|---|---|---|"
	dest := in.hasDest()
	if dest {
		p(" goes to |")
		sep += "---|"
	}
	vuln := in.has(unitVulnerable)
	if vuln {
		p(" vulnerable |")
		sep += "---|"
	}
	p("\n%s\n", sep)
	for _, g := range in.Groups {
		if worst {
			p("| %s | %s | %d–%d |", g.Name, g.Origin, g.SizeLo, g.Size)
		} else {
			p("| %s | %s | %d |", g.Name, g.Origin, g.Size)
		}
		if dest {
			p(" %s |", prose.JoinAnd(g.Dest))
		}
		if vuln {
			p(" %s |", map[bool]string{true: "yes", false: "no"}[g.Vulnerable])
		}
		p("\n")
	}
	if worst {
		p("\nA number written lo–hi is only known to lie in that range.\n")
	}

	var junctions, exits []string
	for _, pl := range in.Places {
		switch pl.Kind {
		case KindJunction:
			junctions = append(junctions, pl.Name)
		case KindExit:
			exits = append(exits, pl.Name)
		}
	}
	p("\n**Places.** %s: %s. %s: %s.", prose.Capital(v.Junction)+"s", prose.JoinAnd(junctions), prose.Capital(v.Exits), prose.JoinAnd(exits))
	p(" The starting places are in the table above; nothing enters a starting place.\n")

	p("\n**%s** (one way, as listed)\n| from | to | travel time |", prose.Capital(v.Links))
	sep = "|---|---|---|"
	if in.has(unitArcCap) {
		p(" capacity per %s |", v.Step)
		sep += "---|"
	}
	p("\n%s\n", sep)
	for _, lk := range in.Links {
		p("| %s | %s | %d |", lk.From, lk.To, lk.Time)
		if in.has(unitArcCap) {
			if len(lk.Cap) == 1 {
				p(" %d |", lk.Cap[0])
			} else {
				p(" %d at even %ss, %d at odd %ss |", lk.Cap[0], v.Step, lk.Cap[1], v.Step)
			}
		}
		p("\n")
	}

	if in.replanning() {
		p("\n**Current plan** (made before the disruption below)\n| %s | from | to | %s | count |\n|---|---|---|---|---|\n", v.Group, v.Step)
		for _, mv := range in.Current {
			p("| %s | %s | %s | %d | %d |\n", mv.Group, mv.From, mv.To, mv.Step, mv.Count)
		}
	}

	p("\n**Rules**\n")
	p("1. Everyone of a %s is at its starting place at %s 0. %s move only along the listed %s, in the listed direction, and a move takes from a place only %s who are there at that %s.\n", v.Group, v.Step, prose.Capital(v.People), v.Links, v.People, v.Step)
	if dest {
		p("2. A %s may enter only its own %s (\"goes to\"); the other %s are closed to it.\n", v.Group, v.Exit, v.Exits)
	}
	p("\nThe rules below are named (the name is in quotes):\n")
	for _, r := range in.allRules() {
		p("- %q: %s\n", r.Name, r.Text)
	}

	var goal strings.Builder
	g := func(format string, args ...any) { fmt.Fprintf(&goal, format, args...) }
	if in.replanning() {
		g("First change as few moves of the current plan as possible: a move (%s, %s, %s) is changed when its count differs from the current plan's (a move not listed there counts 0). Then ", v.Group, v.Link, v.Step)
	}
	if in.has(unitBalance) {
		g("%s the %s: minimise the number of %s who use the busiest %s (its total over all %ss). Then ", map[bool]string{true: "balance", false: "first balance"}[in.replanning()], v.Exits, v.People, v.Exit, v.Step)
	}
	g("minimise the total time: the sum over all %s of the %s at which each reaches %s (%d %s arriving at %s 3 count 6).", v.People, v.Step, in.exitWords(), 2, v.People, v.Step)
	p("\n**Goal.** %s", prose.Capital(goal.String()))
	if in.TieBreaks >= 1 {
		p(" Tie-break: among plans with the same values, list the count of every move (%s as listed, then %s as listed, then %ss from 0; a move not made counts 0) and choose the plan whose list is largest at the first place where two plans differ (so send as many as possible on the first move of that order, then on the second, and so on).", v.Groups, v.Links, v.Step)
	}
	p(" Two plans are the same plan when every %s sends the same number of %s into every %s at every %s: %s of one %s are interchangeable, and who waits where follows from the moves.\n",
		v.Group, v.People, v.Link, v.Step, v.People, v.Group)

	p("\n**Answer** with one JSON object in a ```json block, exactly in this form (names exactly as written above):\n```json\n%s\n```\n", in.AnswerSchema())
	p("Each move says how many %s (\"count\") of which %s enter the %s from \"from\" to \"to\" at \"step\". List each move with a positive count once; a move not listed is 0.", v.People, v.Group, v.Link)
	if in.has(unitSelfCheck) {
		p(" State the plan's total time as \"total_time\".")
	}
	p(" If no plan can keep every rule, answer {\"feasible\": false, \"conflict\": [...]} instead, naming rules (by their quoted names) that cannot all hold together.\n")
	return b.String()
}

// AnswerSchema implements domains.Instance: the answer's form with one
// filled-in move (the first group's first link out of its starting
// place).
func (in *Instance) AnswerSchema() string {
	var b strings.Builder
	b.WriteString(`{"moves": [`)
	l := 0
	for i, lk := range in.Links {
		if lk.From == in.Groups[0].Origin {
			l = i
			break
		}
	}
	in.writeMove(&b, 0, l, 0, 1)
	b.WriteString(", ...]")
	if in.has(unitSelfCheck) {
		b.WriteString(`, "total_time": 0`)
	}
	b.WriteString("}")
	return b.String()
}
