package quantity

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.JSONSchemaer = (*Instance)(nil)

// maxQuantity is the largest quantity parseList takes.
const maxQuantity = 1000000

// AnswerJSONSchema implements domains.JSONSchemaer, as parse reads an
// answer: the shipments, each a listed source, a listed sink (with more
// than one) and a listed period (with more than one), and a whole
// quantity from 0 to maxQuantity; the recovery plan's in the same form,
// from the failure's period on (the recovery unit); and the stated values
// with the self-check unit.
func (in *Instance) AnswerJSONSchema() json.RawMessage {
	fields := []domains.Field{domains.Req(in.Voc.Shipments, domains.List(in.shipmentSchema(0)))}
	if in.recovering() {
		fields = append(fields, domains.Req("recovery", domains.List(in.shipmentSchema(in.failFrom()))))
	}
	if in.has(unitSelfCheck) {
		if in.alloc() {
			fields = append(fields, domains.Req("shortfall", domains.Int()))
		}
		fields = append(fields, domains.Req("cost", domains.Int()))
	}
	return domains.AnswerJSONSchema(domains.Object(fields...), true, in.allRules())
}

// shipmentSchema is one entry of a list of shipments in a period from
// from on.
func (in *Instance) shipmentSchema(from int) domains.Schema {
	ks, kk, kt := in.keys()
	src := make([]string, in.S())
	for s, x := range in.Sources {
		src[s] = x.Name
	}
	fields := []domains.Field{domains.Req(ks, domains.Enum(src...))}
	if kk != "" {
		sinks := make([]string, in.K())
		for k, x := range in.Sinks {
			sinks[k] = x.Name
		}
		fields = append(fields, domains.Req(kk, domains.Enum(sinks...)))
	}
	if kt != "" {
		fields = append(fields, domains.Req(kt, domains.Enum(in.Periods[min(from, in.T()):]...)))
	}
	fields = append(fields, domains.Req("quantity", domains.IntRange(0, maxQuantity)))
	return domains.Object(fields...)
}
