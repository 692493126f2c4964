// Package loop is the closed difficulty loop of PlanningBench (its eq. 1)
// over certified instances: a responder answers each instance; when it
// solves one (All-pass), the tier probabilities shift toward medium and
// hard, the total count M grows, and the next counts are the point of
// S = {1,2,3}×{0,1,2}×{0,1} nearest to M·p; when it fails, nothing changes
// and the instance is kept. On top of eq. 1, the loop raises the size
// level: an instance solved at the top total count (M = MMax) moves the
// task up one level (at most LevelMax), where the tiers start again from
// p0 and M0, so that a responder that keeps solving meets larger problems,
// not only more rules.
package loop

import (
	"context"
	"fmt"
	"math"

	"github.com/plancert/plancert/domains"
)

// Params are the loop's constants, as flags of "plancert loop".
type Params struct {
	Eta   float64    // step size η
	Alpha float64    // how fast basic loses weight
	Beta  float64    // how fast medium gains weight
	Gamma float64    // how fast hard gains weight
	P0    [3]float64 // initial tier probabilities (basic, medium, hard)
	M0    int        // initial total count
	MMax  int        // cap of M
	// Level0 is the size level the loop starts at and LevelMax the
	// highest it climbs to (1 ≤ Level0 ≤ LevelMax ≤ domains.Levels; 0
	// reads as 1 and Level0 respectively).
	Level0, LevelMax int
}

// DefaultParams are the defaults: η = 0.5, α = 1, β = 0.5, γ = 0.5,
// p = (0.6, 0.3, 0.1), M = 3 (the priors' mean total), M ≤ 6, from level
// 1 up to domains.Levels.
var DefaultParams = Params{Eta: 0.5, Alpha: 1, Beta: 0.5, Gamma: 0.5, P0: [3]float64{0.6, 0.3, 0.1}, M0: 3, MMax: 6, Level0: 1, LevelMax: domains.Levels}

// State is the controller's state for one task.
type State struct {
	Level  int        `json:"level"`
	P      [3]float64 `json:"p"`
	M      int        `json:"m"`
	Counts [3]int     `json:"counts"`
}

// Check returns an error unless the levels are in range:
// 1 ≤ Level0 ≤ LevelMax ≤ domains.Levels (0 reading as described).
func (pr Params) Check() error {
	l0, lmax := pr.levels()
	if pr.Level0 < 0 || pr.LevelMax < 0 || domains.CheckLevel(l0) != nil || domains.CheckLevel(lmax) != nil || l0 > lmax {
		return fmt.Errorf("loop: levels %d..%d are not within 1..%d", l0, lmax, domains.Levels)
	}
	return nil
}

func (pr Params) levels() (l0, lmax int) {
	l0 = max(pr.Level0, 1)
	lmax = pr.LevelMax
	if lmax == 0 {
		lmax = l0
	}
	return l0, lmax
}

// Start returns the initial state of the parameters.
func (pr Params) Start() State {
	l0, _ := pr.levels()
	s := State{Level: l0, P: pr.P0, M: pr.M0}
	s.Counts = Nearest(pr.P0, pr.M0)
	return s
}

// Update returns the state after one instance: solved shifts p by
// normalize(p ⊙ exp(η·[−α, β, γ])) and grows M by one up to MMax; solved
// at M = MMax below LevelMax moves up one level and starts the tiers again
// (p0, M0); a failure changes nothing.
func (pr Params) Update(s State, solved bool) State {
	if !solved {
		return s
	}
	if _, lmax := pr.levels(); s.M >= pr.MMax && s.Level < lmax {
		next := pr.Start()
		next.Level = s.Level + 1
		return next
	}
	w := [3]float64{-pr.Alpha, pr.Beta, pr.Gamma}
	var sum float64
	for i := range s.P {
		s.P[i] *= math.Exp(pr.Eta * w[i])
		sum += s.P[i]
	}
	for i := range s.P {
		s.P[i] /= sum
	}
	s.M = min(s.M+1, pr.MMax)
	s.Counts = Nearest(s.P, s.M)
	return s
}

