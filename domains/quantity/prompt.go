package quantity

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains/prose"
)

// qty returns "1 crate", "3 crates".
func (v Vocab) qty(n int) string {
	if n == 1 && v.Good != "" {
		return "1 " + v.Good
	}
	return fmt.Sprintf("%d %s", n, v.Goods)
}

// unit is the singular of the goods ("crate").
func (v Vocab) unit() string {
	if v.Good != "" {
		return v.Good
	}
	return "unit"
}

func ints(xs []int) string {
	p := make([]string, len(xs))
	for i, x := range xs {
		p[i] = fmt.Sprint(x)
	}
	return strings.Join(p, " | ")
}

// tableHead is the head of a table in the prompt: the row of heads and
// the separator row ("| a | b |\n|---|---|\n").
func tableHead(head []string) string {
	return "| " + strings.Join(head, " | ") + " |\n|" + strings.Repeat("---|", len(head)) + "\n"
}

// perPeriod is the heads of a value per period ("supply week 1", ...), or
// the one head word with a single period.
func (in *Instance) perPeriod(word string) []string {
	if in.T() == 1 {
		return []string{word}
	}
	out := make([]string, in.T())
	for t, name := range in.Periods {
		out[t] = word + " " + name
	}
	return out
}

// Prompt implements domains.Instance: every fact the checks use, the goal
// with its tie-break, and the answer form.
func (in *Instance) Prompt() string {
	v := in.Voc
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("%s\n\n", v.Intro)
	multi := in.T() > 1
	if multi {
		p("**%s.** The plan covers %d %s: %s. Quantities are whole numbers of %s.\n\n", prose.Capital(v.Periods), in.T(), v.Periods, prose.JoinAnd(in.Periods), v.Goods)
	} else {
		p("**Quantities** are whole numbers of %s.\n\n", v.Goods)
	}
	// Sources.
	p("**%s**\n", prose.Capital(v.Sources))
	head := []string{v.Source}
	head = append(head, in.perPeriod("supply")...)
	if in.K() == 1 {
		head = append(head, "cost per "+v.unit())
	}
	fees := in.feeWords() != ""
	if fees {
		head = append(head, "fee per "+v.Shipment)
	}
	p("%s", tableHead(head))
	for s, src := range in.Sources {
		p("| %s | %s |", src.Name, ints(src.Supply))
		if in.K() == 1 {
			p(" %d |", in.Cost[s][0])
		}
		if fees {
			p(" %d |", src.Fee)
		}
		p("\n")
	}
	// Sinks.
	p("\n**%s**\n", prose.Capital(v.Sinks))
	head = append([]string{v.Sink}, in.perPeriod("demand")...)
	worst := in.has(unitWorstCase)
	init := false
	for _, sk := range in.Sinks {
		init = init || sk.Init > 0
	}
	if init {
		head = append(head, "starting stock")
	}
	if in.alloc() {
		head = append(head, "weight")
	}
	p("%s", tableHead(head))
	for k, sk := range in.Sinks {
		p("| %s |", sk.Name)
		for t := range in.Periods {
			if worst {
				p(" %d–%d |", in.low(k, t), sk.Demand[t])
			} else {
				p(" %d |", sk.Demand[t])
			}
		}
		if init {
			p(" %d |", sk.Init)
		}
		if in.alloc() {
			p(" %d |", sk.Weight)
		}
		p("\n")
	}
	if worst {
		p("\nA demand written lo–hi may be any whole number in that range; every rule must hold whatever the values are. %s\n", map[bool]string{true: "Shortfalls are counted at the highest values.", false: "Demand must be met at the highest values, and costs are counted at them."}[in.alloc()])
	}
	if in.K() > 1 {
		p("\n**Cost per %s sent** (%s → %s)\n| %s |", v.unit(), v.Source, v.Sink, v.Source)
		for _, sk := range in.Sinks {
			p(" %s |", sk.Name)
		}
		p("\n|---|%s\n", strings.Repeat("---|", in.K()))
		for s, src := range in.Sources {
			p("| %s |", src.Name)
			for k := range in.Sinks {
				p(" %d |", in.Cost[s][k])
			}
			p("\n")
		}
	}

	p("\n**Rules**\n")
	if multi {
		p("1. %s sends at most its supply in each %s, in total.\n", prose.Capital(prose.An(v.Source)), v.Period)
	} else {
		p("1. %s sends at most its supply in total.\n", prose.Capital(prose.An(v.Source)))
	}
	if in.alloc() {
		if multi {
			p("2. What arrives at %s in %s serves that %s's demand (its starting stock, if any, serves the first %s's); nothing carries over to the next %s.\n", prose.An(v.Sink), prose.An(v.Period), v.Period, v.Period, v.Period)
			p("3. No %s receives more than its demand in any %s: what arrives in %s (plus the starting stock, in the first %s) is at most that %s's demand.\n", v.Sink, v.Period, prose.An(v.Period), v.Period, v.Period)
		} else {
			p("2. What %s receives serves its demand, and no %s receives more than its demand (counting any starting stock).\n", prose.An(v.Sink), v.Sink)
		}
	} else {
		p("2. Stock carries over: each %s, %s first adds what arrives, then takes that %s's demand from its stock; what is left is its stock at the end of the %s.\n", v.Period, prose.An(v.Sink), v.Period, v.Period)
		p("3. Every %s's demand is met in full (the stock never runs short), and the stock at the end of every %s is at most %s (the storage).\n", v.Period, v.Period, v.qty(in.Storage))
	}
	rules := in.allRules()
	if len(rules) > 0 {
		p("\nThe rules below are named (the name is in quotes):\n")
		for _, r := range rules {
			p("- %q: %s\n", r.Name, r.Text)
		}
	}

	var goal strings.Builder
	g := func(format string, args ...any) { fmt.Fprintf(&goal, format, args...) }
	if in.replanning() {
		g("first change as few %s of the current plan as possible (rule \"fewest changes\"). Then ", v.Shipments)
	}
	if in.has(unitPriority) {
		g("keep the priority order (rule \"priority order\"). Then ")
	}
	spend := fmt.Sprintf("the cost per %s sent times the quantity, summed over all %s", v.unit(), v.Shipments)
	if fees {
		spend += fmt.Sprintf(", plus the fee of each %s with a positive quantity", v.Shipment)
	}
	if in.alloc() {
		g("minimise the weighted shortfall: the sum over %s of weight × shortfall, where %s's shortfall is its total demand minus its starting stock and what it receives. Among plans with the least weighted shortfall, minimise the cost: %s.", v.Sinks, prose.An(v.Sink), spend)
	} else {
		g("minimise the total cost: %s", spend)
		if in.Holding > 0 {
			g(", plus %d per %s in stock at the end of each %s", in.Holding, v.unit(), v.Period)
		}
		g(".")
	}
	if in.recovering() {
		what := "total cost"
		if in.alloc() {
			what = "weighted shortfall, then its cost"
		}
		if in.has(unitPriority) {
			what = "priority classes' shortfalls in class order, then its " + what
		}
		g(" Then, among the plans that reach those values, minimise the recovery plan's %s (the whole recovery plan, counted the same way, under the failure).", what)
	}
	p("\n**Goal.** %s", prose.Capital(goal.String()))
	if in.TieBreaks > 0 {
		p(" Tie-break: among the plans that reach the same values, choose the one whose list of quantities — every possible %s in the order %s, then %s%s%s — is largest at the first place where two plans differ (so send as much as possible in the first %s of that order, then in the second, and so on).",
			v.Shipment, v.Sources+" as listed", v.Sinks+" as listed", map[bool]string{true: ", then " + v.Periods, false: ""}[multi], in.recoveryOrder(), v.Shipment)
	}
	p("\n\n**Answer** with one JSON object in a ```json block, exactly in this form (names exactly as written above):\n```json\n%s\n```\n", in.AnswerSchema())
	p("List each %s with a positive quantity once; any %s not listed is 0.", v.Shipment, v.Shipment)
	if multi && in.has(unitLead) {
		// With lead times a shipment has two periods; the answer's (and
		// the supply's, the ramp's) is the one it is sent in.
		p(" The %q of %s is the %s it is sent in, not the %s it arrives in.", v.Period, prose.An(v.Shipment), v.Period, v.Period)
	}
	if in.recovering() {
		p(" List the recovery plan's %s%s in \"recovery\" the same way.", v.Shipments, map[bool]string{true: " from " + in.Failure.From + " on", false: ""}[multi])
	}
	if in.has(unitSelfCheck) {
		if in.alloc() {
			p(" State the plan's weighted shortfall as \"shortfall\" and its cost as \"cost\".")
		} else {
			p(" State the plan's total cost as \"cost\".")
		}
	}
	p(" If no plan can keep every rule, answer {\"feasible\": false, \"conflict\": [...]} instead, naming rules (by their quoted names) that cannot all hold together.\n")
	return b.String()
}

