package loop

import (
	"math"
	"testing"
)

func TestNearest(t *testing.T) {
	tests := []struct {
		p    [3]float64
		m    int
		want [3]int
	}{
		{[3]float64{0.6, 0.3, 0.1}, 3, [3]int{2, 1, 0}}, // 1.8, 0.9, 0.3
		{[3]float64{1, 0, 0}, 6, [3]int{3, 0, 0}},       // 6 basic: clipped to 3
		{[3]float64{0, 0.5, 0.5}, 6, [3]int{1, 2, 1}},   // basic at least 1
		{[3]float64{0.2, 0.5, 0.3}, 4, [3]int{1, 2, 1}}, // 0.8, 2.0, 1.2
	}
	for _, tt := range tests {
		if got := Nearest(tt.p, tt.m); got != tt.want {
			t.Errorf("Nearest(%v, %d) = %v, want %v", tt.p, tt.m, got, tt.want)
		}
	}
}

// TestUpdate: a success multiplies p by exp(η·[−α, β, γ]) and normalizes;
// a failure changes nothing.
func TestUpdate(t *testing.T) {
	pr := DefaultParams
	s := pr.Start()
	if s.Counts != [3]int{2, 1, 0} || s.M != 3 {
		t.Fatalf("start %+v", s)
	}
	if f := pr.Update(s, false); f != s {
		t.Fatalf("failure changed the state: %+v", f)
	}
	n := pr.Update(s, true)
	w := [3]float64{0.6 * math.Exp(-0.5), 0.3 * math.Exp(0.25), 0.1 * math.Exp(0.25)}
	sum := w[0] + w[1] + w[2]
	for i := range w {
		if math.Abs(n.P[i]-w[i]/sum) > 1e-12 {
			t.Errorf("p[%d] = %v, want %v", i, n.P[i], w[i]/sum)
		}
	}
	if n.M != 4 {
		t.Errorf("M = %d, want 4", n.M)
	}
}

// TestSuccessesClimb: 50 successes in a row reach the hardest mix the
// probabilities allow and M stops at 6.
func TestSuccessesClimb(t *testing.T) {
	pr := DefaultParams
	pr.LevelMax = 1
	s := pr.Start()
	for range 50 {
		s = pr.Update(s, true)
	}
	if s.M != 6 {
		t.Errorf("M = %d", s.M)
	}
	if s.Counts != [3]int{1, 2, 1} {
		t.Errorf("counts after 50 successes %v, want [1 2 1]", s.Counts)
	}
}

// TestLevels: a success at M = MMax moves up a level and starts the tiers
// again, up to LevelMax, where M stays at MMax; a failure never moves the
// level; levels out of range are refused.
func TestLevels(t *testing.T) {
	pr := DefaultParams
	s := pr.Start()
	if s.Level != 1 {
		t.Fatalf("start level %d", s.Level)
	}
	for range 3 {
		s = pr.Update(s, true)
	}
	if s.M != pr.MMax || s.Level != 1 {
		t.Fatalf("after 3 successes: %+v", s)
	}
	if f := pr.Update(s, false); f != s {
		t.Errorf("a failure at the top moved the state: %+v", f)
	}
	s = pr.Update(s, true)
	if want := (State{Level: 2, P: pr.P0, M: pr.M0, Counts: Nearest(pr.P0, pr.M0)}); s != want {
		t.Errorf("after the success at the top: %+v, want %+v", s, want)
	}
	for range 100 {
		s = pr.Update(s, true)
	}
	if s.Level != pr.LevelMax || s.M != pr.MMax {
		t.Errorf("after 100 more successes: %+v", s)
	}
	for _, bad := range []Params{{Level0: 0, LevelMax: 9}, {Level0: 3, LevelMax: 2}, {Level0: -1, LevelMax: 1}} {
		if bad.Check() == nil {
			t.Errorf("levels %d..%d accepted", bad.Level0, bad.LevelMax)
		}
	}
}
