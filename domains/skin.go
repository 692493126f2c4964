package domains

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/solver"
)

// Skin is what a core gives RegisterSkin to register one task skin: the
// registry's view of the task, the core's subtasks, and the core's
// generator and loader. S is the core's subtask type.
type Skin[S any] struct {
	// Pkg is the core's package name; it starts every error.
	Pkg string
	// Task is the registry's view: ID, Name, Family, Core and Pool.
	// RegisterSkin fills in Subtasks, Generate and Load.
	Task Task
	// Subtasks are the core's subtasks, in the registry's order.
	Subtasks []S
	// View returns the registry's view of a core subtask.
	View func(S) Subtask
	// RejectExcluded makes Generate refuse a spec with a unit that the
	// subtask excludes.
	RejectExcluded bool
	// Generate makes the instance of spec for subtask st; sv is what the
	// caller lends for the generator's own solves.
	Generate func(sv Solving, st S, spec Spec, rng *rand.Rand) (Instance, error)
	// Load reads an instance written by json.Marshal (see Loader).
	Load func(data []byte) (Instance, error)
	// AtLevel returns subtask st with its sizes at level, 2..Levels (it is
	// never called for level 1, which draws st as it is). It returns a new
	// subtask and must not modify st. Nil means the task has only level 1:
	// its Generate refuses specs of any other level.
	AtLevel func(st S, level int) S
	// Sizes lists the named sizes that subtask st draws from, in a fixed
	// order ("activities", "days", ...): RegisterSkin builds Task.Levels
	// from it and AtLevel. Nil leaves Task.Levels empty.
	Sizes func(st S) []Size
}

// RegisterSkin registers the task of k and returns it. Each subtask's view
// excludes the pool's opt-in units that it does not list as likely (see
// Unit.OptIn). Its Generate finds
// the spec's subtask (an unknown one is an error), checks the spec's units
// against the pool's exclusions and requirements (Task.Compatible) and,
// with k.RejectExcluded, against the subtask's, then calls k.Generate. It
// panics when the task ID is registered already (see Register).
func RegisterSkin[S any](k Skin[S]) *Task {
	t := k.Task
	t.Subtasks = nil
	for _, st := range k.Subtasks {
		sub := k.View(st)
		for _, u := range t.Pool {
			if _, listed := sub.Likely[u.ID]; u.OptIn && !listed && sub.Allows(u.ID) {
				sub.Exclude = append(slices.Clip(sub.Exclude), u.ID)
			}
		}
		t.Subtasks = append(t.Subtasks, sub)
	}
	dt := &t
	dt.Generate = func(ctx context.Context, b solver.Backend, spec Spec, rng *rand.Rand) (Instance, error) {
		i := -1
		for j, st := range dt.Subtasks {
			if st.ID == spec.Subtask {
				i = j
				break
			}
		}
		if i < 0 {
			return nil, fmt.Errorf("%s: %s has no subtask %q", k.Pkg, dt.ID, spec.Subtask)
		}
		if err := dt.Compatible(spec.Units()); err != nil {
			return nil, err
		}
		if k.RejectExcluded {
			for _, id := range spec.Units() {
				if !dt.Subtasks[i].Allows(id) {
					return nil, fmt.Errorf("%s: %s/%s: unit %q does not apply to this subtask", k.Pkg, dt.ID, spec.Subtask, id)
				}
			}
		}
		st, err := k.at(k.Subtasks[i], spec.AtLevel())
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", k.Pkg, dt.ID, err)
		}
		return k.Generate(Solving{Ctx: ctx, Backend: b}, st, spec, rng)
	}
	if k.Sizes != nil {
		dt.Levels = SizeTable(len(k.Subtasks), func(sub, level int) []Size {
			st, err := k.at(k.Subtasks[sub], level)
			if err != nil {
				return nil
			}
			return k.Sizes(st)
		})
	}
	dt.Load = k.Load
	Register(dt)
	return dt
}

// at returns st at level: st itself at level 1, k.AtLevel's subtask above
// it, and an error for a level out of range or a task without levels.
func (k *Skin[S]) at(st S, level int) (S, error) {
	if err := CheckLevel(level); err != nil {
		return st, err
	}
	switch {
	case level == 1:
		return st, nil
	case k.AtLevel == nil:
		return st, fmt.Errorf("no level %d (the task has only level 1)", level)
	}
	return k.AtLevel(st, level), nil
}

// Loader returns a Task.Load for instances of type *T: it unmarshals the
// data into a new T, then runs validate, and an error of either is
// prefixed "pkg: task instance: ".
func Loader[T any, P interface {
	*T
	Instance
}](pkg, task string, validate func(P) error) func(data []byte) (Instance, error) {
	return func(data []byte) (Instance, error) {
		p := P(new(T))
		if err := json.Unmarshal(data, p); err != nil {
			return nil, fmt.Errorf("%s: %s instance: %w", pkg, task, err)
		}
		if err := validate(p); err != nil {
			return nil, fmt.Errorf("%s: %s instance: %w", pkg, task, err)
		}
		return p, nil
	}
}

// Ptrs returns pointers to the elements of xs, in order: the Subtasks of a
// Skin whose core keeps its subtasks by value.
func Ptrs[S any](xs []S) []*S {
	out := make([]*S, len(xs))
	for i := range xs {
		out[i] = &xs[i]
	}
	return out
}
