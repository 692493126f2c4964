package quantity

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/plancert/plancert/domains"
)

// span is a size range of the tables (see domains.Span).
type span domains.Span

// subtask is one skin of a task over the quantity core: vocabulary, name
// pools and sizes, and the units it makes likely or excludes.
type subtask struct {
	ID, Title string
	Voc       Vocab
	Periods   []string // the first T are used
	NPeriods  span
	Sources   []string
	NSources  span
	Sinks     []string
	NSinks    span
	Supply    span // per source and period
	Demand    span // per sink and period
	Cost      span // per unit
	Fee       span // per shipment (procurement)
	Holding   span // per unit and period (procurement)
	Peak      int  // with several periods, one period's demand rises by 1..Peak (a peak)
	// LongPeriods, MoreSources and MoreSinks are the name pools of the
	// levels above 1: LongPeriods replaces Periods, the others extend
	// Sources and Sinks (level 1 draws from the pools above alone, so
	// that its draws stay as they were).
	LongPeriods            []string
	MoreSources, MoreSinks []string
	// Multi caps the sources and sinks of an allocation over several
	// periods (0: 2); levels above 1 raise it.
	Multi   int
	Likely  map[string]float64
	Exclude []string
}

// task is a task on the quantity core: its registry entry (family, mode,
// subtasks) and its pool: the core's pool for its mode, with the
// skin-only units of Extra and without the units of Drop.
type task struct {
	ID, Name string
	Family   domains.Family
	Mode     string
	Extra    []string
	Drop     []string
	Subtasks []subtask
	// Levels are the task's sizes at levels 2..5 (nil: levelSpans of
	// its mode).
	Levels *[domains.Levels - 1]levelSpan
}

// generate builds an instance of subtask st from spec with r: the core
// data, the data of the units the hidden plan must respect, the hidden
// plan, then the other units' data in pool order.
func (st *subtask) generate(sv domains.Solving, mode string, spec domains.Spec, r *rand.Rand) (*Instance, error) {
	in := &Instance{solving: sv, Sp: spec, Mode: mode, Voc: st.Voc}
	defer func() { in.solving = domains.Solving{} }()
	T := domains.Draw(r, st.NPeriods)
	if spec.Has(unitRamp) {
		T = max(T, 2)
	}
	if spec.Has(unitLead) || spec.Has(unitMinRun) || spec.Has(unitMinDown) {
		T = max(T, 3)
	}
	T = min(T, len(st.Periods))
	in.Periods = append([]string(nil), st.Periods[:T]...)
	if in.Voc.intro != nil {
		in.Voc.Intro, in.Voc.intro = in.Voc.intro(T > 1, spec.Has(unitLanes)), nil
	}
	nsrc, nsink := domains.Draw(r, st.NSources), domains.Draw(r, st.NSinks)
	if T > 1 && mode == ModeAllocation {
		// Several periods multiply the shipments: keep the model small.
		c := st.Multi
		if c == 0 {
			c = 2
		}
		nsrc, nsink = min(nsrc, c), min(nsink, c)
	}
	srcs := domains.Pick(r, st.Sources, nsrc)
	if spec.Has(unitReserve) && len(srcs) < 2 {
		srcs = domains.Pick(r, st.Sources, 2)
	}
	for _, n := range domains.Pick(r, st.Sinks, nsink) {
		sk := Sink{Name: n, Demand: make([]int, T)}
		for t := range T {
			sk.Demand[t] = domains.Draw(r, st.Demand)
		}
		if mode == ModeAllocation {
			sk.Weight = 1 + r.IntN(3)
		}
		if T > 1 && (mode == ModeProcurement || r.IntN(2) == 0) {
			sk.Init = r.IntN(sk.Demand[0] + 1)
		}
		in.Sinks = append(in.Sinks, sk)
	}
	if st.Peak > 0 && T > 1 {
		p := r.IntN(T)
		for k := range in.Sinks {
			in.Sinks[k].Demand[p] += 1 + r.IntN(st.Peak)
		}
	}
	// Allocation: supplies are scarce, 50–90 % of the demand of a period.
	scarce := 50 + r.IntN(41)
	for _, n := range srcs {
		src := Source{Name: n, Supply: make([]int, T)}
		for t := range T {
			src.Supply[t] = domains.Draw(r, st.Supply)
			if mode == ModeAllocation {
				need := 0
				for _, sk := range in.Sinks {
					need += sk.Demand[t]
				}
				src.Supply[t] = max(1, min(src.Supply[t], need*scarce/100/len(srcs)+r.IntN(3)))
			}
		}
		if mode == ModeProcurement {
			src.Fee = domains.Draw(r, st.Fee)
		}
		in.Sources = append(in.Sources, src)
	}
	if mode == ModeAllocation {
		// Scarce: in every period the supplies fall short of the demand.
		for t := range T {
			need := 0
			for _, sk := range in.Sinks {
				need += sk.Demand[t]
			}
			for {
				have, big := 0, -1
				for s, src := range in.Sources {
					have += src.Supply[t]
					if src.Supply[t] > 1 && (big < 0 || src.Supply[t] > in.Sources[big].Supply[t]) {
						big = s
					}
				}
				if have < need || big < 0 {
					break
				}
				in.Sources[big].Supply[t]--
			}
		}
	}
	in.Cost = make([][]int, len(in.Sources))
	for s := range in.Cost {
		in.Cost[s] = make([]int, len(in.Sinks))
		for k := range in.Cost[s] {
			in.Cost[s][k] = domains.Draw(r, st.Cost)
		}
	}
	if mode == ModeProcurement {
		in.Holding = domains.Draw(r, st.Holding)
	}
	for _, p := range domains.Facets[domains.Preparer[*Instance]](in.units()) {
		p.Prepare(in, r)
	}
	in.plant(r)
	for _, u := range in.units() {
		u.Sample(in, r)
	}
	if err := in.validate(); err != nil {
		return nil, fmt.Errorf("quantity: generated instance: %w", err)
	}
	return in, nil
}