// Nearest returns the point of S = {1,2,3}×{0,1,2}×{0,1} nearest (in
// Euclidean distance) to M·p; ties go to the point listed first with basic
// varying slowest.
func Nearest(p [3]float64, m int) [3]int {
	target := [3]float64{float64(m) * p[0], float64(m) * p[1], float64(m) * p[2]}
	best, bestD := [3]int{}, math.Inf(1)
	for b := 1; b <= 3; b++ {
		for md := 0; md <= 2; md++ {
			for h := 0; h <= 1; h++ {
				d := sq(float64(b)-target[0]) + sq(float64(md)-target[1]) + sq(float64(h)-target[2])
				if d < bestD-1e-12 {
					best, bestD = [3]int{b, md, h}, d
				}
			}
		}
	}
	return best
}

func sq(x float64) float64 { return x * x }

// Responder answers a prompt; the record gives what responders that cheat
// on purpose (reference, perturbed) need.
type Responder interface {
	Name() string
	Respond(ctx context.Context, rec *domains.Record) (string, error)
}

// Step is one line of the trace: the state the instance was drawn with,
// the instance, whether it was solved, and the state after.
type Step struct {
	Step    int        `json:"step"`
	Task    string     `json:"task"`
	ID      string     `json:"id"`
	Level   int        `json:"level"`
	Counts  [3]int     `json:"counts"`
	P       [3]float64 `json:"p"`
	M       int        `json:"m"`
	Solved  bool       `json:"solved"`
	Kept    bool       `json:"kept"`
	Next    State      `json:"next"`
	Dropped int        `json:"dropped"`
}

// Maker makes a certified record for a task at a size level with fixed
// tier counts; it returns (nil, reason) when the draw was dropped.
type Maker func(ctx context.Context, t *domains.Task, level int, counts [3]int, seed uint64) (*domains.Record, string, error)

// Scorer reports whether a response solves a record (All-pass).
type Scorer func(rec *domains.Record, response string) bool

// Run runs n steps for task t: each step draws an instance at the current
// counts (redrawing with the next seed when one is dropped, at most 50
// times), asks the responder, scores the answer, updates the state, and
// calls emit with the step and, when the instance is kept (not solved),
// its record.
func Run(ctx context.Context, t *domains.Task, pr Params, n int, seed uint64, mk Maker, r Responder, score Scorer, emit func(Step, *domains.Record) error) (State, error) {
	if err := pr.Check(); err != nil {
		return State{}, err
	}
	s := pr.Start()
	next := seed
	for step := 1; step <= n; step++ {
		var rec *domains.Record
		dropped := 0
		for rec == nil {
			if err := ctx.Err(); err != nil {
				return s, err
			}
			if dropped >= 50 {
				return s, fmt.Errorf("loop: %s: 50 draws in a row were dropped at level %d, counts %v", t.ID, s.Level, s.Counts)
			}
			var err error
			var reason string
			rec, reason, err = mk(ctx, t, s.Level, s.Counts, next)
			next++
			if err != nil {
				return s, err
			}
			if rec == nil {
				_ = reason
				dropped++
			}
		}
		resp, err := r.Respond(ctx, rec)
		if err != nil {
			return s, fmt.Errorf("loop: responder %s on %s: %w", r.Name(), rec.ID, err)
		}
		solved := score(rec, resp)
		after := pr.Update(s, solved)
		st := Step{Step: step, Task: t.ID, ID: rec.ID, Level: s.Level, Counts: s.Counts, P: s.P, M: s.M, Solved: solved, Kept: !solved, Next: after, Dropped: dropped}
		var keep *domains.Record
		if !solved {
			keep = rec
		}
		if err := emit(st, keep); err != nil {
			return s, err
		}
		s = after
	}
	return s, nil
}
