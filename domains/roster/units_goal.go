package roster

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/encode"
)

// ---- the goal, the answer, the instance ----

// The units below have no counting rule of their own: they shape the goal
// (their levels), the answer (the stated values) or the instance
// (infeasibility). The backup, which also re-checks the counting rules
// for a called backup, is in units_backup.go.

type weekend struct{}

func (weekend) Info() domains.Unit {
	return domains.Unit{ID: unitWeekend, Tier: domains.Medium, Title: "weekend fairness (minimise the most weekend shifts)"}
}

// Prepare sets the subtask's weekend days.
func (weekend) Prepare(r *Roster, _ *rand.Rand) { r.Weekend = slices.Clone(r.drawing.Weekend) }

// before: the most weekend shifts of anyone.
func (weekend) before(*Roster) []level {
	return []level{{keyWeekend, weekendTerms, weekendValue, func(r *Roster) string {
		return fmt.Sprintf("share weekend work: minimise the largest number of shifts any one %s works on %s", r.Voc.Person, r.dayNames(r.Weekend))
	}}}
}

// Levels implements domains.Leveler.
func (u weekend) Levels(b *builder) [][]encode.Term { return levelTerms(b, u.before(b.r)) }

func (weekend) Rules(*Roster) []rule          { return nil }
func (weekend) Items(*Roster) []domains.Item  { return nil }
func (weekend) Model(*builder)                {}
func (weekend) Check(*Roster, *answer, fails) {}

type balance struct{}

func (balance) Info() domains.Unit {
	return domains.Unit{ID: unitBalance, Tier: domains.Medium, Title: "balanced totals (minimise max − min)"}
}

// before: the spread of the totals.
func (balance) before(*Roster) []level {
	return []level{{keySpread, spreadTerms, spreadValue, func(r *Roster) string {
		return fmt.Sprintf("balance the totals: minimise the spread, the most shifts any %s works in the week minus the fewest any %s works", r.Voc.Person, r.Voc.Person)
	}}}
}

// Levels implements domains.Leveler.
func (u balance) Levels(b *builder) [][]encode.Term { return levelTerms(b, u.before(b.r)) }

func (balance) Rules(*Roster) []rule          { return nil }
func (balance) Items(*Roster) []domains.Item  { return nil }
func (balance) Model(*builder)                {}
func (balance) Check(*Roster, *answer, fails) {}

type preferences struct{}

func (preferences) Info() domains.Unit {
	return domains.Unit{ID: unitPreferences, Tier: domains.Medium, Title: "weighted preferences"}
}

func (preferences) column(*Roster) string { return "preferences (penalty weight)" }

func (preferences) cell(r *Roster, p int) string { return orDash(r.prefText(p)) }

// before: the penalty of the broken preferences.
func (preferences) before(*Roster) []level {
	return []level{{keyPenalty, penaltyTerms, penaltyValue, func(r *Roster) string {
		return "respect preferences: minimise the total penalty of the broken preferences (each preference's weight, once for each day that breaks it)"
	}}}
}

// Levels implements domains.Leveler.
func (u preferences) Levels(b *builder) [][]encode.Term { return levelTerms(b, u.before(b.r)) }

func (preferences) Rules(*Roster) []rule          { return nil }
func (preferences) Items(*Roster) []domains.Item  { return nil }
func (preferences) Model(*builder)                {}
func (preferences) Check(*Roster, *answer, fails) {}

// selfCheck: the answer states its objective values. Its item (a stated
// value, domains.KindStated) comes after the goal's.
type selfCheck struct{}

func (selfCheck) Info() domains.Unit {
	return domains.Unit{ID: unitSelfCheck, Tier: domains.Medium, Title: "stated objective values"}
}

func (selfCheck) Rules(*Roster) []rule { return nil }

func (selfCheck) Items(*Roster) []domains.Item {
	return []domains.Item{{ID: itemStated, Tier: domains.Medium, Constraint: unitSelfCheck, Kind: domains.KindStated,
		Text: "The values stated under \"objective\" equal the roster's true values."}}
}

// AnswerKey implements domains.AnswerPart: the stated values by key.
func (selfCheck) AnswerKey(r *Roster) (key, skeleton string) {
	var b strings.Builder
	b.WriteString("{")
	for i, l := range r.stated() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: 0", l.key)
	}
	b.WriteString("}")
	return "objective", b.String()
}

func (selfCheck) encodePart(r *Roster, pl [][]int, bk []int) (string, bool) {
	var b strings.Builder
	b.WriteString("{")
	for i, l := range r.stated() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: %d", l.key, l.value(r, pl, bk))
	}
	b.WriteString("}")
	return b.String(), true
}

// parsePart reads the stated values; an answer without them fails the
// stated item, not the format.
func (selfCheck) parsePart(_ *Roster, raw json.RawMessage, given bool, ans *answer) string {
	if given {
		if err := json.Unmarshal(raw, &ans.stated); err != nil {
			return `"objective" must be an object of whole numbers`
		}
	}
	return ""
}

func (selfCheck) partNote(r *Roster) string {
	var ks []string
	for _, l := range r.stated() {
		ks = append(ks, "`"+l.key+"`")
	}
	return "`objective` states your roster's values of the goal: " + prose.JoinAnd(ks) + ", in the goal's order.\n"
}

func (selfCheck) samePart(*Roster) string { return "" }

func (selfCheck) Model(*builder) {}

// Check compares the stated values with the roster's.
func (selfCheck) Check(r *Roster, ans *answer, f fails) { r.checkStated(ans, f) }

// infeasible: leave on one day leaves fewer free staff than its shifts
// need. Its items are the core's items of an infeasible reference
// (Checklist).
type infeasible struct{}

func (infeasible) Info() domains.Unit {
	// The conflict is made by leave: on one day fewer staff are free
	// than the day's shifts need.
	return domains.Unit{ID: unitInfeasible, Tier: domains.Hard, Title: "infeasibility detection with a conflicting set", Requires: []string{unitAvailability}}
}

// Sample breaks the instance: one day gets fewer free staff than its
// shifts need, the rest go on leave.
func (infeasible) Sample(r *Roster, rng *rand.Rand) {
	n, nd, ns := len(r.Staff), len(r.Days), len(r.Shifts)
	d := rng.IntN(nd)
	need := 0
	for s := range ns {
		need += r.need(d, s)
	}
	for _, p := range rng.Perm(n)[:n-need+1] {
		if !slices.Contains(r.Staff[p].Leave, d) {
			r.Staff[p].Leave = slices.Sorted(slices.Values(append(r.Staff[p].Leave, d)))
		}
	}
}

// infeasibleAnswer is the answer form for an instance without a roster,
// stated in every prompt (drawn or not, the infeasibility unit must not
// show in the prompt's form).
const infeasibleAnswer = "If no roster keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]}, listing the names (in bold above) of rules that cannot all hold together.\n"

func (infeasible) Rules(*Roster) []rule          { return nil }
func (infeasible) Items(*Roster) []domains.Item  { return nil }
func (infeasible) Model(*builder)                {}
func (infeasible) Check(*Roster, *answer, fails) {}
