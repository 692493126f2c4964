package roster

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/solver"
)

// answer is a parsed answer: a plan (pl[p][d] a shift index or Off), the
// backups by backup shift (-1 when missing or unknown), the stated values,
// or an infeasibility claim with its conflict.
type answer struct {
	domains.Claim
	pl     [][]int
	bk     []int
	bkErr  string
	stated map[string]int64
}

// parse reads an answer. It never panics; what does not fit the answer
// form sets formatErr.
func (r *Roster) parse(raw json.RawMessage) *answer {
	ans := &answer{}
	ans.Claim = domains.ReadClaim(raw, false)
	if ans.Done() {
		return ans
	}
	obj := ans.Obj
	var ros map[string][]string
	if err := json.Unmarshal(obj["roster"], &ros); err != nil || ros == nil {
		ans.FormatErr = `"roster" must be an object from each name to a list of one entry per day`
		return ans
	}
	idx := map[string]int{}
	for s, sh := range r.Shifts {
		idx[sh.Name] = s
	}
	idx["Off"] = Off
	ans.pl = make([][]int, len(r.Staff))
	for p, st := range r.Staff {
		row, ok := ros[st.Name]
		if !ok {
			ans.FormatErr = fmt.Sprintf("the roster has no entry for %s", st.Name)
			return ans
		}
		if len(row) != len(r.Days) {
			ans.FormatErr = fmt.Sprintf("%s has %d entries, not one per day (%d)", st.Name, len(row), len(r.Days))
			return ans
		}
		ans.pl[p] = make([]int, len(r.Days))
		for d, e := range row {
			s, ok := idx[e]
			if !ok {
				ans.FormatErr = fmt.Sprintf("%s on %s: %q is neither a shift nor Off", st.Name, r.Days[d], e)
				return ans
			}
			ans.pl[p][d] = s
		}
	}
	if len(ros) != len(r.Staff) {
		for n := range ros {
			if !slices.ContainsFunc(r.Staff, func(st Staff) bool { return st.Name == n }) {
				ans.FormatErr = fmt.Sprintf("the roster names %q, who is not on the staff", n)
				return ans
			}
		}
	}
	for _, p := range r.parts() {
		key, _ := p.AnswerKey(r)
		part, given := obj[key]
		if err := p.parsePart(r, part, given, ans); err != "" {
			ans.Unreadable(r.part(p), err)
		}
	}
	return ans
}

// Checklist implements domains.Instance.
func (r *Roster) Checklist(ref domains.Reference) []domains.Item {
	if !ref.Feasible {
		return domains.InfeasibleChecklist(unitInfeasible, fmt.Sprintf("The answer says that no roster keeps every rule (none does: the rules %s cannot all hold).", prose.QuoteAnd(ref.Conflict)), "the always-on rules")
	}
	v := r.Voc
	items := []domains.Item{domains.FormatItem(fmt.Sprintf("The answer is one JSON object in the stated form: \"roster\" names every %s once with one entry per day from %s to %s, each a shift name or Off.", v.Person, r.Days[0], r.Days[len(r.Days)-1]))}
	items = append(items, domains.CoverageItem(itemStaffing, "coverage", fmt.Sprintf("Every shift has at least the demanded number of %s.", v.People)))
	// The units' items; a stated value is judged against the goal, so
	// its item follows the goal's.
	var stated []domains.Item
	for _, u := range r.units() {
		for _, it := range u.Items(r) {
			if it.Kind == domains.KindStated {
				stated = append(stated, it)
			} else {
				items = append(items, it)
			}
		}
	}
	items = append(items, domains.OptimalItem(r.optimalText(ref.Objective)))
	return append(items, stated...)
}

// Check implements domains.Instance.
func (r *Roster) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	return domains.CheckOf(r, ctx, b, raw, ref)
}

// Evaluate implements domains.Evaluator: Check, and in the same pass the
// answer's objective vector (nil unless it keeps every rule).
func (r *Roster) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	items := domains.ChecklistFor(ctx, r, ref)
	ans := r.parse(raw)
	return domains.Evaluate(ctx, b, items, ref, ans.Claim, "roster", r.conflictHolds, func(res domains.Results) []int64 { return r.judge(res, items, ans, ref) })
}

// judge fails on res the items that a readable roster breaks and returns
// its objective vector (nil unless it keeps every rule).
func (r *Roster) judge(res domains.Results, items []domains.Item, ans *answer, ref domains.Reference) []int64 {
	f := fails{}
	checkRules([]countRule{r.staffingRule()}, ans.pl, f)
	for _, u := range r.units() {
		u.Check(r, ans, f)
	}
	for id, why := range f {
		res.Set(id, false, why[0])
	}
	// A wrong stated value fails its item; it breaks no rule.
	if f.BreaksPlan(items) {
		res.Set(itemOptimal, false, "the roster breaks a rule")
		return nil
	}
	obj := r.objective(ans.pl, ans.bk)
	res.Optimum(itemOptimal, obj, ref.Objective, "objective values")
	return obj
}

// checkStated checks the self-check's stated values against the plan's.
func (r *Roster) checkStated(ans *answer, f fails) {
	if ans.stated == nil {
		f.Add(itemStated, `no "objective" was stated`)
		return
	}
	for _, l := range r.stated() {
		want := l.value(r, ans.pl, ans.bk)
		got, ok := ans.stated[l.key]
		if !ok {
			f.Add(itemStated, fmt.Sprintf("%q is not stated", l.key))
			return
		}
		if got != want {
			f.Add(itemStated, fmt.Sprintf("%q is stated as %d, the roster's value is %d", l.key, got, want))
			return
		}
	}
	if len(ans.stated) != len(r.stated()) {
		f.Add(itemStated, "the stated values name a value that is not asked for")
	}
}

// conflictHolds checks a conflict claim: every name is a rule of the
// problem, and the named rules cannot all hold with the always-on rules.
func (r *Roster) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	return domains.ConflictHolds(ctx, b, r, r.rules(), names, domains.AlwaysOn)
}

// Objective implements domains.Objectiver.
func (r *Roster) Objective(raw json.RawMessage) ([]int64, bool) {
	return domains.ObjectiveOf(r, raw)
}

// Better implements domains.Objectiver: every level is minimized.
func (r *Roster) Better(x, y []int64) bool {
	return domains.Lower(x, y)
}

// optimalText is the text of the optimal item: the goal's values (the
// levels with a key), then the backup and tie-break rules by name.
func (r *Roster) optimalText(obj []int64) string {
	var keys []string
	for _, l := range r.levels() {
		keys = append(keys, l.key)
	}
	s := fmt.Sprintf("The roster keeps every rule and reaches the proven optimum of the goal (%s)", domains.LevelValues(keys, obj))
	for _, u := range domains.Facets[laterLeveler](r.units()) {
		s += u.laterOptimal(r)
	}
	if r.TieBreaks >= 1 {
		s += ", and it is the first such roster in the stated tie-break order"
	}
	return s + "."
}
