package domains

import (
	"maps"
	"slices"
	"strings"
)

// IntroClaim is a phrase of a task's fixed prose (a prompt's first paragraph,
// the intro) that tells of a rule or a goal of one of the units Units: an
// intro may say Phrase only when its spec draws one of Units (an intro
// that says "the crews are limited" for an instance without the
// resource-capacity unit tells of a rule the model does not have, issue
// 19). A claim with no Units is a phrase no intro may say. A core
// declares the claims of its intros on its tasks (Task.Claims), next to
// the intros; a test checks every generated intro against them.
type IntroClaim struct {
	Phrase string
	Units  []string
}

// UnmetClaims returns the claims of claims that intro makes without one of
// their units drawn by spec, in order: the claims the intro must not
// make. The phrases are matched as written (case and all).
func UnmetClaims(intro string, spec Spec, claims []IntroClaim) []IntroClaim {
	var out []IntroClaim
	for _, c := range claims {
		if !strings.Contains(intro, c.Phrase) {
			continue
		}
		drawn := false
		for _, u := range c.Units {
			drawn = drawn || spec.Has(u)
		}
		if !drawn {
			out = append(out, c)
		}
	}
	return out
}

// ClaimsOf returns the claims of phrases listed by the unit they need,
// units in sorted order and phrases in the order given; the key "" lists
// the phrases no intro may say.
func ClaimsOf(byUnit map[string][]string) []IntroClaim {
	var out []IntroClaim
	for _, u := range slices.Sorted(maps.Keys(byUnit)) {
		var units []string
		if u != "" {
			units = []string{u}
		}
		for _, p := range byUnit[u] {
			out = append(out, IntroClaim{Phrase: p, Units: units})
		}
	}
	return out
}
