package assign

import (
	"fmt"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
)

// planFirst is the model of an instance read with its plan chosen before
// the backups: the instance without the backups unit, whose critical
// items must still have a bin (the rule says so of the plan itself).
type planFirst struct{ *Assign }

// newPlanFirst returns the planFirst of a copy of a.
func newPlanFirst(a *Assign) planFirst {
	c := *a
	c.Sp, c.bk = a.Sp.Without(unitBackups), nil
	return planFirst{&c}
}

func (v planFirst) Model() (*encode.Model, error) {
	m, err := v.Assign.Model()
	if err != nil || v.Partition {
		return m, err // every item of a partition is in a group
	}
	for _, n := range v.Critical {
		u, ok := m.Lookup(fmt.Sprintf("u[%s]", n))
		if !ok {
			return nil, fmt.Errorf("assign: the model has no variable u[%s]", n)
		}
		m.AddAtMost([]encode.Lit{u.Lit()}, 0).Named(ruleBackups + ": " + n + " placed").InGroup(ruleBackups)
	}
	return m, nil
}

// assignReadings are the models of the alternative readings the assign
// units list (domains.Reader), by reading name.
var assignReadings = map[string]familytest.Reading[domains.Instance]{
	readingPlanFirst: {Variant: func(in domains.Instance) (domains.Instance, bool) {
		a := in.(*Assign)
		return newPlanFirst(a), a.criticalIdx() != nil
	}, Project: familytest.Without("backups")},
}

// TestReadingsRuledOut: for every assign unit with readings
// (domains.Reader), on seeded instances of the tasks that draw it, the
// model of each alternative reading has the certified optimum, or the
// prompt says the sentence that rules the reading out
// (familytest.RuledOutReadings). By default two seeds of one subtask per
// task; every subtask and 20 seeds with PLANCERT_LONG=1.
func TestReadingsRuledOut(t *testing.T) {
	familytest.RuledOutReadings(t, "assign", pool, assignReadings, familytest.Levels{Short: 1, Default: 2, Long: 20}, false)
}
