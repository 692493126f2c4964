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
