package quantity

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
)

// Item IDs of the core.
const (
	itemFormat     = "format"
	itemSupply     = "supply"
	itemSurplus    = "no-surplus"
	itemDemand     = "demand"
	itemStorage    = "storage"
	itemOptimal    = "optimal"
	itemInfeasible = "infeasible"
	itemConflict   = "conflict"
)

// answer is a parsed answer.
type answer struct {
	domains.Claim
	q         quantities
	rq        quantities // the recovery plan from the failure on (recovery unit)
	shortfall *int64
	cost      *int64
	// shortfallWhy and costWhy say why a stated value is nil (not
	// stated, or unreadable).
	shortfallWhy, costWhy string
}

// keys returns the answer keys of a shipment entry: source, sink ("" with
// one sink), period ("" with one period).
func (in *Instance) keys() (src, sink, period string) {
	src = in.Voc.Source
	if in.K() > 1 {
		sink = in.Voc.Sink
	}
	if in.T() > 1 {
		period = in.Voc.Period
	}
	return
}

// encode writes a plan in the answer's JSON form: the shipments with a
// positive quantity, in the order of the answer, the recovery plan's from
// the failure on (recovery unit), and the stated values when the
// self-check unit is sampled.
func (in *Instance) encode(q, rq quantities) json.RawMessage {
	var b strings.Builder
	fmt.Fprintf(&b, "{%q: ", in.Voc.Shipments)
	in.writeList(&b, q, 0)
	if in.recovering() {
		b.WriteString(", \"recovery\": ")
		in.writeList(&b, rq, in.failFrom())
	}
	if in.has(unitSelfCheck) {
		f := in.flows(q)
		if in.alloc() {
			fmt.Fprintf(&b, ", \"shortfall\": %d", f.wshort)
		}
		fmt.Fprintf(&b, ", \"cost\": %d", f.cost)
	}
	b.WriteString("}")
	return json.RawMessage(b.String())
}

// writeList writes the shipments of q with a positive quantity sent in
// period from or later as a JSON list.
func (in *Instance) writeList(b *strings.Builder, q quantities, from int) {
	ks, kk, kt := in.keys()
	b.WriteString("[")
	first := true
	for s := range in.Sources {
		for k := range in.Sinks {
			for t := from; t < in.T(); t++ {
				if q == nil || q[s][k][t] == 0 {
					continue
				}
				if !first {
					b.WriteString(", ")
				}
				first = false
				in.writeEntry(b, ks, kk, kt, s, k, t, q[s][k][t])
			}
		}
	}
	b.WriteString("]")
}

func (in *Instance) writeEntry(b *strings.Builder, ks, kk, kt string, s, k, t, x int) {
	fmt.Fprintf(b, "{%q: %q", ks, in.Sources[s].Name)
	if kk != "" {
		fmt.Fprintf(b, ", %q: %q", kk, in.Sinks[k].Name)
	}
	if kt != "" {
		fmt.Fprintf(b, ", %q: %q", kt, in.Periods[t])
	}
	fmt.Fprintf(b, ", \"quantity\": %d}", x)
}

// parse reads an answer; it never fails: problems are in formatErr.
func (in *Instance) parse(raw json.RawMessage) *answer {
	ans := &answer{q: in.zero()}
	ans.Claim = domains.ReadClaim(raw, false)
	if ans.Done() {
		return ans
	}
	obj := ans.Obj
	var entries []map[string]json.RawMessage
	if err := json.Unmarshal(obj[in.Voc.Shipments], &entries); err != nil || entries == nil {
		ans.FormatErr = fmt.Sprintf("%q must be a list of %s", in.Voc.Shipments, in.Voc.Shipments)
		return ans
	}
	var bad []string
	if in.has(unitSelfCheck) {
		if in.alloc() {
			ans.shortfall, ans.shortfallWhy = domains.ReadStated[int64](&ans.Claim, shortfallPart, `"shortfall" must be an integer`)
		}
		ans.cost, ans.costWhy = domains.ReadStated[int64](&ans.Claim, costPart, `"cost" must be an integer`)
	}
	bad = append(bad, in.parseList(entries, "", ans.q, 0)...)
	ans.SetProblems(bad)
	if in.recovering() && bad == nil {
		in.parseRecovery(ans)
	}
	return ans
}

