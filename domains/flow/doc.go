// Package flow is the flow core (taxonomy core 7): flows over time on a
// small network, and two task skins over it: Disaster Evacuation Planning
// (family Emergency: building floors, town districts, hospital wards and
// a stadium to exits) and Urban Traffic Planning (family Routing: commuter
// flows through a road grid, diversion around an event, signal-cycle
// capacities, an emergency-vehicle corridor); 8 subtasks.
//
// An instance is an *Instance: places (starting places, junctions,
// exits), one-way links with a travel time in whole steps, groups of
// identical people at their starting places, and a horizon. Its model is
// the time-expanded network: one integer variable per group, link and
// step for the people who enter the link then (only where the group can
// be at the link's start by that step and arrives by the horizon), and
// one per group, place and step for those who wait there (the holding
// arcs). Conservation holds per group, place and step.
//
// The plan projection ("symmetry done right"): the move counts per group,
// link and step are the answer variables. People of one group are
// interchangeable, so which of them moves is no choice; waiting follows
// from the moves, so it is no choice either. Groups are distinct (they
// start at different places and may have their own deadline or
// destination). No symmetry-breaking constraint is added; uniqueness is
// certified on this projection, after the stated tie-break.
//
// Goal levels, in order: the number of changed moves (replanning unit:
// the current plan is the certified optimum before a link closes), the
// load of the busiest exit (balanced-exits unit), then the total time (the
// sum over people of the step at which each reaches an exit, written as
// the sum over steps of the people still inside, a chain of
// order-encoded counts). One stated tie-break follows in every generated
// instance (most optima have ties): the largest list of move counts in
// the answer's order (one maximised level per move), which leaves
// exactly one plan.
//
// The pool: arc-capacity, exit-capacity, waiting-limits (basic);
// vulnerable-first (an earlier deadline), balanced-exits, self-check (the
// stated total time) (medium); route-failure (a link closes at a step, or
// for a window), worst-case (group sizes known as ranges; the plan moves
// the largest), infeasibility, replanning (hard).
//
// Each unit (units.go, units_replan.go) adds its constraints to the model under group
// names that are the rule names of the prompt, its sentences to the
// prompt, its items to the checklist and its check to the verifier; its
// data is drawn in generate.go. Always-on rules are groups named
// "core: …". The deadline ("everyone at an exit by the horizon") is a
// named rule, so that an infeasible instance's conflict can name it.
//
// Generation draws the network, the groups and the unit data, then asks
// the solver for the least horizon with a plan (half of the time one more
// step is given) and the least vulnerable deadline by that horizon. With
// the infeasibility unit, half of the instances get the least horizon
// minus one: none has a plan, and the certificate's minimal conflict
// names the deadline and the capacities that make it too short.
//
// Those feasibility questions go to max-flows over places × steps first
// (relax.go): every plan is a flow, so a flow short of everyone refutes
// the horizon or deadline; where groups differ only in where they start
// (no own exits, no deadline before the horizon) the max-flow is exact and
// its yes is final too. Only the rest go to the SAT solver, on the model
// without its objective definitions. The instances are the same as when
// every question went to the solver; the certificates come from the
// solver, as always.
package flow
