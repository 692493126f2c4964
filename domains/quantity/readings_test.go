package quantity

import (
	"encoding/json"
	"fmt"
	"strings"
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

// arrivalPeriods is the model of an instance read with a shipment's period
// in the answer as the one it arrives in: the instance's rules and
// optimum, its shipments listed under their arrival periods (sent in t
// from a source with lead time L, under t+L). The stated values are the
// plan's, as without the reading.
type arrivalPeriods struct{ *Instance }

func (v arrivalPeriods) Plan(a encode.Assignment) (json.RawMessage, error) {
	plan, err := v.Instance.Plan(a)
	if err != nil {
		return nil, err
	}
	ans := v.parse(plan)
	if ans.FormatErr != "" || (v.recovering() && ans.rq == nil) {
		return nil, fmt.Errorf("quantity: the instance's plan %s does not read: %s", plan, ans.FormatErr)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(plan, &m); err != nil {
		return nil, err
	}
	m[v.Voc.Shipments] = v.byArrival(ans.q, 0)
	if v.recovering() {
		m["recovery"] = v.byArrival(ans.rq, v.failFrom())
	}
	return json.Marshal(m)
}

// byArrival writes the shipments of q (by the period sent) as the
// answer's list of shipments from period from on, each under the period
// it arrives in.
func (v arrivalPeriods) byArrival(q quantities, from int) json.RawMessage {
	at := v.zero()
	for s := range q {
		for k := range q[s] {
			for t, x := range q[s][k] {
				if a, ok := v.arrives(s, t); ok && x > 0 {
					at[s][k][a] += x
				}
			}
		}
	}
	var b strings.Builder
	v.writeList(&b, at, from)
	return json.RawMessage(b.String())
}

// quantityReadings are the models of the alternative readings the
// quantity units list (domains.Reader), by reading name.
var quantityReadings = map[string]familytest.Reading[domains.Instance]{
	readingRampFirst: {Variant: func(in domains.Instance) (domains.Instance, bool) {
		q := in.(*Instance)
		return rampFirstLimited{q}, q.T() > 1
	}},
	readingLeadArrival: {Variant: func(in domains.Instance) (domains.Instance, bool) {
		q := in.(*Instance)
		return arrivalPeriods{q}, q.T() > 1
	}, Project: familytest.Without()},
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
