package nrp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/plancert/plancert/solver"
)

// bruteEmployee enumerates every row of employee s and returns the least
// pricing cost of one that keeps the employee's hard rules (hardRules, the
// evaluator's own check, is the oracle) and the decisions ds.
func bruteEmployee(in *Instance, s int, K int64, w [][]int64, ds []Decision) (best int64, ok bool) {
	p, err := NewPricing(in, s)
	if err != nil {
		panic(err)
	}
	H, T := in.Horizon, len(in.Shifts)
	row := make([]int, H)
	var rec func(d int)
	rec = func(d int) {
		if d == H {
			if len(hardRules(in, s, row)) > 0 || !consistent(s, row, ds) {
				return
			}
			if c := p.ScheduleCost(K, w, row); !ok || c < best {
				best, ok = c, true
			}
			return
		}
		for t := Off; t < T; t++ {
			row[d] = t
			rec(d + 1)
		}
	}
	rec(0)
	return best, ok
}

// satPrice solves employee s's pricing problem with the SAT model
// (NewModel, Solve) of a one-employee instance: its requests scaled by K,
// and each weight a cover of the one employee — over weight w when w > 0,
// requirement 1 with under weight −w when w < 0 (cost −w·(1−x), so w is
// added back).
func satPrice(t *testing.T, in *Instance, s int, K int64, w [][]int64) (int64, bool) {
	t.Helper()
	sub := &Instance{Name: fmt.Sprintf("%s-employee-%d", in.Name, s), Horizon: in.Horizon, Shifts: in.Shifts,
		Staff: []Staff{in.Staff[s]}, DaysOff: [][]int{in.DaysOff[s]}}
	for _, q := range in.On {
		if q.Staff == s {
			sub.On = append(sub.On, Request{0, q.Day, q.Shift, int(K) * q.Weight})
		}
	}
	for _, q := range in.Off {
		if q.Staff == s {
			sub.Off = append(sub.Off, Request{0, q.Day, q.Shift, int(K) * q.Weight})
		}
	}
	var neg int64
	for d := range in.Horizon {
		for u := range in.Shifts {
			switch x := w[d][u]; {
			case x > 0:
				sub.Cover = append(sub.Cover, Cover{d, u, 0, 0, int(x)})
			case x < 0:
				sub.Cover = append(sub.Cover, Cover{d, u, 1, int(-x), 0})
				neg += x
			}
		}
	}
	res, err := Solve(context.Background(), sub)
	if err != nil {
		t.Fatal(err)
	}
	switch res.Status {
	case solver.Infeasible:
		return 0, false
	case solver.Optimal:
		return res.Penalty + neg, true
	}
	t.Fatalf("%s: status %v", sub.Name, res.Status)
	return 0, false
}

func randomWeights(r *rand.Rand, H, T int, spread int64) [][]int64 {
	w := make([][]int64, H)
	for d := range w {
		w[d] = make([]int64, T)
		for u := range w[d] {
			w[d][u] = r.Int64N(2*spread+1) - spread
		}
	}
	return w
}

// TestPriceBrute compares the pricing program with enumeration of every
// row of each employee of seeded tiny instances, under random weights of
// both signs; the returned row must keep the hard rules and cost what the
// program says.
func TestPriceBrute(t *testing.T) {
	shapes := []struct{ H, T, seeds int }{{7, 1, 40}, {8, 2, 30}, {9, 2, 12}, {6, 3, 20}}
	var feasible, infeasible int
	for _, sh := range shapes {
		for seed := range seeds(sh.seeds) {
			r := rand.New(rand.NewPCG(uint64(seed), uint64(sh.H*10+sh.T)))
			in := randomInstance(r, 2, sh.H, sh.T)
			for s := range in.Staff {
				// Max consecutive and weekends are drawn small by
				// randomInstance; widen the sample of limits a little.
				if seed%3 == 0 {
					in.Staff[s].MaxWeekends = 1 + r.IntN(2)
					in.Staff[s].MinConsecutive = 1 + r.IntN(4)
				}
				K := int64(1 + r.IntN(5))
				w := randomWeights(r, sh.H, sh.T, 20)
				want, wok := bruteEmployee(in, s, K, w, nil)
				p, err := NewPricing(in, s)
				if err != nil {
					t.Fatal(err)
				}
				got, row, ok := p.Price(K, w)
				if ok != wok || got != want {
					t.Fatalf("H=%d T=%d seed %d employee %d: price %d %v, brute force %d %v", sh.H, sh.T, seed, s, got, ok, want, wok)
				}
				if !ok {
					infeasible++
					continue
				}
				feasible++
				if vs := hardRules(in, s, row); len(vs) > 0 || p.ScheduleCost(K, w, row) != got {
					t.Fatalf("seed %d employee %d: row %v breaks %v or costs %d, not %d", seed, s, row, vs, p.ScheduleCost(K, w, row), got)
				}
			}
		}
	}
	t.Logf("%d feasible and %d infeasible pricing problems agree", feasible, infeasible)
	if feasible == 0 || infeasible == 0 {
		t.Errorf("the sample should hold both feasible (%d) and infeasible (%d) problems", feasible, infeasible)
	}
}

