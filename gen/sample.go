package gen

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
)

// The taxonomy's sampling priors, as exact integer odds: Nb ∈ {1:0.2,
// 2:0.6, 3:0.2}, Nm ∈ {0:0.25, 1:0.55, 2:0.2}, Nh ∈ {0:0.7, 1:0.3}, and one
// stateful unit with probability 0.3 (when the pool has any).
var (
	priorBasic    = prior{{1, 4}, {2, 12}, {3, 4}} // out of 20
	priorMedium   = prior{{0, 5}, {1, 11}, {2, 4}} // out of 20
	priorHard     = prior{{0, 7}, {1, 3}}          // out of 10
	priorStateful = prior{{0, 7}, {1, 3}}          // out of 10
)

// levelPriors are the tier-count priors of levels 2..domains.Levels: each
// level draws more units (so more rules and checklist items, and more
// coupling between them) than the one below; level 1 uses the taxonomy's
// priors above. Counts are clipped to what a subtask's pool allows.
var levelPriors = [...]struct{ basic, medium, hard, stateful prior }{
	2: {prior{{2, 1}, {3, 1}}, prior{{1, 1}, {2, 1}}, prior{{0, 7}, {1, 3}}, prior{{0, 6}, {1, 4}}},
	3: {prior{{3, 1}, {4, 1}}, prior{{1, 1}, {2, 1}, {3, 1}}, prior{{0, 6}, {1, 4}}, prior{{0, 5}, {1, 5}}},
	4: {prior{{3, 1}, {4, 1}, {5, 1}}, prior{{2, 1}, {3, 1}}, prior{{0, 5}, {1, 5}}, prior{{0, 5}, {1, 5}}},
	5: {prior{{4, 1}, {5, 1}, {6, 1}}, prior{{2, 1}, {3, 1}, {4, 1}}, prior{{0, 5}, {1, 5}}, prior{{0, 4}, {1, 6}}},
}

// prior is a distribution over counts: (count, odds) pairs.
type prior [][2]int

// draw returns a count with its odds.
func (p prior) draw(r *rand.Rand) int {
	total := 0
	for _, c := range p {
		total += c[1]
	}
	x := r.IntN(total)
	for _, c := range p {
		if x < c[1] {
			return c[0]
		}
		x -= c[1]
	}
	panic("unreachable")
}

// maxRedraws bounds the redraws of a unit set that breaks an exclusion.
const maxRedraws = 100

// SampleSpec draws a spec for task t, deterministically from (t.ID, seed):
// a subtask uniformly; the tier counts with the taxonomy's priors (clipped
// to what the pool has); the units of each tier without replacement, each
// weighted by the subtask's Likely multiplier (1 when not listed), never a
// unit the subtask excludes; one
// stateful unit with probability 0.3 when the pool has any (the unit
// weighted the same way); the subtask's Always units are added on top of
// the counts. Then the compatibility rules: a unit's required
// units are added (in their tiers), and a draw that breaks an exclusion is
// redrawn, counts included (at most 100 times, with the same generator, so
// still deterministic): the spec follows the priors conditioned on
// compatibility. The spec's unit lists are in pool order; its Seed is
// seed.
func SampleSpec(t *domains.Task, seed uint64) (domains.Spec, error) {
	return sampleSpec(t, seed, 1, nil)
}

// SampleLevel is SampleSpec at a size level (1..domains.Levels): the
// tier counts are drawn with the level's priors (levelPriors; level 1 is
// SampleSpec's), and the spec's Level is level, which sets the sizes the
// task's generator draws. A level out of range is an error.
func SampleLevel(t *domains.Task, seed uint64, level int) (domains.Spec, error) {
	if err := domains.CheckLevel(level); err != nil {
		return domains.Spec{}, fmt.Errorf("gen: %s: %w", t.ID, err)
	}
	return sampleSpec(t, seed, level, nil)
}

// SampleSpecCounts is SampleSpec with fixed tier counts (clipped to what
// the pool has): the subtask, the units and the stateful layer are drawn
// as in SampleSpec, and redrawn with the same counts when they break an
// exclusion; counts that no compatible draw meets are an error. Required
// units may make a tier longer than asked.
func SampleSpecCounts(t *domains.Task, seed uint64, nb, nm, nh int) (domains.Spec, error) {
	if nb < 0 || nm < 0 || nh < 0 {
		return domains.Spec{}, fmt.Errorf("gen: %s: negative tier count (%d, %d, %d)", t.ID, nb, nm, nh)
	}
	return sampleSpec(t, seed, 1, &[3]int{nb, nm, nh})
}

// SampleLevelCounts is SampleSpecCounts at a size level: the counts are
// fixed, and the spec's Level is level (1..domains.Levels).
func SampleLevelCounts(t *domains.Task, seed uint64, level, nb, nm, nh int) (domains.Spec, error) {
	if err := domains.CheckLevel(level); err != nil {
		return domains.Spec{}, fmt.Errorf("gen: %s: %w", t.ID, err)
	}
	if nb < 0 || nm < 0 || nh < 0 {
		return domains.Spec{}, fmt.Errorf("gen: %s: negative tier count (%d, %d, %d)", t.ID, nb, nm, nh)
	}
	return sampleSpec(t, seed, level, &[3]int{nb, nm, nh})
}

// hashString is FNV-1a of s, a stream selector for PCG.
func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

