package flow

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestLoadErrors: an instance read from JSON that is broken in one field
// is refused with an error naming that field.
func TestLoadErrors(t *testing.T) {
	tk, _ := domains.Lookup("disaster-evacuation")
	spec, err := tk.NewSpec("building-floors", 3, map[string]bool{unitArcCap: true, unitExitCap: true, unitVulnerable: true})
	if err != nil {
		t.Fatal(err)
	}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	if err != nil {
		t.Fatal(err)
	}
	good, _ := json.Marshal(inst)
	if _, err := tk.Load(good); err != nil {
		t.Fatalf("a generated instance does not load: %v", err)
	}
	for _, c := range []struct {
		name  string
		edit  func(in *Instance)
		field string
	}{
		{"horizon", func(in *Instance) { in.Horizon = 0 }, "field horizon"},
		{"unknown place", func(in *Instance) { in.Links[0].To = "Nowhere" }, "field links[0]"},
		{"link out of an exit", func(in *Instance) {
			in.Links = append(in.Links, Link{From: in.Places[len(in.Places)-1].Name, To: in.Places[len(in.Places)-2].Name, Time: 1, Cap: []int{1}})
		}, "is an exit"},
		{"travel time", func(in *Instance) { in.Links[0].Time = 0 }, "travel_time"},
		{"capacity", func(in *Instance) { in.Links[0].Cap = nil }, "capacity"},
		{"group size", func(in *Instance) { in.Groups[0].Size = 0 }, "field groups[0]"},
		{"origin", func(in *Instance) { in.Groups[0].Origin = in.Places[len(in.Places)-1].Name }, "field groups[0].origin"},
		{"deadline", func(in *Instance) { in.Deadline = in.Horizon + 1 }, "field vulnerable_deadline"},
		{"repeated place", func(in *Instance) { in.Places[1].Name = in.Places[0].Name }, "field places[1].name"},
		{"tie-breaks", func(in *Instance) { in.TieBreaks = 3 }, "field tie_breaks"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := &Instance{}
			if err := json.Unmarshal(good, in); err != nil {
				t.Fatal(err)
			}
			c.edit(in)
			data, _ := json.Marshal(in)
			_, err := tk.Load(data)
			if err == nil || !strings.Contains(err.Error(), c.field) || !strings.HasPrefix(err.Error(), "flow: ") {
				t.Fatalf("error %v, want one starting %q and naming %q", err, "flow: ", c.field)
			}
		})
	}
	if _, err := tk.Load([]byte(`{"horizon": "x"}`)); err == nil || !strings.HasPrefix(err.Error(), "flow: ") {
		t.Fatalf("bad JSON: error %v", err)
	}
}
