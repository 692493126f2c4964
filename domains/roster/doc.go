// Package roster is the roster core of the Shift and Workforce family
// (staff × days × shifts) with its pool of constraint units and two task
// skins over it: Shift and Duty Scheduling (task 16: nurse ward,
// customer-service duty, holiday rules, security guards) and Volunteer
// Scheduling (task 14: food bank, festival stewards, hotline, animal
// shelter).
//
// An instance is a *Roster. A plan gives each person, on each day, one
// shift or Off. The model has one Boolean x[p|d|s] per (person, day,
// shift), at most one per person and day (the always-on rule), and the
// staffing rule: every shift has at least its demand (the pool's
// "coverage", always on). The units add: basic — qualification (a skilled
// person on stated shifts), availability (leave days), max-shifts per
// week, exact-staffing (coverage exact: no shift above its demand);
// medium — rest (no
// stated succession of shifts on consecutive days), max-consecutive
// working days, weekend-fairness (minimise the most weekend shifts of
// anyone), preferences (stated weights, minimise the penalty), balance
// (minimise max − min shifts), self-check (the answer states its
// objective values, which must equal the true ones); hard — sick-call
// replanning (the current roster and a sick call: fewest changed
// (person, day) entries first, then the original goal), backup (a
// distinct on-call backup for every shift of one day, who is off, holds
// the shift's skill and would keep every personal rule if called),
// holiday-demand (interval demand on a holiday: staffing must hold for
// every value, so for the high end), infeasibility (leave on one day
// leaves fewer free staff than that day's shifts need; the answer says so
// and names rules that conflict, which the checker proves infeasible with
// the solver; a local conflict, so the proof is short);
// stateful — night-rest (after two nights in a row a day off).
//
// The units follow the domains unit contract (units.go): each is one value
// with its Info, Rules, Items, Model and Check, and the instance's prompt,
// checklist, model, checker and answer form iterate the sampled units in
// pool order and ask them for facets (domains.Facets), never for a unit
// by its ID; units.go lists which unit has which facet.
//
// Every rule is a list of counts (count: at most or at least K of a set of
// (person, day, shift) cells). The model adds each count as a cardinality
// constraint in the group of its rule's name, and the checker evaluates
// the same counts on the answer, so the model and the checker cannot
// disagree on what a rule means; the brute-force tests check the
// literals against the checker rule by rule.
//
// The goal is lexicographic, every level minimised: changes (sick-call),
// the weekend maximum (weekend-fairness), the spread (balance), the
// preference penalty (preferences), the pay (always: each person's rate
// per shift worked; modelled as one bound per day, which the solver
// learns far faster than one count over the week), the backups (shift by
// shift, the first allowed person of the staff table), then the stated
// tie-break, one level per (person, day) entry in table order (Off before
// any shift, earlier shifts before later ones): lexicographic over every
// entry, it leaves no tie, so the optimal roster is unique. Generated
// instances state it from the start (TieBreaks 1).
//
// The same plan: two rosters are the same when every person has the same
// entry on every day (and the same backups). Staff are never identical:
// every person has a distinct rate, which the pay level counts, so the
// symmetry of identical staff does not arise; the data make the staff
// distinguishable rather than a projection, and the prompt says so.
// Uniqueness is certified on the x (and backup) variables; the counters of
// the objective levels (weekend maximum, spread bounds, change
// indicators) are not answer variables and are defined exactly at the
// optimum.
//
// Generation draws the rules' parameters, then a hidden roster that keeps
// them, then the data (demand, leave, caps, the sick call with a
// replacement for each sick day, the backup day with callable backups)
// so that the hidden roster stays feasible. Instances are feasible unless
// the infeasibility unit breaks them on purpose. The hidden roster is not
// the reference; the solver's optimum is.
package roster
