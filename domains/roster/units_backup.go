package roster

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// ---- backup (hard): an on-call backup per shift of one day ----

// backup: a distinct on-call backup for every shift of one day (its rule
// comes after every counting rule, which it re-checks for the backups).
// Readings (see Readings): "each shift's backup is the first allowed one
// in the table", shift by shift (which can leave a later shift without a
// valid backup, and so rule out the roster), ruled out by the goal's
// "among those who can take it while every later shift can still get a
// valid backup"; "the roster first, then its backups" (the roster optimal
// without them), ruled out by "So a roster is chosen together with its
// backups".
type backup struct{}

// The readings of the backup rule.
const (
	// readingBackupGreedy is the reading of "the allowed person who comes
	// first in the staff table" without looking ahead.
	readingBackupGreedy = "each shift's backup is the first allowed person in the table, shift by shift, whatever the later shifts are left"
	// readingRosterFirst is the reading of the backups as chosen after
	// the roster.
	readingRosterFirst = "the roster is chosen first and its backups after it"
)

// Readings implements domains.Reader.
func (backup) Readings() []domains.Reading {
	return []domains.Reading{
		{Name: readingBackupGreedy, RuledOutBy: "among those who can take it while every later shift can still get a valid backup"},
		{Name: readingRosterFirst, RuledOutBy: "So a roster is chosen together with its backups"},
	}
}

func (backup) Info() domains.Unit {
	return domains.Unit{ID: unitBackup, Tier: domains.Hard, Title: "on-call backup per shift"}
}

func (backup) Rules(r *Roster) []rule {
	if r.BackupDay < 0 {
		return nil
	}
	return []rule{{Name: ruleBackup, Text: r.backupRule()}}
}

func (backup) Items(r *Roster) []domains.Item {
	if r.BackupDay < 0 {
		return nil
	}
	return []domains.Item{domains.FeasibilityItem(itemBackup, unitBackup, domains.Hard, r.backupItem())}
}

// Model adds the backups' variables (answer variables) and rules.
func (backup) Model(b *builder) {
	if b.r.BackupDay < 0 {
		return
	}
	b.backups()
	for _, vs := range b.bk {
		b.answer = append(b.answer, vs...)
	}
}

// Validate: an instance has a backup day exactly when its spec has the
// unit (its range is the core's to check).
func (backup) Validate(r *Roster) error {
	if (r.BackupDay >= 0) != r.has(unitBackup) {
		return fmt.Errorf("backup_day: %d does not match the backup unit of the spec", r.BackupDay)
	}
	return nil
}

// minStaff: a backup per shift, off that day, beside the shift's staff.
func (backup) minStaff(r *Roster, available int) int { return min(2*len(r.Shifts), available) }

// later: the backups, shift by shift, each the first allowed person of
// the staff table.
func (backup) later(r *Roster) []level {
	var out []level
	if r.BackupDay < 0 {
		return nil
	}
	for j := range r.backupShifts() {
		out = append(out, level{"", func(b *builder) []encode.Term {
			var ts []encode.Term
			for p, v := range b.bk[j] {
				ts = append(ts, encode.Term{Var: v, Coef: int64(p + 1)})
			}
			return ts
		}, func(_ *Roster, _ [][]int, bk []int) int64 { return int64(bk[j] + 1) }, nil})
	}
	return out
}

// laterGoal states the backup levels as the model has them (later): after
// every level of the roster, one per shift in order, each the position of
// that shift's backup in the staff table. So a shift's backup is the first
// in the table among the choices that leave every later shift a valid
// backup (the first allowed person alone may leave a later shift without
// one), and the backups decide between rosters that tie before them.
func (backup) laterGoal(r *Roster) string {
	return fmt.Sprintf(" Then, among the rosters that tie on all of the above, choose the backups shift by shift, in the order %s: each shift's backup is the allowed %s who comes first in the staff table among those who can take it while every later shift can still get a valid backup. So a roster is chosen together with its backups: of the rosters that tie on everything before, the one with the best backups wins.", r.shiftNames(r.backupShifts()), r.Voc.Person)
}

func (backup) laterOptimal(*Roster) string { return ", with the backups chosen as stated" }

