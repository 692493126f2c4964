package project

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

func joinOr(xs []string) string { return prose.JoinWith(xs, "or") }

// The facets of the prompt: the units that add columns to its tables, a
// note under them, or a section before the rules.
type (
	// activityColumns adds columns to the activities' table (due date and
	// weight): their heads, activity i's cells, and a note under the
	// tables that explains them ("" for none).
	activityColumns interface {
		activityHead(in *Instance) []string
		activityCells(in *Instance, i int) []string
		columnsNote(in *Instance) string
	}
	// resourceColumns adds columns to the resources' table (the hire
	// cost): their heads and resource r's cells.
	resourceColumns interface {
		resourceHead(in *Instance) []string
		resourceCells(in *Instance, r int) []string
	}
	// sectioner adds a section before the rules (the current plan and
	// its disruption; "" for none).
	sectioner interface{ section(in *Instance) string }
)

// The units with a prompt facet, listed so that a misspelt method fails
// to compile instead of leaving a column out.
var (
	_ activityColumns = tardiness{}
	_ resourceColumns = cost{}
	_ sectioner       = replan{}
)

// Prompt implements domains.Instance.
func (in *Instance) Prompt() string {
	v := in.Voc
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("%s\n\n", v.Intro)
	p("**Time** is counted in whole %s from %s 0. %s that starts at %s s and takes d %s occupies %s s, s+1, …, s+d−1 and ends at s+d. Everything must end by %s %d (the horizon).\n\n",
		v.Periods, v.Period, prose.Capital(prose.An(v.Activity)), v.Period, v.Periods, v.Periods, v.Period, in.Horizon)
	us := in.units()
	table := func(head []string, rows [][]string) {
		p("| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
		for _, row := range rows {
			p("| %s |\n", strings.Join(row, " | "))
		}
	}
	p("**%s**\n", prose.Capital(v.Activities))
	acols := domains.Facets[activityColumns](us)
	head := []string{v.Activity, "duration (" + v.Periods + ")"}
	for _, res := range in.Resources {
		head = append(head, res.Name)
	}
	for _, c := range acols {
		head = append(head, c.activityHead(in)...)
	}
	var rows [][]string
	for i, a := range in.Activities {
		row := []string{a.Name, fmt.Sprint(a.Duration)}
		for r := range in.Resources {
			row = append(row, fmt.Sprint(in.demand(i, r)))
		}
		for _, c := range acols {
			row = append(row, c.activityCells(in, i)...)
		}
		rows = append(rows, row)
	}
	table(head, rows)
	if len(in.Resources) > 0 {
		p("\nThe %s %s how many %s of each %s %s needs in every %s it runs.\n", prose.JoinAnd(in.resourceNames()), prose.Plural(len(in.Resources), "column gives", "columns give"), v.Units, v.Resource, prose.An(v.Activity), v.Period)
		p("\n**%s**\n", prose.Capital(v.Resources))
		rcols := domains.Facets[resourceColumns](us)
		head := []string{v.Resource, "capacity"}
		for _, c := range rcols {
			head = append(head, c.resourceHead(in)...)
		}
		var rows [][]string
		for r, res := range in.Resources {
			row := []string{res.Name, fmt.Sprint(res.Capacity)}
			for _, c := range rcols {
				row = append(row, c.resourceCells(in, r)...)
			}
			rows = append(rows, row)
		}
		table(head, rows)
	}
	for _, c := range acols {
		if note := c.columnsNote(in); note != "" {
			p("\n%s\n", note)
		}
	}
	for _, s := range domains.Facets[sectioner](us) {
		if text := s.section(in); text != "" {
			p("\n%s\n", text)
		}
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
	if len(in.statedKeys()) > 0 {
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
	for _, k := range in.statedKeys() {
		s += fmt.Sprintf(", %q: 0", k)
	}
	return s + "}"
}
