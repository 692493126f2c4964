package route

import (
	"fmt"
	"strings"
)

// Helpers the task packages (commute, delivery, dispatch, itinerary) share
// when they write prompts, checklists and explanations.

// Clock writes m minutes after midnight as hh:mm.
func Clock(m int64) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

// Quoted writes names quoted and comma-separated, as a checklist or
// explanation names rules: "a", "b".
func Quoted(ns []string) string {
	q := make([]string, len(ns))
	for i, n := range ns {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// Abs64 is |x|; the generators use it for grid (Manhattan) distances.
func Abs64(x int64) int64 { return max(x, -x) }
