// Package domains holds plancert's task registry and the data contract of a
// generated problem: the Spec that was sampled, the Instance that a task
// generates from it, the checklist Items and their Results, and the Record
// written per instance.
//
// A task is a skin over a core structural model (see the family packages,
// e.g. domains/scheduling). Each constraint of a pool is one unit that adds
// its data to the instance, its clauses to the model, its sentence to the
// prompt, its item to the checklist and its check to the verifier.
//
// domains never imports gen or verify, and never names a concrete solver
// backend: it imports encode to build models and solver for the Backend
// interface. Every solve a task makes itself (a generator checking its
// hidden plan, a checker proving a claimed conflict) runs on the
// solver.Backend and under the context.Context that its caller hands it, so
// the caller's deadline and cancellation bound it.
package domains

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// Family is one of the six task families.
type Family string

// The families, with their names on the command line.
const (
	Scheduling Family = "scheduling"
	Allocation Family = "allocation"
	Workforce  Family = "workforce"
	Routing    Family = "routing"
	Project    Family = "project"
	Emergency  Family = "emergency"
)

// Families lists the families in the taxonomy's order.
var Families = []Family{Scheduling, Allocation, Workforce, Routing, Project, Emergency}

// Tier is the difficulty tier of a constraint unit.
type Tier string

// The tiers. Stateful units form an optional layer outside the three tiers.
const (
	Basic    Tier = "basic"
	Medium   Tier = "medium"
	Hard     Tier = "hard"
	Stateful Tier = "stateful"
)

// Unit describes one constraint of a task's pool: its ID (kebab case), tier,
// a short title, and the compatibility rules that are declared here rather
// than scattered: units it excludes, units it requires, and whether it is
// opt-in.
type Unit struct {
	ID       string   `json:"id"`
	Tier     Tier     `json:"tier"`
	Title    string   `json:"title"`
	Excludes []string `json:"excludes,omitempty"`
	Requires []string `json:"requires,omitempty"`
	// OptIn units are drawn only by the subtasks that list them among
	// their Likely units: RegisterSkin adds them to the Exclude list of
	// every other subtask.
	OptIn bool `json:"opt_in,omitempty"`
}

// Subtask is a variant of a task: its vocabulary and sizes are the task's
// business; Likely raises the sampling weight of some units, Exclude lists
// units the subtask never samples (they make no sense in its story), and
// Always lists units every spec of the subtask has (the story needs them:
// a recruitment pipeline's stages come in order), on top of the tier counts
// drawn.
type Subtask struct {
	ID      string             `json:"id"`
	Title   string             `json:"title"`
	Likely  map[string]float64 `json:"likely,omitempty"`
	Exclude []string           `json:"exclude,omitempty"`
	Always  []string           `json:"always,omitempty"`
}

// Allows reports whether the subtask may sample unit id.
func (s Subtask) Allows(id string) bool {
	for _, x := range s.Exclude {
		if x == id {
			return false
		}
	}
	return true
}

// Spec is what was sampled: r = (task, subtask, Sb, Sm, Sh; seed) at a
// size level. Same spec, same instance, byte for byte.
type Spec struct {
	Task     string   `json:"task"`
	Subtask  string   `json:"subtask"`
	Basic    []string `json:"basic"`
	Medium   []string `json:"medium"`
	Hard     []string `json:"hard"`
	Stateful []string `json:"stateful"`
	Seed     uint64   `json:"seed"`
	// Level is the size level, 1..Levels. 0 reads as 1 (specs written
	// before levels existed); use AtLevel.
	Level int `json:"level,omitempty"`
}

// Levels is the number of size levels. Level 1 is the smallest (the sizes
// of plancert before levels); each level up draws larger instances and
// more constraint units, with more coupling between them (docs/levels.md).
const Levels = 5

// AtLevel returns the spec's level: Level, or 1 when it is 0.
func (s Spec) AtLevel() int { return max(s.Level, 1) }

// CheckLevel returns an error unless 1 ≤ level ≤ Levels.
func CheckLevel(level int) error {
	if level < 1 || level > Levels {
		return fmt.Errorf("domains: level %d is not in 1..%d", level, Levels)
	}
	return nil
}

// Size is the range of one size of a task at one level, over its subtasks:
// Name says what is counted ("activities", "days").
type Size struct {
	Name string `json:"name"`
	Lo   int    `json:"lo"`
	Hi   int    `json:"hi"`
}

