package assign

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
	"github.com/plancert/plancert/solver"
)

// Item IDs of the core.
const (
	itemFormat     = "format"
	itemCoverage   = "coverage"
	itemSizes      = "sizes"
	itemOptimal    = "optimal"
	itemInfeasible = "infeasible"
	itemConflict   = "conflict"
)

// answer is a parsed answer: a plan, or an infeasibility claim.
type answer struct {
	domains.Claim
	p        *plan
	missing  []int // items the answer does not place (coverage)
	badSizes string
	// statedWhy says why p.stated is nil: the answer states no goal
	// value, or not a whole number (then an unreadable part).
	statedWhy string
}

// parse reads an answer. It never fails: problems are recorded in
// formatErr.
func (a *Assign) parse(raw json.RawMessage) *answer {
	ans := &answer{p: &plan{bin: make([]int, len(a.Items))}}
	for i := range ans.p.bin {
		ans.p.bin[i] = -1
	}
	ans.Claim = domains.ReadClaim(raw, false)
	if ans.Done() {
		return ans
	}
	obj := ans.Obj
	// The stated goal value is read wherever it is given (the answer form
	// allows it); without the self-check no item reads it.
	ans.p.stated, ans.statedWhy = domains.ReadStated[int64](&ans.Claim, statedPart, `"objective" must be an integer`)
	var bad []string
	if a.Partition {
		bad = a.parseGroups(obj, ans)
	} else {
		bad = a.parseBins(obj, ans)
	}
	ans.SetProblems(bad)
	if crit := a.criticalIdx(); crit != nil && bad == nil {
		if bb := a.parseBackups(obj, ans, crit); bb != nil {
			ans.Unreadable(a.backupsPart(), strings.Join(bb, "; "))
		}
	}
	return ans
}

func (a *Assign) parseBins(obj map[string]json.RawMessage, ans *answer) []string {
	v := a.Voc
	var entries []map[string]*string
	if err := json.Unmarshal(obj[v.Items], &entries); err != nil || entries == nil {
		return []string{fmt.Sprintf("%q must be a list of {%q, %q} objects", v.Items, v.Item, v.Bin)}
	}
	var bad []string
	seen := make([]bool, len(a.Items))
	if a.Timed {
		ans.p.start = make([]int, len(a.Items))
		for i := range ans.p.start {
			ans.p.start[i] = -1
		}
	}
	for n, e := range entries {
		name, bin := e[v.Item], e[v.Bin]
		_, hasBin := e[v.Bin]
		if name == nil || !hasBin {
			bad = append(bad, fmt.Sprintf("entry %d lacks %q or %q", n+1, v.Item, v.Bin))
			continue
		}
		i := a.itemIndex(*name)
		if a.Timed && i >= 0 && bin != nil {
			start, ok := e["start"]
			if !ok || start == nil {
				bad = append(bad, fmt.Sprintf("%q: \"start\" is missing", *name))
				continue
			}
			t := a.parseClock(*start, a.Items[i].Size)
			if t < 0 {
				bad = append(bad, fmt.Sprintf("%q: start %q is not a time of the grid at which it ends by %s", *name, *start, a.clock(a.Slots)))
				continue
			}
			ans.p.start[i] = t
		}
		switch {
		case i < 0:
			bad = append(bad, fmt.Sprintf("no %s is called %q", v.Item, *name))
		case seen[i]:
			bad = append(bad, fmt.Sprintf("%q is listed twice", *name))
		case bin == nil:
			seen[i] = true
		case a.binIndex(*bin) < 0:
			bad = append(bad, fmt.Sprintf("%q: no %s is called %q", *name, v.Bin, *bin))
		default:
			seen[i] = true
			ans.p.bin[i] = a.binIndex(*bin)
		}
	}
	for i, ok := range seen {
		if !ok {
			ans.missing = append(ans.missing, i)
		}
	}
	return bad
}

