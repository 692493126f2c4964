package itinerary

import (
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

// levelStops are the stop spans of levels 2..5 (index level-2): more
// sights (or cities) than the days can hold, so the choice of which to
// visit, their opening hours, the budget and the travel limit pull
// against each other over more candidates; level 1 is each subtask's own
// span. A trip (city-hopping) visits every city: more cities are a longer
// chain of stays and flights.
var levelStops = [][2]int{
	{6, 8},
	{8, 10},
	{10, 12},
	{12, 14},
}

// levels is how the itinerary sizes grow with the level (route.Grow).
var levels = route.Grow[vocab]{
	At: func(voc vocab, level int) vocab {
		z := levelStops[level-2]
		voc.MinStops, voc.MaxStops = z[0], min(z[1], len(voc.Stops))
		voc.Stops, voc.Bases, voc.Days, voc.Route = slices.Clone(voc.Stops), slices.Clone(voc.Bases), slices.Clone(voc.Days), slices.Clone(voc.Route)
		return voc
	},
	Sizes: func(voc vocab) []domains.Size {
		return []domains.Size{{Name: "stops", Lo: voc.MinStops, Hi: voc.MaxStops}, {Name: "days", Lo: len(voc.Days), Hi: len(voc.Days)}}
	},
}
