package nrp

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/plancert/plancert/solver"
)

// randomInstance returns a seeded tiny instance with S staff, H days and T
// shift types; its limits are drawn so that some instances are infeasible.
func randomInstance(r *rand.Rand, S, H, T int) *Instance {
	in := &Instance{Horizon: H}
	for t := range T {
		in.Shifts = append(in.Shifts, Shift{ID: string(rune('E' + t)), Minutes: []int{240, 480, 600}[r.IntN(3)]})
	}
	for t := range T {
		for u := range T {
			if r.IntN(3) == 0 {
				in.Shifts[t].NotNext = append(in.Shifts[t].NotNext, u)
			}
		}
	}
	for s := range S {
		st := Staff{ID: fmt.Sprintf("S%d", s), MaxShifts: make([]int, T)}
		for t := range T {
			st.MaxShifts[t] = r.IntN(H + 1)
		}
		st.MinMinutes = r.IntN(H/2+1) * 480
		st.MaxMinutes = st.MinMinutes + r.IntN(H+1)*300
		st.MaxConsecutive = 1 + r.IntN(H)
		st.MinConsecutive = 1 + r.IntN(3)
		st.MinDaysOff = 1 + r.IntN(3)
		st.MaxWeekends = r.IntN(2)
		in.Staff = append(in.Staff, st)
		var off []int
		for d := range H {
			if r.IntN(6) == 0 {
				off = append(off, d)
			}
		}
		in.DaysOff = append(in.DaysOff, off)
	}
	for range r.IntN(2 * S) {
		in.On = append(in.On, Request{r.IntN(S), r.IntN(H), r.IntN(T), 1 + r.IntN(3)})
	}
	for range r.IntN(2 * S) {
		in.Off = append(in.Off, Request{r.IntN(S), r.IntN(H), r.IntN(T), 1 + r.IntN(3)})
	}
	for d := range H {
		for t := range T {
			if r.IntN(4) > 0 {
				in.Cover = append(in.Cover, Cover{d, t, r.IntN(S + 1), 1 + r.IntN(100), r.IntN(4)})
			}
		}
	}
	return in
}

// bruteForce enumerates every roster of in and returns the least penalty
// of a roster that breaks no hard rule (Evaluate is the oracle), and
// whether there is one.
func bruteForce(in *Instance) (best int, ok bool) {
	S, H, T := len(in.Staff), in.Horizon, len(in.Shifts)
	r := make(Roster, S)
	for s := range r {
		r[s] = make([]int, H)
		for d := range r[s] {
			r[s][d] = Off
		}
	}
	var rec func(i int)
	rec = func(i int) {
		if i == S*H {
			sc := Evaluate(in, r)
			if sc.Feasible() && (!ok || sc.Penalty() < best) {
				best, ok = sc.Penalty(), true
			}
			return
		}
		s, d := i/H, i%H
		for t := Off; t < T; t++ {
			r[s][d] = t
			rec(i + 1)
		}
		r[s][d] = Off
	}
	rec(0)
	return best, ok
}

// TestBruteForce compares the solver's proven optimum with enumeration of
// every roster, the evaluator as the oracle, on seeded tiny instances that
// went through the text format (written, then parsed back).
func TestBruteForce(t *testing.T) {
	shapes := []struct{ S, H, T, seeds int }{
		{2, 3, 2, 60},
		{2, 7, 1, 40},
		{3, 3, 2, 20},
		{1, 8, 2, 20},
	}
	if testing.Short() {
		for i := range shapes {
			shapes[i].seeds = max(2, shapes[i].seeds/5)
		}
	}
	var feasible, infeasible int
	for _, sh := range shapes {
		for seed := range seeds(sh.seeds) {
			r := rand.New(rand.NewPCG(uint64(seed), uint64(sh.S*100+sh.H*10+sh.T)))
			gen := randomInstance(r, sh.S, sh.H, sh.T)
			var buf bytes.Buffer
			if _, err := gen.WriteTo(&buf); err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("tiny-%dx%dx%d-%d.txt", sh.S, sh.H, sh.T, seed)
			in, err := Parse(bytes.NewReader(buf.Bytes()), name)
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, buf.String())
			}
			in.Name = gen.Name
			if !reflect.DeepEqual(in, gen) {
				t.Fatalf("%s: parsed instance differs from the written one:\n%+v\n%+v", name, in, gen)
			}
			in.Name = name
			want, ok := bruteForce(in)
			res, err := Solve(context.Background(), in)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			switch {
			case !ok:
				infeasible++
				if res.Status != solver.Infeasible {
					t.Errorf("%s: solver says %v (penalty %d), enumeration finds no roster\n%s", name, res.Status, res.Penalty, buf.String())
				}
			case res.Status != solver.Optimal || res.Penalty != int64(want):
				t.Errorf("%s: solver says %v %d, enumeration %d\n%s", name, res.Status, res.Penalty, want, buf.String())
			default:
				feasible++
			}
		}
	}
	t.Logf("%d feasible instances agree on the optimum, %d infeasible on infeasibility", feasible, infeasible)
	if feasible == 0 || infeasible == 0 {
		t.Errorf("the sample should hold both feasible (%d) and infeasible (%d) instances", feasible, infeasible)
	}
}