// parseGroups reads a partition: a list of groups, each a list of item
// names. The groups are matched to the bins by size in order (the first
// group of size 3 to the first bin of size 3); when the sizes do not
// match, groups keep the answer's order and the sizes item fails.
func (a *Assign) parseGroups(obj map[string]json.RawMessage, ans *answer) []string {
	v := a.Voc
	var groups [][]string
	if err := json.Unmarshal(obj[v.Bins], &groups); err != nil || groups == nil {
		return []string{fmt.Sprintf("%q must be a list of %s, each a list of %s", v.Bins, v.Bins, v.Items)}
	}
	if len(groups) != len(a.Bins) {
		return []string{fmt.Sprintf("%q has %d %s, not %d", v.Bins, len(groups), v.Bins, len(a.Bins))}
	}
	var bad []string
	at := make([]int, len(groups))
	used := make([]bool, len(a.Bins))
	match := true
	for g, grp := range groups {
		at[g] = -1
		for k := range a.Bins {
			if !used[k] && a.Bins[k].Size == len(grp) {
				at[g], used[k] = k, true
				break
			}
		}
		match = match && at[g] >= 0
	}
	if !match {
		var got, want []int
		for g, grp := range groups {
			at[g] = g
			got = append(got, len(grp))
		}
		for _, b := range a.Bins {
			want = append(want, b.Size)
		}
		slices.Sort(got)
		slices.Sort(want)
		ans.badSizes = fmt.Sprintf("the %s have sizes %v, not %v", v.Bins, got, want)
	}
	for g, grp := range groups {
		for _, name := range grp {
			i := a.itemIndex(name)
			switch {
			case i < 0:
				bad = append(bad, fmt.Sprintf("no %s is called %q", v.Item, name))
			case ans.p.bin[i] >= 0:
				bad = append(bad, fmt.Sprintf("%q is in two %s", name, v.Bins))
			default:
				ans.p.bin[i] = at[g]
			}
		}
	}
	for i, k := range ans.p.bin {
		if k < 0 {
			ans.missing = append(ans.missing, i)
		}
	}
	return bad
}

func (a *Assign) parseBackups(obj map[string]json.RawMessage, ans *answer, crit []int) []string {
	v := a.Voc
	ans.p.backup = make([]int, len(crit))
	for c := range crit {
		ans.p.backup[c] = -1 // none (the backups item fails)
	}
	raw, ok := obj["backups"]
	if !ok {
		return nil
	}
	var entries []map[string]string
	if err := json.Unmarshal(raw, &entries); err != nil {
		return []string{fmt.Sprintf(`"backups" must be a list of {%q, ...} objects`, v.Item)}
	}
	var bad []string
	key := v.Bin
	if a.Partition {
		key = swapKey
	}
	for _, e := range entries {
		c := slices.Index(a.Critical, e[v.Item])
		k := a.binIndex(e[key])
		if a.Partition {
			k = a.itemIndex(e[key])
		}
		switch {
		case c < 0:
			bad = append(bad, fmt.Sprintf("backups: %q is not a critical %s", e[v.Item], v.Item))
		case ans.p.backup[c] >= 0:
			bad = append(bad, fmt.Sprintf("backups: %q is listed twice", e[v.Item]))
		case k < 0 && a.Partition:
			bad = append(bad, fmt.Sprintf("backups: %q: no %s is called %q", e[v.Item], v.Item, e[key]))
		case k < 0:
			bad = append(bad, fmt.Sprintf("backups: %q: no %s is called %q", e[v.Item], v.Bin, e[key]))
		default:
			ans.p.backup[c] = k
		}
	}
	return bad
}

