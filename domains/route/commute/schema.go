package commute

import (
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

var _ domains.JSONSchemaer = (*Commute)(nil)

// AnswerJSONSchema implements domains.JSONSchemaer, as parse reads an
// answer: at least one leg, each a walk ("line": "walk" between two
// stops, its times not read) or a ride (a line, two stops and the times
// of the timetable); the stated arrival, changes and fare; and the backup
// trip's legs and arrival (the backup unit). The plan form has no
// "feasible" (ReadClaim with onlyFalse).
func (c *Commute) AnswerJSONSchema() json.RawMessage {
	legs := domains.List(c.legSchema()).Sized(1, -1)
	fields := []domains.Field{
		domains.Req("legs", legs),
		domains.Req("arrival", domains.Str()),
		domains.Req("changes", domains.IntFrom(0)),
		domains.Req("fare", domains.IntFrom(0)),
	}
	for _, p := range domains.Facets[tripPart](c.units()) {
		key, _ := p.AnswerKey(c)
		switch p.(type) {
		case backup:
			fields = append(fields, domains.Req(key, domains.Object(domains.Req("legs", legs), domains.Req("arrival", domains.Str()))))
		default:
			panic(fmt.Sprintf("commute: no JSON schema for the trip part %q", key))
		}
	}
	return domains.AnswerJSONSchema(domains.Object(fields...), false, c.rules())
}

// legSchema is one leg: a walk or a ride of the timetable.
func (c *Commute) legSchema() domains.Schema {
	stops := domains.Enum(c.Stops...)
	walk := domains.Object(
		domains.Req("line", domains.Const("walk")),
		domains.Req("from", stops),
		domains.Req("to", stops),
		domains.Opt("depart", domains.Str()),
		domains.Opt("arrive", domains.Str()),
	)
	lines := make([]string, len(c.Lines))
	for i, l := range c.Lines {
		lines[i] = l.Name
	}
	var dep, arr []string
	for _, rd := range c.rides() {
		dep, arr = append(dep, route.Clock(rd.Dep)), append(arr, route.Clock(rd.Arr))
	}
	ride := domains.Object(
		domains.Req("line", domains.Enum(lines...)),
		domains.Req("from", stops),
		domains.Req("depart", domains.Enum(dep...)),
		domains.Req("to", stops),
		domains.Req("arrive", domains.Enum(arr...)),
	)
	return domains.AnyOf(walk, ride)
}
