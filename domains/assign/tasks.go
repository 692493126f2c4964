package assign

import "github.com/plancert/plancert/domains"

// The tasks over the assign core. Sizes fit a prompt a person reads in a
// few minutes.

var students = []string{"Ada", "Ben", "Cleo", "Dev", "Ema", "Finn", "Gia", "Hugo", "Iris", "Jon", "Kai", "Lena", "Milo", "Nora"}

func init() {
	register(&task{ID: "student-grouping", Name: "Student Grouping", Family: domains.Allocation, Partition: true, Subtasks: []subtask{
		{
			ID: "project-teams", Title: "project teams",
			Voc: Vocab{Item: "student", Items: "students", Bin: "team", Bins: "teams", Size: "skill points", Attr: "year",
				Kind: "team leads", Session: "meeting slot",
				Intro: "You are splitting a class into project teams for a term-long project. Put every student below in a team."},
			Items: students, NBins: span{2, 3}, GroupSize: span{2, 3}, Sizes: span{1, 5},
			Attrs: []string{"Year 10", "Year 11"}, Sessions: []string{"Mon 15:00", "Wed 15:00", "Fri 14:00"},
			Likely: map[string]float64{unitBalance: 2, unitQuotas: 1.5},
		},
		{
			ID: "lab-pairs", Title: "lab pairs",
			Voc: Vocab{Item: "student", Items: "students", Bin: "pair", Bins: "pairs", Size: "lab experience", Attr: "course",
				Kind: "first-aid trained students", Session: "lab session",
				Intro: "You are pairing up students for the chemistry lab. Each pair works at one bench for the whole term. Put every student below in a pair."},
			Items: students, NBins: span{3, 4}, GroupSize: span{2, 2}, Sizes: span{1, 4},
			Attrs: []string{"Chemistry", "Biology"}, Sessions: []string{"Tue 09:00", "Tue 13:00", "Thu 09:00"},
			Likely: map[string]float64{unitCompat: 2, unitExclusive: 1.5},
		},
		{
			ID: "seminar-groups", Title: "seminar groups",
			Voc: Vocab{Item: "student", Items: "students", Bin: "seminar group", Bins: "seminar groups", Size: "reading load", Attr: "programme",
				Kind: "student reps", Session: "seminar slot",
				Intro: "You are dividing first-year students into seminar groups for a reading course. Put every student below in a seminar group."},
			Items: students, NBins: span{2, 3}, GroupSize: span{3, 3}, Sizes: span{1, 4},
			Attrs: []string{"History", "Philosophy", "Literature"}, Sessions: []string{"Mon 10:00", "Tue 14:00", "Thu 11:00"},
			Likely: map[string]float64{unitCompat: 2, unitQuotas: 2},
		},
		{
			ID: "sports-teams", Title: "sports teams",
			Voc: Vocab{Item: "player", Items: "players", Bin: "team", Bins: "teams", Size: "skill rating", Attr: "position",
				Kind: "captains", Session: "training slot",
				Intro: "You are picking even teams for a school five-a-side tournament. Put every player below in a team."},
			Items: students, NBins: span{2, 2}, GroupSize: span{3, 4}, Sizes: span{1, 6},
			Attrs: []string{"defence", "attack"}, Sessions: []string{"Mon 16:00", "Wed 16:00", "Sat 10:00"},
			Likely: map[string]float64{unitBalance: 3, unitExclusive: 2},
		},
	}})
}

var classes = []string{"7A Maths", "7B English", "8A Science", "8B History", "9A Physics", "9B Art", "10A Chemistry", "10B Music"}

func init() {
	register(&task{ID: "educational-resource-planning", Name: "Educational Resource Planning", Family: domains.Allocation, Subtasks: []subtask{
		{
			ID: "classroom-allocation", Title: "classroom allocation",
			Voc: Vocab{Item: "class", Items: "classes", Bin: "room", Bins: "rooms", Size: "weekly hours", Attr: "key stage",
				Kind: "exam classes", Cost: "walking minutes",
				Intro: "You are giving each class of a school a home room for the year. A room can host several classes over the week."},
			Items: classes, NItems: span{4, 6}, Bins: []string{"Room 101", "Room 102", "Room 201", "Room 202"}, NBins: span{2, 3},
			Sizes: span{2, 6}, Attrs: []string{"KS3", "KS4"}, Cost: span{1, 9},
			Likely: map[string]float64{unitCapacity: 2, unitCompat: 1.5},
		},
		{
			ID: "teacher-assignment", Title: "teacher assignment",
			Voc: Vocab{Item: "class", Items: "classes", Bin: "teacher", Bins: "teachers", Size: "weekly hours", Attr: "level",
				Kind: "exam classes", Cost: "preference rank",
				Intro: "You are assigning teachers to the classes of a department for next term. Each class is taught by one teacher."},
			Items: classes, NItems: span{4, 6}, Bins: []string{"Ms Okafor", "Mr Lind", "Dr Sato", "Ms Ruiz"}, NBins: span{2, 3},
			Sizes: span{2, 5}, Attrs: []string{"lower school", "upper school"}, Cost: span{1, 5},
			Likely: map[string]float64{unitBalance: 2, unitCompat: 2, unitAllAssigned: 1.5},
		},
		{
			ID: "equipment-booking", Title: "equipment booking",
			Voc: Vocab{Item: "class", Items: "classes", Bin: "kit", Bins: "kits", Size: "devices needed", Attr: "subject area",
				Kind: "exam classes", Cost: "setup minutes",
				Intro: "You are booking the school's shared equipment kits for Friday's lessons. Each class gets one kit or none."},
			Items: classes, NItems: span{4, 6}, Bins: []string{"Laptop cart", "Tablet cart", "VR kit", "Robotics kit"}, NBins: span{2, 3},
			Sizes: span{1, 4}, Attrs: []string{"STEM", "humanities"}, Cost: span{1, 9},
			Likely: map[string]float64{unitExclusive: 2, unitPriority: 1.5},
		},
		{
			ID: "lab-allocation", Title: "lab allocation",
			Voc: Vocab{Item: "practical", Items: "practicals", Bin: "lab", Bins: "labs", Size: "bench hours", Attr: "hazard class",
				Kind: "fume-hood practicals", Cost: "setup minutes",
				Intro: "You are allocating the science department's practical sessions to labs for the week."},
			Items:  []string{"Titration", "Flame tests", "Dissection", "Microscopy", "Circuits", "Pendulum", "Electrolysis", "Chromatography"},
			NItems: span{4, 6}, Bins: []string{"Lab 1", "Lab 2", "Lab 3", "Lab 4"}, NBins: span{2, 3},
			Sizes: span{1, 4}, Attrs: []string{"low", "high"}, Cost: span{1, 9},
			Likely: map[string]float64{unitCapacity: 2, unitQuotas: 1.5, unitBackups: 1.5},
		},
	}})
}

