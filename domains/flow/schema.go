package flow

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.JSONSchemaer = (*Instance)(nil)

// AnswerJSONSchema implements domains.JSONSchemaer, as parse reads an
// answer: the moves, each a listed group, the two ends of a listed link
// (from among the links' starts, to among their ends), a step from 0 to
// the horizon and a count from 0 to maxCount; and "total_time" with the
// self-check unit.
func (in *Instance) AnswerJSONSchema() json.RawMessage {
	groups := make([]string, len(in.Groups))
	for g, gr := range in.Groups {
		groups[g] = gr.Name
	}
	var from, to []string
	for _, l := range in.Links {
		from, to = append(from, l.From), append(to, l.To)
	}
	move := domains.Object(
		domains.Req("group", domains.Enum(groups...)),
		domains.Req("from", domains.Enum(from...)),
		domains.Req("to", domains.Enum(to...)),
		domains.Req("step", domains.IntRange(0, int64(in.H()))),
		domains.Req("count", domains.IntRange(0, maxCount)),
	)
	fields := []domains.Field{domains.Req("moves", domains.List(move))}
	if in.has(unitSelfCheck) {
		fields = append(fields, domains.Req("total_time", domains.Int()))
	}
	return domains.AnswerJSONSchema(domains.Object(fields...), true, in.allRules())
}
