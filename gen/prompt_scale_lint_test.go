package gen_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/solver/sat"
)

// scaleSeeds is the number of prompts TestPromptLintAtScale lints per task
// and level: 200 with PLANCERT_LONG=1 (the done-when of issue 19), 1 in
// make test (a few tasks take seconds to generate at levels 4 and 5; the
// levels 1 and 3 have 12 seeds in TestPromptOffersInfeasibleAnswer).
var scaleSeeds = familytest.Levels{Short: 1, Default: 1, Long: 200}

// scaleTimeout bounds the generation of one instance of
// TestPromptLintAtScale: a generator whose own solve takes longer (an
// urban-traffic draw at level 5 can take minutes) is skipped and counted,
// as gen redraws a draw not proven within --timeout. 30 s with
// PLANCERT_LONG=1.
func scaleTimeout() time.Duration {
	if familytest.Long() {
		return 30 * time.Second
	}
	return 2 * time.Second
}

// TestPromptLintAtScale lints the prompts of every task at every level,
// 1..domains.Levels, scaleSeeds.N() seeds each (the specs drawn by
// gen.SampleLevel, so the units vary as in a suite): the intro claims
// (the first paragraph's phrases that tell of a unit's rule or goal,
// Task.Claims) made without their unit drawn, the slips lint finds,
// the entity lists that name one entity twice (lintEntities) and the
// checklist slips lintItems finds. Prompts only: nothing is certified; a
// spec whose generator asks for a redraw, or does not finish within
// scaleTimeout, is skipped and counted. The tasks run in parallel.
func TestPromptLintAtScale(t *testing.T) {
	n := scaleSeeds.N()
	var mu sync.Mutex
	linted, redrawn, slow, findings := 0, 0, 0, 0
	t.Cleanup(func() {
		t.Logf("%d prompts linted (%d specs redrawn, %d slower than %v), %d findings", linted, redrawn, slow, scaleTimeout(), findings)
	})
	for _, task := range domains.Tasks() {
		t.Run(task.ID, func(t *testing.T) {
			t.Parallel()
			for level := 1; level <= domains.Levels; level++ {
				for seed := uint64(1); seed <= n; seed++ {
					spec, err := gen.SampleLevel(task, seed, level)
					if err != nil {
						t.Fatal(err)
					}
					ctx, cancel := context.WithTimeout(context.Background(), scaleTimeout())
					inst, err := gen.NewInstance(ctx, sat.Backend{}, task, spec)
					cancel()
					mu.Lock()
					switch {
					case errors.Is(err, domains.ErrRedraw):
						redrawn++
					case errors.Is(err, context.DeadlineExceeded):
						slow++
					case err == nil:
						linted++
					}
					mu.Unlock()
					if err != nil {
						if errors.Is(err, domains.ErrRedraw) || errors.Is(err, context.DeadlineExceeded) {
							continue
						}
						t.Fatalf("level %d seed %d: %v", level, seed, err)
					}
					var bad []string
					intro, _, _ := strings.Cut(inst.Prompt(), "\n\n")
					for _, c := range domains.UnmetClaims(intro, spec, task.Claims) {
						bad = append(bad, fmt.Sprintf("the intro says %q, which needs one of the units %v: %s", c.Phrase, c.Units, intro))
					}
					bad = append(bad, lint(inst.Prompt())...)
					bad = append(bad, lintEntities(inst.Prompt())...)
					bad = append(bad, lintItems(inst.Checklist(domains.Reference{Feasible: true}))...)
					for _, b := range bad {
						t.Errorf("%s level %d seed %d (units %v): %s", spec.Subtask, level, seed, spec.Units(), b)
					}
					mu.Lock()
					findings += len(bad)
					mu.Unlock()
				}
			}
		})
	}
}

// lintEntities returns the entity lists of a prompt that name one entity
// twice: a table cell listing its entries by commas ("Ana, Ben, Ana"), a
// line that is a bare list under a heading ("Studio A, Studio B,
// Studio A.") and a parenthesised class list ("(class 1: A, B; class 2:
// A)" names A in two classes). Numbers may repeat (a cell "2, 3, 2" of
// daily values is no entity list).
func lintEntities(prompt string) []string {
	var out []string
	twice := func(where string, entries []string) {
		seen := map[string]bool{}
		for _, e := range entries {
			e = strings.TrimSpace(e)
			if !strings.ContainsFunc(e, unicode.IsLetter) {
				continue
			}
			if seen[e] {
				out = append(out, fmt.Sprintf("%s names %q twice", where, e))
			}
			seen[e] = true
		}
	}
	for _, line := range strings.Split(prompt, "\n") {
		switch {
		case strings.HasPrefix(line, "|"):
			for _, c := range strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|") {
				for _, part := range strings.Split(c, "; ") {
					if strings.Contains(part, ", ") {
						twice(fmt.Sprintf("the cell %q", strings.TrimSpace(c)), listEntries(part))
					}
				}
			}
		case bareList.MatchString(line):
			twice(fmt.Sprintf("the list %q", line), listEntries(strings.TrimSuffix(line, ".")))
		}
		for _, m := range classList.FindAllStringSubmatch(line, -1) {
			var all []string
			for _, cl := range strings.Split(m[1], "; ") {
				if _, names, ok := strings.Cut(cl, ": "); ok {
					all = append(all, listEntries(names)...)
				}
			}
			twice(fmt.Sprintf("the classes %q", m[0]), all)
		}
	}
	return out
}

var (
	// bareList is a line that is only a list of names: no sentence verb,
	// commas between capitalised names, a final full stop.
	bareList = regexp.MustCompile(`^[A-Z0-9][^.:;!?"()]*, [^.:;!?"()]*\.$`)
	// classList is a parenthesised list of classes ("(class 1: A, B;
	// class 2: C)").
	classList = regexp.MustCompile(`\((class 1: [^()]*)\)`)
)

// listEntries splits a list "A, B and C" (or "A, B, C") into its entries.
func listEntries(s string) []string {
	var out []string
	for _, e := range strings.Split(s, ", ") {
		if a, b, ok := strings.Cut(e, " and "); ok {
			out = append(out, a, b)
			continue
		}
		out = append(out, e)
	}
	return out
}

// TestIntroClaimsNameUnitsOfThePool: every unit an intro claim needs is a
// unit of its task's pool (a claim on a misspelt unit could never be met),
// and the claims are declared for the cores whose intros have claimed
// absent rules before (issue 19).
func TestIntroClaimsNameUnitsOfThePool(t *testing.T) {
	cores := map[string]bool{}
	for _, task := range domains.Tasks() {
		for _, c := range task.Claims {
			cores[task.Core] = true
			for _, u := range c.Units {
				if _, ok := task.Unit(u); !ok {
					t.Errorf("%s: the claim %q needs the unit %q, which is not in the pool", task.ID, c.Phrase, u)
				}
			}
		}
	}
	for _, core := range []string{"agenda", "project", "project (job shop / flow shop)", "flow", "quantity", "roster", "assign"} {
		if !cores[core] {
			t.Errorf("no task of the core %q declares its intro claims", core)
		}
	}
}
