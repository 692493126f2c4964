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
