package scheduling

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/plancert/plancert/domains"
)

// span is a size range of the tables (see domains.Span).
type span domains.Span

// subtask is one skin of a task over the agenda core: vocabulary, sizes,
// name pools and the units it makes likely. People, Rooms and Activities
// are listed in their natural order (a process in its order of steps):
// instances keep it, and chain pairs follow it.
type subtask struct {
	ID, Title  string
	Voc        Vocab
	Days       []string // the first NDays are used
	NDays      span
	DayStart   int // minutes after midnight
	SlotMin    int
	Slots      span
	People     []string
	NPeople    span
	Rooms      []string
	NRooms     span
	Activities []string
	NActs      span
	Duration   span // slots
	Attendees  span
	Likely     map[string]float64
	// Equipment is what rooms may have and activities may need (room-fit
	// unit): nil for defaultEquipment, empty for none.
	Equipment []string
	// Tags fixes the cool-down tag of activities by name (cooldown unit;
	// an activity not listed has none). When nil, TagPool is dealt over
	// the activities (defaultTags when it is empty too).
	Tags    map[string]string
	TagPool []string
	// Exclude lists units that make no sense for the subtask. The spec
	// sampler should never draw them (see the package notes); when a spec
	// has one anyway, the instance is made with the default wording.
	Exclude []string
	// Always lists units every spec of the subtask has (the sampler adds
	// them on top of the tier counts): the recruitment skins' stage order.
	Always []string
	// Pipeline, when set, draws the activities as the interview stages
	// of candidates (recruitment skins, recruit.go) instead of from
	// Activities; People are then the interviewers.
	Pipeline *pipeline
	// MaxActs caps a recruitment instance's interviews (maxInterviews when
	// 0): levels above 1 raise it (levels.go).
	MaxActs int
}

// task is a task on the agenda core: its registry entry and its
// subtasks. Family is the task's family in the registry (Scheduling when
// empty): the core hosts tasks of other families too.
type task struct {
	ID, Name string
	Family   domains.Family
	Subtasks []subtask
}

// generate builds an agenda instance of subtask st from spec with rng: the
// core data first, then each sampled unit's data in pool order.
func (st *subtask) generate(sv domains.Solving, spec domains.Spec, r *rand.Rand) (*Agenda, error) {
	a := &Agenda{solving: sv, Sp: spec, Voc: st.Voc, DayStart: st.DayStart, SlotMin: st.SlotMin,
		equipPool: st.Equipment, tagPool: st.TagPool}
	defer func() { a.solving = domains.Solving{} }()
	a.tagsFixed = st.Tags != nil && a.has(unitCooldown)
	a.Days = append([]string(nil), st.Days[:domains.Draw(r, st.NDays)]...)
	a.Slots = domains.Draw(r, st.Slots)
	for _, n := range domains.Pick(r, st.People, domains.Draw(r, st.NPeople)) {
		a.People = append(a.People, Person{Name: n})
	}
	for _, n := range domains.Pick(r, st.Rooms, domains.Draw(r, st.NRooms)) {
		a.Rooms = append(a.Rooms, Room{Name: n})
	}
	// Draw the activities until a hidden schedule fits them (at most 20
	// draws; the last one stays even without one). With fixed cool-down
	// tags, a draw where no two activities share a tag is drawn again too.
	if st.Pipeline != nil {
		a.addCandidates(st.Pipeline, r)
	}
	for draw := 0; draw < 20; draw++ {
		a.Activities = a.Activities[:0]
		if st.Pipeline != nil {
			a.drawStages(st, r)
			if a.planted = a.plant(r); a.planted != nil {
				break
			}
			continue
		}
		for _, n := range domains.Pick(r, st.Activities, domains.Draw(r, st.NActs)) {
			k := min(domains.Draw(r, st.Attendees), len(a.People))
			var att []string
			for _, pi := range r.Perm(len(a.People))[:k] {
				att = append(att, a.People[pi].Name)
			}
			sortByOrder(att, a.People)
			act := Activity{Name: n, Duration: domains.Draw(r, st.Duration), Attendees: att, Priority: 1 + r.IntN(3)}
			if a.tagsFixed {
				act.Tag = st.Tags[n]
			}
			a.Activities = append(a.Activities, act)
		}
		if shared, _ := a.tagGroups(); a.tagsFixed && len(shared) == 0 && draw < 19 {
			continue
		}
		if a.planted = a.plant(r); a.planted != nil {
			break
		}
	}
	for _, u := range a.units() {
		u.Sample(a, r)
	}
	// A unit with nothing to bind on the data drawn is left out
	// (domains.Binder): the record lists only units that say something.
	a.Sp, _ = domains.LeaveOut(a.Sp, a, a.units())
	// Only now is the data complete: the cached checklist kinds depend on
	// it (a unit may state no item until its data exists).
	a.freeze()
	return a, nil
}

// plant draws a hidden schedule: activities in a seeded order, each at a
// seeded placement where plantable holds; at
// most 50 tries per activity and 30 restarts. It returns nil when it fails
// (the grid is too tight; the instance may then be infeasible and dropped).
func (a *Agenda) plant(r *rand.Rand) []placement {
	for range 30 {
		if pl := a.plantOnce(r); pl != nil {
			return pl
		}
	}
	return nil
}

