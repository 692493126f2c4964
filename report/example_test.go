package report_test

import (
	"os"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/report"
	"github.com/plancert/plancert/verify"
)

// A two-record suite of a task that is not registered (so no unit has
// records that could have sampled it and did not): one response passes,
// the other misses a required entry.
func ExampleWriteText() {
	items := []domains.Item{
		{ID: "format", Kind: domains.KindFormat},
		{ID: "coverage", Kind: domains.KindCoverage},
		{ID: "optimal", Kind: domains.KindObjective},
	}
	recs := []*domains.Record{
		{ID: "r1", Family: domains.Scheduling, Task: "demo", Subtask: "a", Prompt: "…",
			Constraints: domains.Constraints{Basic: []string{"availability"}}, Checklist: items},
		{ID: "r2", Family: domains.Scheduling, Task: "demo", Subtask: "b", Prompt: "…",
			Constraints: domains.Constraints{Basic: []string{"availability"}}, Checklist: items},
	}
	scores := []verify.Score{
		{ID: "r1", Parsed: true, AllPass: 1, AvgPass: 1, Items: []verify.ItemScore{{ID: "format", Pass: true}, {ID: "coverage", Pass: true}, {ID: "optimal", Pass: true}}},
		{ID: "r2", Parsed: true, AvgPass: 1.0 / 3, ErrorKind: verify.ErrorOmitted, Items: []verify.ItemScore{{ID: "format", Pass: true}, {ID: "coverage"}, {ID: "optimal"}}},
	}
	a, err := verify.Analyze(recs, scores)
	if err != nil {
		panic(err)
	}
	in := &report.Input{Suite: "demo.jsonl", Sets: []report.Set{{Name: "model.jsonl", Analysis: a}}}
	if err := report.WriteText(os.Stdout, in); err != nil {
		panic(err)
	}
	// Output:
	// suite demo.jsonl: 2 records; responses: model.jsonl
	//
	// Summary
	// -------
	// responses    records  n  no response  parsed   all-pass   95% interval  avg-pass    95% interval
	// model.jsonl        2  2            0       2  50.0% (1)  [9.5%, 90.5%]     66.7%  [0.0%, 100.0%]
	//
	// Error kinds
	// -----------
	// error kind          failed (first)   share  any
	// Constraint omitted               1  100.0%    1
	// Suboptimal                       0    0.0%    1
	// All failures                     1  100.0%
	//
	// By family
	// ---------
	// family      records     all-pass   95% interval  avg-pass    95% interval
	// scheduling        2  50.0% (1/2)  [9.5%, 90.5%]     66.7%  [0.0%, 100.0%]
	//
	// By task
	// -------
	// task  records     all-pass   95% interval  avg-pass    95% interval
	// demo        2  50.0% (1/2)  [9.5%, 90.5%]     66.7%  [0.0%, 100.0%]
	//
	// By subtask
	// ----------
	// subtask  records      all-pass     95% interval  avg-pass    95% interval
	// demo/a         1  100.0% (1/1)  [20.7%, 100.0%]    100.0%  [0.0%, 100.0%]
	// demo/b         1    0.0% (0/1)    [0.0%, 79.3%]     33.3%  [0.0%, 100.0%]
	//
	// By level
	// --------
	// level    records     all-pass   95% interval  avg-pass    95% interval
	// level 1        2  50.0% (1/2)  [9.5%, 90.5%]     66.7%  [0.0%, 100.0%]
	//
	// By tier mix
	// -----------
	// tier mix     records     all-pass   95% interval  avg-pass    95% interval
	// 1b 0m 0h 0s        2  50.0% (1/2)  [9.5%, 90.5%]     66.7%  [0.0%, 100.0%]
	//
	// By checklist length
	// -------------------
	// checklist length  records     all-pass   95% interval  avg-pass    95% interval
	// ≤6                      2  50.0% (1/2)  [9.5%, 90.5%]     66.7%  [0.0%, 100.0%]
	//
	// By prompt length
	// ----------------
	// prompt length  records     all-pass   95% interval  avg-pass    95% interval
	// ≤1999 chars          2  50.0% (1/2)  [9.5%, 90.5%]     66.7%  [0.0%, 100.0%]
	//
	// Constraint units
	// ----------------
	// tier   unit          with  without        all-pass with  all-pass without  difference
	// basic  availability     2        0  50.0% [9.5%, 90.5%]                 —           —
}
