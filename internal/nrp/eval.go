package nrp

import (
	"fmt"
	"strings"
)

// Off marks a day without a shift in a Roster.
const Off = -1

// Roster is a plan: Roster[s][d] is the shift type index staff s works on
// day d, or Off.
type Roster [][]int

// The hard rules, as Violation.Rule names them.
const (
	RuleShape          = "roster shape"
	RuleMaxShifts      = "max shifts per type"
	RuleMaxMinutes     = "max total minutes"
	RuleMinMinutes     = "min total minutes"
	RuleMaxConsecutive = "max consecutive shifts"
	RuleMinConsecutive = "min consecutive shifts"
	RuleMinDaysOff     = "min consecutive days off"
	RuleMaxWeekends    = "max weekends"
	RuleDaysOff        = "days off"
	RuleRotation       = "shift rotation"
)

// Violation is one broken hard rule: which rule, whose roster, and the
// evidence. Day is the first day concerned, or -1 for a whole-horizon rule.
type Violation struct {
	Rule   string
	Staff  string
	Day    int
	Detail string
}

func (v Violation) String() string {
	if v.Day >= 0 {
		return fmt.Sprintf("%s: employee %s, day %d: %s", v.Rule, v.Staff, v.Day, v.Detail)
	}
	return fmt.Sprintf("%s: employee %s: %s", v.Rule, v.Staff, v.Detail)
}

// Score is the evaluation of a roster: the hard rules it breaks and its
// soft penalty, split as the benchmark reports it.
type Score struct {
	Violations []Violation
	On, Off    int // request penalties
	Under      int // cover penalty for staff missing
	Over       int // cover penalty for staff in excess
}

// Penalty is the objective of the benchmark: the sum of the soft penalties.
func (s Score) Penalty() int { return s.On + s.Off + s.Under + s.Over }

// Feasible reports whether no hard rule is broken.
func (s Score) Feasible() bool { return len(s.Violations) == 0 }

// Evaluate scores r against in from the rule text of the benchmark
// (PROVENANCE.txt and optima.txt beside the instances), independently of
// the model: every hard rule is checked on the roster itself and every
// soft penalty summed. Boundary conventions (the official ones): the days
// before and after the horizon count as days off for the maximum of
// consecutive shifts; a run of shifts, or of days off, that touches the
// first or last day of the horizon is not checked against the minimum. A
// roster of the wrong shape is one RuleShape violation and nothing else is
// checked.
func Evaluate(in *Instance, r Roster) Score {
	var sc Score
	if len(r) != len(in.Staff) {
		sc.Violations = append(sc.Violations, Violation{RuleShape, "", -1, fmt.Sprintf("%d rows for %d employees", len(r), len(in.Staff))})
		return sc
	}
	for s, row := range r {
		if len(row) != in.Horizon {
			sc.Violations = append(sc.Violations, Violation{RuleShape, in.Staff[s].ID, -1, fmt.Sprintf("%d days for a horizon of %d", len(row), in.Horizon)})
			return sc
		}
		for d, t := range row {
			if t != Off && (t < 0 || t >= len(in.Shifts)) {
				sc.Violations = append(sc.Violations, Violation{RuleShape, in.Staff[s].ID, d, fmt.Sprintf("no shift type %d", t)})
				return sc
			}
		}
	}
	for s := range in.Staff {
		sc.Violations = append(sc.Violations, hardRules(in, s, r[s])...)
	}
	for _, q := range in.On {
		if r[q.Staff][q.Day] != q.Shift {
			sc.On += q.Weight
		}
	}
	for _, q := range in.Off {
		if r[q.Staff][q.Day] == q.Shift {
			sc.Off += q.Weight
		}
	}
	for _, c := range in.Cover {
		x := 0
		for s := range in.Staff {
			if r[s][c.Day] == c.Shift {
				x++
			}
		}
		if x < c.Requirement {
			sc.Under += (c.Requirement - x) * c.Under
		} else {
			sc.Over += (x - c.Requirement) * c.Over
		}
	}
	return sc
}

