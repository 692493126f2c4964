package quantity

import "fmt"

// The period pools of the levels above 1: long enough for their largest
// horizons (level 1 keeps the short pools of tasks.go and
// tasks_project.go).
var (
	weeksLong    = numbered("Week %d", 16)
	daysLong     = []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Mon 2", "Tue 2", "Wed 2", "Thu 2", "Fri 2", "Sat 2", "Sun 2"}
	quartersLong = []string{"Q1 2027", "Q2 2027", "Q3 2027", "Q4 2027", "Q1 2028", "Q2 2028", "Q3 2028", "Q4 2028"}
	monthsLong   = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	yearsLong    = numbered("%d", 8, 2027)
	blocksLong   = dayBlocks([]string{"Day 1", "Day 2", "Day 3"}, 0)
	hoursLong    = numbered("Hour %d", 24)
	festivalLong = dayBlocks([]string{"Fri", "Sat", "Sun"}, 3)[:14]
)

// numbered returns n names of format with the numbers from (default 1).
func numbered(format string, n int, from ...int) []string {
	f := 1
	if len(from) > 0 {
		f = from[0]
	}
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf(format, f+i)
	}
	return out
}

// dayBlocks returns the four-hour blocks of the days, named "day hh:00",
// from block skip of the first day on (a block at 00:00 belongs to the
// day it starts).
func dayBlocks(days []string, skip int) []string {
	var out []string
	for _, d := range days {
		for h := 0; h < 24; h += 4 {
			out = append(out, fmt.Sprintf("%s %02d:00", d, h))
		}
	}
	return out[skip:]
}
