// Package quantity is the quantity core: whole quantities of goods sent
// from sources to sinks over periods, and four task skins over it. In the
// Allocation family: Material Allocation (scarce supplies to sites, mode
// allocation) and Procurement Planning (replenishment timing and supplier
// choice, mode procurement). In the Project family: Financial Budgeting
// (funds granted to line items, a bounded knapsack: mode allocation, the
// requests being the demands and the value per unit the weights) and
// Power Dispatch Planning (generation per period meeting demand, with a
// battery as the stock: mode procurement); 18 subtasks. Each intro says
// how the core's words ("sends", "supply", "stock") read in its story.
//
// Four units are skin-only (units_skin.go): they are in a task's pool only
// when the task lists them, so that the other tasks' specs do not move.
// Financial Budgeting adds a held-back contingency (the total sent leaves
// a stated part of the total supply unsent) and all-or-nothing items (a
// sink receives nothing or its full demand in every period: the knapsack
// choice); it has no lead times and no minimum run. Power Dispatch
// Planning adds minimum down time (a source that stops stays stopped for a
// stated number of periods, the mirror of the minimum run) and critical-
// load protection (in every period, the sources other than the one with
// the largest total supply deliver at least the critical load: the plan
// survives the failure of the largest unit); it has no lead times and uses
// critical-load protection instead of the plan-total reserve.
//
// An instance is an *Instance. Its model has one integer variable per
// possible shipment (source, sink, period) whose shipment arrives within
// the plan, bounded by the source's supply in that period; these are the
// answer variables, so two plans are the same plan when every shipment has
// the same quantity. Every other variable is a function of them, defined
// both ways so that the model's value of every rule and level at a plan
// is the checker's: the stock of a sink (stock carries over; each period
// serves min(demand, stock before + arrivals)), the served totals and
// shortfalls, and whether a shipment or a source is used, or a sink
// receives something (all-or-nothing). No symmetry is broken: sources and
// sinks are named accounts, sites and generators, and which of two sends
// is a real choice in each story even when their data coincide (two funds
// with the same supply and charges); the ties such sources create are
// resolved by the stated tie-break below, which the prompt gives.
//
// Goal levels, in order: the number of changed shipments
// (minimum-change replanning), the shortfall of each priority class
// (priority-order unit), then the weighted shortfall and the cost
// (allocation) or the total cost with fees and holding (procurement), then
// the same goal levels for the recovery plan (recovery unit).
// When the optimum is not unique, one stated tie-break follows: the list
// of quantities in the answer's order is lexicographically largest, one
// maximised level per shipment, which leaves exactly one plan.
//
// Each unit (units.go) adds its data to the instance, its constraints to
// the model under group names that are the rule names of the prompt, its
// sentences to the prompt, its items to the checklist and its check to
// the verifier. Always-on rules are groups named "core: …"; groups named
// "core: definition …" only define derived quantities.
//
// Generation draws a hidden plan after the data that plan must respect
// (lead times, demand intervals, lane limits, safety stock) and before the
// rest, which
// the units draw so that the hidden plan keeps them; instances are
// feasible unless the infeasibility unit breaks them on purpose (half of
// the time: contracts that together ask more than can ever arrive). The
// hidden plan is never the reference (the solver's optimum is). The
// replanning unit comes last: its current plan is the certified optimum of
// the instance before the disruption it then draws.
//
// The recovery unit (units_recovery.go, every task) is exception
// recovery: a source fails from a stated period on, and the answer gives,
// besides the plan, a recovery plan for that case: its shipments from the
// failure on, the plan's standing before it. The model holds the
// scenario's model (the failing source's supply 0 from then on) in the
// same model, sharing the plan's shipment variables before the failure;
// every rule of it is in the one group of the recovery rule (a conflict
// names it), its derived quantities stay definitions. Its goal levels come
// after the plan's, and its own shipments after the plan's in the
// tie-break, so plan and recovery are one certified unique answer.
//
// Procurement Planning and Power Dispatch Planning have no fairness,
// priority-order and all-or-nothing units: every demand is met there, so
// there is no shortfall for them to rank.
package quantity
