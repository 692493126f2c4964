package scheduling

import "github.com/plancert/plancert/domains"

// Recruitment Planning, the Workforce family's task on the agenda core:
// multi-stage interview pipelines (recruit.go) under interviewer and
// candidate availability, rooms and video links, urgency (the candidate's
// priority) and the pool's person rules (daily caps, buffers, idle time).
//
// Every recruitment subtask excludes three units: cooldown (no tags),
// split (an interview is not done in parts; it would also renumber the
// stages) and priority-order (it redraws priorities per activity, while
// here a priority is the candidate's urgency, the same for all their
// interviews, and the goal already weights by it). The skins with two
// days or more may draw the chain-days unit (a later stage on the same day
// as the one before it, or on a later day).

// recruitVoc returns the vocabulary of the recruitment skins with the
// given intro.
func recruitVoc(intro string) Vocab {
	return Vocab{Activity: "interview", Activities: "interviews", Room: "venue", Rooms: "venues",
		People: "interviewers", Intro: intro, Person: "person", Attendees: "people"}
}

// urgency is the intro's sentence on priorities, shared by the skins.
const urgency = " A candidate's priority (the same for all their interviews) says how urgent the hire is: 3 for a candidate holding a competing offer, 1 when there is no rush."

var recruitExclude = []string{unitCooldown, unitSplit, unitPriorityOrder}

