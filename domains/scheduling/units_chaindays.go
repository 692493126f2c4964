package scheduling

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/plancert/plancert/domains"
)

// ---- chain days (medium): an ordered pair on one day, or on two ----
//
// One or two pairs of the chain-order unit (which it requires) also get a
// day rule: the second on the same day as the first (an onsite day: the
// panel and the final interview together), or on a later day (time to
// evaluate a stage before the next). It needs two days or more. Only the
// recruitment skins sample it (register excludes it from every other
// subtask, whose unit draws are therefore unchanged); its rules hold for
// any chain pair, and the family brute force covers it on the tiny shapes.

const unitChainDays = "chain-days"

// ChainDay is the day rule of a chain pair: Second on a later day than
// First when Later, else on the same day.
type ChainDay struct {
	First  string `json:"first"`
	Second string `json:"second"`
	Later  bool   `json:"later"`
}

type chainDays struct{}

func (chainDays) Info() domains.Unit {
	return domains.Unit{ID: unitChainDays, Tier: domains.Medium, Title: "day rule of an ordered pair (same day or a later day)",
		Requires: []string{unitChain}}
}

func groupChainDay(c ChainDay) string {
	if c.Later {
		return c.Second + " on a later day than " + c.First
	}
	return c.Second + " on the day of " + c.First
}

// Sample gives one or two chain pairs (drawn in the order of Chains) a day
// rule: the one the hidden schedule keeps (a later day when it puts the
// second on a later day, else the same day), or one drawn at random
// without a hidden schedule. With one day it draws nothing.
func (chainDays) Sample(a *Agenda, r *rand.Rand) {
	a.ChainDays = nil
	if len(a.Days) < 2 || len(a.Chains) == 0 {
		return
	}
	k := 1 + r.IntN(min(2, len(a.Chains)))
	for _, c := range r.Perm(len(a.Chains))[:k] {
		i, j := a.actIndex(a.Chains[c][0]), a.actIndex(a.Chains[c][1])
		later := r.IntN(2) == 0
		if a.planted != nil {
			later = a.planted[j].day > a.planted[i].day
		}
		a.ChainDays = append(a.ChainDays, ChainDay{First: a.Chains[c][0], Second: a.Chains[c][1], Later: later})
	}
}

// breaks reports whether days di (of First) and dj (of Second) break c.
func (c ChainDay) breaks(di, dj int) bool {
	if c.Later {
		return dj <= di
	}
	return dj != di
}

// Model forbids, for each day d of the first activity, the second's times
// on the days that break the rule: at most one of the first's times on d
// and those times holds (each activity takes one time).
func (chainDays) Model(b *builder) {
	a := b.a
	for _, c := range a.ChainDays {
		i, j := a.actIndex(c.First), a.actIndex(c.Second)
		g := groupChainDay(c)
		for d := range a.Days {
			ls := b.times(i, func(day, _, _ int) bool { return day == d })
			ls = append(ls, b.times(j, func(day, _, _ int) bool { return c.breaks(d, day) })...)
			if len(ls) > 1 {
				b.m.AddAtMost(ls, 1).Named(fmt.Sprintf("%s: %s", g, a.Days[d])).InGroup(g)
			}
		}
	}
}

func (chainDays) Rules(a *Agenda) []rule {
	var out []rule
	for _, c := range a.ChainDays {
		text := fmt.Sprintf("%s takes place on the same day as %s.", c.Second, c.First)
		if c.Later {
			text = fmt.Sprintf("%s takes place on a later day than %s (not on the same day).", c.Second, c.First)
		}
		out = append(out, rule{Name: groupChainDay(c), Text: text})
	}
	return out
}

func (chainDays) Items(a *Agenda) []domains.Item {
	if len(a.ChainDays) == 0 {
		return nil
	}
	var parts []string
	for _, c := range a.ChainDays {
		if c.Later {
			parts = append(parts, fmt.Sprintf("%s is on a later day than %s", c.Second, c.First))
		} else {
			parts = append(parts, fmt.Sprintf("%s is on the same day as %s", c.Second, c.First))
		}
	}
	return []domains.Item{domains.FeasibilityItem(unitChainDays, unitChainDays, domains.Medium, "The day rules hold: "+strings.Join(parts, "; ")+".")}
}

func (chainDays) Check(a *Agenda, ans *answer, f fails) {
	for _, c := range a.ChainDays {
		pi, pj := ans.pl[a.actIndex(c.First)], ans.pl[a.actIndex(c.Second)]
		if pi.ok && pj.ok && c.breaks(pi.day, pj.day) {
			f.Add(unitChainDays, fmt.Sprintf("%s is on %s and %s on %s", c.First, a.Days[pi.day], c.Second, a.Days[pj.day]))
		}
	}
}