// evaluate runs the core checks and every unit's checks on a parsed plan.
func (a *Assign) evaluate(ans *answer) fails {
	f := fails{}
	for _, i := range ans.missing {
		if a.Partition {
			f.Add(itemCoverage, a.Items[i].Name+" is in no "+a.Voc.Bin)
		} else {
			f.Add(itemCoverage, a.Items[i].Name+" is not listed")
		}
	}
	if a.Timed {
		for i, k := range ans.p.bin {
			if k < 0 && !slices.Contains(ans.missing, i) {
				f.Add(itemCoverage, a.Items[i].Name+" has no "+a.Voc.Bin)
			}
		}
	}
	if ans.badSizes != "" {
		f.Add(itemSizes, ans.badSizes)
	}
	if a.Timed {
		a.checkTiming(ans.p, f)
	}
	for _, u := range a.units() {
		u.Check(a, ans.p, f)
	}
	return f
}

// Checklist implements domains.Instance.
func (a *Assign) Checklist(ref domains.Reference) []domains.Item {
	v := a.Voc
	if !ref.Feasible {
		return domains.NoPlanChecklist(unitInfeasible, ref.Conflict, "the numbered rules")
	}
	var items []domains.Item
	if a.Partition {
		items = []domains.Item{
			domains.FormatItem(fmt.Sprintf("The answer is one JSON object in the stated form: %d %s, each a list of listed %s, no %s in two %s.", len(a.Bins), v.Bins, v.Items, v.Item, v.Bins)),
			domains.CoverageItem(itemCoverage, "complete inputs", fmt.Sprintf("Every one of the %d %s is in a %s.", len(a.Items), v.Items, v.Bin)),
			domains.FeasibilityItem(itemSizes, "capacity limits", domains.Basic, fmt.Sprintf("The %s have the stated sizes (%s).", v.Bins, a.sizesText())),
		}
	} else if a.Timed {
		items = []domains.Item{
			domains.FormatItem(fmt.Sprintf("The answer is one JSON object in the stated form, naming each %s at most once with a listed %s and a start time on the grid at which it ends by %s.", v.Item, v.Bin, a.clock(a.Slots))),
			domains.CoverageItem(itemCoverage, "complete inputs", fmt.Sprintf("Every one of the %d %s has a %s and a start time.", len(a.Items), v.Items, v.Bin)),
			domains.FeasibilityItem(itemOneAtATime, "exclusive resource use", domains.Basic, fmt.Sprintf("No %s does two %s at the same time.", v.Bin, v.Items)),
		}
	} else {
		items = []domains.Item{
			domains.FormatItem(fmt.Sprintf("The answer is one JSON object in the stated form, naming each %s at most once with a listed %s or null.", v.Item, v.Bin)),
			domains.CoverageItem(itemCoverage, "complete inputs", fmt.Sprintf("Every one of the %d %s is listed.", len(a.Items), v.Items)),
		}
	}
	items = append(items, domains.ItemsOf(a, a.units())...)
	return append(items, domains.OptimalItem(fmt.Sprintf("The plan's objective values are %v in the stated order of priority (the proven optimum, with the stated tie-breaks).", ref.Objective)))
}

// sizesText lists the group sizes: "3, 3 and 4".
func (a *Assign) sizesText() string {
	var ss []string
	for _, b := range a.Bins {
		ss = append(ss, fmt.Sprint(b.Size))
	}
	return prose.JoinAnd(ss)
}

// Check implements domains.Instance.
func (a *Assign) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	return domains.CheckOf(a, ctx, b, raw, ref)
}

// Evaluate implements domains.Evaluator: Check, and in the same pass the
// answer's objective vector (nil unless it keeps every rule).
func (a *Assign) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	items := domains.ChecklistFor(ctx, a, ref)
	ans := a.parse(raw)
	return domains.Evaluate(ctx, b, items, ref, ans.Claim, "plan", a.conflictHolds, func(rs domains.Results) []int64 { return a.judge(rs, items, ans, ref) })
}