// parseRecovery reads the recovery plan of ans into ans.rq: nil when the
// answer has none (the recovery item fails) or when it cannot be read
// (an unreadable part: the format item fails too).
func (in *Instance) parseRecovery(ans *answer) {
	raw, ok := ans.Obj["recovery"]
	if !ok {
		return
	}
	var rentries []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &rentries); err != nil || rentries == nil {
		ans.Unreadable(in.recoveryPart(), fmt.Sprintf("\"recovery\" must be a list of %s", in.Voc.Shipments))
		return
	}
	rq := in.zero()
	if bad := in.parseList(rentries, "of \"recovery\" ", rq, in.failFrom()); bad != nil {
		ans.Unreadable(in.recoveryPart(), strings.Join(bad, "; "))
		return
	}
	ans.rq = rq
}

// parseList reads a list of shipment entries into q; entries of a period
// before from are refused. It returns the problems found; where names
// them ("of "recovery" ").
func (in *Instance) parseList(entries []map[string]json.RawMessage, where string, q quantities, from int) []string {
	var bad []string
	ks, kk, kt := in.keys()
	str := func(e map[string]json.RawMessage, key string) (string, bool) {
		var s string
		if err := json.Unmarshal(e[key], &s); err != nil {
			return "", false
		}
		return s, true
	}
	seen := map[[3]int]bool{}
	for n, e := range entries {
		sn, ok := str(e, ks)
		if !ok {
			bad = append(bad, fmt.Sprintf("entry %d %slacks %q as a string", n+1, where, ks))
			continue
		}
		s, k, t := in.srcIndex(sn), 0, 0
		if s < 0 {
			bad = append(bad, fmt.Sprintf("entry %d %s: no %s is called %q", n+1, where, in.Voc.Source, sn))
			continue
		}
		if kk != "" {
			name, ok := str(e, kk)
			if k = in.sinkIndex(name); !ok || k < 0 {
				bad = append(bad, fmt.Sprintf("entry %d %s: %q must name a listed %s", n+1, where, kk, in.Voc.Sink))
				continue
			}
		}
		if kt != "" {
			name, ok := str(e, kt)
			if t = in.periodIndex(name); !ok || t < 0 {
				bad = append(bad, fmt.Sprintf("entry %d %s: %q must name a listed %s", n+1, where, kt, in.Voc.Period))
				continue
			}
		}
		if t < from {
			bad = append(bad, fmt.Sprintf("entry %d %s: the recovery plan starts in %s", n+1, where, in.Periods[from]))
			continue
		}
		var x int
		if err := json.Unmarshal(e["quantity"], &x); err != nil || x < 0 {
			bad = append(bad, fmt.Sprintf("entry %d %s: \"quantity\" must be a whole number, 0 or more", n+1, where))
			continue
		}
		key := [3]int{s, k, t}
		if seen[key] {
			bad = append(bad, fmt.Sprintf("entry %d %s: the %s %s%s is listed twice", n+1, where, in.Voc.Shipment, in.route(s, k), in.inPeriod(t)))
			continue
		}
		seen[key] = true
		if x > 1000000 {
			bad = append(bad, fmt.Sprintf("entry %d %s: quantity %d is beyond any supply", n+1, where, x))
			continue
		}
		q[s][k][t] = x
	}
	return bad
}

// route names a shipment's source (and sink when there are several).
func (in *Instance) route(s, k int) string {
	if in.K() == 1 {
		return "from " + in.Sources[s].Name
	}
	return in.Sources[s].Name + " → " + in.Sinks[k].Name
}

func (in *Instance) sinkIndex(name string) int {
	return slices.IndexFunc(in.Sinks, func(sk Sink) bool { return sk.Name == name })
}

func (in *Instance) periodIndex(name string) int {
	return slices.Index(in.Periods, name)
}

