package delivery

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.JSONSchemaer = (*Delivery)(nil)

// AnswerJSONSchema implements domains.JSONSchemaer, as parse reads an
// answer: at most one route per vehicle, each a non-empty list of stop
// names, and the stated "total_minutes". The plan form has no "feasible"
// (ReadClaim with onlyFalse).
func (d *Delivery) AnswerJSONSchema() json.RawMessage {
	route := domains.List(domains.Enum(d.Stops...)).Sized(1, -1)
	plan := domains.Object(
		domains.Req("routes", domains.List(route).Sized(0, d.Vehicles)),
		domains.Req("total_minutes", domains.Int()),
	)
	return domains.AnswerJSONSchema(plan, false, d.rules())
}
