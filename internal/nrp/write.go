package nrp

import (
	"fmt"
	"io"
	"strings"
)

// WriteTo writes in in the benchmark's text format, which Parse reads
// back to an equal instance (Name aside).
func (in *Instance) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "SECTION_HORIZON\n%d\n\nSECTION_SHIFTS\n", in.Horizon)
	for _, sh := range in.Shifts {
		var ids []string
		for _, t := range sh.NotNext {
			ids = append(ids, in.Shifts[t].ID)
		}
		fmt.Fprintf(&b, "%s,%d,%s\n", sh.ID, sh.Minutes, strings.Join(ids, "|"))
	}
	b.WriteString("\nSECTION_STAFF\n")
	for _, st := range in.Staff {
		var ms []string
		for t, n := range st.MaxShifts {
			ms = append(ms, fmt.Sprintf("%s=%d", in.Shifts[t].ID, n))
		}
		fmt.Fprintf(&b, "%s,%s,%d,%d,%d,%d,%d,%d\n", st.ID, strings.Join(ms, "|"), st.MaxMinutes, st.MinMinutes, st.MaxConsecutive, st.MinConsecutive, st.MinDaysOff, st.MaxWeekends)
	}
	b.WriteString("\nSECTION_DAYS_OFF\n")
	for s, ds := range in.DaysOff {
		if len(ds) == 0 {
			continue
		}
		b.WriteString(in.Staff[s].ID)
		for _, d := range ds {
			fmt.Fprintf(&b, ",%d", d)
		}
		b.WriteByte('\n')
	}
	for i, rs := range [][]Request{in.On, in.Off} {
		b.WriteString([...]string{"\nSECTION_SHIFT_ON_REQUESTS\n", "\nSECTION_SHIFT_OFF_REQUESTS\n"}[i])
		for _, r := range rs {
			fmt.Fprintf(&b, "%s,%d,%s,%d\n", in.Staff[r.Staff].ID, r.Day, in.Shifts[r.Shift].ID, r.Weight)
		}
	}
	b.WriteString("\nSECTION_COVER\n")
	for _, c := range in.Cover {
		fmt.Fprintf(&b, "%d,%s,%d,%d,%d\n", c.Day, in.Shifts[c.Shift].ID, c.Requirement, c.Under, c.Over)
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}
