package itinerary

import (
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/internal/familytest"
)

// The models of the alternative readings (the units' Readings): each an
// edit of the instance's model (variant).

// variant is an instance whose model is edit's change of its model,
// built first, so that the legs are the instance's and its Plan reads
// their solutions.
type variant struct {
	*Itinerary
	edit func(v *Itinerary, im *model) (*encode.Model, error)
}

func (v variant) Model() (*encode.Model, error) {
	im, err := v.build()
	if err != nil {
		return nil, err
	}
	return v.edit(v.Itinerary, im)
}

// reading is the model of a reading whose variant is edit's, on an
// instance that draws every unit of units and is a trip sequence when
// trip is (familytest.Reading.Variant's false otherwise).
func reading(edit func(v *Itinerary, im *model) (*encode.Model, error), trip bool, units ...string) familytest.Reading[domains.Instance] {
	return familytest.Reading[domains.Instance]{Variant: func(in domains.Instance) (domains.Instance, bool) {
		it := in.(*Itinerary)
		return variant{it, edit}, it.Voc.Trip == trip && !slices.ContainsFunc(units, func(u string) bool { return !it.S.Has(u) })
	}}
}

// rightBefore makes im, the model of v, the model of v read with the
// visit order as consecutive visits: on a day that visits the later stop
// (a trip sequence: the trip), the leg from the earlier stop to it is
// driven (flown), and a day without that leg does not visit the later
// stop. The visit-order rows stay, implied. In the backup scenario the
// legs are the plan's, so the later stop still comes right after the
// earlier one (unless the earlier one is replaced, which rules the later
// one out already).
func rightBefore(v *Itinerary, im *model) (*encode.Model, error) {
	x, z := v.Before[0][0]-1, v.Before[0][1]-1
	for d := range v.Days {
		ts := []encode.Term{term(im.y[d][z], 1)}
		if leg := im.arc[d][x][z]; leg >= 0 {
			ts = append(ts, term(leg, -1))
		}
		im.m.AddLinear(ts, encode.LE, 0).InGroup(ruleOrder)
	}
	return im.m, nil
}

// itineraryReadings are the models of the alternative readings the
// itinerary units list (domains.Reader), by reading name.
var itineraryReadings = map[string]familytest.Reading[domains.Instance]{
	readingRightBefore:     reading(rightBefore, false, unitOrder),
	readingRightBeforeTrip: reading(rightBefore, true, unitOrder),
}

// TestReadingsRuledOut: for every itinerary unit with readings
// (domains.Reader), on seeded instances that draw it, the model of each
// alternative reading has the certified optimum, or the prompt says the
// sentence that rules the reading out (familytest.RuledOutReadings): five
// seeds of every subtask by default, three with -short (a trip sequence's
// sentence is not a day's, and a day's visit order read as consecutive
// visits changes the optimum first at museum-weekend's seed 3), 20 with
// PLANCERT_LONG=1.
func TestReadingsRuledOut(t *testing.T) {
	familytest.RuledOutReadings(t, task.ID, unitPool, itineraryReadings, familytest.Levels{Short: 3, Default: 5, Long: 20}, true)
}
