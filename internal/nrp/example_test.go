package nrp_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/plancert/plancert/internal/nrp"
)

// A week, one shift type, two employees who each work 2–3 shifts; two
// staff wanted on Monday and one from Tuesday to Friday. B is off on
// Thursday (a hard rule) and A asks for Thursday off (weight 5): leaving
// Thursday uncovered would cost 100, so A works it.
func Example() {
	in, err := nrp.Parse(strings.NewReader(week), "week.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := nrp.Solve(context.Background(), in)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Penalty, "under", res.Score.Under, "over", res.Score.Over, "off", res.Score.Off)
	fmt.Println("Thursday:", in.Shifts[res.Roster[0][3]].ID, "for A")
	// Output:
	// optimal 5 under 0 over 0 off 5
	// Thursday: D for A
}

// The same week by column generation: the bound comes with a certificate
// that Check recomputes from the instance alone (every employee's pricing
// minimum and the cover term, in exact integers), so that it can be
// written, sent and re-checked without trusting the solver.
func ExampleSolveLagrange() {
	in, err := nrp.Parse(strings.NewReader(week), "week.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := nrp.SolveLagrange(context.Background(), in, nrp.LagrangeOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, "penalty", res.Penalty, "bound", res.Bound)
	fmt.Println("certificate checks:", res.Cert.Check(context.Background(), in) == nil)
	res.Cert.Bound++ // a claim of more than was proven
	fmt.Println("inflated certificate checks:", res.Cert.Check(context.Background(), in) == nil)
	// Output:
	// optimal penalty 5 bound 5
	// certificate checks: true
	// inflated certificate checks: false
}

const week = `SECTION_HORIZON
7
SECTION_SHIFTS
D,480,
SECTION_STAFF
A,D=7,1440,960,3,1,1,1
B,D=7,1440,960,3,1,1,1
SECTION_DAYS_OFF
B,3
SECTION_SHIFT_OFF_REQUESTS
A,3,D,5
SECTION_COVER
0,D,2,100,1
1,D,1,100,1
2,D,1,100,1
3,D,1,100,1
4,D,1,100,1
5,D,0,100,1
6,D,0,100,1
`
