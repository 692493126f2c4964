package project

import (
	"fmt"

	"github.com/plancert/plancert/domains"
)

// ---- weighted-tardiness (medium): due dates and weights, the first goal ----

type tardiness struct{}

func (tardiness) Info() domains.Unit {
	return domains.Unit{ID: unitTardiness, Tier: domains.Medium, Title: "weighted tardiness against due dates, minimised first"}
}

func (tardiness) Rules(*Instance) []rule          { return nil }
func (tardiness) Items(*Instance) []domains.Item  { return nil }
func (tardiness) Model(*builder)                  {}
func (tardiness) Check(*Instance, checked, fails) {}

// ---- makespan-then-cost (medium): the hire cost after the makespan ----

type cost struct{}

func (cost) Info() domains.Unit {
	return domains.Unit{ID: unitCost, Tier: domains.Medium, Title: "multi-objective: makespan, then the hire cost of the resources", Requires: []string{unitCapacity}}
}

func (cost) Rules(*Instance) []rule          { return nil }
func (cost) Items(*Instance) []domains.Item  { return nil }
func (cost) Model(*builder)                  {}
func (cost) Check(*Instance, checked, fails) {}

// ---- stated-values (medium): the answer states its values ----

type stated struct{}

func (stated) Info() domains.Unit {
	return domains.Unit{ID: unitStated, Tier: domains.Medium, Title: "conflict validation: the answer states its objective values"}
}

func (stated) Rules(*Instance) []rule { return nil }

func (stated) Model(*builder) {}

// Check: the stated values are checked against the plan's in Evaluate.
func (stated) Check(*Instance, checked, fails) {}

func (stated) Items(in *Instance) []domains.Item {
	return []domains.Item{{ID: unitStated, Tier: domains.Medium, Constraint: unitStated, Kind: domains.KindStated,
		Text: fmt.Sprintf("The stated values %s equal the plan's own values.", in.statedWords())}}
}
