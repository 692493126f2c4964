package peers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/peers"
	"github.com/plancert/plancert/solver"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// scripted is a peer that answers from a table, by model.
type scripted struct {
	name    string
	answers map[*encode.Model]*peers.Answer
	errs    map[*encode.Model]error
}

func (p *scripted) Name() string     { return p.name }
func (p *scripted) Available() error { return nil }
func (p *scripted) Solve(_ context.Context, m *encode.Model) (*peers.Answer, error) {
	if err := p.errs[m]; err != nil {
		return nil, err
	}
	return p.answers[m], nil
}

func opt(ms int, obj ...int64) *peers.Answer {
	return &peers.Answer{Status: solver.Optimal, Objective: obj, Wall: time.Duration(ms) * time.Millisecond, Runs: 1}
}

// TestBenchCompare: agreement is judged against the first proven answer
// (plancert's when it proved it), timeouts count as the time limit, errors
// and disagreements are listed under the table.
func TestBenchCompare(t *testing.T) {
	obj := func() *encode.Model {
		m := encode.NewModel()
		x := m.NewInt("x", 0, 9)
		m.Minimize(encode.Term{Var: x, Coef: 1})
		return m
	}
	a, b, c, d := obj(), obj(), obj(), encode.NewModel()
	insts := []peers.Instance{{Family: "f1", Name: "a", Model: a}, {Family: "f1", Name: "b", Model: b}, {Family: "f2", Name: "c", Model: c}, {Family: "f2", Name: "d", Model: d}}
	timeout := 10 * time.Second
	ref := &scripted{name: "sat", answers: map[*encode.Model]*peers.Answer{
		a: opt(100, 5),
		b: {Status: solver.Feasible, Objective: []int64{4}, Wall: timeout, Runs: 1}, // time ran out
		c: {Status: solver.Infeasible, Wall: 50 * time.Millisecond, Runs: 1},
		d: {Status: solver.Feasible, Objective: []int64{}, Wall: 20 * time.Millisecond, Runs: 1},
	}}
	p2 := &scripted{name: "p2", answers: map[*encode.Model]*peers.Answer{
		a: opt(300, 5), b: opt(200, 3), d: {Status: solver.Feasible, Objective: []int64{}, Wall: 40 * time.Millisecond, Runs: 1},
	}, errs: map[*encode.Model]error{c: errors.New("boom")}}
	p3 := &scripted{name: "p3", answers: map[*encode.Model]*peers.Answer{
		a: opt(50, 6), b: opt(100, 3), c: {Status: solver.Infeasible, Wall: 25 * time.Millisecond, Runs: 2}, d: {Status: solver.Unknown, Runs: 1},
	}}
	ref.errs = map[*encode.Model]error{} // a model too large, and a wrong answer, on an instance of their own
	tooBig, wrong := obj(), obj()
	insts = append(insts, peers.Instance{Family: "f3", Name: "e", Model: tooBig}, peers.Instance{Family: "f3", Name: "f", Model: wrong})
	ref.errs[tooBig] = errors.New("encode: too many clauses")
	p2.answers[tooBig], p2.answers[wrong] = opt(10, 1), opt(10, 1)
	p3.errs = map[*encode.Model]error{wrong: &solver.IntegrityError{Backend: "p3", What: "solution read back", Err: errors.New("x = 10 outside [0, 9]")}}
	p3.answers[tooBig] = opt(10, 2)
	ref.answers[wrong] = opt(10, 1)
	var seen int
	rep, err := peers.Bench(context.Background(), insts, []peers.Peer{ref, p2, p3}, timeout, func(peers.Result) { seen++ })
	if err != nil {
		t.Fatal(err)
	}
	if seen != 18 || len(rep.Results) != 18 {
		t.Fatalf("%d progress calls, %d results", seen, len(rep.Results))
	}
	type want struct {
		ref   string
		agree bool
		wall  float64
	}
	wants := []want{
		{"sat", true, 100}, {"sat", true, 300}, {"sat", false, 50}, // a: p3 is wrong
		{"", false, 10000}, {"p2", true, 200}, {"p2", true, 100}, // b: sat timed out, p2 is the reference
		{"sat", true, 50}, {"", false, 0}, {"sat", true, 25}, // c: p2 failed
		{"sat", true, 20}, {"sat", true, 40}, {"", false, 10000}, // d: no objective, p3 unknown
		{"", false, 0}, {"p2", true, 10}, {"p2", false, 10}, // e: sat failed for a limit, p3 disagrees with p2
		{"sat", true, 10}, {"sat", true, 10}, {"", false, 0}, // f: p3's answer fails Check
	}
	for i, w := range wants {
		r := rep.Results[i]
		if r.Reference != w.ref || r.Agree != w.agree || r.WallMS != w.wall {
			t.Errorf("result %d (%s %s): reference %q agree %v wall %v, want %q %v %v", i, r.Instance, r.Peer, r.Reference, r.Agree, r.WallMS, w.ref, w.agree, w.wall)
		}
	}
	var table bytes.Buffer
	if err := rep.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back peers.Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Results) != 18 || len(back.Families) != 9 {
		t.Errorf("JSON report does not read back: %v", err)
	}
	for i, r := range rep.Results {
		if r.Integrity != (i == 17) {
			t.Errorf("result %d (%s %s): integrity %v", i, r.Instance, r.Peer, r.Integrity)
		}
	}
	golden(t, "table.md", table.String())
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/peers -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run go test ./internal/peers -update if intended)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestBenchNoPeers(t *testing.T) {
	if _, err := peers.Bench(context.Background(), nil, nil, time.Second, nil); err == nil {
		t.Error("no error without peers")
	}
}
