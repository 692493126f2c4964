package natplan_test

import (
	"context"
	"fmt"

	"github.com/plancert/plancert/internal/natplan"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// A calendar task parsed from its prompt and certified: Ann is busy until
// 10:00 and Bob from 10:30, so 10:00-10:30 is the one valid time, and a plan
// is judged by decoding it and asking the model's Check.
func ExampleParseCalendar() {
	prompt := "TASK: You need to schedule a meeting for Ann and Bob for half an hour between the work hours of 9:00 to 11:00 on Monday. \n\n" +
		"Here are the existing schedules for everyone during the day: \n" +
		"Ann is busy on Monday during 9:00 to 10:00; \n" +
		"Bob has meetings on Monday during 10:30 to 11:00; \n\n" +
		"Find a time that works for everyone's schedule and constraints. \nSOLUTION: "
	p, err := natplan.ParseCalendar(prompt, "0.5")
	if err != nil {
		fmt.Println(err)
		return
	}
	cert, err := solver.Certify(context.Background(), sat.Backend{}, p.Model())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cert.Status, "unique:", *cert.Unique)
	for _, plan := range []string{"Monday, 10:00 - 10:30", "Monday, 9:30 - 10:00"} {
		a, err := p.Decode(plan)
		if err == nil {
			err = p.Model().Check(a)
		}
		fmt.Printf("%s valid: %v\n", plan, err == nil)
	}
	// Output:
	// feasible unique: true
	// Monday, 10:00 - 10:30 valid: true
	// Monday, 9:30 - 10:00 valid: false
}