// evaluate runs the core checks and every unit's checks on a plan, and
// the recovery plan's (rq, from the failure on) under the recovery item.
func (in *Instance) evaluate(q, rq quantities) (fails, *flows) {
	fl := fails{}
	f := in.flows(q)
	for s, src := range in.Sources {
		for t := range in.Periods {
			if f.shipped[s][t] > src.Supply[t] {
				fl.Add(itemSupply, fmt.Sprintf("%s sends %d%s, its supply is %d", src.Name, f.shipped[s][t], in.inPeriod(t), src.Supply[t]))
			}
		}
	}
	for k, sk := range in.Sinks {
		if in.alloc() {
			for t := range in.Periods {
				if f.served[k][t] > sk.Demand[t] {
					fl.Add(itemSurplus, fmt.Sprintf("%s has %d%s, more than its demand %d", sk.Name, f.served[k][t], in.inPeriod(t), sk.Demand[t]))
				}
			}
			continue
		}
		for t := range in.Periods {
			if f.served[k][t] < sk.Demand[t] {
				fl.Add(itemDemand, fmt.Sprintf("%s is short %d in %s", sk.Name, sk.Demand[t]-f.served[k][t], in.Periods[t]))
			}
			if f.stock[k][t] > in.Storage {
				fl.Add(itemStorage, fmt.Sprintf("%s ends %s with %d, the storage holds %d", sk.Name, in.Periods[t], f.stock[k][t], in.Storage))
			}
		}
	}
	for _, u := range in.units() {
		u.Check(in, checked{q, f}, fl)
	}
	if in.recovering() {
		if rq == nil {
			fl.Add(unitRecovery, "there is no recovery plan")
		} else {
			in.checkRecovery(q, rq, fl)
		}
	}
	return fl, f
}

// Checklist implements domains.Instance.
func (in *Instance) Checklist(ref domains.Reference) []domains.Item {
	if !ref.Feasible {
		return domains.NoPlanChecklist(unitInfeasible, ref.Conflict, "the always-on rules")
	}
	v := in.Voc
	ks, kk, kt := in.keys()
	keys := fmt.Sprintf("%q", ks)
	if kk != "" {
		keys += fmt.Sprintf(", %q", kk)
	}
	if kt != "" {
		keys += fmt.Sprintf(", %q", kt)
	}
	items := []domains.Item{domains.FormatItem(fmt.Sprintf("The answer is one JSON object in the stated form: a list %q whose entries give %s with listed names and a whole \"quantity\" of 0 or more, no %s listed twice%s.", v.Shipments, keys, v.Shipment, in.recoveryFormat()))}
	items = append(items, domains.FeasibilityItem(itemSupply, "capacity limits", domains.Basic, fmt.Sprintf("No %s sends more than its supply%s.", v.Source, map[bool]string{true: " in any " + v.Period, false: ""}[in.T() > 1])))
	if in.alloc() {
		items = append(items, domains.FeasibilityItem(itemSurplus, "capacity limits", domains.Basic, fmt.Sprintf("No %s receives more than its demand%s.", v.Sink, map[bool]string{true: " in any " + v.Period + " (its starting stock counting in the first)", false: " (counting any starting stock)"}[in.T() > 1])))
	} else {
		items = append(items,
			domains.CoverageItem(itemDemand, "complete inputs", fmt.Sprintf("Every %s's demand is met in full from stock.", v.Period)),
			domains.FeasibilityItem(itemStorage, "capacity limits", domains.Basic, fmt.Sprintf("The stock at the end of every %s fits the storage of %d.", v.Period, in.Storage)))
	}
	items = append(items, domains.ItemsOf(in, in.units())...)
	items = append(items, domains.OptimalItem(in.optimalText(ref.Objective)))
	return items
}

// levelNames names the objective levels before the tie-break, in order.
func (in *Instance) levelNames() []string {
	var out []string
	if in.replanning() {
		out = append(out, "changed "+in.Voc.Shipments)
	}
	goal := func(pre string) {
		for _, c := range in.classes() {
			out = append(out, fmt.Sprintf("%sshortfall of class %d", pre, c))
		}
		if in.alloc() {
			out = append(out, pre+"weighted shortfall", pre+"cost")
		} else {
			out = append(out, pre+"total cost")
		}
	}
	goal("")
	if in.recovering() {
		goal("recovery ")
	}
	return out
}

