package production

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains/prose"
)

// Prompt implements domains.Instance.
func (s *Shop) Prompt() string {
	v := s.Voc
	var b strings.Builder
	b.WriteString(v.Intro + " Schedule every step of every " + v.Job + ".\n\n")
	fmt.Fprintf(&b, "**Time.** Times are whole %s counted from 0, the start of the shift. Every step must end by time %d (closing time).\n\n", v.Units, s.Horizon)
	fmt.Fprintf(&b, "**%ss**: %s.\n\n", capitalize(v.Machine), prose.JoinAnd(s.Machines))
	cols := []string{v.Job, fmt.Sprintf("route (%s and duration in %s, in order)", v.Machine, v.Units)}
	if s.has(unitRelease) {
		cols = append(cols, "release")
	}
	if s.has(unitDeadlines) {
		cols = append(cols, "deadline")
	}
	if s.has(unitTardiness) {
		cols = append(cols, "due", "weight")
	}
	if s.has(unitCost) {
		cols = append(cols, v.Cost+" per "+v.Unit)
	}
	if s.has(unitChangeovers) {
		cols = append(cols, v.Family)
	}
	fmt.Fprintf(&b, "**%s**\n", capitalize(v.Jobs))
	writeRow(&b, cols)
	writeRow(&b, dashes(len(cols)))
	for _, job := range s.Jobs {
		var steps []string
		for k, op := range job.Route {
			steps = append(steps, fmt.Sprintf("%d. %s %d", k+1, s.Machines[op.Machine], op.Duration))
		}
		row := []string{job.Name, strings.Join(steps, " → ")}
		if s.has(unitRelease) {
			row = append(row, orDash(job.Release))
		}
		if s.has(unitDeadlines) {
			row = append(row, orDash(job.Deadline))
		}
		if s.has(unitTardiness) {
			row = append(row, fmt.Sprint(job.Due), fmt.Sprint(job.Weight))
		}
		if s.has(unitCost) {
			row = append(row, fmt.Sprint(job.Cost))
		}
		if s.has(unitChangeovers) {
			row = append(row, s.Families[job.Family])
		}
		writeRow(&b, row)
	}
	b.WriteString("\n")
	if s.has(unitChangeovers) {
		var ms []string
		for _, mc := range s.ChangeMachines {
			ms = append(ms, s.Machines[mc])
		}
		fmt.Fprintf(&b, "**Changeover times** on %s (in %s), from the %s of one %s to the %s of the next %s on that %s:\n", prose.JoinAnd(ms), v.Units, v.Family, v.Job, v.Family, v.Job, v.Machine)
		head := []string{"from \\ to"}
		head = append(head, s.Families...)
		writeRow(&b, head)
		writeRow(&b, dashes(len(head)))
		for f, row := range s.Setup {
			cells := []string{s.Families[f]}
			for _, c := range row {
				cells = append(cells, fmt.Sprint(c))
			}
			writeRow(&b, cells)
		}
		b.WriteString("\n")
	}
	if d := s.Delay; d != nil {
		fmt.Fprintf(&b, "**The plan agreed yesterday** (start time of each step):\n")
		writeRow(&b, []string{v.Job, "step starts"})
		writeRow(&b, dashes(2))
		for j, job := range s.Jobs {
			var xs []string
			for k := range job.Route {
				xs = append(xs, fmt.Sprintf("%d. %d", k+1, d.Plan[j][k]))
			}
			writeRow(&b, []string{job.Name, strings.Join(xs, ", ")})
		}
		fmt.Fprintf(&b, "\n**Disruption.** The material for %s arrives late: that step cannot start before time %d. Re-plan the whole shift.\n\n", s.opName(opRef{d.Job, d.Step}), d.Earliest)
	}
	b.WriteString("**Rules** (the names in quotes are the rules' names)\n")
	fmt.Fprintf(&b, "1. Routes (always): each %s's steps run in the order given; a step starts only when the previous step of the same %s has ended.\n", v.Job, v.Job)
	fmt.Fprintf(&b, "2. One at a time (always): each %s works on one step at a time; a step occupies its %s from its start until start + duration.\n", v.Machine, v.Machine)
	b.WriteString("3. Closing time (always): every step ends by the closing time.\n")
	n := 4
	rule := func(name, text string) {
		fmt.Fprintf(&b, "%d. \"%s\": %s\n", n, name, text)
		n++
	}
	for _, job := range s.Jobs {
		if s.has(unitRelease) && job.Release > 0 {
			rule(ruleRelease(job.Name), fmt.Sprintf("the first step of %s starts at time %d or later (its materials arrive then).", job.Name, job.Release))
		}
	}
	for _, job := range s.Jobs {
		if s.has(unitDeadlines) && job.Deadline > 0 {
			rule(ruleDeadline(job.Name), fmt.Sprintf("the last step of %s ends by time %d.", job.Name, job.Deadline))
		}
	}
	for _, d := range s.Deps {
		a, c := s.Jobs[d.Before].Name, s.Jobs[d.After].Name
		rule(ruleDep(a, c), fmt.Sprintf("the first step of %s starts only after the last step of %s has ended (it needs its output).", c, a))
	}
	if s.has(unitChangeovers) {
		rule(ruleChangeovers, fmt.Sprintf("on a %s with changeover times, between two consecutive steps whose %s have different %ss, the %s stays idle for at least the changeover time in the table (none between the same %s).", v.Machine, v.Jobs, v.Family, v.Machine, v.Family))
	}
	if w := s.Maintenance; w != nil {
		rule(ruleMaintenance(s.Machines[w.Machine]), fmt.Sprintf("%s is down for maintenance from time %d to time %d: no step on it may run during that time (a step may end at %d or start at %d).", s.Machines[w.Machine], w.From, w.To, w.From, w.To))
	}
	if bf := s.Buffer; bf != nil {
		mn := s.Machines[bf.Machine]
		rule(ruleBuffer(mn), fmt.Sprintf("%s is the bottleneck and its steps may overrun: after every step on %s, %s stays free for %d %s before its next step, and that %s's next step starts at least %d %s after it ends.", mn, mn, mn, bf.Time, unitWord(v, bf.Time), v.Job, bf.Time, unitWord(v, bf.Time)))
	}
	if d := s.Delay; d != nil {
		rule(s.ruleLate(), fmt.Sprintf("%s starts at time %d or later.", s.opName(opRef{d.Job, d.Step}), d.Earliest))
	}
	b.WriteString("\n**Goal.** Minimise, in this order (a later goal only decides between schedules equal on the earlier ones):\n")
	for i, l := range s.levels() {
		fmt.Fprintf(&b, "%d. %s.\n", i+1, capitalize(l.Text))
	}
	fmt.Fprintf(&b, "Start times with slack are not different schedules: the sum of start times asks every step to start as early as its order on the %ss allows, so that one schedule is the answer.\n\n", v.Machine)
	fmt.Fprintf(&b, "**Answer** with one JSON object in a ```json block, exactly in this form (names as written above; one entry per step of every %s; \"step\" counts from 1 along the route; \"objective\" is the value of goal %d, the %s, for your schedule):\n", v.Job, s.mainLevel()+1, s.levels()[s.mainLevel()].Name)
	b.WriteString("```json\n" + s.AnswerSchema() + "\n```\n")
	if s.has(unitInfeasible) {
		b.WriteString("If no schedule keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]}, listing the names (in quotes above) of rules that cannot all hold together; rules 1–3 always hold and are not named.\n")
	}
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

func writeRow(b *strings.Builder, cells []string) {
	b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
}

func dashes(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "---"
	}
	return out
}

func orDash(x int) string {
	if x == 0 {
		return "—"
	}
	return fmt.Sprint(x)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
