// Package psplib reads single-mode RCPSP instances in the PSPLIB .sm format
// (Kolisch & Sprecher 1996) and the optimum tables that come with them
// (j30opt.sm). It backs the known-optimum tests and benchmarks of the
// project core (domains/project).
//
// The format has sections separated by lines of '*': the job count (with
// the dummy source and sink), the renewable resource count, the precedence
// relations ("jobnr #modes #successors successors…"), the requests and
// durations ("jobnr mode duration R1 … Rk") and the resource availabilities.
// Semantics: finish-start precedences with zero lag, renewable resources
// whose per-period usage by the running jobs may not exceed the capacity,
// no preemption, integer start times ≥ 0; the makespan is the start of the
// sink. Only single-mode files are accepted; non-renewable and doubly
// constrained resources must be absent (as in j30).
package psplib
