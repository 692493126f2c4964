package solver_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/randmodel"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/brute"
	"github.com/plancert/plancert/solver/sat"
)

// TestCrossCheckAgrees: on seeded random models, certifying with
// CrossCheck(sat, brute) gives the certificate the SAT backend gives alone
// (the two agree on every model, so nothing is reported).
func TestCrossCheckAgrees(t *testing.T) {
	ctx := context.Background()
	b := solver.CrossCheck(sat.Backend{}, brute.Backend{})
	if b.Name() != "sat+brute" {
		t.Fatalf("name %q", b.Name())
	}
	statuses := map[solver.Status]int{}
	for seed := uint64(1); seed <= 150; seed++ {
		m := randmodel.New(rand.New(rand.NewPCG(seed, 11)))
		got, err := solver.Certify(ctx, b, m)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		want, err := solver.Certify(ctx, sat.Backend{}, m)
		if err != nil {
			t.Fatal(err)
		}
		statuses[got.Status]++
		got.Stats, want.Stats = solver.Stats{}, solver.Stats{}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: cross-checked %+v, sat alone %+v", seed, got, want)
		}
	}
	if statuses[solver.Infeasible] == 0 || statuses[solver.Optimal] == 0 || statuses[solver.Feasible] == 0 {
		t.Errorf("the models do not mix outcomes: %v", statuses)
	}
}

// liar is a backend that answers like brute force, except where its
// functions say otherwise.
type liar struct {
	optimize func(m *encode.Model, r *solver.Result) *solver.Result
	unique   func(u *solver.Uniqueness) *solver.Uniqueness
}

func (liar) Name() string { return "liar" }

func (l liar) Load(m *encode.Model) (solver.Solver, error) {
	s, err := brute.Backend{}.Load(m)
	return &liarSolver{Solver: s, l: l, m: m}, err
}

type liarSolver struct {
	solver.Solver
	l liar
	m *encode.Model
}

func (s *liarSolver) Optimize(ctx context.Context) (*solver.Result, error) {
	r, err := s.Solver.Optimize(ctx)
	if err == nil && s.l.optimize != nil {
		r = s.l.optimize(s.m, r)
	}
	return r, err
}

func (s *liarSolver) Unique(ctx context.Context, r *solver.Result) (*solver.Uniqueness, error) {
	u, err := s.Solver.Unique(ctx, r)
	if err == nil && s.l.unique != nil {
		u = s.l.unique(u)
	}
	return u, err
}

// smallModel: x in [0, 3], y a bool, minimize x, answer x only (so the
// optimum x = 0 is unique although y is free).
func smallModel() *encode.Model {
	m := encode.NewModel()
	x := m.NewInt("x", 0, 3)
	m.NewBool("y")
	m.Minimize(encode.Term{Var: x, Coef: 1})
	m.SetAnswer(x)
	return m
}

// TestCrossCheckDisagreement: each kind of disagreement fails Certify
// with an *IntegrityError wrapping a *DisagreementError that names both
// backends, their statuses and objective vectors; a second backend that
// proves nothing in time makes the result unproven.
func TestCrossCheckDisagreement(t *testing.T) {
	infeasible := func(*encode.Model, *solver.Result) *solver.Result {
		return &solver.Result{Status: solver.Infeasible}
	}
	worse := func(m *encode.Model, r *solver.Result) *solver.Result {
		a := append(encode.Assignment(nil), r.Solution...)
		a[0] = 1 // x = 1: a solution, claimed optimal
		return &solver.Result{Status: solver.Optimal, Objective: m.ObjectiveValues(a), Solution: a}
	}
	unknown := func(*encode.Model, *solver.Result) *solver.Result { return &solver.Result{Status: solver.Unknown} }
	notUnique := func(u *solver.Uniqueness) *solver.Uniqueness {
		return &solver.Uniqueness{Proven: true, Unique: false, Witness: encode.Assignment{1, 0}}
	}
	for _, tc := range []struct {
		name  string
		liar  liar
		what  string // "" means no disagreement
		msg   string
		proof bool // the certificate is proven
	}{
		{"infeasible", liar{optimize: infeasible}, "feasibility", "sat and liar disagree on the feasibility: sat says optimal [0], liar says infeasible", false},
		{"worse optimum", liar{optimize: worse}, "optimum", "sat and liar disagree on the optimum: sat says optimal [0], liar says optimal [1]", false},
		{"bad witness", liar{unique: notUnique}, "", "integrity failure in backend liar: uniqueness witness: reported objective [0], solution has [1]", false},
		{"unknown", liar{optimize: unknown}, "", "", false},
		{"honest", liar{}, "", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := smallModel()
			c, err := solver.Certify(context.Background(), solver.CrossCheck(sat.Backend{}, tc.liar), m)
			var ie *solver.IntegrityError
			var de *solver.DisagreementError
			switch {
			case tc.what != "":
				if !errors.As(err, &ie) || !errors.As(err, &de) {
					t.Fatalf("got %v, %v; want a disagreement", c, err)
				}
				if de.What != tc.what || de.Backends != [2]string{"sat", "liar"} || !strings.Contains(err.Error(), tc.msg) {
					t.Fatalf("disagreement %+v: %v", de, err)
				}
			case tc.msg != "":
				if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.msg) {
					t.Fatalf("got %v, %v; want an integrity error %q", c, err, tc.msg)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if c.Proven(m) != tc.proof {
					t.Fatalf("proven %v, want %v (%+v)", c.Proven(m), tc.proof, c)
				}
			}
		})
	}
}

// TestCrossCheckUniqueness: a second backend that claims a unique optimum
// with another answer than the primary's unique optimum is caught, and so
// is one that disagrees on uniqueness with a valid witness.
func TestCrossCheckUniqueness(t *testing.T) {
	m := encode.NewModel()
	x := m.NewInt("x", 0, 2)
	m.Minimize(encode.Term{Var: x, Coef: 0}) // every x is optimal: not unique
	otherAnswer := liar{unique: func(*solver.Uniqueness) *solver.Uniqueness {
		return &solver.Uniqueness{Proven: true, Unique: true}
	}}
	_, err := solver.Certify(context.Background(), solver.CrossCheck(sat.Backend{}, otherAnswer), m)
	var de *solver.DisagreementError
	if !errors.As(err, &de) || de.What != "uniqueness" || *de.Unique[0] || !*de.Unique[1] {
		t.Fatalf("got %v", err)
	}
	if want := "sat says optimal [0] not unique, liar says optimal [0] unique"; !strings.Contains(err.Error(), want) {
		t.Fatalf("message %q lacks %q", err, want)
	}

	// Both unique, but on different answers (both lie).
	at := func(v int64) liar {
		return liar{
			optimize: func(m *encode.Model, r *solver.Result) *solver.Result {
				return &solver.Result{Status: solver.Optimal, Objective: []int64{0}, Solution: encode.Assignment{v}}
			},
			unique: func(*solver.Uniqueness) *solver.Uniqueness { return &solver.Uniqueness{Proven: true, Unique: true} },
		}
	}
	_, err = solver.Certify(context.Background(), solver.CrossCheck(at(1), at(2)), m)
	if !errors.As(err, &de) || de.What != "optimal answer" {
		t.Fatalf("got %v", err)
	}
}
