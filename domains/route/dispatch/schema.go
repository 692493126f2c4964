package dispatch

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.JSONSchemaer = (*Dispatch)(nil)

// AnswerJSONSchema implements domains.JSONSchemaer, as parse reads an
// answer: at most one route per vehicle (the broken-down one included),
// each a vehicle and its list of job names, and the stated
// "deadhead_minutes". The plan form has no "feasible" (ReadClaim with
// onlyFalse).
func (d *Dispatch) AnswerJSONSchema() json.RawMessage {
	var vs []string
	for _, v := range d.Vehicles {
		vs = append(vs, v.Name)
	}
	if d.Down != nil {
		vs = append(vs, d.Down.Name)
	}
	route := domains.Object(
		domains.Req("vehicle", domains.Enum(vs...)),
		domains.Req("jobs", domains.List(domains.Enum(d.Jobs...))),
	)
	plan := domains.Object(
		domains.Req("routes", domains.List(route).Sized(0, len(vs))),
		domains.Req("deadhead_minutes", domains.Int()),
	)
	return domains.AnswerJSONSchema(plan, false, d.rules())
}
