// Package scheduling is the Scheduling and Timetabling family: the agenda
// core (timed activities on a day × slot grid with people and rooms), its
// pool of constraint units, and nine task skins over it (meeting, schedule,
// course timetabling, exam, email, content, study, fitness and
// team-building event planning; 34 subtasks).
//
// The package also hosts the Workforce family's task on the agenda core,
// Recruitment Planning (five subtasks: graduate intake, engineering hiring
// loop, executive search, volume hiring day, campus recruiting; see
// recruit.go). Its activities are interview stages of candidates; each
// candidate is one of the people and attends their own interviews, so
// every person rule applies to candidates as to interviewers; a
// candidate's priority is the urgency of the hire (a competing offer) and
// weights their interviews' end times in the goal; the chain-order unit
// orders each candidate's consecutive stages, and the chain-days unit
// (drawn by these skins only) puts a stage on the same day as the one
// before it or on a later day. Interviewers are named
// people with their own panels, not interchangeable staff, so the same
// plan means, as for every task here, the same day, start and room for
// every interview; the venues' ties are broken by the stated tie-breaks.
//
// Two more tasks of other families are skins here too (tasks_ops.go): IT
// System Maintenance Planning (Project & Production; four subtasks: patch
// night, database migration, network upgrade, firmware rollout), whose
// jobs are done by engineers on racks, hosts, sites or halls, and Medical
// Resource Planning (Emergency & Public Service; four subtasks: outpatient
// clinic, theatre list, imaging, vaccination clinic), whose appointments
// are patients' with a priority that is their urgency. Two units serve
// them (units_apart.go; the other skins never draw them): mutual
// exclusion, sets of activities of which no two overlap in time whatever
// their people and rooms (services that must not be down together), and
// deadline, a latest end for an activity (a waiting-time target, a change
// freeze). Engineers and clinicians are named, not interchangeable, so
// the same plan means here too the same day, start and room for every
// activity.
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
