package dispatch

import "github.com/plancert/plancert/domains"

// The readings of dispatch's units (domains.Reader, issue 19: "Readings in
// the unit's file"): for each, the alternative a careful reader could take
// and the phrase of the prompt that rules it out. Their models are in
// readings_test.go, whose TestReadingsRuledOut shows on seeded instances
// that each changes the optimum and that the prompt says its phrase.
//
// Sentences read one way only, and so not listed: the equipment rule (a job that needs it goes only on the type that has it),
// and the kept legs of the breakdown goal ("by any vehicle; e.g. … a leg of
// every route that starts with J1"; a leg kept only by its own vehicle
// would tell apart plans the prompt calls the same, "whichever vehicle of
// that type drives which route").
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
func (balanced) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingLongestTimeOut, RuledOutBy: "to coming back (waiting, loading and unloading do not count). "}}
}

// Readings implements domains.Reader: the pair read as consecutive jobs,
// ruled out by the rule's parenthesis (every subtask's sentence ends with
// it).
func (linked) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingRightBefore, RuledOutBy: "earlier on the same route (not necessarily right before)."}}
}

// Readings implements domains.Reader: the backup read as any other
// vehicle of the fleet, ruled out by the rule's "drives a route today".
func (backup) Readings() []domains.Reading {
	return []domains.Reading{{Name: readingBackupIdle, RuledOutBy: "drives a route today"}}
}
