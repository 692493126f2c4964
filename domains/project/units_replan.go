package project

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// ---- delay-replan (hard): a delay, the fewest changed starts ----

// replan holds the plan made before a delay (Instance.Current) and the
// delay (Instance.Delay): the delayed activity cannot start before a
// stated period, and the goal first changes as few starts of the current
// plan as possible (a level before the makespan, domains.Leveler).
type replan struct{}

func (replan) Info() domains.Unit {
	return domains.Unit{ID: unitReplan, Tier: domains.Hard, Title: "delay of one activity with the fewest changed start times", Excludes: []string{unitInfeasible}}
}

var _ domains.Validator[*Instance] = replan{}

// Validate: the current plan (one start per activity) and the delay (of
// an activity) are there exactly when the unit is sampled.
func (replan) Validate(in *Instance) error {
	if in.Current != nil && len(in.Current) != in.n() {
		return fmt.Errorf("project: field current_plan: %d starts for %d activities", len(in.Current), in.n())
	}
	if in.has(unitReplan) != (in.Current != nil && in.Delay != nil) {
		return fmt.Errorf("project: fields current_plan and delay: present exactly when the spec has %q", unitReplan)
	}
	if in.Delay != nil && in.index(in.Delay.Activity) < 0 {
		return fmt.Errorf("project: field delay.activity: %q is not an activity", in.Delay.Activity)
	}
	return nil
}

func (replan) Rules(in *Instance) []rule {
	if in.Delay == nil {
		return nil
	}
	return []rule{{Name: groupDelay(in.Delay.Activity), Text: fmt.Sprintf("%s cannot start before %s %d.", in.Delay.Activity, in.Voc.Period, in.Delay.Earliest)}}
}

func (u replan) Items(in *Instance) []domains.Item {
	if in.Delay == nil {
		return nil
	}
	return ruleItem(in, u, fmt.Sprintf("The delayed %s %s starts at %s %d or later (rule %q).", in.Voc.Activity, in.Delay.Activity, in.Voc.Period, in.Delay.Earliest, groupDelay(in.Delay.Activity)))
}

func (replan) Model(b *builder) {
	b.each(passLast, func(int) {
		if d := b.in.Delay; d != nil {
			b.cm.m.AddLinear([]encode.Term{tm(b.cm.start[b.in.index(d.Activity)], 1)}, encode.GE, int64(d.Earliest)).Named(b.prefix + groupDelay(d.Activity))
		}
	})
}

func (replan) Check(in *Instance, c checked, f fails) {
	if d := in.Delay; d != nil {
		if i := in.index(d.Activity); i >= 0 && c.start[i] < d.Earliest {
			f.Add(unitReplan, fmt.Sprintf("%s starts at %d, before %d", d.Activity, c.start[i], d.Earliest))
		}
	}
}

// section shows the current plan and the disruption.
func (replan) section(in *Instance) string {
	if in.Current == nil || in.Delay == nil {
		return ""
	}
	v := in.Voc
	var b strings.Builder
	fmt.Fprintf(&b, "**Current plan** (made before the delay; start %s per %s)\n| %s | start |\n|---|---|\n", v.Period, v.Activity, v.Activity)
	for i, a := range in.Activities {
		fmt.Fprintf(&b, "| %s | %d |\n", a.Name, in.Current[i])
	}
	fmt.Fprintf(&b, "\n**Disruption.** %s is delayed: it cannot start before %s %d. Replan.", in.Delay.Activity, v.Period, in.Delay.Earliest)
	return b.String()
}

func (replan) describe(in *Instance) []level {
	return []level{{name: "changed start times", key: "changed_starts",
		goal:  fmt.Sprintf("change as few start times of the current plan as possible (%s whose start differs from the current plan counts once)", prose.An(in.Voc.Activity)),
		value: in.changes}}
}

// Levels: the number of activities whose start differs from the current
// plan.
func (replan) Levels(b *builder) [][]encode.Term {
	in, m := b.in, b.cm.m
	var ts []encode.Term
	for i, a := range in.Activities {
		c := m.NewBool("_changed " + a.Name)
		m.AddLinear([]encode.Term{tm(b.cm.start[i], 1)}, encode.EQ, int64(in.Current[i])).OnlyIf(c.Not()).
			Named("_unchanged " + a.Name).InGroup(groupDefChange)
		ts = append(ts, tm(c, 1))
	}
	return [][]encode.Term{ts}
}

func (in *Instance) changes(start []int) int {
	n := 0
	for i, s := range start {
		if s != in.Current[i] {
			n++
		}
	}
	return n
}
