package assign

import (
	"encoding/json"
	"slices"

	"github.com/plancert/plancert/domains"
)

var _ domains.JSONSchemaer = (*Assign)(nil)

// AnswerJSONSchema implements domains.JSONSchemaer, as parse reads an
// answer: in partition mode the groups, one per bin, each a list of item
// names of a bin's size; otherwise one entry per item (each item once)
// with its bin or null, and in timed mode its bin and start on the grid
// (an item without a bin fails the coverage item there); every value of
// an entry a string or null. Then the backups (the backups unit), one
// per critical item, every value a string, and "objective" (required
// with the self-check unit).
func (a *Assign) AnswerJSONSchema() json.RawMessage {
	v := a.Voc
	items := make([]string, len(a.Items))
	for i, it := range a.Items {
		items[i] = it.Name
	}
	bins := make([]string, len(a.Bins))
	for k, b := range a.Bins {
		bins[k] = b.Name
	}
	var fields []domains.Field
	switch {
	case a.Partition:
		sizes := make([]int, len(a.Bins))
		for k, b := range a.Bins {
			sizes[k] = b.Size
		}
		group := domains.List(domains.Enum(items...)).Sized(slices.Min(sizes), slices.Max(sizes))
		fields = append(fields, domains.Req(v.Bins, domains.List(group).Exactly(len(a.Bins))))
	case a.Timed:
		least := a.Items[0].Size
		for _, it := range a.Items {
			least = min(least, it.Size)
		}
		var starts []string
		for s := 0; s+least <= a.Slots; s++ {
			starts = append(starts, a.clock(s))
		}
		entry := domains.Object(
			domains.Req(v.Item, domains.Enum(items...)),
			domains.Req(v.Bin, domains.Enum(bins...)),
			domains.Req("start", domains.Enum(starts...)),
		).Rest(domains.OrNull(domains.Str()))
		fields = append(fields, domains.Req(v.Items, domains.List(entry).Exactly(len(a.Items))))
	default:
		entry := domains.Object(
			domains.Req(v.Item, domains.Enum(items...)),
			domains.Req(v.Bin, domains.OrNull(domains.Enum(bins...))),
		).Rest(domains.OrNull(domains.Str()))
		fields = append(fields, domains.Req(v.Items, domains.List(entry).Exactly(len(a.Items))))
	}
	if crit := a.criticalIdx(); crit != nil {
		partner := domains.Req(v.Bin, domains.Enum(bins...))
		if a.Partition {
			partner = domains.Req(swapKey, domains.Enum(items...))
		}
		entry := domains.Object(domains.Req(v.Item, domains.Enum(a.Critical...)), partner).Rest(domains.Str())
		fields = append(fields, domains.Req("backups", domains.List(entry).Exactly(len(crit))))
	}
	objective := domains.Opt("objective", domains.Int())
	objective.Optional = !a.has(unitSelfCheck)
	fields = append(fields, objective)
	return domains.AnswerJSONSchema(domains.Object(fields...), true, a.allRules())
}