// LevelSizes lists the sizes of one level of a task.
type LevelSizes struct {
	Level int    `json:"level"`
	Sizes []Size `json:"sizes"`
}

// Units returns every unit ID of s, tiers in order.
func (s Spec) Units() []string {
	var out []string
	for _, l := range [][]string{s.Basic, s.Medium, s.Hard, s.Stateful} {
		out = append(out, l...)
	}
	return out
}

// Without returns s without the units ids, each tier list in its order
// (a list left empty stays empty, not nil, as JSON writes it).
func (s Spec) Without(ids ...string) Spec {
	drop := func(l []string) []string {
		if l == nil {
			return nil
		}
		return slices.DeleteFunc(slices.Clone(l), func(id string) bool { return slices.Contains(ids, id) })
	}
	s.Basic, s.Medium, s.Hard, s.Stateful = drop(s.Basic), drop(s.Medium), drop(s.Hard), drop(s.Stateful)
	return s
}

// Has reports whether s sampled unit id. It allocates nothing (checkers
// call it on every check).
func (s Spec) Has(id string) bool {
	return slices.Contains(s.Basic, id) || slices.Contains(s.Medium, id) ||
		slices.Contains(s.Hard, id) || slices.Contains(s.Stateful, id)
}

// ItemKind classifies checklist items.
type ItemKind string

// The item kinds.
const (
	KindFormat      ItemKind = "format"
	KindCoverage    ItemKind = "coverage"
	KindFeasibility ItemKind = "feasibility"
	KindObjective   ItemKind = "objective"
	KindStated      ItemKind = "stated-value"
)

// Item is one checklist item. Text is what a person (or an LLM judge)
// would read; whether it passes is computed by code in Instance.Check.
// Constraint names the unit (or core rule) the item checks.
type Item struct {
	ID         string   `json:"id"`
	Text       string   `json:"text"`
	Tier       Tier     `json:"tier,omitempty"`
	Constraint string   `json:"constraint"`
	Kind       ItemKind `json:"kind"`
}

// Result is the outcome of one item on one answer.
type Result struct {
	ID     string `json:"id"`
	Pass   bool   `json:"pass"`
	Detail string `json:"detail,omitempty"`
}

// Reference is the certified answer of an instance: for a feasible instance
// its optimal plan and objective vector; for an infeasible one the
// conflicting rules (a minimal set, by the names the prompt uses).
type Reference struct {
	Feasible  bool            `json:"feasible"`
	Plan      json.RawMessage `json:"plan"`
	Objective []int64         `json:"objective"`
	Conflict  []string        `json:"conflict,omitempty"`
}

// Instance is a generated problem of one task. Its methods are pure: the
// same instance gives the same model, prompt and checks.
type Instance interface {
	// Spec returns the spec the instance was generated from.
	Spec() Spec
	// Model returns the exact constraint model; its groups are the rule
	// names the prompt uses, and its answer variables decide when two
	// plans are the same.
	Model() (*encode.Model, error)
	// Plan decodes a solution of Model into the task's answer (JSON).
	Plan(a encode.Assignment) (json.RawMessage, error)
	// TieBreak adds the next stated tie-break rule (a further objective
	// level, written in the prompt) and reports whether there was one.
	TieBreak() bool
	// Prompt returns the problem as a person reads it, with the answer
	// schema and a filled-in skeleton.
	Prompt() string
	// AnswerSchema returns the skeleton of the answer.
	AnswerSchema() string
	// Checklist returns the items, given the certified reference.
	Checklist(ref Reference) []Item
	// Check runs every checklist item on an answer (already extracted
	// JSON). It never panics; an answer that does not parse (or whose
	// plan does not) fails the format item and every other item, and a
	// part that does not read (a stated value, backups) fails the format
	// item and the items that read it, nothing else (docs/grading.md).
	// A claimed conflict is proven on b
	// under ctx (ConflictClaim); when ctx ends first, that item fails with
	// "could not decide in time".
	Check(ctx context.Context, b solver.Backend, answer json.RawMessage, ref Reference) []Result
}

