package dispatch

import "github.com/plancert/plancert/domains"

// The readings of dispatch's units (domains.Reader, issue 19: "Readings in
// the unit's file"): for each, the alternative a careful reader could take
// and the phrase of the prompt that rules it out. Their models are in
// readings_test.go, whose TestReadingsRuledOut shows on seeded instances
// that each changes the optimum and that the prompt says its phrase.
//
// Not listed, as no model of another reading would differ or none is a
// model of this prompt: the equipment rule (a job that needs it goes only
// on the type that has it); where in a job the loading and unloading time
// falls (only its total moves the next job's times and the return); and
// the kept legs of the breakdown goal read by the same vehicle only ("by
// any vehicle; e.g. … a leg of every route that starts with J1": that
// reading would tell apart plans the prompt calls the same, "whichever
// vehicle of that type drives which route").
const (
	// readingCapacityRoute reads a vehicle's capacity as a bound on the
	// total size of its jobs, as a delivery vehicle's load.
	readingCapacityRoute = "a vehicle's capacity bounds the total size of the jobs on its route, not each job's"
	// readingArriveInWindow reads a pickup window as the time the
	// vehicle must get there: it may not wait on its route (only leave
	// the depot later).
	readingArriveInWindow = "a vehicle arrives at each pickup within its window and loads at once: it does not wait on its route, only leaves the depot later"
	// readingHoursTimeOut reads the driving limit as a limit on the time
	// out, from leaving the depot (as late as the route allows) to coming
	// back, waiting, loading and unloading counted.
	readingHoursTimeOut = "the driving limit is on the time out, from leaving the depot to coming back (waiting, loading and unloading counted)"
	// readingLongestTimeOut reads a route's length in the balanced goal as
	// its time out.
	readingLongestTimeOut = "a route's length is its time out, from leaving the depot to coming back (waiting, loading and unloading counted)"
	// readingSpread reads balancing the routes as making them even: the
	// least difference between the longest and the shortest route used.
	readingSpread = "balancing the routes is making their driving times even: the least difference between the longest and the shortest route used"
	// readingEitherWay reads a leg of the current plan as kept when the
	// plan drives it either way (J2 → J1 keeps the leg J1 → J2).
	readingEitherWay = "a leg of the current plan is kept when the plan drives it in either direction"
	// readingRightBefore reads "does J1 earlier on the same route" (a
	// chain, a trailer collected for the next load) as J1 right before J2.
	readingRightBefore = "the earlier job comes right before the later one on the route, with no job between"
	// readingBackupIdle reads a backup as any other vehicle of the fleet
	// whose type may take the job, used or not (a spare at the depot).
	readingBackupIdle = "a job's backup may be any other vehicle of the fleet whose type may take it, one that drives no route too"
)

// Readings implements domains.Reader: the capacity read per route, ruled
// out by the jobs paragraph's "it carries one job at a time" (the job's
// noun varies, so the phrase stops before it).
func (capacity) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingCapacityRoute, RuledOutBy: "it carries one "}}
}

// Readings implements domains.Reader: the window read as the arrival,
// ruled out by the rule's "(a … that arrives early waits)".
func (windows) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingArriveInWindow, RuledOutBy: "that arrives early waits)"}}
}

// Readings implements domains.Reader: the limit read on the time out,
// ruled out by the rule's parenthesis, which ends the rule's line (the
// balanced goal says the same parenthesis, and goes on after it).
func (hours) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingHoursTimeOut, RuledOutBy: "to coming back (waiting, loading and unloading do not count).\n"}}
}

// Readings implements domains.Reader: a route's length read as its time
// out, ruled out by the goal's parenthesis, which the goal's next sentence
// follows ("Then, among those plans", where the driver-hours rule ends its
// line).
//
// And balancing read as making the routes even (the least spread), ruled
// out by the goal's definition.
func (balanced) Readings() []domains.Reading {
	return []domains.Reading{
		{Name: readingLongestTimeOut, RuledOutBy: "to coming back (waiting, loading and unloading do not count). "},
		{Name: readingSpread, RuledOutBy: "balance the routes: make the longest route as short as possible"},
	}
}

// Readings implements domains.Reader: the pair read as consecutive jobs,
// ruled out by the rule's parenthesis (every subtask's sentence ends with
// it).
func (linked) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingRightBefore, RuledOutBy: "earlier on the same route (not necessarily right before)."}}
}

// Readings implements domains.Reader: the kept legs read in either
// direction, ruled out by the goal's "in that order".
func (breakdown) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingEitherWay, RuledOutBy: "— in that order, by any "}}
}

// Readings implements domains.Reader: the backup read as any other
// vehicle of the fleet, ruled out by the rule's "drives a route today".
func (backup) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingBackupIdle, RuledOutBy: "drives a route today"}}
}