func init() {
	register(&task{ID: "work-assignment-scheduling", Name: "Work Assignment Scheduling", Family: domains.Workforce, Timed: true, Subtasks: []subtask{
		{
			ID: "maintenance-crew", Title: "maintenance crew",
			Voc: Vocab{Item: "job", Items: "jobs", Bin: "technician", Bins: "technicians", Size: "hours", Attr: "trade", Cost: "rate per hour",
				Kind:  "rooftop jobs",
				Intro: "You are planning tomorrow's work orders for a building maintenance crew. Each job is done by one technician in one go."},
			Items:  []string{"Boiler service", "Replace lights", "Fix door closer", "Gutter clean", "Test alarms", "Paint stairwell", "Unblock drain"},
			NItems: span{4, 5}, Bins: []string{"Aziz", "Bea", "Carlos", "Dina"}, NBins: span{2, 3},
			Sizes: span{1, 2}, Attrs: []string{"electrical", "plumbing", "general"},
			DayStart: 8 * 60, SlotMin: 60, Slots: span{5, 7},
			Likely: map[string]float64{unitCompat: 2, unitDeadlines: 1.5, unitDeps: 1.5},
		},
		{
			ID: "software-sprint", Title: "software sprint",
			Voc: Vocab{Item: "ticket", Items: "tickets", Bin: "developer", Bins: "developers", Size: "hours", Attr: "area", Cost: "rate per hour",
				Kind:  "on-call tickets",
				Intro: "You are planning the next sprint of a small software team. Each ticket is worked on by one developer without interruption; the plan covers one working day."},
			Items:  []string{"API auth", "Login page", "DB migration", "Search index", "Billing fix", "Docs update", "Load test"},
			NItems: span{4, 5}, Bins: []string{"Ines", "Jamal", "Kira", "Leo"}, NBins: span{2, 3},
			Sizes: span{1, 3}, Attrs: []string{"backend", "frontend"},
			DayStart: 9 * 60, SlotMin: 60, Slots: span{6, 8},
			Likely: map[string]float64{unitDeps: 2.5, unitBalance: 1.5},
		},
		{
			ID: "cleaning-crew", Title: "cleaning crew",
			Voc: Vocab{Item: "area", Items: "areas", Bin: "cleaner", Bins: "cleaners", Size: "half-hours", Attr: "floor", Cost: "rate per half-hour",
				Kind:  "deep-clean areas",
				Intro: "You are planning the evening shift of an office cleaning crew. Each area is cleaned by one cleaner in one go."},
			Items:  []string{"Lobby", "Kitchen", "Meeting rooms", "Open office", "Washrooms", "Stairs", "Server room"},
			NItems: span{4, 6}, Bins: []string{"Mara", "Nico", "Olga", "Pavel"}, NBins: span{2, 3},
			Sizes: span{1, 2}, Attrs: []string{"ground floor", "first floor"},
			DayStart: 18 * 60, SlotMin: 30, Slots: span{5, 6},
			Likely: map[string]float64{unitBalance: 2, unitQuotas: 1.5},
		},
		{
			ID: "lab-technicians", Title: "lab technicians",
			Voc: Vocab{Item: "run", Items: "runs", Bin: "technician", Bins: "technicians", Size: "hours", Attr: "instrument", Cost: "rate per hour",
				Kind:  "radioactive-tracer runs",
				Intro: "You are scheduling tomorrow's sample runs in a research lab. Each run is done by one technician from start to end."},
			Items:  []string{"PCR batch", "Mass spec", "Cell count", "Gel run", "ELISA", "Sequencing prep"},
			NItems: span{4, 5}, Bins: []string{"Quinn", "Rhea", "Sami"}, NBins: span{2, 3},
			Sizes: span{1, 2}, Attrs: []string{"wet lab", "instrument room"},
			DayStart: 9 * 60, SlotMin: 60, Slots: span{5, 7},
			Likely: map[string]float64{unitCompat: 2, unitDeadlines: 2, unitBackups: 1.5},
		},
	}})
}