func (a *Agenda) plantOnce(r *rand.Rand) []placement {
	pl := make([]placement, len(a.Activities))
	for _, i := range r.Perm(len(a.Activities)) {
		opts := a.options(i)
		for try := 0; try < 50 && !pl[i].ok; try++ {
			o := opts[r.IntN(len(opts))]
			cand := placement{true, o.day, o.start, o.room, o.dur}
			if a.plantable(pl, i, cand) {
				pl[i] = cand
			}
		}
		if !pl[i].ok {
			return nil
		}
	}
	return pl
}

// plantable reports whether activity i can take p next to the placed ones:
// its room free, its people free with a gap of one slot when the buffer
// unit is sampled, and a candidate's interview stages in their order
// (recruitment skins).
func (a *Agenda) plantable(pl []placement, i int, p placement) bool {
	di := a.plen(i, p)
	gap := 0
	if a.has(unitBuffer) {
		gap = 1
	}
	for j, q := range pl {
		if !q.ok || j == i || q.day != p.day {
			continue
		}
		dj := a.plen(j, q)
		if q.room == p.room && p.start < q.start+dj && q.start < p.start+di {
			return false
		}
		if a.share(i, j) && p.start < q.start+dj+gap && q.start < p.start+di+gap {
			return false
		}
	}
	return a.stagesInOrder(pl, i, p)
}

// share reports whether activities i and j have an attendee in common.
func (a *Agenda) share(i, j int) bool {
	for _, x := range a.Activities[i].Attendees {
		for _, y := range a.Activities[j].Attendees {
			if x == y {
				return true
			}
		}
	}
	return false
}

// sortByOrder orders names as they appear among people.
func sortByOrder(names []string, people []Person) {
	rank := map[string]int{}
	for i, p := range people {
		rank[p.Name] = i
	}
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && rank[names[j]] < rank[names[j-1]]; j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
}

// registered lists the tasks of register, for tests of the skins.
var registered []*task

// register adds t to the domains registry as a task on the agenda core, in
// family t.Family (Scheduling when empty).
func register(t *task) {
	registered = append(registered, t)
	fam := t.Family
	if fam == "" {
		fam = domains.Scheduling
	}
	for i := range t.Subtasks {
		// The appends below must not write into a list the subtasks
		// share (a package-level Exclude with spare capacity).
		t.Subtasks[i].Exclude = slices.Clip(t.Subtasks[i].Exclude)
		// A failing room needs another room to fall back on.
		if st := &t.Subtasks[i]; st.NRooms.Hi < 2 && !slices.Contains(st.Exclude, unitRoomFailure) {
			st.Exclude = append(st.Exclude, unitRoomFailure)
		}
		// The chain-days unit is the recruitment skins' (and needs two
		// days): the others never draw it, so their draws are as before.
		if st := &t.Subtasks[i]; (st.Pipeline == nil || st.NDays.Hi < 2) && !slices.Contains(st.Exclude, unitChainDays) {
			st.Exclude = append(st.Exclude, unitChainDays)
		}
	}
	domains.RegisterSkin(domains.Skin[*subtask]{
		Pkg:      "scheduling",
		Task:     domains.Task{ID: t.ID, Name: t.Name, Family: fam, Core: "agenda", Pool: poolInfo(), Claims: introClaims},
		Subtasks: domains.Ptrs(t.Subtasks),
		View: func(st *subtask) domains.Subtask {
			return domains.Subtask{ID: st.ID, Title: st.Title, Likely: st.Likely, Exclude: st.Exclude, Always: st.Always}
		},
		Generate: func(sv domains.Solving, st *subtask, spec domains.Spec, r *rand.Rand) (domains.Instance, error) {
			return st.generate(sv, spec, r)
		},
		AtLevel: atLevel,
		Sizes:   sizes,
		Load: domains.Loader("scheduling", t.ID, func(a *Agenda) error {
			if err := a.validate(); err != nil {
				return err
			}
			a.freeze()
			return nil
		}),
	})
}

// validate checks an instance read from JSON enough that its methods
// cannot panic: a grid, names that resolve, durations that fit.
func (a *Agenda) validate() error {
	switch {
	case len(a.Days) == 0 || a.Slots <= 0 || a.SlotMin <= 0:
		return fmt.Errorf("empty grid")
	case len(a.Rooms) == 0 || len(a.Activities) == 0:
		return fmt.Errorf("no rooms or no activities")
	case a.TieBreaks < 0 || a.TieBreaks > 2:
		return fmt.Errorf("tie_breaks %d not in 0..2", a.TieBreaks)
	}
	people := map[string]bool{}
	for _, p := range a.People {
		people[p.Name] = true
	}
	for _, act := range a.Activities {
		if act.Duration <= 0 || act.Duration > a.Slots {
			return fmt.Errorf("activity %q: duration %d", act.Name, act.Duration)
		}
		for _, n := range act.Attendees {
			if !people[n] {
				return fmt.Errorf("activity %q: unknown attendee %q", act.Name, n)
			}
		}
	}
	for _, c := range a.ChainDays {
		if a.actIndex(c.First) < 0 || a.actIndex(c.Second) < 0 {
			return fmt.Errorf("chain days %q → %q: unknown activity", c.First, c.Second)
		}
	}
	for _, c := range a.Candidates {
		if !people[c] {
			return fmt.Errorf("candidates: unknown person %q", c)
		}
	}
	for _, c := range a.Chains {
		if a.actIndex(c[0]) < 0 || a.actIndex(c[1]) < 0 {
			return fmt.Errorf("chain %v: unknown activity", c)
		}
	}
	return a.validateUnits()
}
