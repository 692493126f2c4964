package flow

import (
	"encoding/json"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// TestLoadErrors: an instance read from JSON that is broken in one field
// is refused with an error naming that field.
func TestLoadErrors(t *testing.T) {
	tk, _ := domains.Lookup("disaster-evacuation")
	spec, err := tk.NewSpec("building-floors", 3, map[string]bool{unitArcCap: true, unitExitCap: true, unitVulnerable: true})
	if err != nil {
		t.Fatal(err)
	}
	inst := familytest.Instance(t, tk, spec)
	good, _ := json.Marshal(inst)
	familytest.LoadErrors(t, func(b []byte) error { _, err := tk.Load(b); return err }, good, "flow: ", []familytest.LoadCase[*Instance]{
		{Name: "horizon", Edit: func(in *Instance) { in.Horizon = 0 }, Want: "field horizon"},
		{Name: "unknown place", Edit: func(in *Instance) { in.Links[0].To = "Nowhere" }, Want: "field links[0]"},
		{Name: "link out of an exit", Edit: func(in *Instance) {
			in.Links = append(in.Links, Link{From: in.Places[len(in.Places)-1].Name, To: in.Places[len(in.Places)-2].Name, Time: 1, Cap: []int{1}})
		}, Want: "is an exit"},
		{Name: "travel time", Edit: func(in *Instance) { in.Links[0].Time = 0 }, Want: "travel_time"},
		{Name: "capacity", Edit: func(in *Instance) { in.Links[0].Cap = nil }, Want: "capacity"},
		{Name: "group size", Edit: func(in *Instance) { in.Groups[0].Size = 0 }, Want: "field groups[0]"},
		{Name: "origin", Edit: func(in *Instance) { in.Groups[0].Origin = in.Places[len(in.Places)-1].Name }, Want: "field groups[0].origin"},
		{Name: "deadline", Edit: func(in *Instance) { in.Deadline = in.Horizon + 1 }, Want: "field vulnerable_deadline"},
		{Name: "repeated place", Edit: func(in *Instance) { in.Places[1].Name = in.Places[0].Name }, Want: "field places[1].name"},
		{Name: "tie-breaks", Edit: func(in *Instance) { in.TieBreaks = 3 }, Want: "field tie_breaks"},
		{Name: "bad JSON", Data: `{"horizon": "x"}`},
	})
}
