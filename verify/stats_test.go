package verify_test

import (
	"math"
	"testing"

	"github.com/plancert/plancert/verify"
)

// TestWilsonByHand works out Wilson(0.8, 10) step by step (z = 1.959964):
//
//	z²            = 3.841459
//	1 + z²/n      = 1.3841459
//	center        = (0.8 + 3.841459/20) / 1.3841459 = 0.992073/1.3841459 = 0.716740
//	p(1−p)/n      = 0.016;  z²/4n² = 0.009604;  √(0.025604) = 0.160011
//	half-width    = 1.959964/1.3841459 · 0.160011 = 1.416010 · 0.160011 = 0.226578
//	interval      = [0.716740 − 0.226578, 0.716740 + 0.226578] = [0.490162, 0.943318]
func TestWilsonByHand(t *testing.T) {
	lo, hi := verify.Wilson(0.8, 10)
	if math.Abs(lo-0.490162) > 1e-6 || math.Abs(hi-0.943318) > 1e-6 {
		t.Errorf("Wilson(0.8, 10) = [%.6f, %.6f], want [0.490162, 0.943318]", lo, hi)
	}
}

// TestMcNemarExact checks the exact two-sided p-value 2·P(B ≤ min(b,c)),
// B ~ Binomial(b+c, 1/2), against sums worked out by hand:
//
//	b=1, c=9:   2·(C(10,0)+C(10,1))/2¹⁰ = 2·11/1024 = 0.021484375
//	b=9, c=1:   the same (two-sided)
//	b=0, c=6:   2·1/2⁶ = 0.03125
//	b=5, c=15:  2·(1+20+190+1140+4845+15504)/2²⁰ = 2·21700/1048576 = 0.04138946533203125
//	b=3, c=3:   2·P(B ≤ 3) > 1, so 1
//	b=0, c=0:   no discordant pair: 1
//	b=0, c=1:   2·1/2 = 1
//
// and large cases against exact rational sums (Python's fractions):
// b=400, c=500 gives 0.0009564441369189461, b=1200, c=1800
// 5.1676680093043685e-28 (both summed exactly here, so equal to the last
// bit), and b=10000, c=10500 0.0004915393992266735 (beyond 20,000 pairs,
// summed in log space: relative error under 1e-10).
func TestMcNemarExact(t *testing.T) {
	tests := []struct {
		b, c int
		p    float64
		rel  float64 // relative tolerance; 0: exact
	}{
		{10000, 10500, 0.0004915393992266735, 1e-10},
		{1, 9, 0.021484375, 0},
		{9, 1, 0.021484375, 0},
		{0, 6, 0.03125, 0},
		{5, 15, 0.04138946533203125, 0},
		{3, 3, 1, 0},
		{0, 0, 1, 0},
		{0, 1, 1, 0},
		{400, 500, 0.0009564441369189461, 0},
		{1200, 1800, 5.1676680093043685e-28, 0},
	}
	for _, tt := range tests {
		p := verify.McNemarExact(tt.b, tt.c)
		if math.Abs(p-tt.p) > tt.rel*tt.p {
			t.Errorf("McNemarExact(%d, %d) = %.17g, want %.17g", tt.b, tt.c, p, tt.p)
		}
	}
}

// TestTInterval checks the t interval of 0.5, 0.75, 0.25, 1, 0.5 by hand:
// mean 0.6; squared deviations 0.01+0.0225+0.1225+0.16+0.01 = 0.325;
// s/√5 = √(0.325/4/5) = √0.01625 = 0.1274755; t(0.975, 4) = 2.7764451;
// half-width 0.3539287; interval [0.2460713, 0.9539287].
func TestTInterval(t *testing.T) {
	tests := []struct {
		name string
		xs   []float64
		want verify.Estimate
	}{
		{"by hand", []float64{0.5, 0.75, 0.25, 1, 0.5}, verify.Estimate{Mean: 0.6, Lo: 0.2460713, Hi: 0.9539287}},
		{"clipped at 1", []float64{1, 1, 1, 0}, verify.Estimate{Mean: 0.75, Lo: 0, Hi: 1}},
		{"all equal", []float64{1, 1, 1}, verify.Estimate{Mean: 1, Lo: 1, Hi: 1}},
		{"one value", []float64{0.4}, verify.Estimate{Mean: 0.4, Lo: 0, Hi: 1}},
		{"none", nil, verify.Estimate{Mean: 0, Lo: 0, Hi: 1}},
	}
	for _, tt := range tests {
		got := verify.TInterval(tt.xs, 0, 1)
		if math.Abs(got.Mean-tt.want.Mean) > 1e-9 || math.Abs(got.Lo-tt.want.Lo) > 1e-6 || math.Abs(got.Hi-tt.want.Hi) > 1e-6 {
			t.Errorf("%s: TInterval(%v) = %+v, want %+v", tt.name, tt.xs, got, tt.want)
		}
	}
}

// TestPairedBootstrap: the same seed gives the same interval, another seed
// (almost surely) another one; the interval holds the observed mean
// difference here; identical differences give a zero-width interval at
// that value; clusters without pairs are allowed.
func TestPairedBootstrap(t *testing.T) {
	sums := []float64{0.137, -0.291, 0.853, 0.011, 0.742, 0.263, -0.518, 1.377, 0.409, 0.094}
	counts := []int{1, 1, 2, 1, 1, 1, 1, 2, 1, 1}
	lo1, hi1 := verify.PairedBootstrap(sums, counts, 10000, 7)
	lo2, hi2 := verify.PairedBootstrap(sums, counts, 10000, 7)
	if lo1 != lo2 || hi1 != hi2 {
		t.Fatalf("same seed, different intervals: [%v, %v] and [%v, %v]", lo1, hi1, lo2, hi2)
	}
	lo3, hi3 := verify.PairedBootstrap(sums, counts, 10000, 8)
	if lo1 == lo3 && hi1 == hi3 {
		t.Errorf("seeds 7 and 8 give the same interval [%v, %v]", lo1, hi1)
	}
	mean := 3.077 / 12
	if !(lo1 < mean && mean < hi1) || lo1 < -0.5 || hi1 > 1 {
		t.Errorf("interval [%v, %v] for mean difference %v", lo1, hi1, mean)
	}
	if lo, hi := verify.PairedBootstrap([]float64{0.5, 1, 0}, []int{1, 2, 0}, 500, 1); lo != 0.5 || hi != 0.5 {
		t.Errorf("constant differences: [%v, %v], want [0.5, 0.5]", lo, hi)
	}
	if lo, hi := verify.PairedBootstrap(nil, nil, 10, 1); lo != 0 || hi != 0 {
		t.Errorf("no clusters: [%v, %v]", lo, hi)
	}
}
