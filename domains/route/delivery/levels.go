package delivery

import (
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

// levelSizes are the stop and fleet spans of levels 2..5 (index level-2):
// more stops, so longer routes whose windows, loads and driving limits
// couple more stops to each other; level 1 is each subtask's own span.
var levelSizes = [][4]int{
	{6, 8, 2, 3},
	{8, 10, 2, 3},
	{9, 11, 2, 4},
	{11, 13, 2, 4},
}

// levels is how the delivery sizes grow with the level (route.Levels).
var levels = route.Grow[vocab]{
	At: func(voc vocab, level int) vocab {
		z := levelSizes[level-2]
		voc.MinStops, voc.MaxStops = z[0], min(z[1], len(voc.Stops))
		voc.MinFleet, voc.MaxFleet = z[2], z[3]
		voc.Stops = slices.Clone(voc.Stops)
		return voc
	},
	Sizes: func(voc vocab) []domains.Size {
		return []domains.Size{{Name: "stops", Lo: voc.MinStops, Hi: voc.MaxStops}, {Name: "vehicles", Lo: voc.MinFleet, Hi: voc.MaxFleet}}
	},
}
