// Package familytest is the shared test harness of the task cores under
// domains/ (flow, quantity, project, production, roster, assign,
// scheduling, and the route skins commute, delivery, dispatch and
// itinerary, one family each). A core describes its tests once, in a
// Family, and its family_*_test.go files call the harness:
//
//   - family.go: Family (the core name; the seeds per test level, short,
//     default and PLANCERT_LONG=1; the least keep rate; which seeds run
//     twice; hooks for the core's own checks), Levels and Tasks, which
//     derives the core's tasks from the registry (domains.Tasks() whose
//     Core is the family's; at least one, never a fixed count), narrowed
//     to the IDs of Family.Tasks where several packages share a core and
//     each tests its own tasks.
//   - record.go: the record cache shared by every family test of one test
//     binary (Record, Family.Record: each task and seed is sampled,
//     generated and certified under gen.Unique once), and Certify for an
//     uncached run of a given spec; NewSpec builds a spec from a list of
//     units; Instance generates one; CertifyModel certifies an instance's
//     model as it is;
//     UnitRecords, the per-unit record test (each unit forced into every
//     subtask that allows it).
//   - reference.go: Reference, the reference test (seeds 1..N per task: a
//     second run gives the same bytes; the record survives a JSON round
//     trip; the loaded instance has the same prompt, schema and checklist;
//     the reference passes every item; its objective is the certificate's;
//     feasible exactly when optimal; unique under gen.Unique; infeasible
//     only with the infeasibility unit; keep rate; a logged summary),
//     CheckRecord, its per-record part, and EverySubtask and EveryUnit
//     for a family's AfterTask.
//   - golden.go: the one -update flag (Update), the golden text of a record
//     (Text, with the format variants the cores' golden files use), and
//     Golden, which writes or compares testdata/golden/*.txt and reports
//     golden files no test writes; FirstKept, FirstCertified and
//     CertifiedGolden pick a golden file's record, SeededGoldens a table
//     of fixed specs.
//   - mutation.go: Mutations, the mutation test: the core turns a kept
//     record into Mutants (an answer, the items that must fail or pass, or
//     a verdict of its own); the harness checks each, tallies which item
//     caught what, and requires per-unit coverage: every unit of every
//     task's pool is caught by its own item (the checklist item whose
//     Constraint names the unit) in some kept record, or is listed, with a
//     reason, in the family's exemptions (Family.ItemUnit corrects the
//     mapping where an item's Constraint is not its unit's ID); and the
//     items of Family.MustCatch each catch a mutant of the sweep.
//     ConflictMutants are the generic mutants of an infeasible record's
//     conflict; Apply checks mutants of records a core draws itself.
//   - brute.go: the generic part of the brute-force agreement tests: Optima
//     tallies the core's enumeration of a tiny instance, and Agree
//     compares it with the SAT certificate (status, optimum, uniqueness,
//     the certified conflict, the certified plan against Check).
//   - judge.go: the parts of the brute-force and mutation tests that the
//     cores shared: Judge (the checker's verdict on each enumerated plan),
//     FixedVerdict (the model with the plan's variables fixed, per item),
//     ItemsAgree, LevelsItem, GroupHolds, HasItemGroup, Named (a core's
//     conflict without its always-on groups), Brute.AgreeTieBreaks,
//     Clone3, FailsExactly (a check test's verdict on one answer).
//     mutation.go adds the mutants several cores draw alike:
//     InfeasibleMutants, StatedMutant, RenameMutant.
//   - load.go: LoadErrors, the load-error test over a table of LoadCase
//     (an edit of a good instance, a text replacement in it, or raw
//     bytes, and the error's words).
//   - bench.go also has BenchFamily (BenchCertify of each of a family's
//     tasks); family.go DefaultSeeds, RerunEvery, GenerousTimeout,
//     SubtaskLevels (a core's subtasks at every level, left unchanged)
//     and Allowing (the subtasks that have and allow a unit); golden.go
//     FeasibleAndInfeasible; record.go Requiring and Drawn (an instance
//     as the words tests draw it).
//   - familytest_test.go: tests of the harness's own parts (levels, the
//     golden text forms, Optima, conflict mutants, forced specs,
//     FailsExactly).
//
// Shards: that gen runs with --shard k/n partition the unsharded run is
// gen's own test (TestRunShards in gen/gen_test.go, over every registered
// task); the harness does not repeat it.
//
// familytest imports gen and solver/sat, which no package under domains/
// may import; it is imported only from _test.go files of the cores. It
// never imports a core: the tasks are those the test binary registered.
package familytest
