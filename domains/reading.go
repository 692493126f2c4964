package domains

import (
	"fmt"
	"strings"
)

// Reading is one reading a careful reader could take of a unit's
// sentences other than the one its model encodes ("priority 1 is the
// highest", "the first period is limited too"). A unit lists its readings
// (Reader) so that a test can build the model of each alternative on
// seeded instances that draw the unit: where that model's optimum differs
// from the certified one, the prompt must rule the alternative out by an
// explicit sentence, RuledOutBy (issue 19: "Text a model can trust").
type Reading struct {
	// Name names the alternative, in the words of a reader who took it.
	Name string
	// RuledOutBy is the phrase of the prompt (or of the answer
	// instructions) that excludes the alternative, as written.
	RuledOutBy string
}

// Reader is a unit whose sentences admit readings other than its model's
// (see Reading).
type Reader interface{ Readings() []Reading }

// RuledOut returns an error unless prompt contains r.RuledOutBy: the error
// a readings test reports for an alternative whose optimum differs from
// the certified one.
func (r Reading) RuledOut(prompt string) error {
	if r.RuledOutBy == "" || !strings.Contains(prompt, r.RuledOutBy) {
		return fmt.Errorf("domains: the reading %q changes the optimum, and the prompt does not say %q", r.Name, r.RuledOutBy)
	}
	return nil
}
