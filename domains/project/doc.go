// Package project is the project core of plancert (TAXONOMY core 6,
// RCPSP) and its tasks: Project Planning (task 23: software release,
// office move, event production, construction phase) and Resource
// Scheduling (task 28: shared lab equipment, cranes on a site, test rigs,
// operating theatres), both in the Project & Production family.
//
// An instance is a set of activities with whole durations, finish-start
// precedences and per-period demands on renewable resources, scheduled on
// periods 0 … horizon−1 without interruption. The model (Model) has one
// order-encoded start per activity; precedences are difference
// constraints; each resource's capacity is the task decomposition of the
// cumulative constraint (the load is checked at every start, with one
// "runs when j starts" literal per pair of activities that share the
// resource, and a no-overlap for pairs that can never run together).
//
// The pool: basic — precedence, resource-capacity, deadlines (release
// dates and deadlines); medium — weighted-tardiness (the first goal),
// maintenance-windows (a resource is unavailable in stated periods),
// makespan-then-cost (the hire cost of the resources, from first start to
// last end of their users, after the makespan), stated-values (the answer
// states its objective values); hard — delay-replan (one activity is
// delayed: fewest changed start times first), robustness-slack (a stated
// minimum slack after each critical activity, before its successors and
// the horizon), infeasibility (an impossible deadline: the answer names a
// conflicting set of rules, checked by the solver), exception-recovery (a
// second, backup schedule that keeps every rule if a stated resource loses
// one unit; after the main goal, it changes as few starts of the main
// schedule as possible, then has the least makespan and sum of starts).
//
// The same plan: two plans are the same when every activity starts at
// the same period (the answer variables are the starts). Start times with
// slack are not real choices, so the objective always ends with the sum of
// the start times: among plans equal on the stated goals, each activity
// starts as early as the order of the plan allows. When that still leaves
// two plans (two activities that can swap), the stated tie-break starts
// the first activity of the table as early as possible, then the second,
// and so on; the certificate's uniqueness is over the starts (of both
// schedules with exception-recovery). The brute-force test checks this
// projection: on tiny instances the number of optimal start vectors found
// by enumeration is 1 exactly when the certificate says unique.
//
// The PSPLIB j30 instances are proven at their published optima through
// the same network model (psplib.go, with the critical-path and serial
// schedule bounds a proof may use): see TestJ30KnownOptima and
// BenchmarkProveJ30.
package project
