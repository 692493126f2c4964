package project

import (
	"fmt"

	"github.com/plancert/plancert/encode"
)

// Model implements domains.Instance. Every named rule is one group (its
// name as in the prompt); groups named "core: definition …" only define
// auxiliary literals (who runs when, tardiness, hire spans, changes) and
// hold for every plan. The answer variables are the starts.
func (in *Instance) Model() (*encode.Model, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	nw := in.network()
	names := make([]string, in.n())
	lo, hi := make([]int, in.n()), make([]int, in.n())
	for i, a := range in.Activities {
		names[i] = a.Name
		hi[i] = in.Horizon - a.Duration
	}
	cm := newCoreModel(nw, names, lo, hi)
	m := cm.m
	in.addRules(cm, "")

	// The objective levels, in the order of levelNames.
	if in.has(unitReplan) {
		var ts []encode.Term
		for i, a := range in.Activities {
			c := m.NewBool("_changed " + a.Name)
			m.AddLinear([]encode.Term{tm(cm.start[i], 1)}, encode.EQ, int64(in.Current[i])).OnlyIf(c.Not()).
				Named("_unchanged " + a.Name).InGroup(groupDefChange)
			ts = append(ts, tm(c, 1))
		}
		m.Minimize(ts...)
	}
	if in.has(unitTardiness) {
		var ts []encode.Term
		for i, a := range in.Activities {
			if a.Weight == 0 {
				continue
			}
			late := m.NewInt("_tardiness "+a.Name, 0, int64(max(0, in.Horizon-a.Due)))
			m.AddLinear([]encode.Term{tm(late, 1), tm(cm.start[i], -1)}, encode.GE, int64(a.Duration-a.Due)).
				Named("_late " + a.Name).InGroup(groupDefOther)
			ts = append(ts, tm(late, int64(a.Weight)))
		}
		m.Minimize(ts...)
	}
	ms := cm.makespan(0, in.Horizon, groupDefOther+": makespan")
	m.Minimize(tm(ms, 1))
	if in.has(unitCost) {
		var ts []encode.Term
		for r, res := range in.Resources {
			from := m.NewInt("_hire from "+res.Name, 0, int64(in.Horizon))
			to := m.NewInt("_hire to "+res.Name, 0, int64(in.Horizon))
			used := false
			for i, a := range in.Activities {
				if in.demand(i, r) == 0 {
					continue
				}
				used = true
				m.AddLinear([]encode.Term{tm(to, 1), tm(cm.start[i], -1)}, encode.GE, int64(a.Duration)).
					Named(fmt.Sprintf("_hire to %s %s", res.Name, a.Name)).InGroup(groupDefOther)
				m.AddLinear([]encode.Term{tm(cm.start[i], 1), tm(from, -1)}, encode.GE, 0).
					Named(fmt.Sprintf("_hire from %s %s", res.Name, a.Name)).InGroup(groupDefOther)
			}
			if used {
				ts = append(ts, tm(to, int64(res.Rate)), tm(from, -int64(res.Rate)))
			}
		}
		m.Minimize(ts...)
	}
	var sum []encode.Term
	for _, s := range cm.start {
		sum = append(sum, tm(s, 1))
	}
	m.Minimize(sum...)
	if in.TieBreaks > 0 {
		for _, s := range cm.start {
			m.Minimize(tm(s, 1))
		}
	}
	if in.Exception != nil {
		in.addBackup(cm, names, lo, hi)
	}
	return m, nil
}

// addBackup adds the backup schedule of the exception unit: its own
// starts (answer variables too) keeping every rule of the scenario (the
// failing resource at its reduced capacity), in groups behind
// backupPrefix, and its levels after the main ones: changed starts from
// the main schedule, makespan, sum of starts, tie-break.
func (in *Instance) addBackup(main *coreModel, names []string, lo, hi []int) {
	sc := in.scenario()
	m := main.m
	bk := &coreModel{nw: sc.network(), m: m, run: map[[2]int]encode.Var{}, prefix: backupPrefix}
	for i := range names {
		bk.start = append(bk.start, m.NewInt(backupPrefix+startName(names[i]), int64(lo[i]), int64(hi[i])))
	}
	m.SetAnswer(append(append([]encode.Var(nil), main.start...), bk.start...)...)
	sc.addRules(bk, backupPrefix)
	var ch, sum []encode.Term
	for i, a := range in.Activities {
		c := m.NewBool("_backup changed " + a.Name)
		m.AddLinear([]encode.Term{tm(bk.start[i], 1), tm(main.start[i], -1)}, encode.EQ, 0).OnlyIf(c.Not()).
			Named("_backup unchanged " + a.Name).InGroup(backupPrefix + groupDefChange)
		ch = append(ch, tm(c, 1))
		sum = append(sum, tm(bk.start[i], 1))
	}
	m.Minimize(ch...)
	ms := bk.makespan(0, in.Horizon, backupPrefix+groupDefOther+": makespan")
	m.Minimize(tm(ms, 1))
	m.Minimize(sum...)
	if in.TieBreaks > 0 {
		for _, s := range bk.start {
			m.Minimize(tm(s, 1))
		}
	}
}

// addRules adds every named rule of in to cm, each group's name behind
// prefix ("" for the main schedule, backupPrefix for the backup's).
func (in *Instance) addRules(cm *coreModel, prefix string) {
	m := cm.m
	for j, a := range in.Activities {
		for _, p := range a.After {
			cm.precedence(in.index(p), j, 0, prefix+groupPrec(a.Name))
		}
	}
	for r, res := range in.Resources {
		cm.capacity(r, prefix+groupCap(res.Name), prefix+groupDefRun, nil)
		for k, w := range res.Down {
			for i, a := range in.Activities {
				if in.demand(i, r) == 0 {
					continue
				}
				// Before the window (ends by From) or after it (starts at To).
				b := m.NewBool(fmt.Sprintf("_%sbefore %s %d %s", prefix, res.Name, k, a.Name))
				g := prefix + groupMaint(res.Name)
				m.AddLinear([]encode.Term{tm(cm.start[i], 1)}, encode.LE, int64(w.From-a.Duration)).OnlyIf(b.Lit()).
					Named(fmt.Sprintf("%s: %d %s before", g, k, a.Name)).InGroup(g)
				m.AddLinear([]encode.Term{tm(cm.start[i], 1)}, encode.GE, int64(w.To)).OnlyIf(b.Not()).
					Named(fmt.Sprintf("%s: %d %s after", g, k, a.Name)).InGroup(g)
			}
		}
	}
	for i, a := range in.Activities {
		if a.Release > 0 {
			m.AddLinear([]encode.Term{tm(cm.start[i], 1)}, encode.GE, int64(a.Release)).Named(prefix + groupRelease(a.Name))
		}
		if a.Deadline > 0 {
			m.AddLinear([]encode.Term{tm(cm.start[i], 1)}, encode.LE, int64(a.Deadline-a.Duration)).Named(prefix + groupDeadline(a.Name))
		}
		if a.Critical {
			g := prefix + groupSlack(a.Name)
			m.AddLinear([]encode.Term{tm(cm.start[i], 1)}, encode.LE, int64(in.Horizon-a.Duration-in.Slack)).
				Named(g + ": horizon").InGroup(g)
			for j, b := range in.Activities {
				if contains(b.After, a.Name) {
					cm.precedence(i, j, in.Slack, g)
				}
			}
		}
	}
	if d := in.Delay; d != nil {
		m.AddLinear([]encode.Term{tm(cm.start[in.index(d.Activity)], 1)}, encode.GE, int64(d.Earliest)).Named(prefix + groupDelay(d.Activity))
	}
}
