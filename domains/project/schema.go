package project

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.JSONSchemaer = (*Instance)(nil)

// AnswerJSONSchema implements domains.JSONSchemaer, as parse reads an
// answer: "schedule" and each schedule part's list (the backup), one entry
// per activity (each once) with a whole start within the horizon; and the
// stated values as whole numbers.
func (in *Instance) AnswerJSONSchema() json.RawMessage {
	acts := make([]string, in.n())
	shortest := in.Horizon
	for i, a := range in.Activities {
		acts[i] = a.Name
		shortest = min(shortest, a.Duration)
	}
	entry := domains.Object(
		domains.Req("activity", domains.Enum(acts...)),
		domains.Req("start", domains.IntRange(0, int64(in.Horizon-max(shortest, 0)))),
	)
	list := domains.List(entry).Exactly(in.n())
	fields := []domains.Field{domains.Req("schedule", list)}
	for _, p := range in.parts() {
		key, _ := p.AnswerKey(in)
		fields = append(fields, domains.Req(key, list))
	}
	for _, k := range in.statedKeys() {
		fields = append(fields, domains.Req(k, domains.Int()))
	}
	rules := in.rules()
	rs := make([]domains.Rule, len(rules))
	for i, r := range rules {
		rs[i] = r.rule
	}
	return domains.AnswerJSONSchema(domains.Object(fields...), true, rs)
}