// minShip is the least quantity the hidden plan sends in a shipment: 2
// with the minimum-order unit, so that the minimums drawn keep it.
func (in *Instance) minShip() int {
	if in.has(unitMOQ) {
		return 2
	}
	return 1
}

// plant draws the hidden plan: in allocation, each sink gets about the
// same fraction of what it can use; in procurement, orders cover each
// period's demand and safety stock, raising the starting stock where the
// supply cannot (the storage is then set above the plan's stock).
func (in *Instance) plant(r *rand.Rand) {
	q := in.zero()
	rem := make([][]int, in.S())
	for s, src := range in.Sources {
		rem[s] = append([]int(nil), src.Supply...)
	}
	ms := in.minShip()
	// send ships up to want from shuffled sources whose shipment sent in a
	// period of sendable arrives in time; it returns what is left.
	send := func(k, want int, sendable func(s, t int) bool) int {
		type st struct{ s, t int }
		var opts []st
		for s := range in.Sources {
			for t := range in.Periods {
				if _, ok := in.arrives(s, t); ok && sendable(s, t) {
					opts = append(opts, st{s, t})
				}
			}
		}
		r.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
		for _, o := range opts {
			if want <= 0 {
				break
			}
			a := min(want, rem[o.s][o.t])
			if in.Lanes != nil {
				a = min(a, in.Lanes[o.s][k]-q[o.s][k][o.t])
			}
			if want > 3 && r.IntN(2) == 0 {
				a = min(a, (want+1)/2)
			}
			if a < ms {
				continue
			}
			q[o.s][k][o.t] += a
			rem[o.s][o.t] -= a
			want -= a
		}
		return want
	}
	if in.alloc() {
		phi := 50 + r.IntN(41)
		order := r.Perm(in.K())
		// All-or-nothing sinks first, each with its full demand or, when
		// that cannot be sent, nothing.
		sort.SliceStable(order, func(i, j int) bool { return in.Sinks[order[i]].Whole && !in.Sinks[order[j]].Whole })
		for _, k := range order {
			whole := in.Sinks[k].Whole
			full := true
			for t := range in.Periods {
				room := in.low(k, t)
				if t == 0 {
					room -= in.Sinks[k].Init
				}
				want := room * phi / 100
				if room >= ms {
					want = max(want, ms)
				}
				if whole {
					want = room
				}
				if send(k, want, func(s, t0 int) bool { a, _ := in.arrives(s, t0); return a == t }) > 0 {
					full = false
				}
			}
			if whole && !full {
				for s := range in.Sources {
					for t := range in.Periods {
						rem[s][t] += q[s][k][t]
						q[s][k][t] = 0
					}
				}
			}
		}
		// A plan that sends nothing would make units draw empty data (a
		// budget of 0): send what one shipment can, where it can.
		if in.flows(q).spend == 0 {
			for _, k := range r.Perm(in.K()) {
				for t := range in.Periods {
					room := in.low(k, t)
					if t == 0 {
						room -= in.Sinks[k].Init
					}
					if send(k, room, func(s, t0 int) bool { a, _ := in.arrives(s, t0); return a == t }) < room {
						break
					}
				}
			}
		}
		in.planned = q
		return
	}
	for k := range in.Sinks {
		sk := &in.Sinks[k]
		for t := range in.Periods {
			f := in.flows(q)
			avail := sk.Init
			if t > 0 {
				avail = f.stock[k][t-1]
			}
			avail += f.arrive[k][t]
			need := sk.Demand[t] + sk.Min - avail
			if need <= 0 {
				continue
			}
			extra := r.IntN(3)
			left := send(k, need+extra, func(s, t0 int) bool { a, _ := in.arrives(s, t0); return a == t })
			if left > extra {
				sk.Init += left - extra
			}
		}
	}
	f := in.flows(q)
	mx := 1
	for k := range in.Sinks {
		for t := range in.Periods {
			mx = max(mx, f.stock[k][t], f.stockLo[k][t])
		}
	}
	in.Storage = mx + r.IntN(3)
	in.planned = q
}

