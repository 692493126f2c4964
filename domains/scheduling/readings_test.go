package scheduling

import (
	"fmt"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
)

// lowFirstOrder is the priority order read with priority 1 the highest:
// the smaller number starts no later.
type lowFirstOrder struct{ priorityOrder }

func (lowFirstOrder) Model(b *builder) {
	for _, p := range b.a.priorityPairs() {
		i, j := p[0], p[1]
		b.m.AddLinear([]encode.Term{{Var: b.start[j], Coef: 1}, {Var: b.start[i], Coef: -1}}, encode.LE, 0).
			Named(fmt.Sprintf("%s: %s, %s", groupPriority, b.a.Activities[j].Name, b.a.Activities[i].Name)).InGroup(groupPriority)
	}
}

// rightAfterChain is the chain order read as the second activity
// starting right as the first ends, with no time between them (as
// global slots, so the end of a day's last slot and the start of the next
// day's first are no time apart either).
type rightAfterChain struct{ chain }

func (rightAfterChain) Model(b *builder) {
	a := b.a
	for _, c := range a.Chains {
		i, j := a.actIndex(c[0]), a.actIndex(c[1])
		b.m.AddLinear([]encode.Term{{Var: b.end[i], Coef: 1}, {Var: b.start[j], Coef: -1}}, encode.EQ, 0).Named(groupChain(c[0], c[1]))
	}
}

// variant returns a copy of a whose units are swap's results on a's
// units (a unit swap maps to nil is dropped): the model of another
// reading of a's rules.
func (a *Agenda) variant(swap func(u unit) unit) *Agenda {
	v := *a
	c := *a.cache
	c.has, c.units = map[string]bool{}, nil
	for _, u := range a.cache.units {
		if u = swap(u); u != nil {
			c.units = append(c.units, u)
			c.has[u.Info().ID] = true
		}
	}
	v.cache, v.xvars, v.fxvars, v.rvars = &c, nil, nil, nil
	return &v
}

// agendaReadings are the models of the alternative readings the agenda
// units list (domains.Reader), by reading name.
var agendaReadings = map[string]familytest.Reading[*Agenda]{
	readingLowFirst: {Variant: func(a *Agenda) (*Agenda, bool) {
		return a.variant(func(u unit) unit {
			if _, ok := u.(priorityOrder); ok {
				return lowFirstOrder{}
			}
			return u
		}), len(a.priorityPairs()) > 0
	}},
	readingRightAfter: {Variant: func(a *Agenda) (*Agenda, bool) {
		return a.variant(func(u unit) unit {
			if _, ok := u.(chain); ok {
				return rightAfterChain{}
			}
			return u
		}), len(a.Chains) > 0
	}},
	readingBackupsAfter: {Variant: func(a *Agenda) (*Agenda, bool) {
		return a.variant(func(u unit) unit {
			if _, ok := u.(backupSlots); ok {
				return nil
			}
			return u
		}), len(a.criticalIdx()) > 0
	}, Project: familytest.Without(backupKey)},
}

// TestReadingsRuledOut: for every agenda unit with readings
// (domains.Reader), on seeded instances of the tasks that draw it, the
// model of each alternative reading has the certified optimum, or the
// prompt says the sentence that rules the reading out
// (familytest.RuledOutReadings). By default one seed of one subtask per
// task; every subtask and 20 seeds with PLANCERT_LONG=1.
func TestReadingsRuledOut(t *testing.T) {
	familytest.RuledOutReadings(t, "agenda", pool, agendaReadings, familytest.Levels{Short: 1, Default: 1, Long: 20}, false)
}
