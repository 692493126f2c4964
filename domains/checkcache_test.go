package domains_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// countingInstance is an instance whose checklist depends on the
// reference and counts how often it is built.
type countingInstance struct{ built atomic.Int32 }

func (c *countingInstance) Spec() domains.Spec                              { return domains.Spec{} }
func (c *countingInstance) Model() (*encode.Model, error)                   { return encode.NewModel(), nil }
func (c *countingInstance) Plan(encode.Assignment) (json.RawMessage, error) { return nil, nil }
func (c *countingInstance) TieBreak() bool                                  { return false }
func (c *countingInstance) Prompt() string                                  { return "" }
func (c *countingInstance) AnswerSchema() string                            { return "" }
func (c *countingInstance) Check(context.Context, solver.Backend, json.RawMessage, domains.Reference) []domains.Result {
	return nil
}

func (c *countingInstance) Checklist(ref domains.Reference) []domains.Item {
	c.built.Add(1)
	return []domains.Item{{ID: "format"}, {ID: fmt.Sprintf("optimal %v %v", ref.Feasible, ref.Objective)}}
}

// TestChecklistFor: the checklist is built once per instance and
// reference when the context carries the instance's cache, and is always
// the instance's own; without a cache, or with another instance's, it is
// built on every call.
func TestChecklistFor(t *testing.T) {
	a, b := new(countingInstance), new(countingInstance)
	ref := domains.Reference{Feasible: true, Objective: []int64{3}, Plan: json.RawMessage(`{}`)}
	other := domains.Reference{Feasible: true, Objective: []int64{4}, Plan: json.RawMessage(`{}`)}
	ctx := domains.WithCheckCache(context.Background(), domains.NewCheckCache(a))
	for range 3 {
		if got, want := domains.ChecklistFor(ctx, a, ref), a.Checklist(ref); !slices.Equal(got, want) {
			t.Fatalf("cached %v, built %v", got, want)
		}
	}
	if n := a.built.Load(); n != 1+3 { // one build for the cache, three for the comparisons
		t.Errorf("built %d times, want 4", n)
	}
	if got := domains.ChecklistFor(ctx, a, other); got[1].ID != "optimal true [4]" {
		t.Errorf("another reference: %v", got)
	}
	ref.Objective[0] = 9 // the cache keeps its own copy of the reference
	if got := domains.ChecklistFor(ctx, a, ref); got[1].ID != "optimal true [9]" {
		t.Errorf("a changed reference: %v", got)
	}
	for _, c := range []context.Context{context.Background(), ctx} {
		b.built.Store(0)
		domains.ChecklistFor(c, b, ref)
		domains.ChecklistFor(c, b, ref)
		if n := b.built.Load(); n != 2 {
			t.Errorf("without b's cache: built %d times, want 2", n)
		}
	}
}
