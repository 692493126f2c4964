// Package scheduling is the Scheduling and Timetabling family: the agenda
// core (timed activities on a day × slot grid with people and rooms), its
// pool of constraint units, and nine task skins over it (meeting, schedule,
// course timetabling, exam, email, content, study, fitness and
// team-building event planning; 34 subtasks).
//
// An instance is an *Agenda. Its model has one Boolean per placement
// (activity, day, start, room), exactly one per activity, and one time
// literal per (activity, day, start) that the person-side rules use; the
// answer variables are the placements, so two plans are the same plan when
// every activity has the same day, start and room. The goal is the sum of
// priority × end index, minimized. Units may put levels before it
// (levelers, in this order): the fewest changes (replanning), the fewest
// slots cut (min-duration), the least total idle time of people between
// their activities (fragmentation) and the least worst local-time
// inconvenience (time zones); the prompt states them as "First, ... Then,
// among those schedules, ...", and each level is exact: its auxiliary
// variables are defined both ways, so at any placements the model's value
// is the checker's. When the optimum is not unique, two stated tie-break
// levels follow: weighted room positions, then weighted start indexes.
//
// Each unit (units*.go) adds its data to the instance, its constraints to
// the model under group names that are the rule names of the prompt, its
// sentences to the prompt, its items to the checklist and its checks to the
// verifier. Compatibility is declared in each unit's domains.Unit
// (Excludes, Requires) and per subtask (Exclude).
//
// Generation draws a hidden schedule first (plant) and the units keep it
// feasible while they draw their data, so instances are feasible unless the
// infeasibility unit breaks them on purpose; the hidden schedule is not
// part of the instance and is never the reference (the solver's optimum
// is).
package scheduling
