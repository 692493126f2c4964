package roster

import (
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/domains"
)

var _ domains.JSONSchemaer = (*Roster)(nil)

// AnswerJSONSchema implements domains.JSONSchemaer, as parse reads an
// answer: "roster" names every member of the staff and no one else, each
// with one entry per day, a shift name or "Off"; then the parts of the
// units: "backups" (the backup unit), from each shift that needs a backup
// to a member of the staff, and "objective" (the self-check unit), the
// stated values by key as whole numbers. The backup and stated items
// refuse other keys, so the schema does too.
func (r *Roster) AnswerJSONSchema() json.RawMessage {
	staff := make([]string, len(r.Staff))
	for p, st := range r.Staff {
		staff[p] = st.Name
	}
	entries := []string{}
	for _, sh := range r.Shifts {
		entries = append(entries, sh.Name)
	}
	row := domains.List(domains.Enum(append(entries, "Off")...)).Exactly(len(r.Days))
	var rows []domains.Field
	for _, n := range staff {
		rows = append(rows, domains.Req(n, row))
	}
	fields := []domains.Field{domains.Req("roster", domains.Object(rows...).Closed())}
	for _, p := range r.parts() {
		key, _ := p.AnswerKey(r)
		switch p.(type) {
		case backup:
			var bs []domains.Field
			for _, s := range r.backupShifts() {
				bs = append(bs, domains.Req(r.Shifts[s].Name, domains.Enum(staff...)))
			}
			fields = append(fields, domains.Req(key, domains.Object(bs...).Closed()))
		case selfCheck:
			var ks []domains.Field
			for _, l := range r.stated() {
				ks = append(ks, domains.Req(l.key, domains.Int()))
			}
			fields = append(fields, domains.Req(key, domains.Object(ks...).Closed()))
		default:
			panic(fmt.Sprintf("roster: no JSON schema for the answer part %q", key))
		}
	}
	return domains.AnswerJSONSchema(domains.Object(fields...), true, r.rules())
}
