package dispatch

import (
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

// levelSizes are the job and fleet spans of levels 2..5 (index level-2):
// more jobs over the same places, so more jobs that chain (one's drop-off
// is another's pickup), longer routes whose pickup windows and the
// vehicle types' capacities couple more jobs; level 1 is each subtask's
// own span.
var levelSizes = [][4]int{
	{5, 7, 2, 3},
	{7, 9, 2, 3},
	{10, 12, 2, 4},
	{13, 15, 2, 4},
}

// levels is how the dispatch sizes grow with the level (route.Grow).
var levels = route.Grow[vocab]{
	At: func(voc vocab, level int) vocab {
		z := levelSizes[level-2]
		voc.MinJobs, voc.MaxJobs = z[0], min(z[1], len(voc.Who))
		voc.MinFleet, voc.MaxFleet = z[2], z[3]
		voc.Places, voc.Who = slices.Clone(voc.Places), slices.Clone(voc.Who)
		return voc
	},
	Sizes: func(voc vocab) []domains.Size {
		return []domains.Size{{Name: "jobs", Lo: voc.MinJobs, Hi: voc.MaxJobs}, {Name: "vehicles", Lo: voc.MinFleet, Hi: voc.MaxFleet}}
	},
}