// AnswerSchema implements domains.Instance.
func (in *Instance) AnswerSchema() string {
	var b strings.Builder
	ks, kk, kt := in.keys()
	fmt.Fprintf(&b, "{%q: [", in.Voc.Shipments)
	in.writeEntry(&b, ks, kk, kt, 0, 0, 0, 1)
	b.WriteString(", ...]")
	if in.recovering() {
		b.WriteString(", \"recovery\": [")
		rs := 0 // a source that still sends after the failure
		if in.srcIndex(in.Failure.Source) == 0 && in.S() > 1 {
			rs = 1
		}
		in.writeEntry(&b, ks, kk, kt, rs, 0, in.failFrom(), 1)
		b.WriteString(", ...]")
	}
	if in.has(unitSelfCheck) {
		if in.alloc() {
			b.WriteString(", \"shortfall\": 0")
		}
		b.WriteString(", \"cost\": 0")
	}
	b.WriteString("}")
	return b.String()
}

// recoveryOrder is the tie-break's words for the recovery plan's
// quantities ("" without one).
func (in *Instance) recoveryOrder() string {
	if !in.recovering() {
		return ""
	}
	from := ""
	if in.T() > 1 {
		from = "from " + in.Failure.From + " on, "
	}
	return fmt.Sprintf("; then the recovery's possible %s (%swithout %s) in the same order", in.Voc.Shipments, from, in.Failure.Source)
}
