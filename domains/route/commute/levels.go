package commute

import (
	"slices"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route"
)

// levelSizes are the spans of levels 2..5 (index level-2): hubs, lines
// and runs per line, low and high each. More hubs and lines make a
// denser network with more ways (and more changes) from the start to the
// destination, so the deadline, fares, transfers and walks weigh more
// routes against each other; level 1 is each subtask's own span.
var levelSizes = [][6]int{
	{4, 5, 5, 6, 2, 3},
	{5, 6, 6, 8, 2, 3},
	{6, 7, 8, 9, 3, 3},
	{7, 8, 9, 11, 3, 4},
}

// levels is how the commute sizes grow with the level (route.Grow):
// levels above 1 draw hubs and lines from the longer name lists.
var levels = route.Grow[vocab]{
	At: func(voc vocab, level int) vocab {
		z := levelSizes[level-2]
		voc.Hubs = append(slices.Clone(voc.Hubs), voc.MoreHubs...)
		voc.Lines = append(slices.Clone(voc.Lines), voc.MoreLines...)
		voc.MoreHubs, voc.MoreLines = nil, nil
		voc.MinHubs, voc.MaxHubs = z[0], min(z[1], len(voc.Hubs))
		voc.MinLines, voc.MaxLines = z[2], min(z[3], len(voc.Lines))
		voc.MinRuns, voc.MaxRuns = z[4], z[5]
		return voc
	},
	Sizes: func(voc vocab) []domains.Size {
		return []domains.Size{{Name: "hubs", Lo: voc.MinHubs, Hi: voc.MaxHubs}, {Name: "lines", Lo: voc.MinLines, Hi: voc.MaxLines}, {Name: "runs per line", Lo: voc.MinRuns, Hi: voc.MaxRuns}}
	},
}
