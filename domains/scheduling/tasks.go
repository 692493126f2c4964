package scheduling

// The nine tasks of the Scheduling and Timetabling family, each a skin over
// the agenda core. Sizes fit a prompt a person reads in a few minutes.

var weekdays = []string{"Mon", "Tue", "Wed", "Thu", "Fri"}

var meetingPeople = []string{"Ana", "Ben", "Chen", "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun"}

func init() {
	register(&task{ID: "meeting-planning", Name: "Meeting Planning", Subtasks: []subtask{
		{
			ID: "cross-team", Title: "cross-team coordination",
			Voc: Vocab{Activity: "meeting", Activities: "meetings", Room: "room", Rooms: "rooms", People: "people",
				Intro: "You are planning meetings for a small company. Schedule every meeting below."},
			Days: weekdays, NDays: span{1, 2}, DayStart: 9 * 60, SlotMin: 30, Slots: span{6, 8},
			People: meetingPeople, NPeople: span{4, 5},
			Rooms: []string{"Oak", "Pine", "Elm", "Birch"}, NRooms: span{2, 3},
			Activities: []string{"M1 Budget review", "M2 Vendor call", "M3 Hiring sync", "M4 Roadmap", "M5 Design review", "M6 Retro"},
			NActs:      span{3, 5}, Duration: span{1, 2}, Attendees: span{2, 3},
			Likely: map[string]float64{unitAvailability: 2, unitRoomFit: 1.5},
		},
		{
			ID: "interview-panel", Title: "interview panel",
			Voc: Vocab{Activity: "interview", Activities: "interviews", Room: "room", Rooms: "rooms", People: "interviewers",
				Intro: "You are scheduling a day of candidate interviews. Each interview needs its panel of interviewers. Schedule every interview below."},
			Days: weekdays, NDays: span{1, 1}, DayStart: 9 * 60, SlotMin: 30, Slots: span{8, 10},
			People: []string{"Kim", "Lars", "Mona", "Noor", "Omar", "Pia"}, NPeople: span{3, 5},
			Rooms: []string{"Room A", "Room B", "Room C"}, NRooms: span{1, 2},
			Activities: []string{"Interview Alex", "Interview Blake", "Interview Casey", "Interview Drew", "Interview Emery"},
			NActs:      span{3, 5}, Duration: span{1, 2}, Attendees: span{2, 3},
			Likely: map[string]float64{unitAvailability: 2, unitBuffer: 2, unitDailyCap: 1.5},
		},
		{
			ID: "board-series", Title: "board meeting series",
			Voc: Vocab{Activity: "session", Activities: "sessions", Room: "boardroom", Rooms: "boardrooms", People: "directors",
				Intro: "You are planning the sessions of a two- or three-day board meeting. Schedule every session below."},
			Days: weekdays, NDays: span{2, 3}, DayStart: 10 * 60, SlotMin: 60, Slots: span{4, 6},
			People: []string{"Quinn", "Rosa", "Sami", "Tara", "Uma", "Vik"}, NPeople: span{3, 5},
			Rooms: []string{"Main hall", "Library"}, NRooms: span{1, 2},
			Activities: []string{"S1 Strategy", "S2 Audit", "S3 Risk", "S4 Compensation", "S5 Investments", "S6 Governance"},
			NActs:      span{3, 5}, Duration: span{1, 2}, Attendees: span{2, 3},
			Likely: map[string]float64{unitChain: 2, unitDailyCap: 1.5},
		},
	}})
}
