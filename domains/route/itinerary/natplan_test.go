package itinerary_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route/itinerary"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/natplan"
	"github.com/plancert/plancert/internal/routetest"
	"github.com/plancert/plancert/solver/sat"
)

// perms lists every order of 1..n.
func perms(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range perms(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int{}, p[:i]...), n), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// TestTripNaturalPlan: a city-hopping instance written as a
// NATURAL PLAN trip-planning prompt and read by internal/natplan (its own
// parser and model) has exactly the valid orders the checker accepts:
// for every order of the cities, natplan's model accepts the stays of the
// order exactly when every feasibility item of the checklist passes
// (12 instances of 4-5 cities).
func TestTripNaturalPlan(t *testing.T) {
	defer itinerary.SetMaxStops(5)()
	tk := itinerary.TravelItinerary()
	valid, orders := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		units := map[string]bool{"must-visit": true}
		if seed%4 != 0 {
			units["opening-hours"] = true
		}
		spec, err := tk.NewSpec("city-hopping", seed, units)
		if err != nil {
			t.Fatal(err)
		}
		inst := familytest.Instance(t, tk, spec)
		var d data
		routetest.Decode(t, inst, &d)
		city := func(c int) string { return strings.Fields(d.Stops[c-1])[1] }
		days := d.Days[0].Return
		var b strings.Builder
		fmt.Fprintf(&b, "You plan to visit %d European cities for %d days in total. You only take direct flights to commute between cities.", len(d.Stops), days)
		for c := 1; c <= len(d.Stops); c++ {
			fmt.Fprintf(&b, " You plan to stay in %s for %d days.", city(c), d.Visit[c-1]+1)
			if d.Open != nil && (d.Open[c-1] > 1 || d.Close[c-1] < days) {
				fmt.Fprintf(&b, " You plan to visit relatives in %s between day %d and day %d.", city(c), d.Close[c-1]-d.Visit[c-1], d.Open[c-1]+d.Visit[c-1])
			}
		}
		var fl []string
		for _, f := range d.Flights {
			fl = append(fl, city(f[0])+" and "+city(f[1]))
		}
		fmt.Fprintf(&b, "\n\nHere are the cities that have direct flights:\n%s.\n\nFind a trip plan.", strings.Join(fl, ", "))
		p, err := natplan.ParseTrip(b.String(), "", "")
		if err != nil {
			t.Fatalf("seed %d: natplan: %v\n%s", seed, err, b.String())
		}
		ref := domains.Reference{Feasible: true, Objective: []int64{-1}}
		for _, order := range perms(len(d.Stops)) {
			orders++
			var lines []string
			t0 := int64(1)
			for _, c := range order {
				lines = append(lines, fmt.Sprintf("**Day %d-%d:** Visit %s.", t0, t0+d.Visit[c-1], city(c)))
				t0 += d.Visit[c-1]
			}
			a, err := p.Decode(strings.Join(lines, "\n"))
			if err != nil {
				t.Fatal(err)
			}
			theirs := p.Model().Check(a) == nil
			ours := true
			for _, r := range inst.Check(context.Background(), sat.Backend{}, statedJSON(d, [][]int{order}, 0), ref) {
				if r.ID != "optimal" && !r.Pass {
					ours = false
				}
			}
			if theirs != ours {
				t.Fatalf("seed %d: order %v: natplan says %v, the checker %v\n%s", seed, order, theirs, ours, b.String())
			}
			if ours {
				valid++
			}
		}
	}
	t.Logf("%d orders checked, %d valid", orders, valid)
	if valid < 12 {
		t.Errorf("only %d valid orders in 12 instances", valid)
	}
}
