package assign

import (
	"slices"

	"github.com/plancert/plancert/domains"
)

// The sizes of the levels above 1 (level 1 is each subtask's own table).
// Each level draws more items over more bins from longer name pools
// (Items+MoreItems, Bins+MoreBins): more items per bin make the bins'
// capacities, quotas and time lines bind harder, and more bins make the
// cost tables wider. Index 0 is level 2.
var (
	// Labelled tasks: items and bins.
	labelledItems = [4]span{{6, 8}, {9, 12}, {12, 15}, {16, 20}}
	labelledBins  = [4]span{{3, 4}, {3, 5}, {4, 5}, {4, 6}}
	// Timed tasks: items, bins and the extra slots of the day.
	timedItems = [4]span{{5, 6}, {6, 8}, {8, 10}, {9, 12}}
	timedBins  = [4]span{{2, 3}, {3, 4}, {3, 4}, {3, 5}}
	timedSlots = [4]int{1, 1, 2, 3}
)

// partitionLevels are the groups and group sizes of the partition
// subtasks at levels 2..5, by subtask ID.
var partitionLevels = map[string][4][2]span{
	"project-teams":  {{{3, 3}, {3, 3}}, {{3, 4}, {3, 3}}, {{3, 4}, {3, 4}}, {{4, 5}, {3, 4}}},
	"lab-pairs":      {{{4, 5}, {2, 2}}, {{5, 6}, {2, 2}}, {{6, 7}, {2, 2}}, {{7, 9}, {2, 2}}},
	"seminar-groups": {{{3, 3}, {3, 3}}, {{3, 4}, {3, 3}}, {{3, 4}, {3, 4}}, {{4, 5}, {3, 4}}},
	"sports-teams":   {{{2, 2}, {4, 5}}, {{3, 3}, {3, 4}}, {{3, 3}, {4, 4}}, {{3, 4}, {4, 5}}},
}

// atLevel returns a copy of st with the sizes and name pools of level
// (2..domains.Levels).
func (t *task) atLevel(st *subtask, level int) *subtask {
	c := *st
	k := level - 2
	c.Items = append(slices.Clip(st.Items), st.MoreItems...)
	c.Bins = append(slices.Clip(st.Bins), st.MoreBins...)
	switch {
	case t.Partition:
		p := partitionLevels[st.ID]
		c.NBins, c.GroupSize = p[k][0], p[k][1]
	case t.Timed || st.Timed:
		c.NItems, c.NBins = timedItems[k], timedBins[k]
		c.Slots = span{st.Slots.Lo + timedSlots[k], st.Slots.Hi + timedSlots[k]}
		// Start the day earlier when the longer day would pass midnight.
		for c.DayStart+(c.Slots.Hi+3)*c.SlotMin > 24*60 {
			c.DayStart -= 60
		}
	default:
		c.NItems, c.NBins = labelledItems[k], labelledBins[k]
	}
	if !t.Partition {
		c.NItems.Hi = min(c.NItems.Hi, len(c.Items))
		c.NBins.Hi = min(c.NBins.Hi, len(c.Bins))
	}
	return &c
}

// sizes lists the sizes that st draws: items and bins (labelled), items,
// bins and slots (timed), or groups, group size and items (partition).
func (t *task) sizes(st *subtask) []domains.Size {
	if t.Partition {
		return []domains.Size{
			{Name: "groups", Lo: st.NBins.Lo, Hi: st.NBins.Hi},
			{Name: "group size", Lo: st.GroupSize.Lo, Hi: st.GroupSize.Hi},
			{Name: "items", Lo: st.NBins.Lo * st.GroupSize.Lo, Hi: st.NBins.Hi*st.GroupSize.Hi + 1},
		}
	}
	out := []domains.Size{{Name: "items", Lo: st.NItems.Lo, Hi: st.NItems.Hi}, {Name: "bins", Lo: st.NBins.Lo, Hi: st.NBins.Hi}}
	if t.Timed || st.Timed {
		out = append(out, domains.Size{Name: "slots", Lo: st.Slots.Lo, Hi: st.Slots.Hi})
	}
	return out
}
