// Package production is the shop core of the Project and Production
// family (job shop and flow shop: jobs routed through machines) and task
// 25, Production Planning, over it, with four subtasks: bakery batches
// (flow shop: mixer, prover, oven), print shop jobs (job shop: prepress,
// press, finishing), a metal workshop (job shop: lathe, mill, drill) and a
// bottling line (flow shop with flavour changeovers on the filler).
//
// An instance is a *Shop. A plan gives every operation (job, step) its
// start time. The model has one integer start variable per operation and,
// always on (groups "core: …"), the route rows (a step starts when the
// previous step of its job has ended), the machine rule (for every pair of
// operations on a machine one Boolean picks which runs first, and the
// chosen disjunct holds) and the closing time (variable domains). The
// pool's units add — basic: release dates, deadlines (one named rule per
// job: "release of X", "deadline of X"), precedence between jobs ("Y
// after X"); medium: sequence-dependent changeovers between product
// families on stated machines (the same pair Boolean selects the setup
// row; every setup is at most the shortest operation on its machine, so
// the triangle inequality holds and "between consecutive jobs", which
// the checker tests, is the same as "between any two in order", which the
// model states), the weighted tardiness goal, a maintenance window on one
// machine (a Boolean per operation: before or after the window), and the
// multi-objective goal makespan then cost; hard: late material for one
// operation of a given plan (re-plan: fewest re-sequenced pairs first), a
// robustness slack after every operation on the bottleneck machine (on
// the machine and before the job's next step), and infeasible deadlines
// (two jobs that must both start on the same machine at their release: the
// answer says so and names rules that conflict, which the checker proves
// with the solver). Each unit is one value of units.go under the domains
// unit contract (its rules, items, model rows and checks, and the facets
// the core asks for its job table, its rows inside the core's loops and
// its goal levels); the prompt, checklist, model and checker iterate the
// sampled units.
//
// The goal is lexicographic, every level minimised: re-sequenced pairs
// (delay unit: pairs of operations on one machine run in the opposite
// order to the given plan), the main goal (weighted tardiness with that
// unit, else the makespan), the cost (cost unit: Σ cost × end time), then
// the stated tie-break: the sum of all start times, and when that leaves a
// tie, Σ (row number × start time) over the operations in table order.
//
// The same plan ("symmetry done right"): start times with slack are not
// different plans. The projection is the earliest-start schedule of a set
// of machine sequences: for fixed sequences (and fixed sides of the
// maintenance window) the rules are difference constraints, whose least
// solution makes every start time as small as possible at once, so the
// smallest sum of start times picks exactly that schedule, and two
// optimal plans with the same sequences never both survive the tie-break.
// Uniqueness is certified on the start variables after the stated
// tie-break; the pair and window Booleans are determined by the starts
// (durations are positive). Jobs are never identical (the generator
// redraws a job whose route equals another's), so there is no symmetry of
// interchangeable jobs either. The prompt says all of this in one
// sentence.
//
// The known optima of the job-shop benchmarks (ft06 = 55, la01–la05) are
// proven through this model: FromJobShop turns an OR-Library instance into
// a Shop with the core rules only (the makespan goal, no tie-break), and
// the tests certify it.
//
// Generation draws routes and durations, the units' data, then a greedy
// list schedule that keeps every rule; the closing time, deadlines and
// due times come from it, so instances are feasible unless the
// infeasibility unit tightens two deadlines on purpose. With the delay
// unit the given plan is the solver's optimum of the undisrupted
// instance, and one of its operations is delayed: preferably by an amount
// that the plan's own machine sequences cannot absorb (their earliest-
// start schedule under the delay breaks the closing time or a deadline)
// while a greedy schedule still keeps every rule, so that the answer must
// re-sequence; else by 1–3 units, with the closing time and deadlines
// widened to a greedy schedule.
package production
