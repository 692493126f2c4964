package natplan

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// tripExample0 is the prompt of trip_planning_example_0 (derived_full).
const tripExample0 = "You plan to visit 3 European cities for 14 days in total. You only take direct flights to commute between cities. You would like to visit Florence for 6 days. You want to meet a friend in Florence between day 9 and day 14. You would like to visit Barcelona for 5 days. You would like to visit Helsinki for 5 days.\n\nHere are the cities that have direct flights:\nBarcelona and Florence, Helsinki and Barcelona.\n\nFind a trip plan of visiting the cities for 14 days by taking direct flights to commute between them."

const tripGolden0 = "Here is the trip plan for visiting the 3 European cities for 14 days:\n\n**Day 1-5:** Arriving in Helsinki and visit Helsinki for 5 days.\n**Day 5:** Fly from Helsinki to Barcelona.\n**Day 5-9:** Visit Barcelona for 5 days.\n**Day 9:** Fly from Barcelona to Florence.\n**Day 9-14:** Visit Florence for 6 days."

func TestParseTrip(t *testing.T) {
	for _, tc := range []struct {
		name, prompt      string
		cities, durations string
		want              string // cities:stays, events, flights
		err               string
	}{
		// trip_planning_example_0 (derived_full).
		{"example 0", tripExample0, "Helsinki**Barcelona**Florence", "5**5**6",
			"[Florence Barcelona Helsinki] [6 5 5] [{0 9 14}] [Florence>Barcelona Barcelona>Florence Barcelona>Helsinki Helsinki>Barcelona]", ""},
		// trip_planning_example_1 (derived_full): "from Manchester to Split" is one way.
		{"example 1 one-way", "You plan to visit 3 European cities for 15 days in total. You only take direct flights to commute between cities. You want to spend 6 days in Split. You want to spend 4 days in Manchester. You want to spend 7 days in Riga.\n\nHere are the cities that have direct flights:\nRiga and Manchester, from Manchester to Split.\n\nFind a trip plan.",
			"Riga**Manchester**Split", "7**4**6", "[Split Manchester Riga] [6 4 7] [] [Manchester>Split Manchester>Riga Riga>Manchester]", ""},
		// trip_planning_example_1088 (subset100): conference and "From day X to day Y" forms.
		{"event forms", "You plan to visit 3 European cities for 5 days in total. During day 1 and day 2, you have to attend a conference in Oslo. From day 4 to day 5, there is a annual show you want to attend in Porto. You plan to stay in Oslo for 2 days. You plan to stay in Porto for 2 days. You plan to stay in Split for 3 days.\n\nHere are the cities that have direct flights:\nfrom Oslo to Split, Split and Porto.\n\nFind.",
			"", "", "[Oslo Porto Split] [2 2 3] [{0 1 2} {1 4 5}] [Oslo>Split Porto>Split Split>Porto]", ""},
		{"fields disagree", tripExample0, "Helsinki**Barcelona**Florence", "5**6**5", "", "disagrees with the prompt"},
		{"unknown sentence", strings.Replace(tripExample0, "You would like to visit Helsinki for 5 days.", "You hate Helsinki.", 1), "", "", "", `unrecognised sentence "You hate Helsinki"`},
		{"unknown flight city", strings.Replace(tripExample0, "Helsinki and Barcelona.", "Helsinki and Paris.", 1), "", "", "", "not on the trip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseTrip(tc.prompt, tc.cities, tc.durations)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var evs []string
			for _, e := range p.Events {
				evs = append(evs, fmt.Sprintf("{%d %d %d}", e.City, e.From, e.To))
			}
			var fl []string
			for a := range p.Cities {
				for b := range p.Cities {
					if p.Flights[a][b] {
						fl = append(fl, p.Cities[a]+">"+p.Cities[b])
					}
				}
			}
			got := fmt.Sprintf("%v %v [%s] %v", p.Cities, p.Stay, strings.Join(evs, " "), fl)
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestTripByHand: example 0 by hand. Flights Helsinki-Barcelona-Florence make
// Barcelona the middle stop; the friend in Florence on days 9-14 puts
// Florence (6 days) last: Helsinki 1-5, Barcelona 5-9, Florence 9-14, unique.
// Without the event the reverse order, Florence 1-6, Barcelona 6-10,
// Helsinki 10-14, is valid too.
func TestTripByHand(t *testing.T) {
	p, err := ParseTrip(tripExample0, "", "")
	if err != nil {
		t.Fatal(err)
	}
	cert, err := solver.Certify(context.Background(), sat.Backend{}, p.Model())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Render(cert.Solution), "Helsinki (days 1-5), Barcelona (days 5-9), Florence (days 9-14)"; got != want || !*cert.Unique {
		t.Errorf("got %q unique %v, want %q unique", got, *cert.Unique, want)
	}
	g, err := p.Decode(tripGolden0)
	if err != nil || p.Model().Check(g) != nil || !p.Model().SameAnswer(g, cert.Solution) {
		t.Errorf("golden plan: decode %v, check %v", err, p.Model().Check(g))
	}
	q, err := ParseTrip(strings.Replace(tripExample0, " You want to meet a friend in Florence between day 9 and day 14.", "", 1), "", "")
	if err != nil {
		t.Fatal(err)
	}
	cert, err = solver.Certify(context.Background(), sat.Backend{}, q.Model())
	if err != nil {
		t.Fatal(err)
	}
	if *cert.Unique {
		t.Fatal("unique without the event")
	}
	plans := []string{q.Render(cert.Solution), q.Render(cert.Witness)}
	if !(strings.Join(plans, "|") == "Helsinki (days 1-5), Barcelona (days 5-9), Florence (days 9-14)|Florence (days 1-6), Barcelona (days 6-10), Helsinki (days 10-14)" ||
		strings.Join(plans, "|") == "Florence (days 1-6), Barcelona (days 6-10), Helsinki (days 10-14)|Helsinki (days 1-5), Barcelona (days 5-9), Florence (days 9-14)") {
		t.Errorf("plans %q", plans)
	}
}

// randomTrip writes a random trip prompt with 3-5 cities.
func randomTrip(r *rand.Rand) string {
	all := []string{"Oslo", "Rome", "Nice", "Riga", "Bonn"}
	n := 3 + r.IntN(3)
	cs := all[:n]
	stay := make([]int, n)
	total := 1
	for i := range stay {
		stay[i] = 2 + r.IntN(3)
		total += stay[i] - 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "You plan to visit %d European cities for %d days in total. You only take direct flights to commute between cities.", n, total)
	for i, c := range cs {
		fmt.Fprintf(&b, " You plan to stay in %s for %d days.", c, stay[i])
	}
	if r.IntN(2) == 0 {
		i := r.IntN(n)
		from := 1 + r.IntN(total-stay[i]+1)
		fmt.Fprintf(&b, " You have to attend a workshop in %s between day %d and day %d.", cs[i], from, from+stay[i]-1)
	}
	b.WriteString("\n\nHere are the cities that have direct flights:\n")
	var fl []string
	for i := range n {
		for j := i + 1; j < n; j++ {
			switch r.IntN(4) {
			case 0, 1:
				fl = append(fl, cs[i]+" and "+cs[j])
			case 2:
				fl = append(fl, "from "+cs[i]+" to "+cs[j])
			}
		}
	}
	if len(fl) == 0 {
		fl = append(fl, cs[0]+" and "+cs[1])
	}
	b.WriteString(strings.Join(fl, ", ") + ".\n\nFind a trip plan.")
	return b.String()
}

// TestTripBrute compares the certificate with an enumeration of every
// order of the cities, Check deciding which are valid.
func TestTripBrute(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 25
	}
	r := rand.New(rand.NewPCG(7, 8))
	var tally [3]int // instances with 0, 1, several valid plans
	defer func() {
		t.Logf("%d instances: %d infeasible, %d with one valid plan, %d with several", n, tally[0], tally[1], tally[2])
	}()
	for i := range n {
		prompt := randomTrip(r)
		p, err := ParseTrip(prompt, "", "")
		if err != nil {
			t.Fatalf("instance %d: %v\n%s", i, err, prompt)
		}
		m := p.Model()
		valid := 0
		var one encode.Assignment
		perms(len(p.Cities), func(order []int) {
			a := make(encode.Assignment, len(m.Vars))
			day := 1
			for k, c := range order {
				a[p.x[c][k]] = 1
				a[p.s[k]], a[p.e[k]] = int64(day), int64(day+p.Stay[c]-1)
				day += p.Stay[c] - 1
			}
			if m.Check(a) == nil {
				valid++
				one = a
			}
		})
		cert, err := solver.Certify(context.Background(), sat.Backend{}, m)
		if err != nil {
			t.Fatal(err)
		}
		tally[min(valid, 2)]++
		switch {
		case valid == 0:
			if cert.Status != solver.Infeasible {
				t.Fatalf("instance %d: status %v, enumeration finds no order\n%s", i, cert.Status, prompt)
			}
		case cert.Status != solver.Feasible || *cert.Unique != (valid == 1):
			t.Fatalf("instance %d: status %v unique %v, enumeration finds %d orders\n%s", i, cert.Status, *cert.Unique, valid, prompt)
		case valid == 1 && !m.SameAnswer(one, cert.Solution):
			t.Fatalf("instance %d: plan %s, enumeration %s", i, p.Render(cert.Solution), p.Render(one))
		}
	}
}

// perms calls f with every permutation of 0..n-1 (Heap's algorithm).
func perms(n int, f func([]int)) {
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	var rec func(k int)
	rec = func(k int) {
		if k == 1 {
			f(a)
			return
		}
		for i := 0; i < k; i++ {
			rec(k - 1)
			if k%2 == 0 {
				a[i], a[k-1] = a[k-1], a[i]
			} else {
				a[0], a[k-1] = a[k-1], a[0]
			}
		}
	}
	rec(n)
}
