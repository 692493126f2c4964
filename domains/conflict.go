package domains

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// ConflictTimeout bounds the proof of a claimed conflict in ConflictStatus,
// within whatever deadline the caller's context already has.
const ConflictTimeout = 10 * time.Second

// ConflictStatus decides whether the groups in named, together with the
// groups alwaysOn accepts (AlwaysOn, or a family's own notion of its
// background rules), admit no solution of m: it restricts m to those
// groups, drops the objectives and solves on b under ctx, for at most
// ConflictTimeout. solver.Infeasible proves the conflict; solver.Unknown
// means it was not decided in time (or ctx ended). m is not modified.
// Checkers of the infeasibility items call it through ConflictClaim on a
// conflict an answer names.
func ConflictStatus(ctx context.Context, b solver.Backend, m *encode.Model, named map[string]bool, alwaysOn func(group string) bool) (solver.Status, error) {
	if b == nil {
		return solver.Unknown, fmt.Errorf("domains: no solver backend to prove the claimed conflict")
	}
	r := m.Restrict(func(g string) bool { return alwaysOn(g) || named[g] })
	r.Objectives = nil
	ctx, cancel := context.WithTimeout(ctx, ConflictTimeout)
	defer cancel()
	s, err := b.Load(r)
	if err != nil {
		return solver.Unknown, err
	}
	res, err := s.Optimize(ctx)
	if err != nil {
		return solver.Unknown, err
	}
	return res.Status, nil
}

// ConflictUndecided is ConflictClaim's reason when the solver decided
// nothing within ConflictTimeout or the caller's deadline: the claim is not
// proven, and not refuted either.
const ConflictUndecided = "the solver could not decide in time"

// ConflictClaim checks an answer's claimed conflict against m: every name
// must be in rules (the names of the prompt's rules), and the named groups
// with the groups alwaysOn accepts must admit no solution (ConflictStatus).
// It reports whether the claim holds and, when it does not, why: the first
// name that is not a rule, the solver's error, a timeout, or "the rules …
// can all hold together" with the named rules quoted and sorted.
func ConflictClaim(ctx context.Context, b solver.Backend, m *encode.Model, rules map[string]bool, names []string, alwaysOn func(group string) bool) (bool, string) {
	holds, detail, _ := conflictClaim(ctx, b, m, rules, names, alwaysOn)
	return holds, detail
}

// conflictClaim is ConflictClaim, and whether its verdict is a proven
// one (the solver decided: the claim holds, or the rules can all hold),
// which depends only on the set of names.
func conflictClaim(ctx context.Context, b solver.Backend, m *encode.Model, rules map[string]bool, names []string, alwaysOn func(group string) bool) (holds bool, detail string, proven bool) {
	named := map[string]bool{}
	for _, n := range names {
		if !rules[n] {
			return false, fmt.Sprintf("%q is not the name of a rule in the problem", n), false
		}
		named[n] = true
	}
	status, err := ConflictStatus(ctx, b, m, named, alwaysOn)
	if err != nil {
		return false, err.Error(), false
	}
	switch status {
	case solver.Infeasible:
		return true, "", true
	case solver.Unknown:
		return false, ConflictUndecided, false
	}
	q := make([]string, 0, len(named))
	for n := range named {
		q = append(q, fmt.Sprintf("%q", n))
	}
	sort.Strings(q)
	return false, fmt.Sprintf("the rules %s can all hold together", strings.Join(q, ", ")), true
}

// ConflictHolds checks the conflict that an answer names against instance
// in: ConflictClaim on in's model, where the names a claim may use are
// those of rules (the prompt's named rules). The model is built on a copy
// of *in: a core's Model may record its variables in the instance, and a
// checker keeps the instance itself read-only (checks run concurrently).
// An error building the model fails the claim with that error.
//
// When ctx carries in's CheckCache, a proven verdict is kept there by the
// set of names, and a claim of the same set (in any order, with repeats)
// is answered from it without building the model or solving. An
// instance's claims are judged against one set of rules and background
// (each task has one call site), so the set decides the verdict.
func ConflictHolds[T any, P interface {
	*T
	Model() (*encode.Model, error)
}](ctx context.Context, b solver.Backend, in P, rules []Rule, names []string, alwaysOn func(group string) bool) (bool, string) {
	ruleNames := RuleNames(rules)
	cache := checkCacheFor(ctx, in)
	key, keyed := "", false
	if cache != nil {
		key, keyed = conflictKey(ruleNames, names)
	}
	if keyed {
		if v, ok := cache.conflict(key); ok {
			return v.holds, v.detail
		}
	}
	c := *in
	m, err := P(&c).Model()
	if err != nil {
		return false, err.Error()
	}
	holds, detail, proven := conflictClaim(ctx, b, m, ruleNames, names, alwaysOn)
	if keyed && proven {
		cache.putConflict(key, conflictVerdict{holds, detail})
	}
	return holds, detail
}
