package production

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// The sizes of the levels above 1 (level 1 is the subtask as its table
// states it): the jobs drawn, and the machines of the shop, which are the
// subtask's own three and, in the order of its long machine list
// (MachinePool), the first extra ones up to the level's count. Level 5 is
// a job shop (or flow shop) of 9–10 jobs on 5 machines. The units' data
// grows with the level in generate (more dependent jobs, releases and
// deadlines; see levelCount).
var (
	levelJobs     = [domains.Levels + 1]span{2: {5, 6}, 3: {6, 7}, 4: {8, 8}, 5: {9, 10}}
	levelMachines = [domains.Levels + 1]int{2: 4, 3: 4, 4: 5, 5: 5}
)

// atLevel returns st with its sizes at level (2 … domains.Levels): a new
// subtask; st is not modified.
func (st *subtask) atLevel(level int) *subtask {
	out := *st
	out.NJobs = levelJobs[level]
	out.NJobs.Hi = min(out.NJobs.Hi, len(st.NamePool))
	out.NJobs.Lo = min(out.NJobs.Lo, out.NJobs.Hi)
	out.Names = st.NamePool
	extra := levelMachines[level] - len(st.Machines)
	out.Machines = nil
	for _, mc := range st.MachinePool {
		if slices.Contains(st.Machines, mc) {
			out.Machines = append(out.Machines, mc)
		} else if extra > 0 {
			out.Machines = append(out.Machines, mc)
			extra--
		}
	}
	if st.Change >= 0 {
		out.Change = slices.Index(out.Machines, st.Machines[st.Change])
	}
	if level >= 4 && len(st.FamilyPool) > 0 {
		out.Families = st.FamilyPool
	}
	var names []string
	for _, mc := range out.Machines {
		names = append(names, "the "+strings.ToLower(mc))
	}
	out.Voc.Intro = fmt.Sprintf(st.IntroAt, prose.JoinAnd(names))
	return &out
}

// sizes lists the named sizes that st draws from.
func (st *subtask) sizes() []domains.Size {
	return []domains.Size{{Name: "jobs", Lo: st.NJobs.Lo, Hi: st.NJobs.Hi}, {Name: "machines", Lo: len(st.Machines), Hi: len(st.Machines)}}
}
