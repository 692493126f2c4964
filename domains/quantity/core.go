package quantity

import (
	"encoding/json"
	"fmt"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// The two modes of the core.
const (
	// ModeAllocation: scarce supplies; a sink may fall short of its demand,
	// and the goal is the least weighted shortfall, then the least cost.
	ModeAllocation = "allocation"
	// ModeProcurement: every period's demand must be met from stock, stock
	// may not exceed the storage; the goal is the least total cost.
	ModeProcurement = "procurement"
)

// Instance is an instance of the quantity core: whole quantities sent from
// sources to sinks in periods. A plan gives the quantity of every shipment
// (source, sink, period); a shipment sent in period t from a source with
// lead time L arrives at the start of period t+L and must arrive within
// the plan. In allocation, what arrives in a period serves that period's
// demand (with the starting stock in the first period) and nothing carries
// over; in procurement, stock carries over from period to period and each
// period's demand is taken from it.
//
// Always on (allocation): a source ships at most its supply in a period;
// no sink receives more than a period's demand in that period (the
// starting stock counting in the first). Always on (procurement): the
// supply rule; every period's demand is met; the stock at the end of a
// period fits the storage.
//
// Two plans are the same plan when every shipment has the same quantity
// (the answer variables are the shipment quantities; every other variable
// of the model is a function of them).
type Instance struct {
	// solving is lent by Generate's caller for the generator's own
	// solves, for that call only.
	solving domains.Solving

	Sp      domains.Spec `json:"spec"`
	Mode    string       `json:"mode"`
	Voc     Vocab        `json:"vocabulary"`
	Periods []string     `json:"periods"`
	Sources []Source     `json:"sources"`
	Sinks   []Sink       `json:"sinks"`
	// Cost is the cost of one unit from source s to sink k (Cost[s][k]).
	Cost [][]int `json:"unit_cost"`
	// Holding is the cost of one unit in stock at the end of a period;
	// Storage the most a sink may hold at the end of a period
	// (procurement).
	Holding int `json:"holding_cost,omitempty"`
	Storage int `json:"storage,omitempty"`
	// Unit data; zero when the unit is not sampled.
	Lanes  [][]int `json:"lane_limits,omitempty"` // supply-limits: most per shipment, 0 = no lane
	Budget int     `json:"budget,omitempty"`      // budget: most spent on units and order fees
	// Fairness: the fill ratios of two sinks differ by at most FairP/FairQ.
	FairP int `json:"fair_gap_num,omitempty"`
	FairQ int `json:"fair_gap_den,omitempty"`
	// Ramp: a source's total per period changes by at most Ramp between
	// consecutive periods.
	Ramp int `json:"ramp,omitempty"`
	// MinRun: a source that ships ships in a run of at least MinRun
	// consecutive periods (cut only by the end of the plan).
	MinRun int `json:"min_run,omitempty"`
	// Fail is the source that may fail (reserve and critical-load units).
	Fail string `json:"fail_source,omitempty"`
	// Contingency is the part of the total supply left unsent
	// (contingency unit).
	Contingency int `json:"contingency,omitempty"`
	// MinDown: a source that stops stays stopped for at least MinDown
	// consecutive periods (cut only by the end of the plan; min-down unit).
	MinDown int `json:"min_down,omitempty"`
	// Commitments are contracts: at least Min units in total from a source
	// (infeasibility unit).
	Commitments []Commitment `json:"commitments,omitempty"`
	// Current is the plan made before the Disruption (replanning unit).
	Current    quantities  `json:"current_plan,omitempty"`
	Disruption *Disruption `json:"disruption,omitempty"`
	// Failure is the exception scenario of the recovery unit: the answer
	// gives a second plan for it.
	Failure *Failure `json:"failure,omitempty"`
	// TieBreaks is 1 when the stated lexicographic tie-break is on.
	TieBreaks int `json:"tie_breaks"`

	// xv are the shipment variables of the last model built (for Plan).
	xv [][][]encode.Var
	// rxv are the recovery plan's shipment variables of the last model
	// built (recovery unit).
	rxv [][][]encode.Var
	// planned is the hidden plan units keep feasible (not part of the
	// instance, never the reference).
	planned [][][]int
}

// Vocab is a task's skin: the words of the prompt and the answer keys.
type Vocab struct {
	Source    string `json:"source"`    // "depot"
	Sources   string `json:"sources"`   // "depots"
	Sink      string `json:"sink"`      // "clinic"
	Sinks     string `json:"sinks"`     // "clinics"
	Period    string `json:"period"`    // "week"
	Periods   string `json:"periods"`   // "weeks"
	Goods     string `json:"goods"`     // "boxes of doses"
	Good      string `json:"good"`      // "box of doses"
	Shipment  string `json:"shipment"`  // "shipment"
	Shipments string `json:"shipments"` // "shipments"
	Intro     string `json:"intro"`
	// intro, when set, writes Intro for the drawn instance: with several
	// periods or one, with lane limits or none (an intro may mention only
	// rules the instance has). generate uses it and clears it.
	intro func(multi, lanes bool) string
}

// Source is where goods come from: Supply[t] is the most it can send in
// period t; Fee is charged per shipment (order) with a positive quantity;
// Lead is the lead time in periods (lead-times unit); MOQ the minimum
// quantity of a shipment (minimum-order unit).
type Source struct {
	Name   string `json:"name"`
	Supply []int  `json:"supply"`
	Fee    int    `json:"fee,omitempty"`
	Lead   int    `json:"lead,omitempty"`
	MOQ    int    `json:"moq,omitempty"`
}

// Sink is where goods go: Demand[t] per period (the highest value when
// DemandLo is set: worst-case unit); Weight is the weight of a unit short
// (allocation); Init the starting stock; Min the minimum guarantee (total
// received, allocation) or the safety stock (procurement); Priority the
// class (1 first; priority-order unit); Critical the units it must still
// get, with its starting stock, if the failing source fails (reserve).
type Sink struct {
	Name     string `json:"name"`
	Demand   []int  `json:"demand"`
	DemandLo []int  `json:"demand_low,omitempty"`
	Weight   int    `json:"weight,omitempty"`
	Init     int    `json:"initial_stock,omitempty"`
	Min      int    `json:"minimum,omitempty"`
	Priority int    `json:"priority,omitempty"`
	Critical int    `json:"critical,omitempty"`
	// CriticalAt is the critical load per period that the sources other
	// than the failing one must deliver (critical-load unit).
	CriticalAt []int `json:"critical_per_period,omitempty"`
	// Whole: the sink receives nothing or its full demand in every period
	// (all-or-nothing unit).
	Whole bool `json:"all_or_nothing,omitempty"`
}

// Commitment is a contract to take at least Min units in total from
// Source.
type Commitment struct {
	Source string `json:"source"`
	Min    int    `json:"min"`
}

// Spec implements domains.Instance.
func (in *Instance) Spec() domains.Spec { return in.Sp }

func (in *Instance) has(unit string) bool { return in.Sp.Has(unit) }

func (in *Instance) alloc() bool { return in.Mode == ModeAllocation }

// T, S and K are the numbers of periods, sources and sinks.
func (in *Instance) T() int { return len(in.Periods) }
func (in *Instance) S() int { return len(in.Sources) }
func (in *Instance) K() int { return len(in.Sinks) }

// arrives reports whether a shipment from source s sent in period t
// arrives within the plan, and when.
func (in *Instance) arrives(s, t int) (int, bool) {
	a := t + in.Sources[s].Lead
	return a, a < in.T()
}

// low returns the lowest demand of sink k in period t.
func (in *Instance) low(k, t int) int {
	if in.Sinks[k].DemandLo != nil {
		return in.Sinks[k].DemandLo[t]
	}
	return in.Sinks[k].Demand[t]
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// quantities is a plan: q[s][k][t].
type quantities [][][]int

func (in *Instance) zero() quantities {
	q := make(quantities, in.S())
	for s := range q {
		q[s] = make([][]int, in.K())
		for k := range q[s] {
			q[s][k] = make([]int, in.T())
		}
	}
	return q
}

// flows are the derived quantities of a plan, computed exactly as the
// model defines them.
type flows struct {
	late     []string   // shipments that arrive after the last period
	arrive   [][]int    // arrive[k][t]
	received []int      // per sink, arriving within the plan
	served   [][]int    // served[k][t] at the highest demand
	stock    [][]int    // stock[k][t] at the end of t, highest demand (procurement)
	stockLo  [][]int    // starting stock + arrivals − lowest demands, to the end of t
	short    []int      // shortfall per sink at the highest demand
	shipped  [][]int    // shipped[s][t]: a source's total
	spend    int        // units and fees
	cost     int        // spend + holding
	wshort   int        // weighted shortfall
	used     [][][]bool // used[s][k][t]: a positive shipment
}

func (in *Instance) flows(q quantities) *flows {
	f := &flows{}
	T, S, K := in.T(), in.S(), in.K()
	f.arrive = make([][]int, K)
	for k := range f.arrive {
		f.arrive[k] = make([]int, T)
	}
	f.shipped = make([][]int, S)
	f.used = make([][][]bool, S)
	for s := range S {
		f.shipped[s] = make([]int, T)
		f.used[s] = make([][]bool, K)
		for k := range K {
			f.used[s][k] = make([]bool, T)
			for t := range T {
				x := q[s][k][t]
				if x == 0 {
					continue
				}
				f.used[s][k][t] = true
				f.shipped[s][t] += x
				f.spend += x*in.Cost[s][k] + in.Sources[s].Fee
				if a, ok := in.arrives(s, t); ok {
					f.arrive[k][a] += x
				} else {
					f.late = append(f.late, fmt.Sprintf("%s → %s in %s", in.Sources[s].Name, in.Sinks[k].Name, in.Periods[t]))
				}
			}
		}
	}
	f.received = make([]int, K)
	f.served, f.stock, f.stockLo, f.short = make([][]int, K), make([][]int, K), make([][]int, K), make([]int, K)
	f.cost = f.spend
	for k, sk := range in.Sinks {
		f.received[k] = sum(f.arrive[k])
		f.served[k], f.stock[k], f.stockLo[k] = make([]int, T), make([]int, T), make([]int, T)
		if in.alloc() {
			// Nothing carries over: a period's arrivals (and the starting
			// stock, in the first) serve its demand; the no-surplus rule
			// keeps them within it.
			for t := range T {
				f.served[k][t] = f.arrive[k][t]
			}
			f.served[k][0] += sk.Init
			f.short[k] = max(0, sum(sk.Demand)-sum(f.served[k])) // 0 beyond the demand (which breaks no-surplus)
			f.wshort += sk.Weight * f.short[k]
			continue
		}
		st, lo := sk.Init, sk.Init
		for t := range T {
			st += f.arrive[k][t]
			u := min(sk.Demand[t], st)
			f.served[k][t] = u
			st -= u
			f.stock[k][t] = st
			f.short[k] += sk.Demand[t] - u
			lo += f.arrive[k][t] - in.low(k, t)
			f.stockLo[k][t] = lo
			f.cost += in.Holding * st
		}
	}
	return f
}

// goal returns the value of the goal level: the weighted shortfall
// (allocation) or the total cost (procurement).
func (in *Instance) goal(f *flows) int64 {
	if in.alloc() {
		return int64(f.wshort)
	}
	return int64(f.cost)
}

// classes returns the priority classes in order (priority-order unit).
func (in *Instance) classes() []int {
	if !in.has(unitPriority) {
		return nil
	}
	mx := 0
	for _, sk := range in.Sinks {
		mx = max(mx, sk.Priority)
	}
	var out []int
	for c := 1; c <= mx; c++ {
		out = append(out, c)
	}
	return out
}

// firstClass is the index of the first priority level: 1 after the
// changes level of replanning, else 0.
func (in *Instance) firstClass() int {
	if in.replanning() {
		return 1
	}
	return 0
}

// objectives returns every objective level of the model for a plan (its
// flows): the changes (replanning), the priority levels, the goal, the cost (allocation), the
// same levels of the recovery plan (recovery unit: rq from the failure
// on), then the tie-break levels.
func (in *Instance) objectives(q, rq quantities, f *flows) []int64 {
	var out []int64
	if in.replanning() {
		out = append(out, int64(in.changes(q)))
	}
	out = append(out, in.goalValues(f)...)
	if in.recovering() {
		sc := in.scenario()
		out = append(out, sc.goalValues(sc.flows(in.full(q, rq)))...)
	}
	if in.TieBreaks > 0 {
		in.eachShipment(func(s, k, t int) { out = append(out, int64(q[s][k][t])) })
		if in.recovering() {
			in.eachRecovery(func(s, k, t int) { out = append(out, int64(rq[s][k][t])) })
		}
	}
	return out
}

// goalValues returns the goal levels of a plan (its flows): the priority
// classes' shortfalls, the goal, the cost (allocation).
func (in *Instance) goalValues(f *flows) []int64 {
	var out []int64
	for _, c := range in.classes() {
		n := 0
		for k, sk := range in.Sinks {
			if sk.Priority == c {
				n += f.short[k]
			}
		}
		out = append(out, int64(n))
	}
	out = append(out, in.goal(f))
	if in.alloc() {
		out = append(out, int64(f.cost))
	}
	return out
}

// eachShipment calls fn for every shipment that may be sent (it arrives
// within the plan and its source has supply in its period), in the order
// of the answer: sources, then sinks, then periods, as listed.
func (in *Instance) eachShipment(fn func(s, k, t int)) {
	for s := range in.Sources {
		for k := range in.Sinks {
			for t := range in.Periods {
				if _, ok := in.arrives(s, t); ok && in.Sources[s].Supply[t] > 0 {
					fn(s, k, t)
				}
			}
		}
	}
}

// Objective implements domains.Objectiver.
func (in *Instance) Objective(answer json.RawMessage) ([]int64, bool) {
	return domains.ObjectiveOf(in, answer)
}

// Better implements domains.Objectiver: every level is minimized except
// the tie-break levels, which are maximized.
func (in *Instance) Better(x, y []int64) bool {
	goal := len(in.classes()) + 1 // the goal levels of one plan
	if in.alloc() {
		goal++
	}
	nmin := in.firstClass() + goal
	if in.recovering() {
		nmin += goal
	}
	return domains.LexBetter(x, y, func(level int) bool { return level >= nmin })
}

// TieBreak implements domains.Instance: it states the lexicographic
// tie-break (the largest quantities first, in the order of the answer),
// which leaves one plan: two different plans differ at a first shipment.
func (in *Instance) TieBreak() bool { return domains.NextTieBreak(&in.TieBreaks, 1) }
