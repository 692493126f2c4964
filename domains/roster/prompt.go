package roster

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// Prompt implements domains.Instance: the facts, the named rules, the goal
// with its levels and tie-breaks, what "the same roster" means, and the
// answer form with a filled-in skeleton.
func (r *Roster) Prompt() string {
	v := r.Voc
	var b strings.Builder
	b.WriteString(v.Intro + "\n\n")
	fmt.Fprintf(&b, "**Days.** %s. **Shifts** (every day): ", strings.Join(r.Days, ", "))
	for s, sh := range r.Shifts {
		if s > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %s", sh.Name, sh.Hours)
	}
	fmt.Fprintf(&b, ". Each %s works at most one shift a day, or has the day Off.", v.Person)
	if r.has(unitRest) || r.has(unitConsecutive) || r.has(unitNightRest) {
		// The rules on successive days (counts on d and d+1) read the
		// list in order and stop at its end.
		last := len(r.Days) - 1
		fmt.Fprintf(&b, " Rules about days in a row or the next day go by this list: each day is followed by the next one listed, and %s, the last, by none (the days do not wrap around to %s).", r.Days[last], r.Days[0])
	}
	b.WriteString("\n\n")

	// Staff table.
	fmt.Fprintf(&b, "**%s**\n", prose.Capital(v.People))
	cols := domains.Facets[columner](r.units())
	head := []string{v.Person, v.Pay + " per shift"}
	for _, c := range cols {
		head = append(head, c.column(r))
	}
	b.WriteString(prose.Head(head))
	for p, st := range r.Staff {
		row := []string{st.Name, fmt.Sprint(st.Rate)}
		for _, c := range cols {
			row = append(row, c.cell(r, p))
		}
		b.WriteString(prose.Row(row))
	}

	// Demand table.
	fmt.Fprintf(&b, "\n**Demand** (the least number of %s on each shift", v.People)
	for _, u := range domains.Facets[demandNoter](r.units()) {
		b.WriteString(u.demandNote(r))
	}
	b.WriteString(")\n")
	head = []string{"day"}
	for _, sh := range r.Shifts {
		head = append(head, sh.Name)
	}
	b.WriteString(prose.Head(head))
	for d, dn := range r.Days {
		row := []string{dn}
		h := r.holiday(d)
		if h != nil {
			row[0] += " (holiday)"
		}
		for s := range r.Shifts {
			if h != nil && h.Lo[s] != h.Hi[s] {
				row = append(row, fmt.Sprintf("%d–%d", h.Lo[s], h.Hi[s]))
			} else {
				row = append(row, fmt.Sprint(r.need(d, s)))
			}
		}
		b.WriteString(prose.Row(row))
	}

	for _, u := range domains.Facets[sectioner](r.units()) {
		b.WriteString(u.section(r))
	}

	// Rules.
	b.WriteString("\n**Rules** (each has a name in bold)\n")
	for i, ru := range r.rules() {
		fmt.Fprintf(&b, "%d. **%s**: %s\n", i+1, ru.Name, ru.Text)
	}

	// Goal.
	b.WriteString("\n**Goal.** ")
	var ls []level
	for _, l := range r.levels() {
		if l.text != nil {
			ls = append(ls, l)
		}
	}
	for i, l := range ls {
		switch {
		case len(ls) == 1:
			b.WriteString(prose.Capital(l.text(r)) + ".")
		case i == 0:
			b.WriteString("First, " + l.text(r) + ".")
		default:
			b.WriteString(" Then, among those rosters, " + l.text(r) + ".")
		}
	}
	for _, u := range domains.Facets[laterLeveler](r.units()) {
		b.WriteString(u.laterGoal(r))
	}
	if r.TieBreaks >= 1 {
		fmt.Fprintf(&b, " If several rosters are still equally good, take the first in this order: compare them %s by %s in the order of the staff table, and each %s's days from %s to %s; at the first entry where they differ, prefer Off to any shift, and an earlier shift to a later one (%s).",
			v.Person, v.Person, v.Person, r.Days[0], r.Days[len(r.Days)-1], r.shiftOrder())
	}
	same := ""
	for _, p := range r.parts() {
		same += p.samePart(r)
	}
	fmt.Fprintf(&b, " Two rosters are the same when every %s has the same entry (shift or Off) on every day%s; no two %s are interchangeable, since each has their own %s rate.\n",
		v.Person, same, v.People, v.Pay)

	// Answer.
	b.WriteString("\n**Answer** with one JSON object in a ```json block, exactly in this form (names as written above, one entry per day from ")
	fmt.Fprintf(&b, "%s to %s, each entry a shift name or \"Off\"):\n```json\n%s\n```\n", r.Days[0], r.Days[len(r.Days)-1], r.AnswerSchema())
	for _, p := range r.parts() {
		b.WriteString(p.partNote(r))
	}
	// Every prompt offers the infeasibility answer, whether or not the
	// instance has a roster: its form must not tell which.
	b.WriteString(infeasibleAnswer)
	return b.String()
}

// AnswerSchema implements domains.Instance: the answer's form, filled in
// with the first two staff and the first day's shift names.
func (r *Roster) AnswerSchema() string {
	var b strings.Builder
	b.WriteString(`{"roster": {`)
	for p := 0; p < min(2, len(r.Staff)); p++ {
		if p > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: [%q, \"Off\", ...]", r.Staff[p].Name, r.Shifts[p%len(r.Shifts)].Name)
	}
	b.WriteString(", ...}")
	for _, p := range r.parts() {
		key, skeleton := p.AnswerKey(r)
		fmt.Fprintf(&b, ", %q: %s", key, skeleton)
	}
	return b.String() + "}"
}

func (r *Roster) shiftOrder() string {
	var ns []string
	for _, sh := range r.Shifts {
		ns = append(ns, sh.Name)
	}
	return strings.Join(ns, " before ")
}

func (r *Roster) prefText(p int) string {
	var out []string
	for _, f := range r.Staff[p].Prefs {
		switch {
		case f.Shift == Off:
			out = append(out, fmt.Sprintf("%s off (%d)", r.Days[f.Day], f.Weight))
		case f.Day < 0:
			out = append(out, fmt.Sprintf("no %s shifts (%d each)", r.Shifts[f.Shift].Name, f.Weight))
		default:
			out = append(out, fmt.Sprintf("no %s on %s (%d)", r.Shifts[f.Shift].Name, r.Days[f.Day], f.Weight))
		}
	}
	return strings.Join(out, "; ")
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
