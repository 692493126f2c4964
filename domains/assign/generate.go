package assign

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// span is a size range of the tables (see domains.Span).
type span domains.Span

// subtask is a skin of a task: its vocabulary, name pools and sizes.
type subtask struct {
	ID, Title string
	Voc       Vocab
	Partition bool
	// Timed makes this subtask timed (start times on a one-day grid) in
	// a task that is otherwise labelled; its Exclude must list the units
	// of the labelled mode only, and the labelled subtasks' the timed
	// ones.
	Timed     bool
	Items     []string // name pool, in table order
	NItems    span     // labelled
	Bins      []string // labelled: name pool
	NBins     span     // labelled: number of bins; partition: of groups
	GroupSize span     // partition: the size of every group (one may get one more)
	Sizes     span     // item sizes
	Attrs     []string
	Sessions  []string // partition compatibility
	Cost      span     // labelled cost range
	// Timed mode: the day's first minute, slot length and slot count.
	DayStart, SlotMin int
	Slots             span
	// Packed draws the hidden plan without gaps (tests: a short day).
	Packed  bool
	Likely  map[string]float64
	Exclude []string
	// MoreItems and MoreBins extend Items and Bins above level 1 (see
	// atLevel); level 1 draws from Items and Bins alone, as before levels.
	MoreItems, MoreBins []string
}

// task is a registered task and its subtasks.
type task struct {
	ID, Name  string
	Family    domains.Family
	Partition bool
	Timed     bool
	Subtasks  []subtask
}

func (t *task) mode() mode {
	switch {
	case t.Partition:
		return modePartition
	case t.Timed:
		return modeTimed
	}
	m := modeLabelled
	for _, st := range t.Subtasks {
		if st.Timed {
			m |= modeTimed
		}
	}
	return m
}

// tasks lists the registered tasks of the package, in registration order.
var tasks []*task

// register adds t to the domains registry.
func register(t *task) {
	tasks = append(tasks, t)
	domains.RegisterSkin(domains.Skin[*subtask]{
		Pkg:      "assign",
		Task:     domains.Task{ID: t.ID, Name: t.Name, Family: t.Family, Core: "assign", Pool: poolInfo(t.mode()), Claims: introClaims},
		Subtasks: domains.Ptrs(t.Subtasks),
		View: func(st *subtask) domains.Subtask {
			return domains.Subtask{ID: st.ID, Title: st.Title, Likely: st.Likely, Exclude: st.Exclude}
		},
		Generate: func(_ domains.Solving, st *subtask, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
			return t.draw(st, spec, r)
		},
		Load:    func(data []byte) (domains.Instance, error) { return load(data) },
		AtLevel: func(st *subtask, level int) *subtask { return t.atLevel(st, level) },
		Sizes:   func(st *subtask) []domains.Size { return t.sizes(st) },
	})
}

// generate draws an instance of spec: the subtask's sizes and names, a
// hidden plan, then each sampled unit's data in pool order, kept feasible
// for the hidden plan (unless the infeasibility unit breaks it on
// purpose). The hidden plan is never the reference: the solver's optimum
// is.
func (t *task) generate(spec domains.Spec, r *rand.Rand) (*Assign, error) {
	var st *subtask
	for k := range t.Subtasks {
		if t.Subtasks[k].ID == spec.Subtask {
			st = &t.Subtasks[k]
		}
	}
	if st == nil {
		return nil, fmt.Errorf("assign: %s has no subtask %q", t.ID, spec.Subtask)
	}
	return t.draw(st, spec, r)
}