// judge fails on rs the items that a readable plan breaks and returns its
// objective vector (nil unless it keeps every rule).
func (a *Assign) judge(rs domains.Results, items []domains.Item, ans *answer, ref domains.Reference) (obj []int64) {
	f := a.evaluate(ans)
	rs.SetFails(f)
	if f.BreaksRule(items) {
		rs.Set(itemOptimal, false, "the plan breaks a rule")
	} else {
		obj = a.objectives(ans.p)
		rs.Optimum(itemOptimal, obj, ref.Objective, "the plan's values are")
	}
	if a.has(unitSelfCheck) {
		if ans.p.stated == nil {
			rs.Set(itemStated, false, ans.statedWhy)
		} else if g := a.goal(ans.p); *ans.p.stated != g {
			rs.Set(itemStated, false, fmt.Sprintf("stated %d, the plan's goal value is %d", *ans.p.stated, g))
		}
	}
	return obj
}

// goal returns the goal value of a plan: the weighted cost of the
// assigned items (labelled) or the weight of the requests not met
// (partition).
func (a *Assign) goal(p *plan) int64 {
	var s int64
	if a.Partition {
		for _, r := range a.Requests {
			i, j := a.itemIndex(r.A), a.itemIndex(r.B)
			if p.bin[i] != p.bin[j] || p.bin[i] < 0 {
				s += a.reqWeight(r)
			}
		}
		return s
	}
	if a.Timed {
		for i, t := range p.start {
			if t >= 0 {
				s += a.weight(i) * int64(t+a.Items[i].Size)
			}
		}
		return s
	}
	for i, k := range p.bin {
		if k >= 0 {
			s += a.weight(i) * int64(a.Cost[i][k])
		}
	}
	return s
}

// tieValue is the tie-break level of a plan (see builder.tieTerms).
func (a *Assign) tieValue(p *plan) int64 {
	var s int64
	n := len(a.Items)
	if a.Partition {
		for i := range n {
			for j := i + 1; j < n; j++ {
				if p.bin[i] >= 0 && p.bin[i] == p.bin[j] {
					s += int64((i + 1) * (j + 1))
				}
			}
		}
		return s
	}
	for i, k := range p.bin {
		if k >= 0 {
			s += int64((n - i) * (k + 1))
		}
	}
	return s
}

// objectives returns every objective level of the model for a plan that
// keeps every rule, in the model's order.
func (a *Assign) objectives(p *plan) []int64 {
	var out []int64
	for _, l := range a.levelers() {
		out = append(out, l.value(a, p))
	}
	out = append(out, a.goal(p))
	if a.Timed {
		var s int64
		for i, k := range p.bin {
			if k >= 0 {
				s += int64(a.Bins[k].Rate * a.Items[i].Size)
			}
		}
		out = append(out, s)
	}
	if a.TieBreaks >= 1 {
		out = append(out, a.tieValue(p))
		if a.Timed {
			var s int64
			for i, t := range p.start {
				s += int64(len(a.Items)-i) * int64(t)
			}
			out = append(out, s)
		}
	}
	if a.criticalIdx() != nil {
		out = append(out, a.backupValues(p)...)
	}
	return out
}

// Objective implements domains.Objectiver.
func (a *Assign) Objective(raw json.RawMessage) ([]int64, bool) {
	return domains.ObjectiveOf(a, raw)
}

// Better implements domains.Objectiver: every level is minimized.
func (a *Assign) Better(x, y []int64) bool {
	return domains.Lower(x, y)
}

var (
	_ domains.Objectiver = (*Assign)(nil)
	_ domains.Evaluator  = (*Assign)(nil)
)

// allRules returns the named rules of the prompt.
func (a *Assign) allRules() []rule {
	return domains.RulesOf(a, a.units())
}

// conflictHolds checks a conflict claim: every name is a rule of the
// problem, and those rules with the always-on rules have no solution
// (proven by the SAT solver within 10 s).
func (a *Assign) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	return domains.ConflictHolds(ctx, b, a, a.allRules(), names, domains.AlwaysOn)
}
