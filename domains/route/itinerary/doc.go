// Package itinerary is task 20 of the taxonomy, Travel Itinerary Planning
// ("travel-itinerary"), on the route core (core 5, domains/route) of the
// Routing and Travel family. It is an orienteering model over one or two
// days (city day, museum weekend, two-day road trip between lodges, family
// day, and city hopping, a trip sequence as in NATURAL PLAN): per day one
// Boolean per leg between its start, the stops and its end, in- and
// out-degree equal to the stop's visit literal, and visit start times whose
// guarded difference constraints both time the day and rule out cycles among
// stops. Units: must-visit, opening-hours, budget (basic); visit-order,
// daily-travel-limit, balanced-days (medium); closure (a stop of the current
// plan closes: keep the most legs first), backup (the plan with a given
// backup stop in place of a must-visit stop keeps every rule, a second set
// of start times) and infeasibility (a must-visit stop that cannot fit its
// hours, or must-visit fees above the budget) (hard). The goal is the most
// total score; the stated tie-breaks are the least travel time, then the
// least sum of k·(x+1)·y² over legs of day k into stop y from stop x (0: the
// start). "The same plan" is the same stops on the same days in the same
// order (start times are not answer variables: each visit starts as early as
// it can; days are told apart, so swapping two days' visits is another plan,
// as it is for a traveller). Legs that rule 1 alone rules out get no
// variable, and two implied cuts (a day's visits and travel fit its hours;
// no two stops follow each other both ways) are stated for the MIP backend's
// relaxation. The brute-force test enumerates every such plan on 5-stop
// instances and agrees with the certificate at every tie-break level. A trip
// sequence is the same model with time in days: a stay of k days is a visit
// of k-1 (the flight day counts for both cities), stays follow each other
// without a gap, flights take no time and only direct flights are legs,
// events are windows, and every city is a must-visit; its only tie-break is
// the k·(x+1)·y² sum. Its instances, written as NATURAL PLAN prompts, are
// judged alike by internal/natplan's model and by the checklist on every
// order of the cities (the test enumerates them).
//
// Layout. Each unit is one value under the domains unit contract
// (units.go: its rules, items, model and check, and the facets the core
// asks it for with domains.Facets: columns of the stops table, a paragraph
// after the travel times, rows in the core's timing pass (on the start
// times, on each day) and linear pass, a goal before the score). The
// backup scenario is the backup unit's: it runs the same two passes with
// its stop swapped in, and checks the other units' rules on the swapped
// plan. The units in force are the sampled ones that the subtask allows
// and its Always units. The core (itinerary.go, prompt.go, check.go)
// states rule 1, the goal and the tie-breaks, and iterates those units;
// the units' data is drawn in generate, interleaved with the hidden plan's
// draws.
package itinerary