// Task is one task type of the registry.
type Task struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Family   Family    `json:"family"`
	Core     string    `json:"core"`
	Subtasks []Subtask `json:"subtasks"`
	Pool     []Unit    `json:"pool"`
	// Levels lists the task's sizes at each level, 1..Levels, as its
	// generator draws them (the core derives the list from the same
	// tables it draws from).
	Levels []LevelSizes `json:"levels"`
	// Generate makes an instance from a spec; rng is seeded from the spec.
	// The solves the generator makes itself (checking that its hidden
	// plan exists, solving the plan a replanning unit starts from) run on
	// b under ctx; when ctx ends first, Generate returns its error.
	Generate func(ctx context.Context, b solver.Backend, spec Spec, rng *rand.Rand) (Instance, error) `json:"-"`
	// Load reads an instance written by json.Marshal.
	Load func(data []byte) (Instance, error) `json:"-"`
	// Claims are the phrases of the task's intros that tell of a unit's
	// rule or goal, each with the units it needs (see IntroClaim).
	Claims []IntroClaim `json:"-"`
}

// Unit returns the pool unit with the given ID.
func (t *Task) Unit(id string) (Unit, bool) {
	for _, u := range t.Pool {
		if u.ID == id {
			return u, true
		}
	}
	return Unit{}, false
}

// Tier returns the units of one tier, in pool order.
func (t *Task) Tier(tier Tier) []Unit {
	var out []Unit
	for _, u := range t.Pool {
		if u.Tier == tier {
			out = append(out, u)
		}
	}
	return out
}

// Compatible reports whether a set of unit IDs respects the declared
// exclusions and requirements, with the first broken rule.
func (t *Task) Compatible(ids []string) error {
	has := map[string]bool{}
	for _, id := range ids {
		if has[id] {
			return fmt.Errorf("domains: %s: unit %q sampled twice", t.ID, id)
		}
		has[id] = true
	}
	for _, id := range ids {
		u, ok := t.Unit(id)
		if !ok {
			return fmt.Errorf("domains: %s: no unit %q in the pool", t.ID, id)
		}
		for _, x := range u.Excludes {
			if has[x] {
				return fmt.Errorf("domains: %s: unit %q excludes %q", t.ID, id, x)
			}
		}
		for _, r := range u.Requires {
			if !has[r] {
				return fmt.Errorf("domains: %s: unit %q requires %q", t.ID, id, r)
			}
		}
	}
	return nil
}

var registry = map[string]*Task{}

// Register adds a task to the registry; it panics on a duplicate ID (a
// programming error, found at init).
func Register(t *Task) {
	if _, dup := registry[t.ID]; dup {
		panic("domains: task " + t.ID + " registered twice")
	}
	registry[t.ID] = t
}

// Lookup returns the task with the given ID.
func Lookup(id string) (*Task, bool) {
	t, ok := registry[id]
	return t, ok
}

