package domains

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync"
)

// CheckCache is what a grader keeps of one instance between checks, so
// that checking an answer repeats none of the work that depends on the
// instance alone:
//
//   - the checklist of a reference, as the instance builds it
//     (Instance.Checklist: texts formatted from the data, about a tenth of
//     a check's time), built once per reference;
//   - the verdict on a claimed conflict, by the set of rules it names: a
//     solve of the restricted model (about 1 ms, most of the time of a
//     check that claims infeasibility), proven once per set.
//
// A grader makes one per loaded instance (NewCheckCache) and passes it to
// every check of that instance in its context (WithCheckCache); checkers
// read it through ChecklistFor and ConflictHolds, which build and solve
// as before when the context carries none, or one of another instance.
// What it holds is what the instance would compute again (its methods are
// pure), so a check gives the same results with it as without. Verdicts
// that depended on time (undecided) or on an error are not kept. It holds
// at most maxCachedLists checklists and maxCachedConflicts verdicts
// (starting afresh when full). Safe for concurrent use.
type CheckCache struct {
	inst      Instance
	mu        sync.Mutex
	lists     []cachedList
	conflicts map[string]conflictVerdict // by conflictKey
}

type cachedList struct {
	ref   Reference // a copy: the caller's slices are not kept
	items []Item
}

type conflictVerdict struct {
	holds  bool
	detail string
}

// The bounds of a CheckCache: a grader checks an instance against one
// reference, and a trainer's answers name a few sets of rules.
const (
	maxCachedLists     = 4
	maxCachedConflicts = 256
)

// NewCheckCache returns an empty cache for inst, a pointer (as every
// task's instance is).
func NewCheckCache(inst Instance) *CheckCache { return &CheckCache{inst: inst} }

type checkCacheKey struct{}

// WithCheckCache returns ctx carrying c for the checks of c's instance.
func WithCheckCache(ctx context.Context, c *CheckCache) context.Context {
	return context.WithValue(ctx, checkCacheKey{}, c)
}

// checkCacheFor returns the cache ctx carries when it is in's, else nil.
func checkCacheFor(ctx context.Context, in any) *CheckCache {
	c, _ := ctx.Value(checkCacheKey{}).(*CheckCache)
	if c == nil || any(c.inst) != in {
		return nil
	}
	return c
}

// ChecklistFor returns in.Checklist(ref): the list cached in ctx's
// CheckCache when it is in's and was built for an equal reference, else
// built now (and cached when ctx carries in's cache). The list is shared:
// the caller must not modify its items (appending copies it).
func ChecklistFor(ctx context.Context, in Instance, ref Reference) []Item {
	c := checkCacheFor(ctx, in)
	if c == nil {
		return in.Checklist(ref)
	}
	c.mu.Lock()
	for _, l := range c.lists {
		if sameReference(l.ref, ref) {
			c.mu.Unlock()
			return l.items
		}
	}
	c.mu.Unlock()
	items := slices.Clip(in.Checklist(ref))
	keep := Reference{Feasible: ref.Feasible, Plan: bytes.Clone(ref.Plan), Objective: slices.Clone(ref.Objective), Conflict: slices.Clone(ref.Conflict)}
	c.mu.Lock()
	if len(c.lists) >= maxCachedLists {
		c.lists = nil
	}
	c.lists = append(c.lists, cachedList{keep, items})
	c.mu.Unlock()
	return items
}

// sameReference says a and b are equal references.
func sameReference(a, b Reference) bool {
	return a.Feasible == b.Feasible && slices.Equal(a.Objective, b.Objective) &&
		slices.Equal(a.Conflict, b.Conflict) && bytes.Equal(a.Plan, b.Plan)
}

// conflictKey returns the key of a claim naming names, all of them in
// rules: the set of names, sorted. It reports false when a name is not a
// rule (the verdict then names the first such name: it depends on the
// order, and costs no solve).
func conflictKey(rules map[string]bool, names []string) (string, bool) {
	for _, n := range names {
		if !rules[n] {
			return "", false
		}
	}
	set := slices.Clone(names)
	slices.Sort(set)
	return strings.Join(slices.Compact(set), "\x00"), true
}

func (c *CheckCache) conflict(key string) (conflictVerdict, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.conflicts[key]
	return v, ok
}

func (c *CheckCache) putConflict(key string, v conflictVerdict) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conflicts == nil || len(c.conflicts) >= maxCachedConflicts {
		c.conflicts = make(map[string]conflictVerdict)
	}
	c.conflicts[key] = v
}
