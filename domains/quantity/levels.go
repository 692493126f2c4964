package quantity

import (
	"slices"

	"github.com/plancert/plancert/domains"
)

// levelSpan is a subtask's sizes at one level above 1: the numbers of
// periods, sources and sinks, and the cap on sources and sinks of an
// allocation over several periods.
type levelSpan struct {
	Periods, Sources, Sinks span
	Multi                   int
}

// levelSpans are the sizes of levels 2..5 (index level-2) per mode. In
// allocation more sinks share scarce supplies over more periods; in
// procurement more sources compete over a longer horizon for one stock.
var levelSpans = map[string][domains.Levels - 1]levelSpan{
	ModeAllocation: {
		{Periods: span{1, 2}, Sources: span{2, 3}, Sinks: span{3, 4}, Multi: 3},
		{Periods: span{1, 2}, Sources: span{2, 3}, Sinks: span{4, 5}, Multi: 3},
		{Periods: span{2, 2}, Sources: span{3, 3}, Sinks: span{4, 4}, Multi: 4},
		{Periods: span{2, 3}, Sources: span{3, 4}, Sinks: span{4, 4}, Multi: 4},
	},
	ModeProcurement: {
		{Periods: span{4, 5}, Sources: span{2, 3}, Sinks: span{1, 1}},
		{Periods: span{4, 6}, Sources: span{3, 3}, Sinks: span{1, 1}},
		{Periods: span{5, 6}, Sources: span{3, 4}, Sinks: span{1, 1}},
		{Periods: span{6, 8}, Sources: span{3, 4}, Sinks: span{1, 1}},
	},
}

// clip returns s with both ends at most n.
func (s span) clip(n int) span { return span{min(s.Lo, n), min(s.Hi, n)} }

// dispatchSpans are the sizes of Power Dispatch Planning at levels 2..5:
// shorter horizons than procurement's, since its ramp, minimum-run and
// minimum-down rules couple every period to the next (at procurement's
// level 5, 3 of 13 draws ran out of time on a loaded machine).
var dispatchSpans = [domains.Levels - 1]levelSpan{
	{Periods: span{4, 5}, Sources: span{2, 3}, Sinks: span{1, 1}},
	{Periods: span{4, 6}, Sources: span{3, 3}, Sinks: span{1, 1}},
	{Periods: span{5, 6}, Sources: span{3, 3}, Sinks: span{1, 1}},
	{Periods: span{6, 7}, Sources: span{3, 4}, Sinks: span{1, 1}},
}

// atLevel returns a copy of st with the sizes of level (2..5) in spans
// and the longer name pools.
func (st *subtask) atLevel(spans *[domains.Levels - 1]levelSpan, level int) *subtask {
	c := *st
	ls := spans[level-2]
	if st.LongPeriods != nil {
		c.Periods = st.LongPeriods
	}
	c.Sources = slices.Concat(st.Sources, st.MoreSources)
	c.Sinks = slices.Concat(st.Sinks, st.MoreSinks)
	grow := func(at1, to span, n int) span {
		return span{max(at1.Lo, to.Lo), max(at1.Hi, to.Hi)}.clip(n)
	}
	c.NPeriods = grow(st.NPeriods, ls.Periods, len(c.Periods))
	c.NSources = grow(st.NSources, ls.Sources, len(c.Sources))
	c.NSinks = grow(st.NSinks, ls.Sinks, len(c.Sinks))
	c.Multi = ls.Multi
	return &c
}

// sizes lists the sizes subtask st of mode draws. An allocation over
// several periods has at most Multi (0: 2) sources and sinks.
func (st *subtask) sizes(mode string) []domains.Size {
	src, snk := st.NSources, st.NSinks
	c := st.Multi
	if c == 0 {
		c = 2
	}
	if mode == ModeAllocation && st.NPeriods.Hi > 1 {
		src.Lo, snk.Lo = min(src.Lo, c), min(snk.Lo, c)
		if st.NPeriods.Lo > 1 {
			src.Hi, snk.Hi = min(src.Hi, c), min(snk.Hi, c)
		}
	}
	return []domains.Size{
		{Name: "periods", Lo: st.NPeriods.Lo, Hi: min(st.NPeriods.Hi, len(st.Periods))},
		{Name: "sources", Lo: src.Lo, Hi: src.Hi},
		{Name: "sinks", Lo: snk.Lo, Hi: snk.Hi},
	}
}
