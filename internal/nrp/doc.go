// Package nrp reads the employee shift scheduling benchmark of Curtois &
// Qu (schedulingbenchmarks.org, instances 1–24, the .txt format; copies of
// the small ones and their provenance are in testdata/external/rostering),
// models an instance as a 0/1 model on encode, proves its optimum with the
// SAT backend (solver/sat) and re-scores the roster with an evaluator
// written from the rule text, independent of the model.
//
// The model has one Boolean per employee, day and shift type. Hard rules:
// at most one shift a day, days off, shift rotations (a shift type that
// may not follow another on the next day), the most shifts of each type,
// the least and most minutes worked, the most and least shifts in a row,
// the least days off in a row and the most weekends worked (a weekend is
// worked when Saturday or Sunday has a shift; day 0 is a Monday). Soft
// rules, summed into the one objective to minimize: shift on and off
// requests with their weights, and cover requirements with a weight per
// missing and per extra employee.
//
// Boundary conventions, as the benchmark states them: the days before and
// after the horizon are days off for the most shifts in a row; a run of
// shifts or of days off that touches the first or the last day of the
// horizon is not held to the minimum length.
//
// The model also states implied constraints, valid in every solution,
// that let unit propagation count across employees: staff per day and per
// weekend against the cover and the weekend limits, and each employee's
// work capacity per weekend case from a dynamic program over the
// employee's own rules (workCapacity). Solve minimizes by unsatisfiable
// cores (solver/sat's Backend.CoreGuided), which raises a proven lower
// bound from below and reports it when the time runs out.
//
// SolveLagrange is the second method: column generation over
// per-employee schedules, priced exactly by a dynamic program (Pricing),
// gives duals whose integer rounding are the multipliers of a Lagrangian
// lower bound with an exact, recomputable certificate (LowerBound,
// Certificate.Check); a dive gives a roster, and branch-and-price closes
// the gap when it can, its proof tree part of the certificate (CheckTree).
// Before it, the same bound on ShortfallInstance (requests dropped, weight
// 1 per missing employee) proves the least total shortfall m of every
// roster; when its LP value is fractional, the cut "shortfall ≥ m" joins
// the master and the bound (Certificate.Short and Nu). This is a
// Chvátal–Gomory rounding of one aggregated row, and it is what proves
// Instance9 (root bound 406 without it, 439 with it).
//
// Solve returns a Result whose penalty is either proven optimal or, when
// the time ran out, the best roster found; in both cases Evaluate has
// checked the roster: no hard rule broken, the same penalty. Parse errors
// are *ParseError values naming the file, line, section and field.
package nrp
