package natplan

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// Problem is a parsed example: its model, the decoding of a plan text into
// an assignment of the model (an error when the text has no plan of the
// model, saying why) and the rendering of an assignment as a plan.
type Problem interface {
	Model() *encode.Model
	Decode(plan string) (encode.Assignment, error)
	Render(a encode.Assignment) string
}

// Parse parses an example into its problem.
func Parse(ex Example) (Problem, error) {
	switch ex.Task {
	case Calendar:
		return ParseCalendar(ex.Prompt, ex.Duration)
	case Trip:
		return ParseTrip(ex.Prompt, ex.Cities, ex.Durations)
	case Meeting:
		return ParseMeeting(ex)
	}
	return nil, fmt.Errorf("natplan: task %s is not supported", ex.Task)
}

// Report is the audit of one file. Counts are over the examples read;
// every list names examples by id with the evidence.
type Report struct {
	File     string    `json:"file"`
	Task     Task      `json:"task"`
	Read     int       `json:"read"`
	Parsed   int       `json:"parsed"`
	Unparsed []Finding `json:"unparsed"`
	// Certified counts parsed examples whose model was proven (optimum,
	// uniqueness, or infeasibility); NotProven lists the others.
	Certified int       `json:"certified"`
	NotProven []Finding `json:"not_proven"`
	// ModelInfeasible lists examples whose model has no solution, with a
	// minimal conflicting set of rules.
	ModelInfeasible []Finding `json:"model_infeasible"`
	// Unique counts examples with exactly one optimal (for a task without
	// objective: valid) answer; Several lists those with more, with a
	// witness different from the golden plan.
	Unique  int       `json:"unique"`
	Several []Several `json:"several_optima"`
	// GoldenOptimal counts golden plans that are feasible and optimal;
	// GoldenInfeasible and GoldenSuboptimal list the others.
	GoldenOptimal    int       `json:"golden_optimal"`
	GoldenInfeasible []Finding `json:"golden_infeasible"`
	GoldenSuboptimal []Finding `json:"golden_suboptimal"`
	// Predictions re-scores pred_5shot_pro; nil when the file has none.
	Predictions *Predictions `json:"predictions,omitempty"`
}

// Finding is an example id and the reason it is listed.
type Finding struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// Several is an example with several optimal answers: the golden plan and
// a proven-optimal witness that is a different plan.
type Several struct {
	ID      string `json:"id"`
	Golden  string `json:"golden"`
	Witness string `json:"witness"`
}

// Predictions compares the benchmark's exact-match scoring of
// pred_5shot_pro with exact verification (the prediction decodes to a plan
// that is feasible and optimal under the model).
type Predictions struct {
	// Scored counts examples with a prediction; ExactMatchAll is the
	// benchmark's score over all of them.
	Scored        int `json:"scored"`
	ExactMatchAll int `json:"exact_match_all"`
	// Compared counts the scored examples that were parsed and proven;
	// the next three count over them.
	Compared   int `json:"compared"`
	ExactMatch int `json:"exact_match"`
	Feasible   int `json:"feasible"`
	Verified   int `json:"verified"`
	// Disagree lists the compared examples where the two scorings differ.
	Disagree []Disagreement `json:"disagree"`
}

// Disagreement is one example where exact match and exact verification
// differ, with the verification's reason.
type Disagreement struct {
	ID         string `json:"id"`
	ExactMatch bool   `json:"exact_match"`
	Verified   bool   `json:"verified"`
	Reason     string `json:"reason"`
}

// Options tune Audit.
type Options struct {
	// Timeout bounds the certification of one example; 0 means 60s.
	Timeout time.Duration
}

