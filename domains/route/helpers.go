package route

import (
	"fmt"
)

// Helpers the task packages (commute, delivery, dispatch, itinerary) share
// when they write prompts, checklists and explanations.

// Clock writes m minutes after midnight as hh:mm.
func Clock(m int64) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

// Abs64 is |x|; the generators use it for grid (Manhattan) distances.
func Abs64(x int64) int64 { return max(x, -x) }
