// Package commute is task 18 of the taxonomy, Commuting Planning
// ("commuting"), on the route core (core 5, domains/route) of the Routing
// and Travel family. It is a timetable path model: lines with stops in order
// and flat fares per ride, runs with a time at each stop; a ride boards a
// run at one stop and leaves it at a later one. One Boolean per ride, plus
// start, end and change arcs (a change at the same stop, or along a walking
// link, only when the times allow); each taken ride has one arc in and one
// out, and since times grow along every arc the arcs taken form one path.
// Five subtasks (morning commute, school run, airport transfer, cross-city
// meeting, night shift). Units: arrival-deadline, earliest-departure and
// transfer-time (basic); fare-budget, max-transfers, avoid-line and walking
// (links with minutes and a cap on total walking) (medium); line-closure
// (hard: a line section closes; keep the most rides of the current plan
// first), infeasibility (hard: the deadline falls 1-5 minutes before the
// earliest arrival of any trip keeping the other rules; a minimal
// conflicting set is named) and backup-route (hard: a second trip in the
// same model that keeps every rule, shares no ride with the main trip and
// rides no run of its first line). The goal is the earliest arrival (after
// the kept rides when replanning; main trip, then backup); the stated
// tie-breaks, added only as needed, are the fewest rides, the lowest fare,
// the latest leaving time, the least sum of the rides' departure times (each
// main then backup). "The same plan" is the same leg sequence (pair of
// sequences with a backup): the answer variables are the rides, and a set of
// rides determines the legs, walks included, because each ordered pair of
// stops has at most one walking link. The tests enumerate every trip (and
// trip pair) from the instance's JSON alone and compare with the SAT
// certificate at every tie-break level.
//
// Layout. Each unit is one value under the domains unit contract
// (units.go: its rules, items, model and check, and the facets the core
// asks it for with domains.Facets: a paragraph after the timetable,
// rule 1's walking sentence, rows on a trip's first, last, change and ride
// arcs and on the whole trip, its rule as every trip keeps it, a goal
// before the arrival, and a second trip of the plan). The backup trip is
// the backup unit's (a trip part: its answer key, its trip in the model,
// its texts and its check against the main trip). The core (commute.go,
// check.go) states rule 1, the arrival goal and the tie-breaks, and
// iterates the sampled units; the units' data is drawn in generate,
// interleaved with the hidden route's draws.
package commute
