package route

import "github.com/plancert/plancert/domains"

// StatedPart is the stated value key of a route skin's answer: the
// stated item reads it (domains.Parter, docs/grading.md).
func StatedPart(key string) domains.Part {
	return domains.Part{Key: key, Kind: domains.PartStated, Items: []string{ItemStated}}
}

// PlanPart is the plan's member key of a route skin's answer: every item
// reads it.
func PlanPart(key string) domains.Part {
	return domains.Part{Key: key, Kind: domains.PartPlan}
}

// Parts is a route skin's AnswerParts: the plan's member key, then the
// stated values.
func Parts(plan string, stated ...domains.Part) []domains.Part {
	return append([]domains.Part{PlanPart(plan)}, stated...)
}
