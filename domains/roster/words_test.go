package roster

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// generated returns the instance of task id, subtask sub, seed and units
// (with what they require), drawn as familytest.Drawn draws it.
func generated(t *testing.T, id, sub string, seed uint64, units ...string) *Roster {
	t.Helper()
	return familytest.Drawn[*Roster](t, id, sub, seed, units...)
}

// tasks are the roster core's tasks.
var tasks = []string{"shift-duty-scheduling", "volunteer-scheduling"}

// TestPrefsDrawnOnce: no person's preferences name the same day and shift
// twice; the prompt listed such a pair as two preferences ("no Day shifts
// (1 each); no Day shifts (1 each)"), which reads as a slip or as two
// rules. A second draw of one adds its weight to the first, which keeps
// the penalty of every roster.
func TestPrefsDrawnOnce(t *testing.T) {
	for _, ts := range familytest.Allowing(t, family, unitPreferences) {
		id, sub := ts.Task.ID, ts.Sub
		for seed := uint64(1); seed <= 40; seed++ {
			r := generated(t, id, sub.ID, seed, unitPreferences)
			for p, st := range r.Staff {
				seen := map[[2]int]bool{}
				for _, f := range st.Prefs {
					if seen[[2]int{f.Day, f.Shift}] {
						t.Errorf("%s %s seed %d: %s has two preferences on the same day and shift: %s", id, sub.ID, seed, st.Name, r.prefText(p))
					}
					seen[[2]int{f.Day, f.Shift}] = true
				}
			}
		}
	}
	got := addPref(addPref(nil, Pref{Day: -1, Shift: 0, Weight: 1}), Pref{Day: -1, Shift: 0, Weight: 2})
	if len(got) != 1 || got[0].Weight != 3 {
		t.Errorf("addPref of the same preference twice: %v, want one of weight 3", got)
	}
	if got = addPref(got, Pref{Day: 2, Shift: Off, Weight: 2}); len(got) != 2 {
		t.Errorf("addPref of another preference: %v, want two", got)
	}
}

// TestBackupOrderSentence: whenever the backup unit is drawn, the goal
// says what the model does (later): the backups come after every level of
// the roster and decide between rosters that tie before them, and each
// shift's backup is the first in the staff table among the choices that
// leave every later shift a valid backup; read as "the first allowed
// person", a later shift can be left without one. TestFamilyBrute checks
// the model against the enumeration of every roster and backup choice.
func TestBackupOrderSentence(t *testing.T) {
	n := 0
	for _, ts := range familytest.Allowing(t, family, unitBackup) {
		id, sub := ts.Task.ID, ts.Sub
		for seed := uint64(1); seed <= 3; seed++ {
			r := generated(t, id, sub.ID, seed, unitBackup)
			if r.BackupDay < 0 {
				continue
			}
			p := r.Prompt()
			for _, want := range []string{
				"Then, among the rosters that tie on all of the above, choose the backups shift by shift",
				"who comes first in the staff table among those who can take it while every later shift can still get a valid backup.",
				"So a roster is chosen together with its backups",
			} {
				if !strings.Contains(p, want) {
					t.Errorf("%s %s seed %d: the goal does not say %q", id, sub.ID, seed, want)
				}
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no instance draws the backup unit")
	}
}

// TestBackupFirstAmongValid: the certified backups of shift-duty-scheduling
// customer-service seed 10857605423944780401 (level 3, gen --n 640 --seed 1
// --level 3) are Bastian for Monday's Morning and Kemal for its Evening.
// Kemal, first in the staff table, may take the Morning, so "each shift's
// backup is the allowed agent who comes first in the staff table", read
// shift by shift, gives him the Morning and leaves the Evening (which needs
// "billing") without anyone; the model's levels pick the first among the
// choices that leave every later shift a valid backup, as the goal now
// says.
func TestBackupFirstAmongValid(t *testing.T) {
	tk, _ := domains.Lookup("shift-duty-scheduling")
	spec := domains.Spec{Task: tk.ID, Subtask: "customer-service", Basic: []string{"qualification", "availability", "max-shifts", "exact-staffing"},
		Medium: []string{"max-consecutive"}, Hard: []string{"backup"}, Stateful: []string{}, Seed: 10857605423944780401, Level: 3}
	h := fnv.New64a() // gen's draw of an instance (gen.NewInstance)
	h.Write([]byte("instance/" + spec.Task + "/" + spec.Subtask))
	inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(spec.Seed, h.Sum64())))
	if err != nil {
		t.Fatal(err)
	}
	r := inst.(*Roster)
	ans := r.parse(json.RawMessage(`{"roster": {"Kemal": ["Off", "Off", "Off", "Off", "Off", "Off", "Off"], "Lena": ["Morning", "Morning", "Off", "Off", "Morning", "Morning", "Morning"], "Oskar": ["Morning", "Evening", "Morning", "Off", "Morning", "Evening", "Off"], "Bastian": ["Off", "Off", "Off", "Off", "Morning", "Off", "Off"], "Chloe": ["Evening", "Off", "Evening", "Morning", "Evening", "Off", "Evening"], "Darius": ["Off", "Evening", "Off", "Evening", "Evening", "Evening", "Off"], "Luca": ["Morning", "Evening", "Morning", "Off", "Evening", "Evening", "Morning"]}, "backups": {"Morning": "Bastian", "Evening": "Kemal"}}`))
	if why := r.checkBackups(ans); why != "" {
		t.Fatalf("the certified backups break the rule: %s", why)
	}
	shifts := r.backupShifts()
	if len(shifts) != 2 || r.Staff[0].Name != "Kemal" || !allowedAlone(r, ans.pl, shifts[0], 0) {
		t.Fatalf("Kemal, first in the table, may not take the Morning (shifts %v)", shifts)
	}
	for p := 1; p < len(r.Staff); p++ {
		if allowedAlone(r, ans.pl, shifts[1], p) {
			t.Fatalf("%s may take the Evening too: the greedy reading would not leave it without a backup", r.Staff[p].Name)
		}
	}
	if p := r.Prompt(); !strings.Contains(p, "among those who can take it while every later shift can still get a valid backup") {
		t.Fatalf("the goal does not say how a backup is chosen:\n%s", p)
	}
}

