package project

import (
	"fmt"

	"github.com/plancert/plancert/domains"
)

// ---- exception-recovery (hard): a backup schedule for a lost resource unit ----

// exception holds the failure scenario (Instance.Exception): a resource
// may lose one unit for the whole horizon, and the answer adds a backup
// schedule that keeps every rule in that scenario, with its own levels
// after the main schedule's.
type exception struct{}

func (exception) Info() domains.Unit {
	return domains.Unit{ID: unitException, Tier: domains.Hard, Title: "exception recovery: a backup schedule, feasible if a resource loses one unit, with the fewest changes", Requires: []string{unitCapacity}, Excludes: []string{unitInfeasible, unitReplan}}
}

// Rules: the backup keeps the other units' rules in the scenario, under
// backupPrefix; it states none of its own.
func (exception) Rules(*Instance) []rule { return nil }

func (exception) Items(in *Instance) []domains.Item {
	e := in.Exception
	if e == nil {
		return nil
	}
	return []domains.Item{{ID: unitException, Tier: domains.Hard, Constraint: unitException, Kind: domains.KindFeasibility,
		Text: fmt.Sprintf("The backup schedule lists every %s once within the horizon and keeps rule 1 and every named rule with %s at capacity %d.", in.Voc.Activity, e.Resource, e.Capacity)}}
}
