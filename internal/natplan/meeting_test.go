package natplan

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// meetingExample builds a meeting-planning record from its structured
// fields, as the official files hold them.
func meetingExample(t testing.TB, constraints []any, dist map[string]map[string]int) Example {
	c, err := json.Marshal(constraints)
	if err != nil {
		t.Fatal(err)
	}
	d, err := json.Marshal(dist)
	if err != nil {
		t.Fatal(err)
	}
	return Example{ID: "meeting_planning_example_0", Task: Meeting, Constraints: c, DistMatrix: d}
}

// TestMeetingByHand: start at P at 9:00AM; X at Q 9:30-10:30 for 60
// minutes, Y at P from 10:00 for 30 minutes. P-Q takes 20 (Q-P 15) directly
// but 10 through R. X then Y: leave Q at 10:30, at P at 10:40 through R (10:45
// directly), meet Y until 11:10 (11:15). Y then X misses X's last start,
// 9:30. So with Y until 11:10 the optimum is 2, unique, reachable only
// through R; with Y until 11:00 it is 1, by X or by Y.
func TestMeetingByHand(t *testing.T) {
	dist := map[string]map[string]int{
		"P": {"Q": 20, "R": 5}, "Q": {"P": 15, "R": 5}, "R": {"P": 5, "Q": 5},
	}
	for _, tc := range []struct {
		yUntil string
		opt    int64
		unique bool
		plan   string
	}{
		{"11:10AM", 2, true, "X 9:30AM, Y 10:40AM"},
		{"11:00AM", 1, false, ""},
	} {
		t.Run(tc.yUntil, func(t *testing.T) {
			ex := meetingExample(t, []any{[]any{"P", "9:00AM"}, []any{"X", "Q", "9:30AM to 10:30AM", 60}, []any{"Y", "P", "10:00AM to " + tc.yUntil, 30}}, dist)
			p, err := ParseMeeting(ex)
			if err != nil {
				t.Fatal(err)
			}
			cert, err := solver.Certify(context.Background(), sat.Backend{}, p.Model())
			if err != nil {
				t.Fatal(err)
			}
			if cert.Objective[0] != tc.opt || *cert.Unique != tc.unique {
				t.Fatalf("optimum %v unique %v, want %d %v", cert.Objective, *cert.Unique, tc.opt, tc.unique)
			}
			if tc.plan == "" {
				return
			}
			// Only the first-position times are forced here; the render shows the
			// solver's times, which must be feasible, so compare the order only.
			if got := p.Render(cert.Solution); !strings.HasPrefix(got, "X ") || !strings.Contains(got, ", Y ") {
				t.Errorf("plan %q, want the order of %q", got, tc.plan)
			}
			via := "SOLUTION: You start at P at 9:00AM. You travel to Q in 20 minutes and arrive at 9:20AM. You wait until 9:30AM. You meet X for 60 minutes from 9:30AM to 10:30AM. You travel to R in 5 minutes and arrive at 10:35AM. You travel to P in 5 minutes and arrive at 10:40AM. You meet Y for 30 minutes from 10:40AM to 11:10AM."
			a, err := p.Decode(via)
			if err != nil || p.Model().Check(a) != nil || p.Render(a) != tc.plan {
				t.Errorf("plan through R: decode %v, check %v, render %q", err, p.Model().Check(a), p.Render(a))
			}
			direct := "You start at P at 9:00AM. You travel to Q in 20 minutes and arrive at 9:20AM. You wait until 9:30AM. You meet X for 60 minutes from 9:30AM to 10:30AM. You travel to P in 15 minutes and arrive at 10:45AM. You meet Y for 30 minutes from 10:45AM to 11:15AM."
			if _, err := p.Decode(direct); err == nil || !strings.Contains(err.Error(), "ends after 11:10AM") {
				t.Errorf("direct plan: error %v, want one ending after 11:10AM", err)
			}
		})
	}
}