// hardRules checks one employee's row.
func hardRules(in *Instance, s int, row []int) []Violation {
	st := in.Staff[s]
	var vs []Violation
	bad := func(rule string, day int, format string, args ...any) {
		vs = append(vs, Violation{rule, st.ID, day, fmt.Sprintf(format, args...)})
	}
	// Max shifts per type and total minutes.
	count := make([]int, len(in.Shifts))
	minutes := 0
	for _, t := range row {
		if t != Off {
			count[t]++
			minutes += in.Shifts[t].Minutes
		}
	}
	for t, n := range count {
		if n > st.MaxShifts[t] {
			bad(RuleMaxShifts, -1, "%d shifts of type %s, at most %d allowed", n, in.Shifts[t].ID, st.MaxShifts[t])
		}
	}
	if minutes > st.MaxMinutes {
		bad(RuleMaxMinutes, -1, "%d minutes worked, at most %d allowed", minutes, st.MaxMinutes)
	}
	if minutes < st.MinMinutes {
		bad(RuleMinMinutes, -1, "%d minutes worked, at least %d required", minutes, st.MinMinutes)
	}
	// Runs of working days and of days off, each checked once.
	for start := 0; start < len(row); {
		working := row[start] != Off
		end := start
		for end+1 < len(row) && (row[end+1] != Off) == working {
			end++
		}
		n := end - start + 1
		inner := start > 0 && end < len(row)-1 // touches neither end of the horizon
		switch {
		case working && n > st.MaxConsecutive:
			bad(RuleMaxConsecutive, start, "%d shifts in a row (days %d–%d), at most %d allowed", n, start, end, st.MaxConsecutive)
		}
		switch {
		case working && inner && n < st.MinConsecutive:
			bad(RuleMinConsecutive, start, "%d shifts in a row (days %d–%d), at least %d required", n, start, end, st.MinConsecutive)
		case !working && inner && n < st.MinDaysOff:
			bad(RuleMinDaysOff, start, "%d days off in a row (days %d–%d), at least %d required", n, start, end, st.MinDaysOff)
		}
		start = end + 1
	}
	// Weekends: days 5 and 6 of each week (day 0 is a Monday).
	var worked []string
	for sat := 5; sat < len(row); sat += 7 {
		if row[sat] != Off || (sat+1 < len(row) && row[sat+1] != Off) {
			worked = append(worked, fmt.Sprintf("%d–%d", sat, sat+1))
		}
	}
	if len(worked) > st.MaxWeekends {
		bad(RuleMaxWeekends, -1, "%d weekends worked (days %s), at most %d allowed", len(worked), strings.Join(worked, ", "), st.MaxWeekends)
	}
	for _, d := range in.DaysOff[s] {
		if row[d] != Off {
			bad(RuleDaysOff, d, "shift %s on a day off", in.Shifts[row[d]].ID)
		}
	}
	for d := 0; d+1 < len(row); d++ {
		t, u := row[d], row[d+1]
		if t == Off || u == Off {
			continue
		}
		for _, n := range in.Shifts[t].NotNext {
			if n == u {
				bad(RuleRotation, d, "shift %s on day %d followed by shift %s on day %d", in.Shifts[t].ID, d, in.Shifts[u].ID, d+1)
			}
		}
	}
	return vs
}

// Format writes r as one line per employee: the ID, then one column per
// day with the shift type's ID or '.' for a day off.
func (in *Instance) Format(r Roster) string {
	var b strings.Builder
	w := 1
	for _, st := range in.Staff {
		w = max(w, len(st.ID))
	}
	for _, sh := range in.Shifts {
		w = max(w, len(sh.ID))
	}
	for s, row := range r {
		fmt.Fprintf(&b, "%-*s", w, in.Staff[s].ID)
		for _, t := range row {
			id := "."
			if t != Off {
				id = in.Shifts[t].ID
			}
			fmt.Fprintf(&b, " %*s", w, id)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
