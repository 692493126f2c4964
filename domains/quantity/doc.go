// Package quantity is the quantity core of the Allocation family: whole
// quantities of goods sent from sources to sinks over periods, and two
// task skins over it: Material Allocation (scarce supplies to sites, mode
// allocation) and Procurement Planning (replenishment timing and supplier
// choice, mode procurement); 8 subtasks.
//
// An instance is an *Instance. Its model has one integer variable per
// possible shipment (source, sink, period) whose shipment arrives within
// the plan, bounded by the source's supply in that period; these are the
// answer variables, so two plans are the same plan when every shipment has
// the same quantity. Every other variable is a function of them, defined
// both ways so that the model's value of every rule and level at a plan
// is the checker's: the stock of a sink (stock carries over; each period
// serves min(demand, stock before + arrivals)), the served totals and
// shortfalls, and whether a shipment or a source is used. There are no
// interchangeable entities: sources and sinks differ in name and data, so
// no symmetry is broken and none needs to be.
//
// Goal levels, in order: the number of changed shipments
// (minimum-change replanning), the shortfall of each priority class
// (priority-order unit), then the weighted shortfall and the cost
// (allocation) or the total cost with fees and holding (procurement).
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
// Procurement Planning has no fairness and priority-order units: every
// demand is met there, so there is no shortfall for them to rank.
package quantity