// optimalText is the text of the optimal item: the proven optimum, level
// by level, and the tie-break's pick.
func (in *Instance) optimalText(obj []int64) string {
	names := in.levelNames()
	if len(obj) < len(names) {
		return fmt.Sprintf("The plan's objective values are %v in the stated order of priority (the proven optimum).", obj)
	}
	text := "The plan reaches the proven optimum, in the stated order: " + domains.LevelValues(names, obj)
	if in.TieBreaks > 0 {
		text += fmt.Sprintf("; and it is the one plan the stated tie-break picks (its quantities in the order of the tie-break: %v)", obj[len(names):])
	}
	return text + "."
}

// Check implements domains.Instance.
func (in *Instance) Check(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) []domains.Result {
	return domains.CheckOf(in, ctx, b, raw, ref)
}

// Evaluate implements domains.Evaluator: Check, and the answer's
// objective vector (nil unless it keeps every rule).
func (in *Instance) Evaluate(ctx context.Context, b solver.Backend, raw json.RawMessage, ref domains.Reference) ([]domains.Result, []int64) {
	ans := in.parse(raw)
	return domains.Evaluate(ctx, b, domains.ChecklistFor(ctx, in, ref), ref, ans.Claim, "plan", in.conflictHolds, func(rs domains.Results) []int64 { return in.judge(rs, ans, ref) })
}

// judge fails on rs the items that a readable plan breaks and returns its
// objective vector (nil unless it keeps every rule).
func (in *Instance) judge(rs domains.Results, ans *answer, ref domains.Reference) (obj []int64) {
	set := rs.Set
	fl, f := in.evaluate(ans.q, ans.rq)
	if rs.SetFails(fl) {
		set(itemOptimal, false, "the plan breaks a rule")
		for _, id := range []string{unitPriority, unitReplan} {
			if in.has(id) {
				set(id, false, "the plan breaks a rule")
			}
		}
	} else {
		obj = in.objectives(ans.q, ans.rq, f)
		rs.Optimum(itemOptimal, obj, ref.Objective, "the plan's values are")
		if in.replanning() && (len(ref.Objective) == 0 || obj[0] != ref.Objective[0]) {
			set(unitReplan, false, fmt.Sprintf("the plan changes %d %s, the fewest possible is %v", obj[0], in.Voc.Shipments, ref.Objective[:min(1, len(ref.Objective))]))
		}
		if a, n := in.firstClass(), len(in.classes()); n > 0 && (len(ref.Objective) < a+n || !slices.Equal(obj[a:a+n], ref.Objective[a:a+n])) {
			set(unitPriority, false, fmt.Sprintf("the class shortfalls are %v, the least possible are %v", obj[a:a+n], ref.Objective[min(a, len(ref.Objective)):min(a+n, len(ref.Objective))]))
		}
	}
	if in.has(unitSelfCheck) {
		var why []string
		switch {
		case !in.alloc():
		case ans.shortfall == nil:
			why = append(why, ans.shortfallWhy)
		case *ans.shortfall != int64(f.wshort):
			why = append(why, fmt.Sprintf("stated shortfall %d, the plan's is %d", *ans.shortfall, f.wshort))
		}
		switch {
		case ans.cost == nil:
			why = append(why, ans.costWhy)
		case *ans.cost != int64(f.cost):
			why = append(why, fmt.Sprintf("stated cost %d, the plan's is %d", *ans.cost, f.cost))
		}
		if why != nil {
			set(itemStated, false, strings.Join(why, "; "))
		}
	}
	return obj
}

// allRules returns every named rule of the instance, units in pool order.
func (in *Instance) allRules() []rule {
	return domains.RulesOf(in, in.units())
}

// conflictHolds checks a conflict claim: every name is a rule of the
// problem, and those rules with the always-on rules have no solution
// (proven by the SAT solver within 10 s).
func (in *Instance) conflictHolds(ctx context.Context, b solver.Backend, names []string) (bool, string) {
	return domains.ConflictHolds(ctx, b, in, in.allRules(), names, domains.AlwaysOn)
}

// recoveryFormat is the format item's words for the recovery list (""
// without one).
func (in *Instance) recoveryFormat() string {
	if !in.recovering() {
		return ""
	}
	if in.T() == 1 {
		return `; and a list "recovery" of the same form`
	}
	return fmt.Sprintf(`; and a list "recovery" of the same form with %s from %s on only`, in.Voc.Shipments, in.Failure.From)
}