// registered lists the tasks of register, for tests of the skins.
var registered []*task

// register adds t to the domains registry as a task of its family on the
// quantity core.
func register(t *task) {
	registered = append(registered, t)
	domains.RegisterSkin(domains.Skin[*subtask]{
		Pkg:      "quantity",
		Task:     domains.Task{ID: t.ID, Name: t.Name, Family: t.Family, Core: "quantity", Pool: poolInfo(t.Mode, t.Extra, t.Drop), Claims: introClaims},
		Subtasks: domains.Ptrs(t.Subtasks),
		View: func(st *subtask) domains.Subtask {
			return domains.Subtask{ID: st.ID, Title: st.Title, Likely: st.Likely, Exclude: st.Exclude}
		},
		Generate: func(sv domains.Solving, st *subtask, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
			return st.generate(sv, t.Mode, spec, r)
		},
		AtLevel: func(st *subtask, level int) *subtask {
			spans := t.Levels
			if spans == nil {
				ls := levelSpans[t.Mode]
				spans = &ls
			}
			return st.atLevel(spans, level)
		},
		Sizes: func(st *subtask) []domains.Size { return st.sizes(t.Mode) },
		Load: domains.Loader("quantity", t.ID, func(in *Instance) error {
			if in.Mode != t.Mode {
				return fmt.Errorf("field mode: %q, want %q", in.Mode, t.Mode)
			}
			return in.validate()
		}),
	})
}

// maxQty bounds every supply, demand and stock of an instance read from
// JSON, so that models stay small.
const maxQty = 1000