func sampleSpec(t *domains.Task, seed uint64, level int, counts *[3]int) (domains.Spec, error) {
	if len(t.Subtasks) == 0 {
		return domains.Spec{}, fmt.Errorf("gen: %s has no subtasks", t.ID)
	}
	r := rand.New(rand.NewPCG(seed, hashString("spec/"+t.ID)))
	st := t.Subtasks[r.IntN(len(t.Subtasks))]
	tiers := []domains.Tier{domains.Basic, domains.Medium, domains.Hard}
	var (
		n       [3]int
		lastErr error
	)
	for range maxRedraws {
		pStateful := priorStateful
		if level > 1 {
			pStateful = levelPriors[level].stateful
		}
		switch {
		case counts != nil:
			n = *counts
		case level > 1:
			p := levelPriors[level]
			n = [3]int{p.basic.draw(r), p.medium.draw(r), p.hard.draw(r)}
		default:
			n = [3]int{priorBasic.draw(r), priorMedium.draw(r), priorHard.draw(r)}
		}
		chosen := map[string]bool{}
		for k, tier := range tiers {
			for _, id := range drawUnits(r, allowed(st, t.Tier(tier)), st.Likely, n[k]) {
				chosen[id] = true
			}
		}
		if stateful := allowed(st, t.Tier(domains.Stateful)); len(stateful) > 0 && pStateful.draw(r) == 1 {
			for _, id := range drawUnits(r, stateful, st.Likely, 1) {
				chosen[id] = true
			}
		}
		for _, id := range st.Always {
			chosen[id] = true
		}
		if err := addRequired(t, chosen); err != nil {
			return domains.Spec{}, err
		}
		excluded := ""
		for id := range chosen {
			if !st.Allows(id) && (excluded == "" || id < excluded) {
				excluded = id
			}
		}
		if excluded != "" { // a required unit the subtask excludes: redraw
			lastErr = fmt.Errorf("unit %q is excluded by the subtask", excluded)
			continue
		}
		spec, err := t.NewSpec(st.ID, seed, chosen)
		if err != nil {
			return domains.Spec{}, fmt.Errorf("gen: %w", err)
		}
		spec.Level = level
		if lastErr = t.Compatible(spec.Units()); lastErr == nil {
			return spec, nil
		}
	}
	return domains.Spec{}, fmt.Errorf("gen: %s/%s: no compatible unit set in %d draws of counts %v: %w", t.ID, st.ID, maxRedraws, n, lastErr)
}

// allowed returns the units the subtask may sample, in pool order.
func allowed(st domains.Subtask, units []domains.Unit) []domains.Unit {
	var out []domains.Unit
	for _, u := range units {
		if st.Allows(u.ID) {
			out = append(out, u)
		}
	}
	return out
}

// drawUnits draws min(n, len(units)) distinct unit IDs, each with weight
// 1 × likely[id] (a weight ≤ 0 is never drawn while others remain).
func drawUnits(r *rand.Rand, units []domains.Unit, likely map[string]float64, n int) []string {
	n = min(n, len(units))
	left := slices.Clone(units)
	var out []string
	for range n {
		w := make([]float64, len(left))
		total := 0.0
		for i, u := range left {
			w[i] = 1
			if m, ok := likely[u.ID]; ok {
				w[i] = max(m, 0)
			}
			total += w[i]
		}
		if total <= 0 { // only zero weights remain: uniform
			for i := range w {
				w[i] = 1
			}
			total = float64(len(w))
		}
		x := r.Float64() * total
		pick := len(left) - 1
		for i := range w {
			if x < w[i] {
				pick = i
				break
			}
			x -= w[i]
		}
		if w[pick] == 0 { // rounding at the end: last unit with weight
			for i := len(w) - 1; i >= 0; i-- {
				if w[i] > 0 {
					pick = i
					break
				}
			}
		}
		out = append(out, left[pick].ID)
		left = slices.Delete(left, pick, pick+1)
	}
	return out
}

// addRequired adds, to a fixed point, every unit a chosen unit requires.
func addRequired(t *domains.Task, chosen map[string]bool) error {
	for changed := true; changed; {
		changed = false
		for _, u := range t.Pool { // pool order: deterministic
			if !chosen[u.ID] {
				continue
			}
			for _, req := range u.Requires {
				if chosen[req] {
					continue
				}
				if _, ok := t.Unit(req); !ok {
					return fmt.Errorf("gen: %s: unit %q requires %q, which is not in the pool", t.ID, u.ID, req)
				}
				chosen[req] = true
				changed = true
			}
		}
	}
	return nil
}

// NewInstance generates the instance of spec with its task's generator,
// with a generator seeded from the spec alone (its seed, task and
// subtask): the same spec gives the same instance on any machine. The
// generator's own solves run on b under ctx. When ctx ends before the
// generator returns, NewInstance returns ctx's error and no instance: a
// solve cut short may have steered the draw, so what was drawn is not the
// spec's instance.
func NewInstance(ctx context.Context, b solver.Backend, t *domains.Task, spec domains.Spec) (domains.Instance, error) {
	if spec.Task != t.ID {
		return nil, fmt.Errorf("gen: spec of task %q given to task %q", spec.Task, t.ID)
	}
	r := rand.New(rand.NewPCG(spec.Seed, hashString("instance/"+spec.Task+"/"+spec.Subtask)))
	inst, err := t.Generate(ctx, b, spec, r)
	if cerr := ctx.Err(); cerr != nil {
		return nil, cerr
	}
	return inst, err
}
