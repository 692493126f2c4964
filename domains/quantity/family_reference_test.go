package quantity

import (
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/internal/familytest"
)

// family describes the quantity core's tests to internal/familytest (its
// doc says what each family test checks; family_*_test.go hold the core's
// parts). After each task: at most one kept record in 20 has an empty
// optimal plan.
var family = &familytest.Family{
	Core:      "quantity",
	Seeds:     familytest.DefaultSeeds,
	MinKeep:   0.70,
	AfterTask: emptyOptima,
	Golden:    goldenFiles,
}

func TestFamilyReference(t *testing.T) { familytest.Reference(t, family) }

// emptyOptima: an empty optimum is legitimate (demands below every
// minimum order, say) but must stay rare: it makes a trivial instance.
func emptyOptima(t *testing.T, tk *domains.Task, kept []*domains.Record) {
	empty := 0
	for _, rec := range kept {
		if rec.Reference.Feasible && strings.Contains(string(rec.Reference.Plan), ": []") {
			empty++
		}
	}
	t.Logf("%d of %d kept records with an empty optimal plan", empty, len(kept))
	if empty*20 > len(kept) {
		t.Errorf("%d of %d kept records have an empty optimal plan", empty, len(kept))
	}
}