// allowedAlone reports whether person p may be the backup of shift s of
// the backup day on roster pl, by the backup rule with s the only shift
// that needs one.
func allowedAlone(r *Roster, pl [][]int, s, p int) bool {
	one := *r
	one.Demand = make([][]int, len(r.Demand))
	for d, row := range r.Demand {
		one.Demand[d] = slices.Clone(row)
	}
	for x := range one.Demand[r.BackupDay] {
		if x != s {
			one.Demand[r.BackupDay][x] = 0
		}
	}
	return one.checkBackups(&answer{pl: pl, bk: []int{p}}) == ""
}

// TestBackupRuleWords: the backup rule lists the shifts of the backup day
// as a plain list ("(Morning and Evening)", not the qualification rule's
// "Morning and every Evening"), and cites among the rules a backup keeps
// only rules the instance has: "leave" only with the availability unit.
func TestBackupRuleWords(t *testing.T) {
	n := 0
	for _, ts := range familytest.Allowing(t, family, unitBackup) {
		id, sub := ts.Task.ID, ts.Sub
		for _, units := range [][]string{{unitBackup}, {unitBackup, unitAvailability}, {unitBackup, unitMaxShifts}} {
			for seed := uint64(1); seed <= 3; seed++ {
				r := generated(t, id, sub.ID, seed, units...)
				if r.BackupDay < 0 {
					continue
				}
				text := r.backupRule() + backup{}.laterGoal(r)
				names := r.shiftNames(r.backupShifts())
				if strings.Contains(text, "and every") || !strings.Contains(text, "("+names+")") || !strings.Contains(text, "in the order "+names+":") {
					t.Errorf("%s %s seed %d: the backup shifts are not listed as %q: %s", id, sub.ID, seed, names, text)
				}
				if leave := strings.Contains(r.backupRule(), "(leave"); leave != r.has(unitAvailability) {
					t.Errorf("%s %s seed %d %v: the backup rule cites leave: %v, the leave rule is drawn: %v: %s", id, sub.ID, seed, r.Sp.Units(), leave, r.has(unitAvailability), r.backupRule())
				}
				if strings.Contains(r.backupRule(), "()") {
					t.Errorf("%s %s seed %d: %s", id, sub.ID, seed, r.backupRule())
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no instance draws the backup unit")
	}
}

// TestDaysDoNotWrap: whenever a rule on successive days is drawn (rest
// between shifts, days in a row, night rest), the prompt says that the
// days follow the list and do not wrap around (a "weekly rotation" read
// as cyclic would link Sun to Mon; the model's counts stop at the last
// day), and the model agrees: a roster that works the last day and the
// first breaks no such rule.
func TestDaysDoNotWrap(t *testing.T) {
	n := 0
	for _, id := range tasks {
		tk, _ := domains.Lookup(id)
		for _, sub := range tk.Subtasks {
			for _, u := range []string{unitRest, unitConsecutive, unitNightRest} {
				if !sub.Allows(u) {
					continue
				}
				for seed := uint64(1); seed <= 2; seed++ {
					r := generated(t, id, sub.ID, seed, u)
					want := "Rules about days in a row or the next day go by this list: each day is followed by the next one listed, and " + r.Days[len(r.Days)-1] + ", the last, by none"
					if !strings.Contains(r.Prompt(), want) {
						t.Errorf("%s %s seed %d %s: the prompt does not say %q", id, sub.ID, seed, u, want)
					}
					for _, ru := range r.countRules() {
						for _, c := range ru.Counts {
							if len(c.Cells) > 1 && c.Cells[0].d == len(r.Days)-1 && c.Cells[len(c.Cells)-1].d == 0 {
								t.Errorf("%s %s seed %d: rule %s links the last day to the first: %s", id, sub.ID, seed, ru.Name, c.Why)
							}
						}
					}
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no instance draws a rule on successive days")
	}
	if r := generated(t, "shift-duty-scheduling", "nurse-ward", 1, unitMaxShifts); strings.Contains(r.Prompt(), "days in a row or the next day") {
		t.Error("the sentence on successive days comes without such a rule")
	}
}

// TestIntroClaimsNoPeak: no roster intro tells of a peak of demand on some
// days: the demand is drawn from the hidden roster, not shaped to a peak
// (the festival stewards' "peak on the last two days" met a table whose
// busiest day was Thursday).
func TestIntroClaimsNoPeak(t *testing.T) {
	for _, id := range tasks {
		tk, _ := domains.Lookup(id)
		for _, sub := range tk.Subtasks {
			for _, level := range []int{1, 3} {
				spec := familytest.NewSpec(t, tk, sub.ID, 1)
				spec.Level = level
				inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(1, 0)))
				if err != nil {
					t.Fatalf("%s %s level %d: %v", id, sub.ID, level, err)
				}
				if intro := inst.(*Roster).Voc.Intro; strings.Contains(intro, "peak") {
					t.Errorf("%s %s level %d: %s", id, sub.ID, level, intro)
				}
			}
		}
	}
	for sub, intro := range longIntro {
		if strings.Contains(intro, "peak") {
			t.Errorf("%s (levels above 1): %s", sub, intro)
		}
	}
}
