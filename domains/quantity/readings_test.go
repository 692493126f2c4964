package quantity

import (
	"fmt"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
)

// rampFirstLimited is the model of an instance read with the ramp rule
// binding the first period too: each source sends at most Ramp in it.
type rampFirstLimited struct{ *Instance }

func (v rampFirstLimited) Model() (*encode.Model, error) {
	m, err := v.Instance.Model()
	if err != nil {
		return nil, err
	}
	for _, src := range v.Sources {
		var ts []encode.Term
		for _, snk := range v.Sinks {
			if x, ok := m.Lookup(fmt.Sprintf("x[%s|%s|%s]", src.Name, snk.Name, v.Periods[0])); ok {
				ts = append(ts, encode.Term{Var: x, Coef: 1})
			}
		}
		if len(ts) > 0 {
			m.AddLinear(ts, encode.LE, int64(v.Ramp)).Named("ramp of " + src.Name + ": first period").InGroup(groupRamp(src.Name))
		}
	}
	return m, nil
}

// quantityReadings are the models of the alternative readings the
// quantity units list (domains.Reader), by reading name.
var quantityReadings = map[string]familytest.Reading[domains.Instance]{
	readingRampFirst: {Variant: func(in domains.Instance) (domains.Instance, bool) {
		q := in.(*Instance)
		return rampFirstLimited{q}, q.T() > 1
	}},
}

// TestReadingsRuledOut: for every quantity unit with readings
// (domains.Reader), on seeded instances of the tasks that draw it, the
// model of each alternative reading has the certified optimum, or the
// prompt says the sentence that rules the reading out
// (familytest.RuledOutReadings): two seeds of every subtask by default
// (the ramp rarely binds in the first period), 20 with PLANCERT_LONG=1.
func TestReadingsRuledOut(t *testing.T) {
	familytest.RuledOutReadings(t, "quantity", pool, quantityReadings, familytest.Levels{Short: 1, Default: 2, Long: 20}, true)
}