func TestMeetingDecodeErrors(t *testing.T) {
	ex := meetingExample(t, []any{[]any{"P", "9:00AM"}, []any{"X", "Q", "9:30AM to 10:30AM", 60}},
		map[string]map[string]int{"P": {"Q": 20}, "Q": {"P": 15}})
	p, err := ParseMeeting(ex)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ plan, err string }{
		{"You start at P at 9:00AM. You meet X for 60 minutes from 9:30AM to 10:30AM.", "at P, X is at Q"},
		{"You start at P at 9:00AM. You travel to Q in 20 minutes. You wait until 9:30AM. You meet X for 30 minutes.", "the minimum is 60"},
		{"You start at P at 9:00AM. You travel to Q in 20 minutes. You wait until 9:10AM.", "already 9:20AM"},
		{"You start at P at 9:00AM. You travel to Mars in 20 minutes.", "no travel time from P"},
		{"You start at P at 9:00AM. You travel to Q in 20 minutes. You wait until 9:30AM. You meet Zed for 60 minutes.", "unknown person"},
		{"You start at P at 9:00AM. Then you relax.", `unrecognised step "Then you relax"`},
	} {
		if _, err := p.Decode(tc.plan); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: error %v, want one containing %q", tc.plan, err, tc.err)
		}
	}
}

// TestMeetingBrute compares the certificate with an enumeration of every
// ordered list of friends, each met at the earliest time it can start (for
// a fixed order the earliest starts are feasible whenever any are), over
// shortest travel times computed here independently.
func TestMeetingBrute(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	r := rand.New(rand.NewPCG(9, 10))
	places := []string{"A", "B", "C", "D"}
	for i := range n {
		dist := map[string]map[string]int{}
		for _, a := range places {
			dist[a] = map[string]int{}
			for _, b := range places {
				if a != b {
					dist[a][b] = 5 + r.IntN(40)
				}
			}
		}
		nf := 1 + r.IntN(3)
		cons := []any{[]any{"A", "9:00AM"}}
		var fs []Friend
		for f := range nf {
			from := 9*60 + 15*r.IntN(12)
			to := from + 30 + 15*r.IntN(10)
			min := 15 * (1 + r.IntN(4))
			loc := places[r.IntN(len(places))]
			name := string(rune('P' + f))
			cons = append(cons, []any{name, loc, clock12(from) + " to " + clock12(to), min})
			fs = append(fs, Friend{Name: name, Loc: loc, From: from, To: to, Min: min})
		}
		sp := map[string]map[string]int{}
		for _, a := range places {
			sp[a] = map[string]int{a: 0}
			for b, v := range dist[a] {
				sp[a][b] = v
			}
		}
		for _, k := range places {
			for _, a := range places {
				for _, b := range places {
					sp[a][b] = min(sp[a][b], sp[a][k]+sp[k][b])
				}
			}
		}
		feasible := func(order []int) bool {
			loc, now := "A", 9*60
			for _, f := range order {
				now = max(now+sp[loc][fs[f].Loc], fs[f].From)
				if now+fs[f].Min > fs[f].To {
					return false
				}
				now += fs[f].Min
				loc = fs[f].Loc
			}
			return true
		}
		best, count := 0, 0
		var walk func(order []int)
		walk = func(order []int) {
			if !feasible(order) {
				return
			}
			switch {
			case len(order) > best:
				best, count = len(order), 1
			case len(order) == best:
				count++
			}
			for f := range nf {
				if !slices.Contains(order, f) {
					walk(append(slices.Clone(order), f))
				}
			}
		}
		walk(nil)
		p, err := ParseMeeting(meetingExample(t, cons, dist))
		if err != nil {
			t.Fatal(err)
		}
		cert, err := solver.Certify(context.Background(), sat.Backend{}, p.Model())
		if err != nil {
			t.Fatal(err)
		}
		if cert.Objective[0] != int64(best) || *cert.Unique != (count == 1) {
			t.Fatalf("instance %d: optimum %v unique %v, enumeration %d with %d orders (%v)", i, cert.Objective, *cert.Unique, best, count, fmt.Sprint(cons))
		}
	}
}
