package assign

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains/prose"
)

// Prompt implements domains.Instance: the problem as a person reads it,
// with every fact the checks use, the rules (numbered always-on rules,
// then the named rules of the sampled units), the goal with its levels
// and tie-break, and the answer form with a filled-in skeleton.
func (a *Assign) Prompt() string {
	var b strings.Builder
	v := a.Voc
	b.WriteString(v.Intro + "\n\n")
	if a.Partition {
		a.promptPartition(&b)
	} else {
		a.promptLabelled(&b)
	}
	if a.has(unitReplan) {
		b.WriteString("**Current plan** (made before the change below)\n")
		if a.Partition {
			for k := range a.Bins {
				var m []int
				for i, c := range a.Current {
					if c == k {
						m = append(m, i)
					}
				}
				fmt.Fprintf(&b, "- %s\n", a.names(m))
			}
		} else {
			for i, it := range a.Items {
				if a.Timed {
					fmt.Fprintf(&b, "- %s: %s from %s\n", it.Name, a.Bins[a.Current[i]].Name, a.clock(a.CurrentStart[i]))
					continue
				}
				fmt.Fprintf(&b, "- %s: %s\n", it.Name, a.Bins[a.Current[i]].Name)
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("**Rules**\n")
	var core []string
	if a.Partition {
		core = []string{
			fmt.Sprintf("Every %s is in exactly one %s.", v.Item, v.Bin),
			fmt.Sprintf("There are %d %s, of sizes %s.", len(a.Bins), v.Bins, a.sizesText()),
		}
	} else if a.Timed {
		core = []string{
			fmt.Sprintf("Every %s is done by one %s, from a start time on the grid, and ends by %s.", v.Item, v.Bin, a.clock(a.Slots)),
			fmt.Sprintf("A %s does one %s at a time.", v.Bin, v.Item),
		}
	} else {
		core = []string{fmt.Sprintf("Each %s gets at most one %s.", v.Item, v.Bin)}
	}
	for k, c := range core {
		fmt.Fprintf(&b, "%d. %s\n", k+1, c)
	}
	if rs := a.allRules(); len(rs) > 0 {
		b.WriteString("\nThe rules below are named (the name is in quotes):\n")
		for _, r := range rs {
			fmt.Fprintf(&b, "- %q: %s\n", r.Name, r.Text)
		}
	}
	b.WriteString("\n**Goal.** " + a.goalText() + "\n\n")
	a.answerText(&b)
	return b.String()
}

// itemColumn is a column of the items table after the name: its head and
// its cell of an item.
type itemColumn struct {
	head string
	cell func(it Item) string
}

// itemColumns are the columns of the items table that both modes have:
// the size (when showSize) and the quotas' attribute.
func (a *Assign) itemColumns(showSize bool) []itemColumn {
	var cols []itemColumn
	if showSize {
		cols = append(cols, itemColumn{a.Voc.Size, func(it Item) string { return fmt.Sprint(it.Size) }})
	}
	if a.has(unitQuotas) {
		cols = append(cols, itemColumn{a.Voc.Attr, func(it Item) string { return it.Attr }})
	}
	return cols
}

// itemsTable writes the items table: a row per item, its name and then
// its cell in each of cols.
func (a *Assign) itemsTable(b *strings.Builder, cols []itemColumn) {
	fmt.Fprintf(b, "**%s**\n", prose.Capital(a.Voc.Items))
	head := []string{a.Voc.Item}
	for _, c := range cols {
		head = append(head, c.head)
	}
	b.WriteString(prose.Head(head))
	for _, it := range a.Items {
		row := []string{it.Name}
		for _, c := range cols {
			row = append(row, c.cell(it))
		}
		b.WriteString(prose.Row(row))
	}
	b.WriteString("\n")
}

func (a *Assign) promptLabelled(b *strings.Builder) {
	v := a.Voc
	cols := a.itemColumns(a.Timed || a.has(unitCapacity) || a.has(unitBalance))
	if a.has(unitPriority) {
		cols = append(cols, itemColumn{a.Voc.prio(), func(it Item) string { return fmt.Sprint(it.Priority) }})
	}
	if a.has(unitCompat) {
		cols = append(cols, itemColumn{"allowed " + v.Bins, func(it Item) string { return strings.Join(it.Allowed, ", ") }})
	}
	if a.has(unitDeadlines) {
		cols = append(cols, itemColumn{"deadline", func(it Item) string {
			if it.Deadline > 0 {
				return a.clock(it.Deadline)
			}
			return "—"
		}})
	}
	if a.Timed {
		fmt.Fprintf(b, "**Time.** The day runs from %s to %s in slots of %d minutes. %s starts at the start of a slot (%s, %s, …) and must end by %s. Lengths (%s) are in slots.\n\n",
			a.clock(0), a.clock(a.Slots), a.SlotMin, prose.Capital(prose.An(v.Item)), a.clock(0), a.clock(1), a.clock(a.Slots), v.Size)
	}
	a.itemsTable(b, cols)
	fmt.Fprintf(b, "**%s**\n", prose.Capital(v.Bins))
	if a.has(unitCapacity) || a.Timed {
		head := []string{v.Bin}
		if a.Timed {
			head = append(head, v.Cost)
		}
		if a.has(unitCapacity) {
			head = append(head, "max "+v.Items, "max "+v.Size)
		}
		b.WriteString(prose.Head(head))
		for _, bin := range a.Bins {
			row := []string{bin.Name}
			if a.Timed {
				row = append(row, fmt.Sprint(bin.Rate))
			}
			if a.has(unitCapacity) {
				row = append(row, fmt.Sprint(bin.Cap), fmt.Sprint(bin.SizeCap))
			}
			b.WriteString(prose.Row(row))
		}
	} else {
		var ns []string
		for _, bin := range a.Bins {
			ns = append(ns, bin.Name)
		}
		b.WriteString(strings.Join(ns, ", ") + ".\n")
	}
	b.WriteString("\n")
	if a.Timed {
		return
	}
	fmt.Fprintf(b, "**%s** (of each %s in each %s)\n", prose.Capital(v.Cost), v.Item, v.Bin)
	head := []string{v.Item}
	for _, bin := range a.Bins {
		head = append(head, bin.Name)
	}
	b.WriteString(prose.Head(head))
	for i, it := range a.Items {
		row := []string{it.Name}
		for k := range a.Bins {
			row = append(row, fmt.Sprint(a.Cost[i][k]))
		}
		b.WriteString(prose.Row(row))
	}
	b.WriteString("\n")
}

func (a *Assign) promptPartition(b *strings.Builder) {
	v := a.Voc
	cols := a.itemColumns(a.has(unitBalance))
	if a.has(unitCompat) {
		cols = append(cols, itemColumn{"free " + v.Session + "s", func(it Item) string { return strings.Join(it.Free, ", ") }})
	}
	a.itemsTable(b, cols)
	if a.has(unitCompat) {
		fmt.Fprintf(b, "The possible %ss are %s.\n\n", v.Session, strings.Join(a.Sessions, ", "))
	}
	fmt.Fprintf(b, "**Requests** (%s who asked to be in the same %s", v.Items, v.Bin)
	if a.has(unitPriority) {
		b.WriteString(", with the weight of each request")
	}
	b.WriteString(")\n")
	for _, r := range a.Requests {
		if a.has(unitPriority) {
			fmt.Fprintf(b, "- %s and %s (weight %d)\n", r.A, r.B, r.Weight)
		} else {
			fmt.Fprintf(b, "- %s and %s\n", r.A, r.B)
		}
	}
	fmt.Fprintf(b, "\nThe %s have no names or numbers: two answers that put the same %s together are the same plan, in whatever order the %s are listed.\n\n", v.Bins, v.Items, v.Bins)
}

// goalText states the objective levels in order, the tie-break, and the
// backups' levels.
func (a *Assign) goalText() string {
	v := a.Voc
	var parts []string
	for _, l := range a.levelers() {
		parts = append(parts, l.text(a))
	}
	var goal string
	if a.Partition {
		if a.has(unitPriority) {
			goal = "minimise the total weight of the requests not met (a request is met when both are in the same " + v.Bin + ")"
		} else {
			goal = "minimise the number of requests not met (a request is met when both are in the same " + v.Bin + ")"
		}
	} else if a.Timed {
		w := ""
		if a.has(unitPriority) {
			w = v.prio() + " × "
		}
		goal = fmt.Sprintf("minimise the sum over %s of %send index, where the end index counts slots from %s (%s ending at %s has end index 2)", v.Items, w, a.clock(0), prose.An(v.Item), a.clock(2))
	} else if a.has(unitPriority) {
		goal = fmt.Sprintf("minimise the sum over the %s that get a %s of %s × %s", v.Items, v.Bin, v.prio(), v.Cost)
	} else {
		goal = fmt.Sprintf("minimise the total %s of the %s that get a %s", v.Cost, v.Items, v.Bin)
	}
	parts = append(parts, goal)
	if a.Timed {
		parts = append(parts, fmt.Sprintf("minimise the labour cost: the sum over %s of the %s of its %s × its length in slots", v.Items, v.Cost, v.Bin))
	}
	var s string
	if len(parts) == 1 {
		s = prose.Capital(goal) + "."
	} else {
		s = "First, " + parts[0] + "."
		for _, p := range parts[1:] {
			s += " Then, among those plans, " + p + "."
		}
	}
	if a.TieBreaks >= 1 {
		n := len(a.Items)
		if a.Partition {
			s += fmt.Sprintf(" If several plans reach the same values, number the %s 1 to %d in the order of the table and choose the plan that minimises the sum, over pairs of %s in the same %s, of the product of their numbers.", v.Items, n, v.Items, v.Bin)
		} else {
			none := fmt.Sprintf("; %s without a %s counts 0", prose.An(v.Item), v.Bin)
			if a.Timed {
				none = ""
			}
			s += fmt.Sprintf(" If several plans reach the same values, choose the one that minimises the sum over %s of weight × position, where the weight is %d for %s, %d for the next %s in the table and so on down to 1, and the position is that of its %s in the list of %s (the first counts 1%s).", v.Items, n, a.Items[0].Name, n-1, v.Item, v.Bin, v.Bins, none)
			if a.Timed {
				s += fmt.Sprintf(" If there is still a tie, the one that minimises the sum over %s of weight × start index (slots from %s; the first slot is 0).", v.Items, a.clock(0))
			}
		}
	}
	if a.criticalIdx() != nil {
		cost := v.Cost
		if a.has(unitPriority) {
			cost = v.prio() + " × " + v.Cost
		}
		// The backups' levels come after every level of the plan (the
		// model's order): a plan is chosen with its backups, and the
		// backups decide between plans that tie on everything before.
		if a.Partition {
			s += fmt.Sprintf(" Then, among the plans that tie on all of the above, choose the one whose swap partners minimise the sum of weight × the partner's number in the table (the first %s counts 1), where %s. %s", v.Item, critWeights(a.Critical), chosenTogether("swap partners"))
			return s
		}
		if a.Timed {
			s += fmt.Sprintf(" Then, among the plans that tie on all of the above, choose the one whose backups minimise the sum of weight × position of the backup %s in the list of %s (the first counts 1), where %s. %s", v.Bin, v.Bins, critWeights(a.Critical), chosenTogether("backups"))
			return s
		}
		s += fmt.Sprintf(" Then, among the plans that tie on all of the above, choose the one whose backups minimise the sum over the critical %s of %s in the backup %s", v.Items, cost, v.Bin)
		if a.TieBreaks >= 1 {
			s += fmt.Sprintf("; if several do, the one whose backups minimise the sum of weight × position of the backup %s, where %s", v.Bin, critWeights(a.Critical))
		}
		s += ". " + chosenTogether("backups")
	}
	return s
}

// chosenTogether says that a plan and its backups (what) are chosen
// together, in the order of the goal's levels.
func chosenTogether(what string) string {
	return fmt.Sprintf("So a plan is chosen together with its %s: of the plans that tie on everything before, the one with the best %s wins.", what, what)
}

// critWeights states the weights of the critical items of a backups'
// tie-break, from len(names) for the first down to 1 for the last, in
// the order named: "the weight is 1 for Femi", "the weight is 2 for Nora
// and 1 for Tara", "the weight is 3 for A, 2 for B and so on down to 1 for
// C" (never "the weight 1 for Femi and so on down to 1").
func critWeights(names []string) string {
	switch n := len(names); n {
	case 1:
		return "the weight is 1 for " + names[0]
	case 2:
		return fmt.Sprintf("the weight is 2 for %s and 1 for %s", names[0], names[1])
	default:
		return fmt.Sprintf("the weight is %d for %s, %d for %s and so on down to 1 for %s", n, names[0], n-1, names[1], names[n-1])
	}
}

func (a *Assign) answerText(b *strings.Builder) {
	v := a.Voc
	b.WriteString("**Answer** with one JSON object in a ```json block, exactly in this form (names exactly as written above):\n```json\n")
	b.WriteString(a.AnswerSchema() + "\n```\n")
	if a.Partition {
		fmt.Fprintf(b, "List the %d %s; each is the list of its %s.", len(a.Bins), v.Bins, v.Items)
	} else if a.Timed {
		fmt.Fprintf(b, "List every %s once, with its %s and start time (HH:MM).", v.Item, v.Bin)
	} else {
		fmt.Fprintf(b, "List every %s once; write null as the %s of %s that gets none.", v.Item, v.Bin, prose.An(v.Item))
	}
	if a.criticalIdx() != nil && a.Partition {
		fmt.Fprintf(b, " Under \"backups\", give one swap partner for each critical %s (%s).", v.Item, prose.JoinAnd(a.Critical))
	} else if a.criticalIdx() != nil {
		fmt.Fprintf(b, " Under \"backups\", give one backup %s for each critical %s (%s).", v.Bin, v.Item, prose.JoinAnd(a.Critical))
	}
	if a.has(unitSelfCheck) {
		fmt.Fprintf(b, " `objective` is your plan's %s.", a.goalNoun())
	}
	// Every prompt offers the infeasibility answer, whether or not the
	// instance has a plan: its form must not tell which.
	core := "rule 1"
	if a.Partition || a.Timed {
		core = "rules 1 and 2"
	}
	fmt.Fprintf(b, " If no plan can keep every rule, answer {\"feasible\": false, \"conflict\": [...]} instead, naming (in quotes as above) a set of named rules that cannot all hold together with %s.", core)
	b.WriteString("\n")
}

// goalNoun names the goal's value for the self-check.
func (a *Assign) goalNoun() string {
	v := a.Voc
	switch {
	case a.Partition && a.has(unitPriority):
		return "total weight of the requests not met"
	case a.Partition:
		return "number of requests not met"
	case a.Timed && a.has(unitPriority):
		return "sum of " + v.prio() + " × end index"
	case a.Timed:
		return "sum of end indexes"
	case a.has(unitPriority):
		return "sum of " + v.prio() + " × " + v.Cost
	}
	return "total " + v.Cost
}
