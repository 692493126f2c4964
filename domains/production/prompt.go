package production

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// Prompt implements domains.Instance.
func (s *Shop) Prompt() string {
	v := s.Voc
	var b strings.Builder
	b.WriteString(v.Intro + " Schedule every step of every " + v.Job + ".\n\n")
	fmt.Fprintf(&b, "**Time.** Times are whole %s counted from 0, the start of the shift. Every step must end by time %d (closing time).\n\n", v.Units, s.Horizon)
	fmt.Fprintf(&b, "**%ss**: %s.\n\n", prose.Capital(v.Machine), prose.JoinAnd(s.Machines))
	us := s.units()
	var extra []column
	for _, u := range domains.Facets[columner](us) {
		extra = append(extra, u.Columns(s)...)
	}
	slices.SortStableFunc(extra, func(x, y column) int { return x.At - y.At })
	cols := []string{v.Job, fmt.Sprintf("route (%s and duration in %s, in order)", v.Machine, v.Units)}
	for _, c := range extra {
		cols = append(cols, c.Head)
	}
	fmt.Fprintf(&b, "**%s**\n", prose.Capital(v.Jobs))
	b.WriteString(prose.Head(cols))
	for _, job := range s.Jobs {
		var steps []string
		for k, op := range job.Route {
			steps = append(steps, fmt.Sprintf("%d. %s %d", k+1, s.Machines[op.Machine], op.Duration))
		}
		row := []string{job.Name, strings.Join(steps, " → ")}
		for _, c := range extra {
			row = append(row, c.Cell(job))
		}
		b.WriteString(prose.Row(row))
	}
	b.WriteString("\n")
	for _, u := range domains.Facets[sectioner](us) {
		b.WriteString(u.Section(s))
	}
	b.WriteString("**Rules** (the names in quotes are the rules' names)\n")
	fmt.Fprintf(&b, "1. Routes (always): each %s's steps run in the order given; a step starts only when the previous step of the same %s has ended.\n", v.Job, v.Job)
	fmt.Fprintf(&b, "2. One at a time (always): each %s works on one step at a time; a step occupies its %s from its start until start + duration.\n", v.Machine, v.Machine)
	b.WriteString("3. Closing time (always): every step ends by the closing time.\n")
	for i, r := range s.rules() {
		fmt.Fprintf(&b, "%d. \"%s\": %s\n", i+4, r.Name, r.Text)
	}
	b.WriteString("\n**Goal.** Minimise, in this order (a later goal only decides between schedules equal on the earlier ones):\n")
	for i, l := range s.levels() {
		fmt.Fprintf(&b, "%d. %s.\n", i+1, prose.Capital(l.Text))
	}
	fmt.Fprintf(&b, "Start times with slack are not different schedules: the sum of start times asks every step to start as early as its order on the %ss allows, so that one schedule is the answer.\n\n", v.Machine)
	fmt.Fprintf(&b, "**Answer** with one JSON object in a ```json block, exactly in this form (names as written above; one entry per step of every %s; \"step\" counts from 1 along the route; \"objective\" is the value of goal %d, the %s, for your schedule):\n", v.Job, s.mainLevel()+1, s.levels()[s.mainLevel()].Name)
	b.WriteString("```json\n" + s.AnswerSchema() + "\n```\n")
	// Every prompt offers the infeasibility answer, whether or not the
	// instance has a plan: its form must not tell which.
	b.WriteString(infeasibleAnswer)
	return b.String()
}

// AnswerSchema implements domains.Instance: the answer's form, filled in
// with the first two steps of the first job.
func (s *Shop) AnswerSchema() string {
	j := s.Jobs[0]
	return fmt.Sprintf(`{"schedule": [{"job": %q, "step": 1, "machine": %q, "start": 0}, {"job": %q, "step": 2, "machine": %q, "start": 0}, ...], "objective": 0}`,
		j.Name, s.Machines[j.Route[0].Machine], j.Name, s.Machines[j.Route[min(1, len(j.Route)-1)].Machine])
}

func unitWord(v Vocab, n int) string {
	if n == 1 {
		return v.Unit
	}
	return v.Units
}

func orDash(x int) string {
	if x == 0 {
		return "—"
	}
	return fmt.Sprint(x)
}