// Audit certifies every example of one file and scores its predictions.
func Audit(ctx context.Context, file string, exs []Example, opt Options) (*Report, error) {
	r := &Report{File: file, Read: len(exs), Unparsed: []Finding{}, NotProven: []Finding{}, ModelInfeasible: []Finding{},
		Several: []Several{}, GoldenInfeasible: []Finding{}, GoldenSuboptimal: []Finding{}}
	if len(exs) > 0 {
		r.Task = exs[0].Task
	}
	if opt.Timeout == 0 {
		opt.Timeout = 60 * time.Second
	}
	for _, ex := range exs {
		if ex.Pred != nil {
			if r.Predictions == nil {
				r.Predictions = &Predictions{Disagree: []Disagreement{}}
			}
			r.Predictions.Scored++
			if ExactMatch(ex) {
				r.Predictions.ExactMatchAll++
			}
		}
		p, err := Parse(ex)
		if err != nil {
			r.Unparsed = append(r.Unparsed, Finding{ex.ID, strings.TrimPrefix(err.Error(), "natplan: ")})
			continue
		}
		r.Parsed++
		if err := r.certify(ctx, ex, p, opt); err != nil {
			return r, fmt.Errorf("natplan: %s: %w", ex.ID, err)
		}
	}
	return r, nil
}

func (r *Report) certify(ctx context.Context, ex Example, p Problem, opt Options) error {
	m := p.Model()
	cctx, cancel := context.WithTimeout(ctx, opt.Timeout)
	cert, err := solver.Certify(cctx, sat.Backend{}, m)
	cancel()
	if err != nil {
		return err
	}
	if !cert.Proven(m) {
		r.NotProven = append(r.NotProven, Finding{ex.ID, fmt.Sprintf("not proven within %v", opt.Timeout)})
		return nil
	}
	r.Certified++
	gold, gerr := p.Decode(ex.Golden)
	if gerr == nil {
		gerr = m.Check(gold)
	}
	if cert.Status == solver.Infeasible {
		r.ModelInfeasible = append(r.ModelInfeasible, Finding{ex.ID, "no plan satisfies: " + strings.Join(cert.Core, "; ")})
		if gerr == nil {
			return fmt.Errorf("golden plan passes Check of a model proven infeasible")
		}
		r.GoldenInfeasible = append(r.GoldenInfeasible, Finding{ex.ID, gerr.Error()})
	} else {
		if *cert.Unique {
			r.Unique++
		} else {
			w := cert.Solution
			if gerr == nil && m.SameAnswer(w, gold) {
				w = cert.Witness
			}
			r.Several = append(r.Several, Several{ID: ex.ID, Golden: ex.Golden, Witness: p.Render(w)})
		}
		switch {
		case gerr != nil:
			r.GoldenInfeasible = append(r.GoldenInfeasible, Finding{ex.ID, gerr.Error()})
		case m.Better(cert.Objective, m.ObjectiveValues(gold)):
			r.GoldenSuboptimal = append(r.GoldenSuboptimal, Finding{ex.ID, fmt.Sprintf("objective %v, optimum %v (%s)", m.ObjectiveValues(gold), cert.Objective, p.Render(cert.Solution))})
		default:
			r.GoldenOptimal++
		}
	}
	if ex.Pred == nil {
		return nil
	}
	ps := r.Predictions
	ps.Compared++
	em := ExactMatch(ex)
	if em {
		ps.ExactMatch++
	}
	feasible, ok, reason := verify(m, p, cert, *ex.Pred)
	if feasible {
		ps.Feasible++
	}
	if ok {
		ps.Verified++
	}
	if ok != em {
		ps.Disagree = append(ps.Disagree, Disagreement{ID: ex.ID, ExactMatch: em, Verified: ok, Reason: reason})
	}
	return nil
}

// verify decodes plan and reports whether it is feasible under m and
// whether it is also optimal, with the reason: why it fails, or the plan.
func verify(m *encode.Model, p Problem, cert *solver.Certificate, plan string) (feasible, optimal bool, reason string) {
	a, err := p.Decode(plan)
	if err != nil {
		return false, false, "no plan: " + err.Error()
	}
	if err := m.Check(a); err != nil {
		return false, false, "infeasible: " + err.Error()
	}
	if cert.Status == solver.Infeasible {
		return false, false, "passes Check of a model proven infeasible"
	}
	if got := m.ObjectiveValues(a); !slices.Equal(got, cert.Objective) {
		return true, false, fmt.Sprintf("feasible, not optimal: objective %v, optimum %v", got, cert.Objective)
	}
	return true, true, "feasible and optimal: " + p.Render(a)
}
