package dispatch

import (
	"slices"
	"strings"
	"testing"
)

// facts are what the world knows of the names of the dispatch pools, by
// subtask and attribute: the freight loads that need refrigeration and
// those that do not, the towed vehicles heavier than a flatbed's 3 tonnes
// and those that are not. Every name of a pool must be in the table, so a
// name added to a pool is classified here first.
var facts = map[string]map[string][]string{
	"freight-trucks": {
		"refrigerated": {"chilled dairy", "frozen fish", "ice cream", "fresh meat", "frozen peas", "yoghurt", "cheese", "ready meals", "cut flowers", "vaccines", "frozen pizza", "butter", "salad leaves", "soft fruit", "chilled juice", "frozen chips"},
		"ambient":      {"flour", "steel coils", "paper rolls", "timber", "cement bags", "furniture", "tyres", "glass panes", "fertiliser", "textiles", "machine parts", "canned food", "bricks", "cardboard", "pipes", "bottled water"},
	},
	"tow-trucks": {
		"heavy": {"small lorry", "horsebox", "minibus", "motorhome", "tractor", "box truck", "tipper truck", "flatbed lorry", "school bus", "ambulance", "food truck", "removal van", "delivery lorry", "midibus", "gritter", "recovery lorry"},
		"light": {"hatchback", "SUV", "sports car", "pickup", "estate car", "taxi", "electric car", "saloon", "coupé", "convertible", "city car", "people carrier", "small van", "classic car", "jeep", "roadster"},
	},
}

// TestPoolsAgreeWithTheWorld: a job that needs the small type's
// equipment is named from WhoEquip and one heavier than it takes from
// WhoHeavy (whoNames), so WhoEquip holds only goods that need
// refrigeration, WhoHeavy only vehicles over 3 tonnes, and Who neither;
// the freight pickups are sites any load may leave from (no "Dairy" for
// steel coils).
func TestPoolsAgreeWithTheWorld(t *testing.T) {
	check := func(sub, attr string, names []string) {
		for _, n := range names {
			if !slices.Contains(facts[sub][attr], n) {
				t.Errorf("%s: %q is in the pool of %s names, which the facts do not say it is", sub, n, attr)
			}
		}
	}
	fr := subtasks["freight-trucks"]
	check("freight-trucks", "refrigerated", fr.WhoEquip)
	check("freight-trucks", "ambient", fr.Who)
	tow := subtasks["tow-trucks"]
	check("tow-trucks", "heavy", tow.WhoHeavy)
	check("tow-trucks", "light", tow.Who)
	if tow.CapA != 3 {
		t.Errorf("tow-trucks: the flatbed takes %d tonnes; the facts say heavy for over 3", tow.CapA)
	}
	for _, p := range fr.Places {
		for _, w := range []string{"Dairy", "Farm", "Steel", "Bakery", "Cold store", "Quarry", "Mill"} {
			if strings.Contains(p, w) {
				t.Errorf("freight-trucks: the pickup %q is a site of one kind of goods (%s)", p, w)
			}
		}
	}
}