// Tasks returns the registered tasks sorted by family (taxonomy order),
// then registration order is not kept: by ID.
func Tasks() []*Task {
	rank := map[Family]int{}
	for i, f := range Families {
		rank[f] = i
	}
	out := make([]*Task, 0, len(registry))
	for _, t := range registry {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool {
		if rank[out[i].Family] != rank[out[j].Family] {
			return rank[out[i].Family] < rank[out[j].Family]
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// Evaluator is implemented by instances whose check yields, in the same
// pass, the answer's objective vector: nil unless the answer keeps every
// rule (the Objectiver's value).
type Evaluator interface {
	Evaluate(ctx context.Context, b solver.Backend, answer json.RawMessage, ref Reference) ([]Result, []int64)
}

// Objectiver is implemented by instances that can evaluate an answer's
// objective vector (the same levels, in the same order, as the
// certificate's).
type Objectiver interface {
	// Objective returns the objective vector of an answer that is
	// complete and feasible; ok is false otherwise.
	Objective(answer json.RawMessage) (obj []int64, ok bool)
	// Better reports whether objective vector x is strictly better than
	// y, lexicographically under the instance's senses.
	Better(x, y []int64) bool
}

// NextTieBreak is Instance.TieBreak for a core whose stated tie-breaks
// are levels 1..n, of which *levels are in force: it puts the next one
// in force and reports whether there was one.
func NextTieBreak(levels *int, n int) bool {
	if *levels >= n {
		return false
	}
	*levels++
	return true
}

// CheckOf is Instance.Check for an Evaluator: the results of Evaluate,
// without the objective vector.
func CheckOf(e Evaluator, ctx context.Context, b solver.Backend, answer json.RawMessage, ref Reference) []Result {
	res, _ := e.Evaluate(ctx, b, answer, ref)
	return res
}

// ObjectiveOf is Objectiver.Objective for an Evaluator: the objective
// vector that Evaluate gives against a feasible reference (no claimed
// conflict to prove, so no backend), and whether it gave one.
func ObjectiveOf(e Evaluator, answer json.RawMessage) ([]int64, bool) {
	_, obj := e.Evaluate(context.Background(), nil, answer, Reference{Feasible: true})
	return obj, obj != nil
}

// Lower is Objectiver.Better for an instance whose levels are all
// minimized: x is lexicographically smaller than y over the levels both
// have.
func Lower(x, y []int64) bool {
	n := min(len(x), len(y))
	return slices.Compare(x[:n], y[:n]) < 0
}

// LexBetter is Objectiver.Better for levels that are minimized except
// those maximized accepts: x is better than y at the first level (of those
// both have) where they differ.
func LexBetter(x, y []int64, maximized func(level int) bool) bool {
	for i := range min(len(x), len(y)) {
		if x[i] != y[i] {
			return x[i] < y[i] != maximized(i)
		}
	}
	return false
}

// Greedy is implemented by instances that have a simple baseline plan: a
// one-pass heuristic of the core (no search, no solver) whose answer is in
// the answer form and may break rules or miss the optimum. It is the
// baseline responder ("plancert respond --responder greedy") and a record's
// Hardness.Greedy*: how far a simple plan is from the proven optimum.
// Greedy is deterministic: the same instance gives the same plan.
type Greedy interface {
	Greedy() json.RawMessage
}

// NewSpec returns the spec of task t for subtask, seed and a set of unit
// IDs, each unit in its tier's list, in pool order (unknown IDs are an
// error). Every tier list is non-nil.
func (t *Task) NewSpec(subtask string, seed uint64, units map[string]bool) (Spec, error) {
	s := Spec{Task: t.ID, Subtask: subtask, Seed: seed, Basic: []string{}, Medium: []string{}, Hard: []string{}, Stateful: []string{}}
	n := 0
	for _, u := range t.Pool {
		if !units[u.ID] {
			continue
		}
		n++
		switch u.Tier {
		case Basic:
			s.Basic = append(s.Basic, u.ID)
		case Medium:
			s.Medium = append(s.Medium, u.ID)
		case Hard:
			s.Hard = append(s.Hard, u.ID)
		case Stateful:
			s.Stateful = append(s.Stateful, u.ID)
		default:
			return Spec{}, fmt.Errorf("domains: %s: unit %q has unknown tier %q", t.ID, u.ID, u.Tier)
		}
	}
	if n != len(units) {
		for id := range units {
			if _, ok := t.Unit(id); !ok {
				return Spec{}, fmt.Errorf("domains: %s: no unit %q in the pool", t.ID, id)
			}
		}
	}
	return s, nil
}

// AlwaysOn reports whether a model group is an always-on rule of its core
// (every plan must keep it; a conflict answer need not name it). By
// contract such groups are named "core: …", possibly behind a scenario
// prefix that ends in ": " (e.g. "if Oak fails: core: …").
func AlwaysOn(group string) bool {
	if strings.HasPrefix(group, "core: ") {
		return true
	}
	i := strings.Index(group, ": core: ")
	return i > 0 && !strings.Contains(group[:i], "core: ")
}

// SizeTable returns a task's Levels, 1..Levels, from the sizes of its
// subtasks: sizes(sub, level) lists the named sizes that subtask sub (an
// index into the task's subtasks) draws at level, in a fixed order of
// names; a level's range of a name is the union of the subtasks' ranges.
// Cores build their Task.Levels with it from the tables their generators
// draw from, so that the listing is what generation does.
func SizeTable(subtasks int, sizes func(sub, level int) []Size) []LevelSizes {
	out := make([]LevelSizes, 0, Levels)
	for level := 1; level <= Levels; level++ {
		ls := LevelSizes{Level: level}
		at := map[string]int{}
		for sub := range subtasks {
			for _, s := range sizes(sub, level) {
				k, ok := at[s.Name]
				if !ok {
					at[s.Name] = len(ls.Sizes)
					ls.Sizes = append(ls.Sizes, s)
					continue
				}
				ls.Sizes[k].Lo = min(ls.Sizes[k].Lo, s.Lo)
				ls.Sizes[k].Hi = max(ls.Sizes[k].Hi, s.Hi)
			}
		}
		out = append(out, ls)
	}
	return out
}
