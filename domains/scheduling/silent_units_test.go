package scheduling

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestConsecutiveLimitBindsOrIsLeftOut: the consecutive limit states a
// rule, writes its item and binds (domains.Binder) exactly when someone's
// activities together pass it in a day longer than it; otherwise no
// stretch can pass it and the generator leaves the unit out.
func TestConsecutiveLimitBindsOrIsLeftOut(t *testing.T) {
	for _, tc := range []struct {
		slots, maxRun int
		durs          []int
		binds         bool
	}{
		{8, 2, []int{1, 1, 1}, true},  // three slots together pass two
		{8, 3, []int{1, 1, 1}, false}, // together they fit the limit
		{8, 2, []int{2}, false},       // one activity, within the limit
		{4, 4, []int{2, 2, 1}, false}, // the limit is the whole day
	} {
		var acts []Activity
		for k, d := range tc.durs {
			acts = append(acts, act(fmt.Sprintf("A%d", k+1), d, 1, "Ana"))
		}
		a := tinyAgenda([]string{unitConsecutive}, nil, tc.slots, []string{"Oak"}, []string{"Ana"}, acts...)
		a.MaxRun = tc.maxRun
		u := consecutiveLimit{}
		if u.Binds(a) != tc.binds || (len(u.Rules(a)) == 1) != tc.binds || (len(u.Items(a)) == 1) != tc.binds {
			t.Errorf("%+v: binds %v, rules %v, items %v", tc, u.Binds(a), u.Rules(a), u.Items(a))
		}
	}
}

// TestOneAtATimeItemOnlyWhenShared: the one-at-a-time item is written
// only when some person attends (or may attend in a role) two
// activities; otherwise no answer could fail it.
func TestOneAtATimeItemOnlyWhenShared(t *testing.T) {
	has := func(a *Agenda) bool {
		for _, it := range a.Checklist(domains.Reference{Feasible: true}) {
			if it.ID == itemPeople {
				return true
			}
		}
		return false
	}
	apart := tinyAgenda(nil, nil, 4, []string{"Oak"}, []string{"Ana", "Ben"}, act("A1", 1, 1, "Ana"), act("A2", 1, 1, "Ben"))
	shared := tinyAgenda(nil, nil, 4, []string{"Oak"}, []string{"Ana", "Ben"}, act("A1", 1, 1, "Ana"), act("A2", 1, 1, "Ana", "Ben"))
	role := tinyAgenda([]string{unitRequiredRole}, nil, 4, []string{"Oak"}, []string{"Ana", "Ben"}, act("A1", 1, 1, "Ana"), act("A2", 1, 1, "Ben"))
	role.Roles = []RoleNeed{{Activity: "A2", Role: "chair", Qualified: []string{"Ana"}}}
	if has(apart) || !has(shared) || !has(role) {
		t.Fatalf("one-at-a-time written: no one shared %v, Ana in both %v, Ana in one and a role of the other %v", has(apart), has(shared), has(role))
	}
}

// TestDeadlineBindsOrIsLeftOut: a deadline at the end of the schedule
// (every option ends by it) is neither stated nor written, and a unit
// whose deadlines are all such does not bind; an earlier one does.
func TestDeadlineBindsOrIsLeftOut(t *testing.T) {
	a := tinyAgenda([]string{unitDeadline}, nil, 4, []string{"Oak"}, []string{"Ana"}, act("A1", 1, 1, "Ana"), act("A2", 2, 1, "Ana"))
	a.Deadlines = []Deadline{{Activity: "A1", By: 4}}
	u := deadline{}
	if u.Binds(a) || u.Rules(a) != nil || u.Items(a) != nil {
		t.Fatalf("a deadline at the day's end: binds %v, rules %v, items %v", u.Binds(a), u.Rules(a), u.Items(a))
	}
	a.Deadlines = append(a.Deadlines, Deadline{Activity: "A2", By: 3})
	if !u.Binds(a) || len(u.Rules(a)) != 1 || len(u.Items(a)) != 1 || !strings.Contains(u.Items(a)[0].Text, "A2 ends by 10:30") || strings.Contains(u.Items(a)[0].Text, "A1") {
		t.Fatalf("A2 by 10:30: binds %v, rules %v, items %v", u.Binds(a), u.Rules(a), u.Items(a))
	}
}

// TestSplitBindsOrIsLeftOut: with no activity split, the split unit
// writes no item (it read "fit the rule: .") and does not bind.
func TestSplitBindsOrIsLeftOut(t *testing.T) {
	a := tinyAgenda([]string{unitSplit}, nil, 4, []string{"Oak"}, []string{"Ana"}, act("A1", 1, 1, "Ana"))
	if items := (split{}).Items(a); items != nil || (split{}).Binds(a) {
		t.Fatalf("nothing split: items %v, binds %v", items, split{}.Binds(a))
	}
}
