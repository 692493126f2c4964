// Package assign is the assign core (TAXONOMY core 3): items to bins,
// groups or agents under compatibility and capacity, with its pool of
// constraint units, and the tasks over it: Student Grouping and
// Educational Resource Planning (Allocation family), Work Assignment
// Scheduling (Workforce family), Warehouse Planning (Project & Production
// family: slotting SKUs to locations, trailers to dock doors) and
// Emergency Planning (Emergency family: response units to concurrent
// incidents), the last two in labelled mode, except Warehouse Planning's
// cross-dock subtask, which is timed (a task may mix labelled and timed
// subtasks: its pool is the union, and each subtask excludes the units of
// the other mode).
//
// Emergency Planning: the items are the incidents and the bins the
// response units; the cost table is the travel time of each unit to each
// incident, the priority-weighted unit makes the goal priority × travel
// time, capacity bounds the incidents (served in turn) and patients per
// unit, the replanning unit is a unit breaking down (fewest incidents
// moved first), the backups unit a backup unit per critical incident, and
// the infeasibility unit an impossible quota with a minimal conflicting
// set. Balance does not apply (it is excluded). An incident gets one unit:
// incidents that need several units at once are not modelled. Warehouse
// Planning: the items are SKUs and the bins storage locations (in the
// cross-dock subtask, trailers unloaded at dock doors in time: each door
// one trailer at a time, deadlines and unloading order as the timed
// units, the plan a door and a start per trailer); the cost table is the walking distance of a
// location and, with the priority-weighted unit, the priority is the pick
// frequency; compatibility is cold/hazmat/heavy storage, exclusivity keeps
// two SKUs of a kind out of one location, together-apart is
// must-together / cannot-together. Symmetry: units (locations) are
// compared by name, as in Educational Resource Planning: each has its own
// column of travel times (distances), drawn independently, so they are
// not interchangeable in general; where two happen to have the same
// column and capacities, the stated tie-break (weighted bin positions)
// picks one plan, so uniqueness is certified on the bin of every item.
//
// An instance is an *Assign, in one of three modes.
//
// Labelled mode (Educational Resource Planning): the bins are distinct
// (rooms, teachers, kits, labs). The model has one Boolean per (item, bin)
// and at most one per item; the answer variables are these Booleans (and
// the backup choices), so two plans are the same plan when every item has
// the same bin. The goal is the sum of weight × cost of the assigned
// items; without the all-assigned unit an item may stay without a bin and
// a level before the goal minimises the weight left without one.
//
// Partition mode (Student Grouping): the bins are interchangeable groups
// of stated sizes, with no data of their own; group numbers are not a
// real choice. The model keeps one Boolean per (item, group) with exactly
// one group per item, and adds one Boolean per pair of items that is true
// exactly when the two share a group (both directions are clauses). The
// answer variables are the pair Booleans only, so uniqueness is certified
// on the partition: relabelling the groups gives the same answer
// variables. The answer is a list of groups (lists of names), and the
// checker matches groups to sizes, so it accepts any order of groups and
// of members; every rule and objective level of a partition is a function
// of the partition alone (group sums, pair relations, per-group counts).
// The prompt says so ("the teams have no names or numbers"). The goal is
// the number (or weight) of pair requests not met.
//
// Groups of the same size are interchangeable, so the model also breaks
// that symmetry for speed: group k may take item i only if group k−1 (of
// the same size) has an item listed before i. Every partition then has
// exactly one labelling that satisfies the model (the groups of one size
// in the order of their first items); this never removes a partition,
// and TestSymmetryBreaking checks it by enumerating every labelling the
// model allows against every partition the checker accepts. Uniqueness
// does not rely on it: it is decided on the pair Booleans.
//
// Timed mode (Work Assignment Scheduling): labelled mode plus a start
// slot per item on a one-day grid; an item lasts its size in slots and
// ends by the end of the day, every item is done (always on), and a bin
// (a worker) does one item at a time. The model has one Boolean per
// (item, bin, start); the answer variables are the (item, bin) and (item,
// start) Booleans, so two plans are the same plan when every item has the
// same worker and start. Workers are never interchangeable: each has a
// distinct rate, so the worker of an item is a real choice. The goal is
// the sum of weight × end index, then the labour cost (rate × length);
// the stated tie-break has two levels (weighted worker positions, then
// weighted starts). Timed units: deadlines (basic) and dependencies
// (medium, the first ends by the time the second starts); replanning
// counts an item as moved when its worker or its start changes (a worker
// is off); a backup keeps the item's start, so the backup worker must be
// free then.
//
// Pool — basic: compatibility (labelled: allowed bins; partition: a
// common free session per group), capacity (count and size per bin,
// labelled and timed), every item assigned (labelled; always on for a
// partition and in timed mode),
// exclusivity (at most one item of a kind per bin). Medium:
// must-together / cannot-together pairs, balance (least gap between the
// largest and smallest load, a level before the goal), diversity quotas
// (at least / at most k items of an attribute per bin), priority-weighted
// cost, self-check (the answer states its goal value). Hard: reassignment
// with minimum moves (labelled: a bin closes, fewest items moved first;
// partition: two items may no longer share a group, fewest pair changes
// first), a backup per critical item (labelled and timed: a second bin,
// such that the plan with only that item moved there keeps every rule;
// partition: groups have fixed sizes and no names, so the backup is a
// swap partner of another group such that the partition with the two
// exchanged keeps every rule — a function of the partition alone),
// infeasible quota detection
// (half of such instances carry a quota no plan can meet; the answer
// names a conflicting set of rules, checked by the solver).
//
// Conflicts: the always-on constraints form one group, after the named
// rules; with the infeasibility unit every named group also carries a
// copy of them, so a set of named rules is infeasible exactly when it is
// together with the numbered rules, and the solver's minimal core is a
// minimal set of named rules given all the numbered ones (checked by the
// tests: without any one of its rules, the rest can hold).
//
// Each unit (units*.go) adds its data to the instance, its constraints to
// the model under group names that are the rule names of the prompt, its
// sentences to the prompt, its items to the checklist and its checks to
// the verifier. When the optimum is not unique one stated tie-break level
// follows (labelled: weighted bin positions; partition: the sum over pairs
// sharing a group of the product of their table numbers; timed: weighted
// worker positions, then weighted starts).
//
// Generation draws a hidden plan first and the units keep it feasible
// while they draw their data (and keep each backup move feasible), so
// instances are feasible unless the infeasibility unit breaks them on
// purpose; the hidden plan is never the reference (the solver's optimum
// is).
package assign