// TestPriceSAT compares the pricing program with the SAT model of one
// employee on benchmark employees (4 weeks, the real rules) and on tiny
// random ones, under seeded random weights.
func TestPriceSAT(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	n := 0
	// The SAT side takes seconds to a minute per 4-week employee: the
	// default run checks one, PLANCERT_LONG=1 four of Instance1 and four
	// of Instance9.
	files, per := []string{"Instance1.txt"}, 1
	if long() {
		files, per = []string{"Instance1.txt", "Instance9.txt"}, 4
	}
	for _, name := range files {
		in, err := ReadFile(filepath.Join(dataDir, name))
		if err != nil {
			t.Fatal(err)
		}
		for range per {
			s := r.IntN(len(in.Staff))
			K := int64(1 + r.IntN(10))
			w := randomWeights(r, in.Horizon, len(in.Shifts), 300)
			p, err := NewPricing(in, s)
			if err != nil {
				t.Fatal(err)
			}
			got, row, ok := p.Price(K, w)
			want, wok := satPrice(t, in, s, K, w)
			if ok != wok || got != want {
				t.Fatalf("%s employee %s: price %d %v, SAT %d %v", name, in.Staff[s].ID, got, ok, want, wok)
			}
			if vs := hardRules(in, s, row); len(vs) > 0 {
				t.Fatalf("%s employee %s: row breaks %v", name, in.Staff[s].ID, vs)
			}
			n++
		}
	}
	for seed := range 40 {
		rr := rand.New(rand.NewPCG(uint64(seed), 77))
		in := randomInstance(rr, 1, 10, 2)
		w := randomWeights(rr, in.Horizon, 2, 30)
		p, err := NewPricing(in, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, _, ok := p.Price(3, w)
		want, wok := satPrice(t, in, 0, 3, w)
		if ok != wok || got != want {
			t.Fatalf("tiny seed %d: price %d %v, SAT %d %v", seed, got, ok, want, wok)
		}
		n++
	}
	t.Logf("%d pricing problems agree with SAT", n)
}

// TestPriceRestrictedBrute checks the pricing program under
// branch-and-price decisions (a shift forced or forbidden on a day, some
// of them contradictory) against enumeration of the rows that keep the
// employee's hard rules and the decisions.
func TestPriceRestrictedBrute(t *testing.T) {
	var feasible, infeasible int
	for seed := range 60 {
		r := rand.New(rand.NewPCG(uint64(seed), 4242))
		H, T := 7+r.IntN(2), 1+r.IntN(2)
		in := randomInstance(r, 1, H, T)
		var ds []Decision
		for range 1 + r.IntN(3) {
			ds = append(ds, Decision{S: 0, D: r.IntN(H), T: r.IntN(T), Work: r.IntN(2) == 0})
		}
		K := int64(1 + r.IntN(4))
		w := randomWeights(r, H, T, 20)
		p, err := NewPricing(in, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, row, ok := p.restrict(ds).Price(K, w)
		want, wok := bruteEmployee(in, 0, K, w, ds)
		if ok != wok || got != want {
			t.Fatalf("seed %d, decisions %v: price %d %v, brute force %d %v", seed, ds, got, ok, want, wok)
		}
		if ok {
			feasible++
			if len(hardRules(in, 0, row)) > 0 || !consistent(0, row, ds) {
				t.Fatalf("seed %d: row %v breaks the rules or the decisions %v", seed, row, ds)
			}
		} else {
			infeasible++
		}
	}
	t.Logf("%d feasible, %d infeasible restricted problems agree", feasible, infeasible)
	if feasible == 0 || infeasible == 0 {
		t.Errorf("want both feasible (%d) and infeasible (%d) problems", feasible, infeasible)
	}
}