func init() {
	register(&task{ID: "recruitment-planning", Name: "Recruitment Planning", Family: domains.Workforce, Subtasks: []subtask{
		{
			ID: "graduate-intake", Title: "graduate intake round",
			Voc: recruitVoc("You are planning the next round of a graduate scheme's intake. Each candidate goes through the stages of the selection process listed for them; each interview needs the candidate and the interviewers listed with it." +
				urgency + " Schedule every interview below."),
			Days: weekdays, NDays: span{1, 2}, DayStart: 9 * 60, SlotMin: 30, Slots: span{8, 8},
			People: []string{"Hannah", "Ian", "Julia", "Karl"}, NPeople: span{2, 3},
			Rooms: []string{"Room Ada", "Room Turing", "Video link"}, NRooms: span{2, 2},
			Pipeline: &pipeline{
				Candidates: []string{"Aisha", "Bruno", "Chloe", "Dmitri", "Elif"}, NCands: span{2, 2},
				Stages: []stage{
					{"phone screen", span{1, 1}, span{1, 1}},
					{"assessment review", span{1, 2}, span{1, 2}},
					{"final interview", span{2, 2}, span{2, 2}},
				},
				NStages: span{2, 3},
			},
			Likely:    map[string]float64{unitChain: 4, unitAvailability: 2, unitDailyCap: 1.5},
			Equipment: []string{"whiteboard", "screen sharing"},
			Exclude:   recruitExclude,
			Always:    []string{unitChain},
		},
		{
			ID: "engineering-loop", Title: "engineering hiring loop",
			Voc: recruitVoc("You are scheduling the interview loops of two software engineering candidates. Each candidate goes through the stages of the loop listed for them; each interview needs the candidate and the engineers listed with it." +
				urgency + " Schedule every interview below."),
			Days: weekdays, NDays: span{1, 1}, DayStart: 10 * 60, SlotMin: 30, Slots: span{8, 8},
			People: []string{"Priya", "Marek", "Sven", "Tomoko"}, NPeople: span{3, 4},
			Rooms: []string{"Focus room", "Whiteboard room", "Video link A"}, NRooms: span{2, 2},
			Pipeline: &pipeline{
				Candidates: []string{"Farah", "Gideon", "Hugo", "Ines"}, NCands: span{2, 2},
				Stages: []stage{
					{"recruiter screen", span{1, 1}, span{1, 1}},
					{"coding interview", span{2, 2}, span{1, 2}},
					{"system design interview", span{2, 2}, span{2, 2}},
					{"hiring manager chat", span{1, 1}, span{1, 1}},
				},
				NStages: span{2, 3},
			},
			Likely:    map[string]float64{unitChain: 4, unitDailyCap: 2, unitBuffer: 2, unitFragmentation: 1.5},
			Equipment: []string{"whiteboard", "screen sharing"},
			Exclude:   recruitExclude,
			Always:    []string{unitChain},
		},
		{
			ID: "executive-search", Title: "executive search shortlist",
			Voc: recruitVoc("You are scheduling the final interviews of an executive search for a new finance director. Each shortlisted candidate goes through the stages listed for them; each interview needs the candidate and the board members listed with it." +
				urgency + " Schedule every interview below."),
			Days: weekdays, NDays: span{2, 3}, DayStart: 9 * 60, SlotMin: 60, Slots: span{4, 6},
			People: []string{"Helen Lund", "Omar Okoro", "Rita Pike", "Sam Quist"}, NPeople: span{3, 4},
			Rooms: []string{"Boardroom", "Chair's office", "Video link"}, NRooms: span{1, 2},
			Pipeline: &pipeline{
				Candidates: []string{"Ms Arden", "Mr Bose", "Dr Castell"}, NCands: span{2, 2},
				Stages: []stage{
					{"first interview", span{1, 1}, span{1, 1}},
					{"board panel", span{2, 2}, span{2, 3}},
					{"final interview", span{1, 1}, span{1, 1}},
				},
				NStages: span{2, 3},
			},
			Likely:    map[string]float64{unitChain: 4, unitAvailability: 2, unitConfidential: 2, unitTimeZones: 1.5, unitChainDays: 2},
			Equipment: []string{"video conferencing", "screen sharing"},
			Exclude:   recruitExclude,
			Always:    []string{unitChain},
		},
		{
			ID: "volume-hiring-day", Title: "volume hiring day",
			Voc: recruitVoc("You are running a hiring day for a new supermarket branch. Each candidate goes through the stages listed for them; each interview needs the candidate and the shift managers listed with it. Shift managers interview between their other duties." +
				urgency + " Schedule every interview below."),
			Days: weekdays, NDays: span{1, 1}, DayStart: 9 * 60, SlotMin: 30, Slots: span{8, 8},
			People: []string{"Olga", "Pete", "Rana"}, NPeople: span{2, 3},
			Rooms: []string{"Back office", "Shop floor", "Staff room"}, NRooms: span{2, 2},
			Pipeline: &pipeline{
				Candidates: []string{"Jay", "Kira", "Leo", "Maya", "Nils"}, NCands: span{3, 3},
				Stages: []stage{
					{"screening chat", span{1, 1}, span{1, 1}},
					{"shop-floor trial", span{2, 2}, span{1, 1}},
					{"manager interview", span{1, 1}, span{1, 1}},
				},
				NStages: span{2, 2},
			},
			Likely:    map[string]float64{unitChain: 4, unitDailyCap: 2.5, unitBuffer: 2, unitAvailability: 1.5},
			Equipment: []string{"till", "headset"},
			Exclude:   recruitExclude,
			Always:    []string{unitChain},
		},
		{
			ID: "campus-recruiting", Title: "campus recruiting visit",
			Voc: recruitVoc("You are planning a company's two-day recruiting visit to a university campus. Each candidate, a student, goes through the stages listed for them; each interview needs the candidate and the recruiters listed with it." +
				urgency + " Schedule every interview below."),
			Days: eventDays, NDays: span{2, 2}, DayStart: 10 * 60, SlotMin: 30, Slots: span{6, 6},
			People: []string{"Rosa", "Sami", "Theo"}, NPeople: span{2, 3},
			Rooms: []string{"Careers booth", "Interview room 1", "Interview room 2"}, NRooms: span{2, 2},
			Pipeline: &pipeline{
				Candidates: []string{"Noah", "Olivia", "Pablo", "Quinn"}, NCands: span{2, 2},
				Stages: []stage{
					{"career-fair chat", span{1, 1}, span{1, 1}},
					{"first-round interview", span{2, 2}, span{1, 1}},
					{"second-round interview", span{2, 2}, span{1, 2}},
				},
				NStages: span{2, 3},
			},
			Likely:    map[string]float64{unitChain: 4, unitAvailability: 2, unitWorkingHours: 1.5, unitReplanning: 1.5, unitChainDays: 1.5},
			Equipment: []string{"screen", "video conferencing"},
			Exclude:   recruitExclude,
			Always:    []string{unitChain},
		},
	}})
}
