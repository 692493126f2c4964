package route

import (
	"fmt"
	"strings"
)

// Helpers the task packages (commute, delivery, dispatch, itinerary) share
// when they write prompts, checklists and explanations.

// Clock writes m minutes after midnight as hh:mm.
func Clock(m int64) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

// Abs64 is |x|; the generators use it for grid (Manhattan) distances.
func Abs64(x int64) int64 { return max(x, -x) }

// GoalSentences writes the goals of a prompt's **Goal.** paragraph, each
// a clause in the order they apply ("minimise the total driving time"):
// one goal as a sentence of its own; several as "First, <goal>." and then
// " Then, among those plans, <goal>." for each next goal.
func GoalSentences(goals []string) string {
	if len(goals) == 1 {
		g := goals[0]
		if g == "" {
			return "."
		}
		return strings.ToUpper(g[:1]) + g[1:] + "."
	}
	var b strings.Builder
	for i, g := range goals {
		if i == 0 {
			fmt.Fprintf(&b, "First, %s.", g)
		} else {
			fmt.Fprintf(&b, " Then, among those plans, %s.", g)
		}
	}
	return b.String()
}

// Column is a column that a unit adds to a table of the prompt: its head,
// its alignment in the separator row ("---" or "---:") and the cell of
// each row (by the row's key, see Table). At orders the columns where a
// skin sorts them.
type Column struct {
	At          int
	Head, Align string
	Cell        func(key int) string
}

// Table writes a table of the prompt whose own columns the units' cols
// extend: head and sep are the table's own head and separator rows up to
// their last "|" (head may open with the table's title), and rows its own
// cells of each row, in order; the cells of row i in cols are those of key
// first+i.
func Table(b *strings.Builder, head, sep string, rows []string, cols []Column, first int) {
	b.WriteString(head)
	for _, col := range cols {
		fmt.Fprintf(b, " %s |", col.Head)
	}
	b.WriteString("\n" + sep)
	for _, col := range cols {
		b.WriteString(col.Align + "|")
	}
	b.WriteString("\n")
	for i, r := range rows {
		b.WriteString(r)
		for _, col := range cols {
			fmt.Fprintf(b, " %s |", col.Cell(first+i))
		}
		b.WriteString("\n")
	}
}

// Matrix writes the square table of minutes between places: title, then
// the head "| from \ to |" and one column per place by its short name,
// then a row per place with the minutes at(i, j) to each other place and
// "—" to itself.
func Matrix(b *strings.Builder, title string, names []string, short func(string) string, at func(i, j int) int64) {
	b.WriteString(title + "| from \\ to |")
	for _, s := range names {
		fmt.Fprintf(b, " %s |", short(s))
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", len(names)) + "\n")
	for i, s := range names {
		fmt.Fprintf(b, "| %s |", short(s))
		for j := range names {
			if i == j {
				b.WriteString(" — |")
			} else {
				fmt.Fprintf(b, " %d |", at(i, j))
			}
		}
		b.WriteString("\n")
	}
}
