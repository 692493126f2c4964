// Package dispatch is task 22 of the taxonomy, Transportation Dispatch
// Planning ("transportation-dispatch"), on the route core (core 5,
// domains/route) of the Routing and Travel family. It is the fleet model
// (route.NewFleetModel) over jobs instead of stops: a job is driven in one
// go from its pickup to its drop-off, so a job is one node whose outgoing
// arcs cost its loaded ride plus the empty drive to the next pickup (or the
// depot), and the objective is the total empty driving (deadhead; the loaded
// rides are the same in every plan), with the stated tie-breaks fewest
// vehicles, least Σ x·y² over consecutive jobs Jx → Jy, and, with two
// vehicle types, least Σ 2^(x-1) over the jobs done by the larger type. Four
// subtasks (ride-hail cars, freight trucks, paratransit vans, tow trucks);
// units capacity and time-windows (basic), driver-hours, balanced-routes,
// pickup-before-delivery (one job before another on the same vehicle) and
// compatibility (equipment only the smaller type has) (medium),
// infeasibility (a depot closing time the farthest job cannot meet, or a job
// that needs the smaller type's equipment but is too big for it) and
// breakdown (a vehicle of the current plan is out; replan keeping the most
// legs first) (hard). Capacity and compatibility bring two vehicle types
// (route.Fleet.Types, route.FleetModel.Forbid); each is left out when it
// binds nothing on the data drawn (every job fits every type, no job
// needs the equipment: domains.Binder), with its data, and a fleet that
// neither tells apart then is one type. "The same plan" is, per
// type, the same set of routes, whichever vehicle of the type drives which;
// the vehicle-order rule orders only vehicles of one type, and the
// brute-force test enumerates plans on exactly that projection and matches
// the SAT optimum and uniqueness at every tie-break level.
//
// Layout. Each unit is one value under the domains unit contract
// (units.go: its rules, items, model and check, and the facets the core
// asks it for with domains.Facets: a feature of each vehicle type, a
// sentence of the fleet paragraph, columns of the jobs table, a paragraph
// after the empty drives, its data for the route core's fleet model, the
// vehicle types that may take a job and their rows, a goal before the
// deadhead). The core (dispatch.go, prompt.go, check.go) states rule 1,
// the deadhead goal and the tie-breaks, and iterates the sampled units;
// the units' data is drawn in generate, interleaved with the hidden plan's
// draws.
package dispatch
