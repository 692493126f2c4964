package scheduling

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestPriorityOrderSaysWhichWay: the priority-order rule says which end of
// the priority column is the top ("priority 3 is the highest"), and the
// model agrees. Here the reading "priority 1 first" would change the
// optimum: A1 (priority 1, 30 minutes) before A2 (priority 3, 2 hours)
// costs 1×1 + 3×5 = 16, A2 first 3×4 + 1×5 = 17; the rule, read as the
// model reads it, puts A2 first.
func TestPriorityOrderSaysWhichWay(t *testing.T) {
	a := tinyAgenda([]string{unitPriorityOrder}, nil, 6, []string{"Oak"}, []string{"Ana"},
		act("A1", 1, 1, "Ana"), act("A2", 4, 3, "Ana"))
	c, ref := certify(t, a)
	wantOptimum(t, c, []int64{17}, true)
	if !strings.Contains(string(ref.Plan), `"meeting": "A2", "day": "Mon", "start": "09:00"`) {
		t.Fatalf("plan %s: A2 (priority 3) does not come first", ref.Plan)
	}
	if r := results(a, planJSON(a, "A1 Mon 09:00 Oak", "A2 Mon 09:30 Oak"), ref)[unitPriorityOrder]; r.Pass {
		t.Fatalf("A1 (priority 1) before A2 (priority 3) keeps the priority order: %+v", r)
	}
	const want = "The larger the number in the priority column, the higher the priority: priority 3 is the highest here and 1 the lowest."
	if p := a.Prompt(); !strings.Contains(p, want) {
		t.Fatalf("the prompt does not say which way the priorities go (%q):\n%s", want, p)
	}
	a.Sp.Basic = nil
	c, _ = certify(t, a)
	wantOptimum(t, c, []int64{16}, true)
}

// TestPriorityOrderSentence: whenever a generated instance draws the
// priority-order unit (with up to two others), its rule says which way
// the priorities go, with the instance's own highest and lowest value.
func TestPriorityOrderSentence(t *testing.T) {
	n := 0
	for _, tk := range registered {
		for k := range tk.Subtasks {
			st := &tk.Subtasks[k]
			drawMixed(t, tk, st, unitPriorityOrder, 3, 7100, 2, func(seed uint64, _ domains.Spec, a *Agenda) {
				lo, hi := a.Activities[0].Priority, a.Activities[0].Priority
				for _, x := range a.Activities {
					lo, hi = min(lo, x.Priority), max(hi, x.Priority)
				}
				want := fmt.Sprintf("the higher the priority: priority %d is the highest here and %d the lowest.", hi, lo)
				if p := a.Prompt(); len(a.priorityPairs()) > 0 && !strings.Contains(p, want) {
					t.Errorf("%s/%s seed %d: the priority order does not say %q", tk.ID, st.ID, seed, want)
				}
				n++
			})
		}
	}
	if n == 0 {
		t.Fatal("no subtask draws the priority-order unit")
	}
}

// TestBackupOrderSentence: whenever the backup-slots unit names critical
// activities, the goal says that the backups' levels come after every
// level of the schedule and decide between schedules that tie before
// them, as the model orders them (buildBackups after build); "with the
// schedule chosen, choose the backups" cannot be followed when schedules
// tie until the backup level.
func TestBackupOrderSentence(t *testing.T) {
	n := 0
	for _, tk := range registered {
		for k := range tk.Subtasks {
			st := &tk.Subtasks[k]
			drawMixed(t, tk, st, unitBackupSlots, 2, 7200, 1, func(seed uint64, _ domains.Spec, a *Agenda) {
				if a.criticalIdx() == nil {
					return
				}
				p := a.Prompt()
				for _, want := range []string{
					"Then, among the schedules that tie on all of the above, choose the one whose backups minimise",
					"So a schedule is chosen together with its backups",
				} {
					if !strings.Contains(p, want) {
						t.Errorf("%s/%s seed %d: the goal does not say %q", tk.ID, st.ID, seed, want)
					}
				}
				n++
			})
		}
	}
	if n == 0 {
		t.Fatal("no instance names critical activities")
	}
}

// TestIntroTellsOfNoAbsentRule: no intro of the agenda core tells of a
// rule or goal that its instance may lack: a daily interview load that
// "is limited" (the daily-cap unit, not always drawn), interview loads and
// waiting times to "keep in mind" (no such goal), a scanner "that has
// what it needs" (the room-fit unit, not always drawn).
func TestIntroTellsOfNoAbsentRule(t *testing.T) {
	for _, tk := range registered {
		for k := range tk.Subtasks {
			st := &tk.Subtasks[k]
			for _, w := range []string{"is limited", "in mind", "has what it needs"} {
				if strings.Contains(st.Voc.Intro, w) {
					t.Errorf("%s/%s: the intro says %q: %s", tk.ID, st.ID, w, st.Voc.Intro)
				}
			}
		}
	}
}

// TestWorkingHoursItemWithoutWindows: with the working-hours unit drawn
// but no window left to state, the unit writes no item (no answer could
// fail it, and it would list "()") and does not bind, so the generator
// leaves it out; with a window, the item lists it.
func TestWorkingHoursItemWithoutWindows(t *testing.T) {
	a := tinyAgenda([]string{unitWorkingHours}, nil, 4, []string{"Oak"}, []string{"Ana"}, act("A1", 1, 1, "Ana"))
	if items := (workingHours{}).Items(a); len(items) != 0 || (workingHours{}).Binds(a) {
		t.Fatalf("without windows: items %v, binds %v", items, workingHours{}.Binds(a))
	}
	a.WorkingHours = []Hours{{"Ana", 1, 3}}
	if items := (workingHours{}).Items(a); len(items) != 1 || !strings.Contains(items[0].Text, "(Ana 09:30–10:30)") || !(workingHours{}).Binds(a) {
		t.Fatalf("with a window: items %v", items)
	}
}