// draw makes the instance of spec for subtask st (at the spec's level).
func (t *task) draw(st *subtask, spec domains.Spec, r *rand.Rand) (*Assign, error) {
	timed := t.Timed || st.Timed
	a := &Assign{Sp: spec, Voc: st.Voc, Partition: t.Partition, Timed: timed}
	if t.Partition {
		g := domains.Draw(r, st.NBins)
		gs := domains.Draw(r, st.GroupSize)
		sizes := make([]int, g)
		for k := range sizes {
			sizes[k] = gs
		}
		if r.IntN(3) == 0 {
			sizes[g-1]++
		}
		n := 0
		for _, s := range sizes {
			n += s
		}
		if n > len(st.Items) {
			return nil, fmt.Errorf("assign: %s/%s: %d items needed, the pool has %d", t.ID, st.ID, n, len(st.Items))
		}
		for k, s := range sizes {
			a.Bins = append(a.Bins, Bin{Name: fmt.Sprintf("%s %d", prose.Capital(st.Voc.Bin), k+1), Size: s})
		}
		a.Items = pickItems(st, n, r)
		a.planted = make([]int, n)
		perm := r.Perm(n)
		x := 0
		for k, s := range sizes {
			for range s {
				a.planted[perm[x]] = k
				x++
			}
		}
		// Requests: about one per item, distinct pairs, weights 1–5.
		seen := map[[2]int]bool{}
		for range n + 1 {
			i, j := r.IntN(n), r.IntN(n)
			if i == j {
				continue
			}
			i, j = min(i, j), max(i, j)
			if seen[[2]int{i, j}] {
				continue
			}
			seen[[2]int{i, j}] = true
			a.Requests = append(a.Requests, Pair{A: a.Items[i].Name, B: a.Items[j].Name, Weight: 1 + r.IntN(5)})
		}
		slices.SortFunc(a.Requests, func(x, y Pair) int { return cmpPair(a, x, y) })
		if a.has(unitCompat) {
			a.Sessions = slices.Clone(st.Sessions)
		}
	} else {
		n := domains.Draw(r, st.NItems)
		nb := domains.Draw(r, st.NBins)
		if a.has(unitReplan) && nb < 3 && len(st.Bins) >= 3 {
			nb = 3 // a bin closes: keep two open, or the plan is forced
		}
		a.Items = pickItems(st, n, r)
		for _, name := range domains.Pick(r, st.Bins, nb) {
			a.Bins = append(a.Bins, Bin{Name: name})
		}
		if !timed {
			a.Cost = make([][]int, n)
			for i := range a.Cost {
				a.Cost[i] = make([]int, nb)
				for k := range a.Cost[i] {
					a.Cost[i][k] = domains.Draw(r, st.Cost)
				}
			}
		}
		a.planted = make([]int, n)
		for i := range a.planted {
			a.planted[i] = r.IntN(nb)
		}
		if timed {
			a.DayStart, a.SlotMin, a.Slots = st.DayStart, st.SlotMin, domains.Draw(r, st.Slots)
			a.plantTimes(r, st.Packed)
			for k, x := range r.Perm(max(6, nb))[:nb] {
				a.Bins[k].Rate = 20 + 5*x
			}
		}
	}
	for _, u := range a.units() {
		u.Sample(a, r)
	}
	if timed && (a.Slots > 48 || a.DayStart+a.Slots*a.SlotMin > 24*60) {
		// The hidden plan stretched the day past midnight (only the
		// larger levels can): the instance would not load.
		return nil, fmt.Errorf("assign: %s/%s: the hidden plan needs %d slots from minute %d: %w", t.ID, st.ID, a.Slots, a.DayStart, domains.ErrRedraw)
	}
	return a, nil
}

// pickItems draws n items of the pool (in pool order) with sizes,
// attributes and priorities.
func pickItems(st *subtask, n int, r *rand.Rand) []Item {
	out := make([]Item, n)
	for x, k := range domains.PickIndex(r, len(st.Items), n) {
		out[x] = Item{Name: st.Items[k], Size: domains.Draw(r, st.Sizes), Attr: st.Attrs[r.IntN(len(st.Attrs))], Priority: 1 + r.IntN(3)}
	}
	return out
}

// load reads an instance written by json.Marshal and validates it.
func load(data []byte) (*Assign, error) {
	var a Assign
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, fmt.Errorf("assign: instance: %w", err)
	}
	if err := a.validate(); err != nil {
		return nil, err
	}
	return &a, nil
}