// AnswerKey implements domains.AnswerPart: the backups by shift.
func (backup) AnswerKey(r *Roster) (key, skeleton string) {
	bs := r.backupShifts()
	return "backups", fmt.Sprintf(`{%q: %q, ...}`, r.Shifts[bs[0]].Name, r.Staff[len(r.Staff)-1].Name)
}

func (backup) encodePart(r *Roster, _ [][]int, bk []int) (string, bool) {
	if bk == nil {
		return "", false
	}
	var b strings.Builder
	b.WriteString("{")
	for j, s := range r.backupShifts() {
		if j > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: %q", r.Shifts[s].Name, r.Staff[bk[j]].Name)
	}
	b.WriteString("}")
	return b.String(), true
}

// parsePart reads the backups: the backup of each backup shift, -1 where
// it is missing or not on the staff (bkErr says why). Without backups,
// or with backups that do not read (the error returned), every shift has
// none.
func (backup) parsePart(r *Roster, raw json.RawMessage, given bool, ans *answer) string {
	var bks map[string]string
	if !given || json.Unmarshal(raw, &bks) != nil {
		ans.bk = slices.Repeat([]int{-1}, len(r.backupShifts()))
		if !given {
			ans.bkErr = domains.Missing("backups")
			return ""
		}
		ans.bkErr = `"backups" must be an object from each shift to a name`
		return ans.bkErr
	}
	for _, s := range r.backupShifts() {
		n, ok := bks[r.Shifts[s].Name]
		p := slices.IndexFunc(r.Staff, func(st Staff) bool { return st.Name == n })
		switch {
		case !ok && ans.bkErr == "":
			ans.bkErr = fmt.Sprintf("shift %s has no backup", r.Shifts[s].Name)
		case ok && p < 0 && ans.bkErr == "":
			ans.bkErr = fmt.Sprintf("backup %q of %s is not on the staff", n, r.Shifts[s].Name)
		}
		ans.bk = append(ans.bk, p)
	}
	if len(bks) != len(r.backupShifts()) && ans.bkErr == "" {
		ans.bkErr = fmt.Sprintf("backups must name exactly the shifts %s", r.shiftNames(r.backupShifts()))
	}
	return ""
}

func (backup) partNote(r *Roster) string {
	return fmt.Sprintf("`backups` names the backup %s of each shift of %s.\n", r.Voc.Person, r.Days[r.BackupDay])
}

func (backup) samePart(*Roster) string { return " and every backup is the same" }

// Check judges the backups.
func (backup) Check(r *Roster, ans *answer, f fails) {
	if r.BackupDay < 0 {
		return
	}
	if why := r.checkBackups(ans); why != "" {
		f.Add(itemBackup, why)
	}
}

