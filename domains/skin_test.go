package domains_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// toy is the smallest instance: it records the subtask it was made for.
type toy struct {
	Sp      domains.Spec `json:"spec"`
	Subtask string       `json:"subtask"`
}

func (t *toy) Spec() domains.Spec                              { return t.Sp }
func (t *toy) Model() (*encode.Model, error)                   { return encode.NewModel(), nil }
func (t *toy) Plan(encode.Assignment) (json.RawMessage, error) { return json.RawMessage(`{}`), nil }
func (t *toy) TieBreak() bool                                  { return false }
func (t *toy) Prompt() string                                  { return "" }
func (t *toy) AnswerSchema() string                            { return "{}" }
func (t *toy) Checklist(domains.Reference) []domains.Item      { return nil }
func (t *toy) Check(context.Context, solver.Backend, json.RawMessage, domains.Reference) []domains.Result {
	return nil
}

type toySub struct{ id, excluded string }

// TestRegisterSkin: the registered Generate finds the spec's subtask,
// refuses an unknown one and (with RejectExcluded) a unit the subtask
// excludes, lends the caller's context and backend to the core, and the
// Loader prefixes its errors with the package and task.
func TestRegisterSkin(t *testing.T) {
	var lent domains.Solving
	tk := domains.RegisterSkin(domains.Skin[toySub]{
		Pkg:            "toy",
		Task:           domains.Task{ID: "toy-skin", Name: "Toy", Family: domains.Scheduling, Core: "toy", Pool: []domains.Unit{{ID: "u", Tier: domains.Basic}}},
		Subtasks:       []toySub{{"a", ""}, {"b", "u"}},
		View:           func(s toySub) domains.Subtask { return domains.Subtask{ID: s.id, Exclude: []string{s.excluded}} },
		RejectExcluded: true,
		Generate: func(sv domains.Solving, s toySub, spec domains.Spec, _ *rand.Rand) (domains.Instance, error) {
			lent = sv
			return &toy{Sp: spec, Subtask: s.id}, nil
		},
		Load: domains.Loader("toy", "toy-skin", func(x *toy) error {
			if x.Subtask == "" {
				return errors.New("field subtask: empty")
			}
			return nil
		}),
	})
	if got, ok := domains.Lookup("toy-skin"); !ok || got != tk || len(tk.Subtasks) != 2 || tk.Subtasks[1].ID != "b" {
		t.Fatalf("registered %+v", tk)
	}
	ctx := context.WithValue(context.Background(), struct{}{}, 1)
	r := rand.New(rand.NewPCG(1, 2))
	inst, err := tk.Generate(ctx, nil, domains.Spec{Task: "toy-skin", Subtask: "b"}, r)
	if err != nil || inst.(*toy).Subtask != "b" || lent.Ctx != ctx {
		t.Fatalf("subtask b: %v %+v", err, inst)
	}
	for _, tc := range []struct {
		spec domains.Spec
		want string
	}{
		{domains.Spec{Task: "toy-skin", Subtask: "c"}, `toy: toy-skin has no subtask "c"`},
		{domains.Spec{Task: "toy-skin", Subtask: "b", Basic: []string{"u"}}, `toy: toy-skin/b: unit "u" does not apply to this subtask`},
		{domains.Spec{Task: "toy-skin", Subtask: "a", Basic: []string{"v"}}, `no unit "v" in the pool`},
	} {
		if _, err := tk.Generate(ctx, nil, tc.spec, r); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.spec, err, tc.want)
		}
	}
	if _, err := tk.Generate(ctx, nil, domains.Spec{Task: "toy-skin", Subtask: "a", Basic: []string{"u"}}, r); err != nil {
		t.Errorf("unit u on subtask a: %v", err)
	}
	if x, err := tk.Load([]byte(`{"subtask":"a"}`)); err != nil || x.(*toy).Subtask != "a" {
		t.Errorf("load: %v", err)
	}
	if _, err := tk.Load([]byte(`{"subtask":""}`)); err == nil || err.Error() != "toy: toy-skin instance: field subtask: empty" {
		t.Errorf("load of an invalid instance: %v", err)
	}
	if _, err := tk.Load([]byte(`{`)); err == nil || !strings.HasPrefix(err.Error(), "toy: toy-skin instance: ") {
		t.Errorf("load of bad JSON: %v", err)
	}
}

// TestRegisterSkinOptIn: an opt-in unit is excluded from every subtask
// that does not list it as likely, and from no other.
func TestRegisterSkinOptIn(t *testing.T) {
	tk := domains.RegisterSkin(domains.Skin[string]{
		Pkg:      "toy",
		Task:     domains.Task{ID: "toy-optin", Family: domains.Scheduling, Pool: []domains.Unit{{ID: "u", Tier: domains.Basic}, {ID: "o", Tier: domains.Medium, OptIn: true}}},
		Subtasks: []string{"listed", "silent"},
		View: func(id string) domains.Subtask {
			if id == "listed" {
				return domains.Subtask{ID: id, Likely: map[string]float64{"o": 2}}
			}
			return domains.Subtask{ID: id}
		},
		Generate: func(domains.Solving, string, domains.Spec, *rand.Rand) (domains.Instance, error) { return &toy{}, nil },
	})
	if !tk.Subtasks[0].Allows("o") || tk.Subtasks[1].Allows("o") || !tk.Subtasks[1].Allows("u") {
		t.Errorf("subtasks %+v: want o allowed only where listed", tk.Subtasks)
	}
}