// validate checks an instance (generated or read from JSON) enough that
// its methods cannot panic; errors name the field and the reason.
func (in *Instance) validate() error {
	T, S, K := in.T(), in.S(), in.K()
	switch {
	case in.Mode != ModeAllocation && in.Mode != ModeProcurement:
		return fmt.Errorf("field mode: %q is not %q or %q", in.Mode, ModeAllocation, ModeProcurement)
	case T == 0 || S == 0 || K == 0:
		return fmt.Errorf("fields periods, sources, sinks: each needs at least one entry")
	case in.Voc.Shipments == "" || in.Voc.Source == "" || in.Voc.Sink == "" || in.Voc.Period == "":
		return fmt.Errorf("field vocabulary: shipments, source, sink and period must be set")
	case in.TieBreaks < 0 || in.TieBreaks > 1:
		return fmt.Errorf("field tie_breaks: %d is not 0 or 1", in.TieBreaks)
	case in.Holding < 0 || in.Storage < 0 || in.Budget < 0 || in.Ramp < 0 || in.MinRun < 0:
		return fmt.Errorf("fields holding_cost, storage, budget, ramp, min_run: negative value")
	}
	ok := func(x int) bool { return x >= 0 && x <= maxQty }
	names := map[string]bool{}
	for i, src := range in.Sources {
		if src.Name == "" || names[src.Name] {
			return fmt.Errorf("field sources[%d].name: empty or repeated %q", i, src.Name)
		}
		names[src.Name] = true
		if len(src.Supply) != T {
			return fmt.Errorf("field sources[%d].supply: %d values for %d periods", i, len(src.Supply), T)
		}
		for _, x := range src.Supply {
			if !ok(x) {
				return fmt.Errorf("field sources[%d].supply: %d not in 0..%d", i, x, maxQty)
			}
		}
		if !ok(src.Fee) || src.Lead < 0 || src.Lead > T || !ok(src.MOQ) {
			return fmt.Errorf("field sources[%d]: fee, lead or moq out of range", i)
		}
	}
	names = map[string]bool{}
	for i, sk := range in.Sinks {
		if sk.Name == "" || names[sk.Name] {
			return fmt.Errorf("field sinks[%d].name: empty or repeated %q", i, sk.Name)
		}
		names[sk.Name] = true
		if len(sk.Demand) != T {
			return fmt.Errorf("field sinks[%d].demand: %d values for %d periods", i, len(sk.Demand), T)
		}
		if sk.DemandLo != nil && len(sk.DemandLo) != T {
			return fmt.Errorf("field sinks[%d].demand_low: %d values for %d periods", i, len(sk.DemandLo), T)
		}
		for t, x := range sk.Demand {
			if !ok(x) || (sk.DemandLo != nil && (sk.DemandLo[t] < 0 || sk.DemandLo[t] > x)) {
				return fmt.Errorf("field sinks[%d].demand: period %d: values out of range (0 ≤ low ≤ demand ≤ %d)", i, t, maxQty)
			}
		}
		if !ok(sk.Init) || !ok(sk.Min) || !ok(sk.Critical) || !ok(sk.Weight) || sk.Priority < 0 || sk.Priority > K {
			return fmt.Errorf("field sinks[%d]: initial_stock, minimum, critical, weight or priority out of range", i)
		}
		if in.has(unitFairness) && sum(sk.Demand) == 0 {
			return fmt.Errorf("field sinks[%d].demand: the fairness rule needs a positive total demand", i)
		}
	}
	if len(in.Cost) != S {
		return fmt.Errorf("field unit_cost: %d rows for %d sources", len(in.Cost), S)
	}
	for s, row := range in.Cost {
		if len(row) != K {
			return fmt.Errorf("field unit_cost[%d]: %d values for %d sinks", s, len(row), K)
		}
		for _, c := range row {
			if !ok(c) {
				return fmt.Errorf("field unit_cost[%d]: %d not in 0..%d", s, c, maxQty)
			}
		}
	}
	if in.has(unitLanes) {
		if len(in.Lanes) != S {
			return fmt.Errorf("field lane_limits: %d rows for %d sources", len(in.Lanes), S)
		}
		for s, row := range in.Lanes {
			if len(row) != K {
				return fmt.Errorf("field lane_limits[%d]: %d values for %d sinks", s, len(row), K)
			}
		}
	} else if in.Lanes != nil {
		return fmt.Errorf("field lane_limits: set without the %s unit", unitLanes)
	}
	if in.has(unitFairness) && (in.FairQ <= 0 || in.FairP < 0) {
		return fmt.Errorf("fields fair_gap_num, fair_gap_den: need 0 ≤ num and 0 < den")
	}
	if in.has(unitMinRun) && in.MinRun < 1 {
		return fmt.Errorf("field min_run: must be at least 1")
	}
	for i, sk := range in.Sinks {
		if sk.CriticalAt != nil && len(sk.CriticalAt) != T {
			return fmt.Errorf("field sinks[%d].critical_per_period: %d values for %d periods", i, len(sk.CriticalAt), T)
		}
		for _, c := range sk.CriticalAt {
			if !ok(c) {
				return fmt.Errorf("field sinks[%d].critical_per_period: %d not in 0..%d", i, c, maxQty)
			}
		}
		if sk.Whole && !in.alloc() {
			return fmt.Errorf("field sinks[%d].all_or_nothing: only in mode %q", i, ModeAllocation)
		}
	}
	if in.has(unitRecovery) != (in.Failure != nil) {
		return fmt.Errorf("field failure: set exactly when the %s unit is sampled", unitRecovery)
	}
	if in.Failure != nil && (in.srcIndex(in.Failure.Source) < 0 || in.periodIndex(in.Failure.From) < 0) {
		return fmt.Errorf("field failure: unknown source %q or period %q", in.Failure.Source, in.Failure.From)
	}
	if in.Contingency < 0 || in.Contingency > in.totalSupply() {
		return fmt.Errorf("field contingency: %d not in 0..%d (the total supply)", in.Contingency, in.totalSupply())
	}
	if in.has(unitMinDown) && in.MinDown < 1 {
		return fmt.Errorf("field min_down: must be at least 1")
	}
	if (in.has(unitReserve) || in.has(unitCritical)) && in.srcIndex(in.Fail) < 0 {
		return fmt.Errorf("field fail_source: %q is not a source", in.Fail)
	}
	if in.Current != nil {
		if d := in.Disruption; d == nil || in.srcIndex(d.Source) < 0 || (d.Period != "" && in.periodIndex(d.Period) < 0) || (d.Sink != "" && in.sinkIndex(d.Sink) < 0) {
			return fmt.Errorf("field disruption: missing beside current_plan, or naming an unknown source, period or sink")
		}
		if len(in.Current) != S {
			return fmt.Errorf("field current_plan: %d rows for %d sources", len(in.Current), S)
		}
		for s := range in.Current {
			if len(in.Current[s]) != K {
				return fmt.Errorf("field current_plan[%d]: %d rows for %d sinks", s, len(in.Current[s]), K)
			}
			for k := range in.Current[s] {
				if len(in.Current[s][k]) != T {
					return fmt.Errorf("field current_plan[%d][%d]: %d values for %d periods", s, k, len(in.Current[s][k]), T)
				}
				for _, x := range in.Current[s][k] {
					if !ok(x) {
						return fmt.Errorf("field current_plan[%d][%d]: %d not in 0..%d", s, k, x, maxQty)
					}
				}
			}
		}
	}
	for i, c := range in.Commitments {
		if in.srcIndex(c.Source) < 0 || !ok(c.Min) {
			return fmt.Errorf("field commitments[%d]: unknown source %q or minimum out of range", i, c.Source)
		}
	}
	return nil
}
