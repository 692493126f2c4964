package flow

import (
	"slices"

	"github.com/plancert/plancert/domains"
)

// levelSpan is a subtask's sizes at one level above 1: the numbers of
// groups, junctions and exits, the group sizes, and the horizon bound.
type levelSpan struct {
	Groups, Junctions, Exits, Size span
	Horizon                        int
}

// levelSpans are the sizes of levels 2..5 (index level-2). Capacities
// stay as at level 1 while groups grow, so more people share the same
// junctions and exits (more coupling); junction chains get deeper and
// horizons longer. The largest level was chosen as the largest that the
// generator certifies well within the timeout (see the commit message).
var levelSpans = [domains.Levels - 1]levelSpan{
	{Groups: span{2, 3}, Junctions: span{2, 2}, Exits: span{2, 3}, Size: span{2, 6}, Horizon: 7},
	{Groups: span{3, 4}, Junctions: span{2, 3}, Exits: span{2, 3}, Size: span{2, 7}, Horizon: 8},
	{Groups: span{3, 5}, Junctions: span{3, 3}, Exits: span{3, 3}, Size: span{3, 7}, Horizon: 8},
	{Groups: span{4, 5}, Junctions: span{3, 4}, Exits: span{3, 3}, Size: span{3, 8}, Horizon: 9},
}

// clip returns s with both ends at most n.
func (s span) clip(n int) span { return span{min(s.Lo, n), min(s.Hi, n)} }

// evacuationSpans are the sizes of Disaster Evacuation Planning at levels
// 2..5: smaller than levelSpans, since its groups share every exit (no
// destinations of their own) and the balanced-exits level, so its models
// are the slowest of the core (at the sizes of levelSpans' level 5, 6 of
// 16 draws ran out of time on a loaded machine).
var evacuationSpans = [domains.Levels - 1]levelSpan{
	{Groups: span{2, 3}, Junctions: span{2, 2}, Exits: span{2, 3}, Size: span{2, 6}, Horizon: 7},
	{Groups: span{3, 4}, Junctions: span{2, 3}, Exits: span{2, 3}, Size: span{2, 7}, Horizon: 8},
	{Groups: span{3, 4}, Junctions: span{2, 3}, Exits: span{3, 3}, Size: span{2, 7}, Horizon: 8},
	{Groups: span{3, 5}, Junctions: span{3, 3}, Exits: span{3, 3}, Size: span{3, 7}, Horizon: 8},
}

// atLevel returns a copy of st with the sizes of level (2..5) in spans
// (nil: levelSpans) and the longer name pools.
func (st *subtask) atLevel(spans *[domains.Levels - 1]levelSpan, level int) *subtask {
	c := *st
	if spans == nil {
		spans = &levelSpans
	}
	ls := spans[level-2]
	c.Origins = slices.Concat(st.Origins, st.MoreOrigins)
	c.Junctions = slices.Concat(st.Junctions, st.MoreJunctions)
	c.Exits = slices.Concat(st.Exits, st.MoreExits)
	c.NGroups = ls.Groups.clip(len(c.Origins))
	c.NJunction = ls.Junctions.clip(len(c.Junctions))
	c.NExits = ls.Exits.clip(len(c.Exits))
	c.Size = span{max(st.Size.Lo, ls.Size.Lo), max(st.Size.Hi, ls.Size.Hi)}
	c.MaxHorizon = ls.Horizon
	return &c
}

// sizes lists the sizes subtask st draws.
func (st *subtask) sizes() []domains.Size {
	h := st.MaxHorizon
	if h == 0 {
		h = maxHorizon
	}
	return []domains.Size{
		{Name: "groups", Lo: st.NGroups.Lo, Hi: st.NGroups.Hi},
		{Name: "junctions", Lo: st.NJunction.Lo, Hi: st.NJunction.Hi},
		{Name: "exits", Lo: st.NExits.Lo, Hi: st.NExits.Hi},
		{Name: "group size", Lo: st.Size.Lo, Hi: st.Size.Hi},
		{Name: "horizon bound", Lo: h, Hi: h},
	}
}
