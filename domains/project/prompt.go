package project

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains/prose"
)

func joinOr(xs []string) string { return prose.JoinWith(xs, "or") }

// statedKeys are the answer's stated values (stated-values unit), one per
// objective level before the sum of starts, in order.
func (in *Instance) statedKeys() []string {
	var out []string
	for _, l := range in.levels() {
		out = append(out, l.key)
	}
	return out
}

// Prompt implements domains.Instance.
func (in *Instance) Prompt() string {
	v := in.Voc
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("%s\n\n", v.Intro)
	p("**Time** is counted in whole %s from %s 0. %s that starts at %s s and takes d %s occupies %s s, s+1, …, s+d−1 and ends at s+d. Everything must end by %s %d (the horizon).\n\n",
		v.Periods, v.Period, prose.Capital(prose.An(v.Activity)), v.Period, v.Periods, v.Periods, v.Period, in.Horizon)
	p("**%s**\n", prose.Capital(v.Activities))
	head := []string{v.Activity, "duration (" + v.Periods + ")"}
	for _, res := range in.Resources {
		head = append(head, res.Name)
	}
	if in.has(unitTardiness) {
		head = append(head, "due", "weight")
	}
	p("| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
	for i, a := range in.Activities {
		row := []string{a.Name, fmt.Sprint(a.Duration)}
		for r := range in.Resources {
			row = append(row, fmt.Sprint(in.demand(i, r)))
		}
		if in.has(unitTardiness) {
			row = append(row, fmt.Sprint(a.Due), fmt.Sprint(a.Weight))
		}
		p("| %s |\n", strings.Join(row, " | "))
	}
	if len(in.Resources) > 0 {
		p("\nThe %s %s how many %s of each %s %s needs in every %s it runs.\n", prose.JoinAnd(in.resourceNames()), prose.Plural(len(in.Resources), "column gives", "columns give"), v.Units, v.Resource, prose.An(v.Activity), v.Period)
		p("\n**%s**\n", prose.Capital(v.Resources))
		if in.has(unitCost) {
			p("| %s | capacity | hire cost per %s |\n|---|---|---|\n", v.Resource, v.Period)
		} else {
			p("| %s | capacity |\n|---|---|\n", v.Resource)
		}
		for _, res := range in.Resources {
			if in.has(unitCost) {
				p("| %s | %d | %d |\n", res.Name, res.Capacity, res.Rate)
			} else {
				p("| %s | %d |\n", res.Name, res.Capacity)
			}
		}
	}
	if in.has(unitTardiness) {
		p("\n%s's tardiness is how many %s after its due %s it ends (0 if it ends by then): max(0, end − due).\n", prose.Capital(prose.An(v.Activity)), v.Periods, v.Period)
	}
	if in.Current != nil {
		p("\n**Current plan** (made before the delay; start %s per %s)\n| %s | start |\n|---|---|\n", v.Period, v.Activity, v.Activity)
		for i, a := range in.Activities {
			p("| %s | %d |\n", a.Name, in.Current[i])
		}
		p("\n**Disruption.** %s is delayed: it cannot start before %s %d. Replan.\n", in.Delay.Activity, v.Period, in.Delay.Earliest)
	}
	p("\n**Rules**\n1. Every %s starts once, at a whole %s, runs without interruption for its duration, and ends by the horizon.\n", v.Activity, v.Period)
	rs := in.rules()
	if len(rs) > 0 {
		p("\nThe rules below are named (the name is in quotes):\n")
		for _, r := range rs {
			p("- %q: %s\n", r.Name, r.Text)
		}
	}
	p("\n**Goal.** %s\n", in.goalText())
	parts := in.parts()
	var keys []string
	for _, pt := range parts {
		key, _ := pt.AnswerKey(in)
		keys = append(keys, key)
		p("\n%s\n", pt.partText(in))
	}
	p("\n**Answer** with one JSON object in a ```json block, exactly in this form (names exactly as written above):\n```json\n%s\n```\n", in.AnswerSchema())
	p("List every %s once with its start %s", v.Activity, v.Period)
	if len(keys) > 0 {
		p(", in \"schedule\" and again in %s", prose.QuoteAnd(keys))
	}
	p(".")
	if in.has(unitStated) {
		p(" State your plan's values: %s.", in.statedWords())
	}
	p(" If no plan can keep every rule, answer {\"feasible\": false, \"conflict\": [...]} instead, naming rules (by their quoted names) that cannot all hold together.\n")
	return b.String()
}

func (in *Instance) resourceNames() []string {
	var out []string
	for _, r := range in.Resources {
		out = append(out, r.Name)
	}
	return out
}

func (in *Instance) statedWords() string {
	var out []string
	for _, k := range in.statedKeys() {
		out = append(out, fmt.Sprintf("%q", k))
	}
	return prose.JoinAnd(out)
}

// goalText states the objective levels and the tie-breaks.
func (in *Instance) goalText() string {
	v := in.Voc
	var parts []string
	for _, l := range in.levels() {
		parts = append(parts, l.goal)
	}
	parts = append(parts, fmt.Sprintf("minimise the sum of all start %s (so that, the goals above being equal, the %s start as early as they can)", v.Periods, v.Activities))
	if in.TieBreaks > 0 {
		parts = append(parts, fmt.Sprintf("start the first %s of the table as early as possible, then the second, and so on down the table", v.Activity))
	}
	text := prose.Capital(parts[0]) + "."
	for _, p := range parts[1:] {
		text += " Among plans equal on that, " + p + "."
	}
	return text
}

// AnswerSchema implements domains.Instance: the skeleton, filled in with
// the instance's first names.
func (in *Instance) AnswerSchema() string {
	a := in.Activities
	s := fmt.Sprintf(`{"schedule": [{"activity": %q, "start": 0}`, a[0].Name)
	if len(a) > 1 {
		s += fmt.Sprintf(`, {"activity": %q, "start": 3}`, a[1].Name)
	}
	s += ", ...]"
	for _, p := range in.parts() {
		key, skeleton := p.AnswerKey(in)
		s += fmt.Sprintf(", %q: %s", key, skeleton)
	}
	if in.has(unitStated) {
		for _, k := range in.statedKeys() {
			s += fmt.Sprintf(", %q: 0", k)
		}
	}
	return s + "}"
}
