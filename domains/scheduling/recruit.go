package scheduling

import (
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/domains"
)

// Recruitment skins (the Recruitment Planning task of the Workforce family,
// tasks_recruit.go) draw their activities as interview pipelines: each
// candidate goes through some consecutive stages of the subtask's
// pipeline (a candidate who has passed the first stages starts later in
// it). The candidates are people of the instance, listed before the
// interviewers, and each attends all of their own interviews, so the
// always-on rule "one at a time" keeps a candidate's interviews apart and
// every person-side unit (availability, daily cap, buffer, time zones,
// idle time) applies to candidates as to interviewers. A candidate's
// priority, the same for all their interviews, is the urgency of the hire
// (a competing offer): the goal weights their interviews' end times by it.
// The chain-order unit, when sampled, orders every two consecutive stages
// of a candidate (and nothing else); the hidden schedule always keeps that
// order.

// pipeline is the data of a recruitment skin.
type pipeline struct {
	Candidates []string // the name pool of the candidates
	NCands     span
	Stages     []stage // in pipeline order
	// NStages is the number of consecutive stages per candidate; the
	// instance's interviews are capped at maxInterviews (the candidates
	// with the most stages lose their last ones first).
	NStages span
}

// stage is one step of a pipeline: its name ("phone screen"), its length
// in slots and the number of interviewers on it.
type stage struct {
	Name     string
	Duration span
	Panel    span
}

// stageRef places an activity in a pipeline: its candidate (index in
// Agenda.Candidates) and its stage (index in the pipeline's Stages).
type stageRef struct{ cand, stage int }

// maxInterviews caps the interviews of a recruitment instance (the size of
// a prompt a person reads in a few minutes).
const maxInterviews = 5

// addCandidates draws the candidates and puts them first among the people.
func (a *Agenda) addCandidates(pp *pipeline, r *rand.Rand) {
	a.Candidates = domains.Pick(r, pp.Candidates, domains.Draw(r, pp.NCands))
	people := make([]Person, 0, len(a.Candidates)+len(a.People))
	for _, n := range a.Candidates {
		people = append(people, Person{Name: n})
	}
	a.People = append(people, a.People...)
}

// drawStages draws the interviews of every candidate: how many stages and
// from which one, the candidate's priority, and per interview its length
// and its interviewers. Interviews are listed candidate by candidate, each
// candidate's in pipeline order, named "Alex's phone screen".
func (a *Agenda) drawStages(st *subtask, r *rand.Rand) {
	pp := st.Pipeline
	a.stageOf = a.stageOf[:0]
	ks := make([]int, len(a.Candidates))
	total := 0
	for c := range ks {
		ks[c] = min(domains.Draw(r, pp.NStages), len(pp.Stages))
		total += ks[c]
	}
	for total > st.maxActs() {
		m := 0
		for c := range ks {
			if ks[c] >= ks[m] {
				m = c
			}
		}
		ks[m]--
		total--
	}
	interviewers := a.People[len(a.Candidates):]
	for c, cand := range a.Candidates {
		from := r.IntN(len(pp.Stages) - ks[c] + 1)
		prio := 1 + r.IntN(3)
		for s := from; s < from+ks[c]; s++ {
			sg := pp.Stages[s]
			att := []string{cand}
			for _, k := range r.Perm(len(interviewers))[:min(domains.Draw(r, sg.Panel), len(interviewers))] {
				att = append(att, interviewers[k].Name)
			}
			sortByOrder(att, a.People)
			a.Activities = append(a.Activities, Activity{Name: cand + "'s " + sg.Name, Duration: domains.Draw(r, sg.Duration), Attendees: att, Priority: prio})
			a.stageOf = append(a.stageOf, stageRef{c, s})
		}
	}
}

// pipelined reports whether the activities are a recruitment instance's
// interview stages as drawn (a unit that changes the activities, such as
// split, which recruitment skins exclude, voids it).
func (a *Agenda) pipelined() bool {
	return a.stageOf != nil && len(a.stageOf) == len(a.Activities)
}

// stagesInOrder reports whether activity i at p keeps its candidate's stage
// order with the placed interviews of pl: an earlier stage ends by the
// start of a later one. Always true outside recruitment skins.
func (a *Agenda) stagesInOrder(pl []placement, i int, p placement) bool {
	if !a.pipelined() {
		return true
	}
	si := a.stageOf[i]
	ps, pe := p.day*a.Slots+p.start, a.end(i, a.opt(i, p))
	for j, q := range pl {
		if !q.ok || j == i || a.stageOf[j].cand != si.cand {
			continue
		}
		qs, qe := q.day*a.Slots+q.start, a.end(j, a.opt(j, q))
		if a.stageOf[j].stage < si.stage && qe > ps || a.stageOf[j].stage > si.stage && pe > qs {
			return false
		}
	}
	return true
}

// stageChains returns the chain pairs of a recruitment instance: every two
// consecutive interviews of a candidate, in the order of the activities.
func (a *Agenda) stageChains() [][2]string {
	var out [][2]string
	for i := 0; i+1 < len(a.Activities); i++ {
		if a.stageOf[i].cand == a.stageOf[i+1].cand {
			out = append(out, [2]string{a.Activities[i].Name, a.Activities[i+1].Name})
		}
	}
	return out
}

// isCandidate reports whether person p is a candidate (recruitment skins);
// units that pick interviewers (key-person change, required role) skip
// candidates.
func (a *Agenda) isCandidate(p string) bool { return slices.Contains(a.Candidates, p) }