// backupShifts returns the shifts of the backup day that need a backup:
// those with staff to replace.
func (r *Roster) backupShifts() []int {
	var out []int
	if r.BackupDay < 0 {
		return nil
	}
	for s := range r.Shifts {
		if r.need(r.BackupDay, s) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// backups adds the backup unit's variables and rules (group "backup"):
// one backup per shift of the backup day, no one backing up two shifts,
// a backup is off that day, holds the skill a shift needs, and keeps
// every rule on their own week if called.
func (b *builder) backups() {
	r, m := b.r, b.m
	dc := r.BackupDay
	shifts := r.backupShifts()
	b.bk = make([][]encode.Var, len(shifts))
	g := ruleBackup
	for j, s := range shifts {
		b.bk[j] = make([]encode.Var, len(r.Staff))
		var lits []encode.Lit
		for p, st := range r.Staff {
			v := m.NewBool(fmt.Sprintf("b[%s|%s]", r.Shifts[s].Name, st.Name))
			b.bk[j][p] = v
			lits = append(lits, v.Lit())
		}
		b.n[g]++
		m.AddExactly(lits, 1).Named(fmt.Sprintf("%s #%d", g, b.n[g])).InGroup(g)
	}
	personal := map[int][]count{}
	for _, ru := range r.countRules() {
		for _, c := range ru.Counts {
			if p, ok := c.personal(); ok {
				personal[p] = append(personal[p], c)
			}
		}
	}
	for p := range r.Staff {
		var lits []encode.Lit
		for j := range shifts {
			lits = append(lits, b.bk[j][p].Lit())
		}
		if len(lits) > 1 {
			b.n[g]++
			m.AddAtMost(lits, 1).Named(fmt.Sprintf("%s #%d", g, b.n[g])).InGroup(g)
		}
		for j, s := range shifts {
			gl := b.bk[j][p].Lit()
			// Off on the backup day.
			b.addScenario(g, count{Cells: []cell{{p, dc, anyShift}}, AtMost: true, K: 0}, &gl, -1, -1, gl)
			if r.needsSkill(s) && !r.Staff[p].Skilled {
				b.n[g]++
				m.AddAtMost([]encode.Lit{gl}, 0).Named(fmt.Sprintf("%s #%d", g, b.n[g])).InGroup(g)
			}
			for _, c := range personal[p] {
				if touches(c, dc) {
					b.addScenario(g, c, &gl, p, s, gl)
				}
			}
		}
	}
}

// touches reports whether count c has a cell on day d.
func touches(c count, d int) bool {
	for _, x := range c.Cells {
		if x.d == d {
			return true
		}
	}
	return false
}

// checkBackups checks the backup rule on an answer: every backed-up shift
// has a distinct backup who is off that day, holds the skill the shift
// needs, and keeps every rule on their own week if called. It returns ""
// when the rule holds.
func (r *Roster) checkBackups(ans *answer) string {
	if ans.bkErr != "" {
		return ans.bkErr
	}
	dc := r.BackupDay
	seen := map[int]bool{}
	for j, s := range r.backupShifts() {
		p := ans.bk[j]
		st := r.Staff[p]
		switch {
		case seen[p]:
			return fmt.Sprintf("%s backs up two shifts", st.Name)
		case ans.pl[p][dc] != Off:
			return fmt.Sprintf("%s, backup of %s, works on %s", st.Name, r.Shifts[s].Name, r.Days[dc])
		case r.needsSkill(s) && !st.Skilled:
			return fmt.Sprintf("%s, backup of %s, lacks the skill %q", st.Name, r.Shifts[s].Name, r.Skill)
		}
		seen[p] = true
		called := make([][]int, len(ans.pl))
		copy(called, ans.pl)
		called[p] = slices.Clone(ans.pl[p])
		called[p][dc] = s
		for _, ru := range r.countRules() {
			for _, c := range ru.Counts {
				// Only the counts the call changes: the others are the
				// roster's own rules, which their items check.
				if q, ok := c.personal(); ok && q == p && touches(c, dc) && !c.holds(called) {
					return fmt.Sprintf("%s, if called for %s on %s, breaks the rule %s: %s", st.Name, r.Shifts[s].Name, r.Days[dc], ru.Name, c.Why)
				}
			}
		}
	}
	return ""
}

func (r *Roster) backupRule() string {
	return fmt.Sprintf("for each shift of %s named under \"backups\" in the answer (%s), name an on-call backup: a different %s for each shift, who is Off that day%s, and who, if called to work that shift, would still keep every rule on their own week%s.",
		r.Days[r.BackupDay], r.shiftNames(r.backupShifts()), r.Voc.Person, r.backupSkill(), r.personalRules())
}

func (r *Roster) backupSkill() string {
	for _, s := range r.backupShifts() {
		if r.needsSkill(s) {
			return fmt.Sprintf(", and who holds the skill %q when the shift needs it", r.Skill)
		}
	}
	return ""
}

// personalRules lists, in parentheses, the sampled rules on a person's own
// week that the backup rule re-checks: leave (when the availability unit
// is drawn) and the ownWeek rules; "" when there are none (a backup rule
// that cited "(leave, ...)" with no leave rule named a rule that does not
// exist).
func (r *Roster) personalRules() string {
	var out []string
	if r.has(unitAvailability) {
		out = append(out, ruleAvailability)
	}
	for _, u := range domains.Facets[ownWeek](r.units()) {
		for _, ru := range u.Rules(r) {
			out = append(out, ru.Name)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return " (" + strings.Join(out, ", ") + ")"
}

func (r *Roster) backupItem() string {
	return fmt.Sprintf("Every shift of %s has a distinct backup who is Off that day, is qualified, and keeps every rule on their own week if called.", r.Days[r.BackupDay])
}
