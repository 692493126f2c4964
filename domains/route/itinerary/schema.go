package itinerary

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.JSONSchemaer = (*Itinerary)(nil)

// AnswerJSONSchema implements domains.JSONSchemaer, as parse reads an
// answer: for a trip, the cities in order and their first days as
// integers (one per city, which a schema cannot tie to the cities'
// count), each city at most once; otherwise one list of names per day and the stated
// "total_score" and "travel_minutes". The plan form has no "feasible"
// (ReadClaim with onlyFalse).
func (it *Itinerary) AnswerJSONSchema() json.RawMessage {
	names := domains.List(domains.Enum(it.Stops...))
	var plan domains.Schema
	if it.Voc.Trip {
		plan = domains.Object(
			domains.Req("cities", names.Sized(0, len(it.Stops))),
			domains.Req("first_days", domains.List(domains.Int()).Sized(0, len(it.Stops))),
		)
	} else {
		plan = domains.Object(
			domains.Req("days", domains.List(names).Exactly(len(it.Days))),
			domains.Req("total_score", domains.Int()),
			domains.Req("travel_minutes", domains.Int()),
		)
	}
	return domains.AnswerJSONSchema(plan, false, it.rules())
}