// validate checks that the names resolve and the numbers are in range, so
// that no method can panic on an instance read from JSON. Errors name the
// field and the reason.
func (a *Assign) validate() error {
	bad := func(field, format string, args ...any) error {
		return fmt.Errorf("assign: instance: %s: %s", field, fmt.Sprintf(format, args...))
	}
	items, bins := map[string]bool{}, map[string]bool{}
	pairs := func(field string, ps []Pair) error {
		for k, p := range ps {
			if !items[p.A] || !items[p.B] || p.A == p.B {
				return bad(fmt.Sprintf("%s[%d]", field, k), "%q and %q are not two listed items", p.A, p.B)
			}
			if p.Weight < 0 {
				return bad(fmt.Sprintf("%s[%d].weight", field, k), "negative")
			}
		}
		return nil
	}
	if len(a.Items) == 0 || len(a.Bins) == 0 {
		return bad("items/bins", "need at least one item and one bin")
	}
	if a.Voc.Item == "" || a.Voc.Items == "" || a.Voc.Bin == "" || a.Voc.Bins == "" {
		return bad("vocabulary", "item, items, bin and bins must be set")
	}
	for i, it := range a.Items {
		if it.Name == "" || items[it.Name] {
			return bad(fmt.Sprintf("items[%d].name", i), "empty or duplicate name %q", it.Name)
		}
		items[it.Name] = true
		if it.Size < 0 || it.Priority < 0 {
			return bad(fmt.Sprintf("items[%d]", i), "negative size or priority")
		}
		for _, n := range it.Allowed {
			if a.binIndex(n) < 0 {
				return bad(fmt.Sprintf("items[%d].allowed", i), "unknown bin %q", n)
			}
		}
		for _, n := range it.Free {
			if !slices.Contains(a.Sessions, n) {
				return bad(fmt.Sprintf("items[%d].free", i), "unknown session %q", n)
			}
		}
	}
	total := 0
	for k, b := range a.Bins {
		if b.Name == "" || bins[b.Name] {
			return bad(fmt.Sprintf("bins[%d].name", k), "empty or duplicate name %q", b.Name)
		}
		bins[b.Name] = true
		if b.Cap < 0 || b.SizeCap < 0 || b.Size < 0 {
			return bad(fmt.Sprintf("bins[%d]", k), "negative capacity or size")
		}
		if a.has(unitCapacity) && b.Cap < 1 {
			return bad(fmt.Sprintf("bins[%d].cap", k), "must be at least 1")
		}
		total += b.Size
	}
	if a.Partition && total != len(a.Items) {
		return bad("bins", "group sizes add up to %d for %d items", total, len(a.Items))
	}
	if a.Timed {
		if a.Slots < 1 || a.Slots > 48 || a.SlotMin < 1 || a.DayStart < 0 || a.DayStart+a.Slots*a.SlotMin > 24*60 {
			return bad("slots", "the grid of %d slots of %d minutes from minute %d does not fit a day", a.Slots, a.SlotMin, a.DayStart)
		}
		for i, it := range a.Items {
			if it.Size < 1 || it.Size > a.Slots {
				return bad(fmt.Sprintf("items[%d].size", i), "length %d not in [1, %d]", it.Size, a.Slots)
			}
			if it.Deadline < 0 || it.Deadline > a.Slots {
				return bad(fmt.Sprintf("items[%d].deadline", i), "%d not in [0, %d]", it.Deadline, a.Slots)
			}
		}
		if err := pairs("dependencies", a.Deps); err != nil {
			return err
		}
		if a.has(unitReplan) {
			if len(a.CurrentStart) != len(a.Items) {
				return bad("current_start", "%d entries for %d items", len(a.CurrentStart), len(a.Items))
			}
			for i, s := range a.CurrentStart {
				if s < 0 || s+a.Items[i].Size > a.Slots {
					return bad(fmt.Sprintf("current_start[%d]", i), "start %d off the grid", s)
				}
			}
		}
	} else if !a.Partition {
		if len(a.Cost) != len(a.Items) {
			return bad("cost", "%d rows for %d items", len(a.Cost), len(a.Items))
		}
		for i, row := range a.Cost {
			if len(row) != len(a.Bins) {
				return bad(fmt.Sprintf("cost[%d]", i), "%d values for %d bins", len(row), len(a.Bins))
			}
			for _, c := range row {
				if c < 0 || c > 1000 {
					return bad(fmt.Sprintf("cost[%d]", i), "value %d not in [0, 1000]", c)
				}
			}
		}
	}
	if err := pairs("requests", a.Requests); err != nil {
		return err
	}
	if err := pairs("together", a.Together); err != nil {
		return err
	}
	if err := pairs("apart", a.Apart); err != nil {
		return err
	}
	for _, n := range append(slices.Clone(a.Exclusive), a.Critical...) {
		if !items[n] {
			return bad("exclusive/critical", "unknown item %q", n)
		}
	}
	if a.has(unitBackups) && (len(a.Critical) == 0 || len(a.Bins) < 2) {
		return bad("critical", "the backups unit needs critical items and two or more bins")
	}
	if a.has(unitCompat) && a.Partition && len(a.Sessions) == 0 {
		return bad("sessions", "the compatibility unit of a partition needs sessions")
	}
	for k, q := range a.Quotas {
		if q.Min < 0 || q.Max < -1 {
			return bad(fmt.Sprintf("quotas[%d]", k), "min %d, max %d out of range", q.Min, q.Max)
		}
	}
	if a.has(unitReplan) {
		if len(a.Current) != len(a.Items) {
			return bad("current", "%d entries for %d items", len(a.Current), len(a.Items))
		}
		for i, c := range a.Current {
			if c < 0 || c >= len(a.Bins) {
				return bad(fmt.Sprintf("current[%d]", i), "bin %d out of range", c)
			}
		}
		if a.Partition {
			if a.NewApart == nil {
				return bad("new_apart", "missing")
			}
			if err := pairs("new_apart", []Pair{*a.NewApart}); err != nil {
				return err
			}
		} else if a.binIndex(a.Closed) < 0 {
			return bad("closed", "unknown bin %q", a.Closed)
		}
	}
	if a.TieBreaks < 0 || a.TieBreaks > 1 {
		return bad("tie_breaks", "%d is not 0 or 1", a.TieBreaks)
	}
	return nil
}
