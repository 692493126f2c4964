package production

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.JSONSchemaer = (*Shop)(nil)

// AnswerJSONSchema implements domains.JSONSchemaer, as parse reads an
// answer: "schedule" with one entry per operation (each step once), a
// listed job, a step of a route, a listed machine and a start of 0 or
// more; and the stated "objective", which the stated item needs.
func (s *Shop) AnswerJSONSchema() json.RawMessage {
	jobs := make([]string, len(s.Jobs))
	steps, ops := 1, 0
	for j, job := range s.Jobs {
		jobs[j] = job.Name
		steps = max(steps, len(job.Route))
		ops += len(job.Route)
	}
	entry := domains.Object(
		domains.Req("job", domains.Enum(jobs...)),
		domains.Req("step", domains.IntRange(1, int64(steps))),
		domains.Req("machine", domains.Enum(s.Machines...)),
		domains.Req("start", domains.IntFrom(0)),
	)
	plan := domains.Object(
		domains.Req("schedule", domains.List(entry).Exactly(ops)),
		domains.Req("objective", domains.Int()),
	)
	return domains.AnswerJSONSchema(plan, true, s.rules())
}
