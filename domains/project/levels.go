package project

import (
	"slices"

	"github.com/plancert/plancert/domains"
)

// The sizes of the levels above 1 (level 1 is the subtask as its table
// states it). Each level draws more activities from the subtask's long
// name pool (Pool) and more resources from its long resource pool
// (ResPool); the chance of a precedence between two activities falls as
// the count grows, so that each activity keeps about the same number of
// direct predecessors while the chains get longer. Level 5 is an RCPSP
// of PSPLIB j30 size: 26–30 activities over 3–4 renewable resources, for
// Project Planning; Resource Scheduling, whose skins have few
// precedences and so leave the sequencing to the resources, stops at
// 19–22 (its task's Acts): at 18–22 and 26–30, 3 of 13 and 2 of 12 of its
// draws were not proven within 60 s on a loaded machine.
var (
	levelActivities = [domains.Levels + 1]span{2: {8, 10}, 3: {12, 15}, 4: {18, 22}, 5: {26, 30}}
	levelResources  = [domains.Levels + 1]span{2: {2, 3}, 3: {2, 3}, 4: {3, 4}, 5: {3, 4}}
)

// atLevel returns st with its sizes at level (2 … domains.Levels): a new
// subtask; st is not modified.
// acts overrides levelActivities for the task's subtasks where it is not
// zero.
func (st *subtask) atLevel(level int, acts *[domains.Levels + 1]span) *subtask {
	out := *st
	out.NAct = levelActivities[level]
	if acts != nil && acts[level] != (span{}) {
		out.NAct = acts[level]
	}
	out.NAct.Hi = min(out.NAct.Hi, len(st.Pool))
	out.NAct.Lo = min(out.NAct.Lo, out.NAct.Hi)
	out.Activities = st.Pool
	out.NRes = span{max(st.NRes.Lo, levelResources[level].Lo), max(st.NRes.Hi, levelResources[level].Hi)}
	out.NRes.Hi = min(out.NRes.Hi, len(st.ResPool))
	out.NRes.Lo = min(out.NRes.Lo, out.NRes.Hi)
	out.Resources = st.ResPool
	// About the same expected number of direct predecessors per activity
	// as at level 1: the chance scales with 1 / (mean count + 4).
	mean := func(s span) int { return (s.Lo + s.Hi) / 2 }
	out.Edge = max(3, st.Edge*(mean(st.NAct)+4)/(mean(out.NAct)+4))
	out.Likely = st.Likely
	out.Always = slices.Clip(st.Always)
	out.Exclude = slices.Clip(st.Exclude)
	return &out
}

// sizes lists the named sizes that st draws from.
func (st *subtask) sizes() []domains.Size {
	out := []domains.Size{{Name: "activities", Lo: st.NAct.Lo, Hi: st.NAct.Hi}}
	out = append(out, domains.Size{Name: "resources", Lo: st.NRes.Lo, Hi: st.NRes.Hi})
	return out
}
