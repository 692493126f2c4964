package project

// The two tasks on the project core: Project Planning (task 23) and
// Resource Scheduling (task 28, a skin with resources always on and fewer
// precedences). Sizes fit a prompt a person reads in a few minutes and a
// model certified in milliseconds.

func init() {
	register(&task{ID: "project-planning", Name: "Project Planning", Subtasks: []subtask{
		{
			ID: "software-release", Title: "software release",
			Voc: Vocab{Activity: "task", Activities: "tasks", Resource: "team", Resources: "teams", Unit: "person", Units: "people",
				Period: "day", Periods: "days", Project: "the release",
				Intro: "You plan the next release of a mobile app. The work is split into tasks with known durations (in working days); some tasks need others finished first, and the developer and tester teams are small. Decide on which day each task starts."},
			Activities: []string{"Spec review", "API design", "Backend work", "App screens", "Data migration", "Integration", "Security audit", "Beta testing", "Store listing", "Launch"},
			NAct:       span{5, 7}, Resources: []string{"Developers", "Testers", "Designers"}, NRes: span{1, 2},
			Dur: span{1, 4}, Cap: span{2, 4}, Edge: 35,
			Always: []string{unitPrecedence},
			Likely: map[string]float64{unitDeadlines: 2, unitTardiness: 1.5, unitReplan: 1.5},
		},
		{
			ID: "office-move", Title: "office move",
			Voc: Vocab{Activity: "job", Activities: "jobs", Resource: "crew", Resources: "crews", Unit: "worker", Units: "workers",
				Period: "day", Periods: "days", Project: "the move",
				Intro: "Your company is moving to a new office. The move is a set of jobs with durations in days; some jobs must wait for others, and the movers and the IT crew can only do so much at once. Decide on which day each job starts."},
			Activities: []string{"Floor plan", "Order furniture", "Pack archives", "Network cabling", "Move desks", "Install servers", "Set up phones", "Clean old site", "Hand back keys"},
			NAct:       span{5, 7}, Resources: []string{"Movers", "IT crew", "Electricians"}, NRes: span{1, 2},
			Dur: span{1, 3}, Cap: span{2, 3}, Edge: 35,
			Always: []string{unitPrecedence},
			Likely: map[string]float64{unitMaintenance: 2, unitCost: 1.5, unitInfeasible: 1.5},
		},
		{
			ID: "event-production", Title: "event production",
			Voc: Vocab{Activity: "task", Activities: "tasks", Resource: "crew", Resources: "crews", Unit: "member", Units: "members",
				Period: "day", Periods: "days", Project: "the event",
				Intro: "You produce a conference. Getting it ready is a set of tasks with durations in days; some must wait for others, and the production crews are shared. Decide on which day each task starts."},
			Activities: []string{"Book venue", "Call for talks", "Select speakers", "Print badges", "Stage build", "Sound check", "Catering order", "Rehearsal", "Signage"},
			NAct:       span{5, 7}, Resources: []string{"Stage crew", "Event staff", "AV team"}, NRes: span{1, 2},
			Dur: span{1, 3}, Cap: span{2, 3}, Edge: 30,
			Always: []string{unitPrecedence},
			Likely: map[string]float64{unitDeadlines: 2.5, unitSlack: 1.5, unitInfeasible: 1.5},
		},
		{
			ID: "construction-phase", Title: "construction phase",
			Voc: Vocab{Activity: "activity", Activities: "activities", Resource: "crew", Resources: "crews", Unit: "worker", Units: "workers",
				Period: "day", Periods: "days", Project: "the phase",
				Intro: "You schedule the shell phase of a house build. The phase is a set of activities with durations in days; some must wait for others (foundations before walls), and the crews are limited. Decide on which day each activity starts."},
			Activities: []string{"Site survey", "Excavation", "Foundations", "Drainage", "Ground slab", "Walls", "Scaffolding", "Roof frame", "Roofing", "Windows"},
			NAct:       span{5, 7}, Resources: []string{"Builders", "Carpenters", "Roofers"}, NRes: span{1, 2},
			Dur: span{1, 4}, Cap: span{1, 3}, Edge: 40,
			Always: []string{unitPrecedence},
			Likely: map[string]float64{unitCapacity: 1.5, unitSlack: 2, unitCost: 1.5, unitMaintenance: 1.5},
		},
	}})

	register(&task{ID: "resource-scheduling", Name: "Resource Scheduling", Subtasks: []subtask{
		{
			ID: "lab-equipment", Title: "shared lab equipment",
			Voc: Vocab{Activity: "experiment", Activities: "experiments", Resource: "instrument", Resources: "instruments", Unit: "unit", Units: "units",
				Period: "hour", Periods: "hours", Project: "the study",
				Intro: "A research lab shares a few instruments among its groups. Each experiment runs for a known number of hours and needs some units of the shared instruments while it runs; a few experiments use samples prepared by others. Decide in which hour each experiment starts."},
			Activities: []string{"Cell culture", "PCR run", "Gel imaging", "Mass spec", "Protein assay", "Microscopy", "Sequencing prep", "Flow cytometry"},
			NAct:       span{5, 7}, Resources: []string{"Centrifuges", "Thermocyclers", "Fume hoods"}, NRes: span{2, 3},
			Dur: span{1, 4}, Cap: span{2, 3}, Edge: 15,
			Always: []string{unitCapacity},
			Likely: map[string]float64{unitMaintenance: 2, unitTardiness: 1.5, unitStated: 1.5},
		},
		{
			ID: "site-cranes", Title: "cranes on a building site",
			Voc: Vocab{Activity: "lift", Activities: "lifts", Resource: "crane type", Resources: "crane types", Unit: "crane", Units: "cranes",
				Period: "hour", Periods: "hours", Project: "the day's lifts",
				Intro: "A building site has tower and mobile cranes shared by several trades. Each lift job takes a known number of hours and needs some of the cranes of a kind while it runs; some lifts can only begin after another is done. Decide in which hour each lift starts."},
			Activities: []string{"Steel beams", "Precast stairs", "Roof trusses", "Facade panels", "HVAC units", "Rebar bundles", "Formwork", "Glass panes"},
			NAct:       span{5, 7}, Resources: []string{"Tower cranes", "Mobile cranes"}, NRes: span{1, 2},
			Dur: span{1, 3}, Cap: span{1, 2}, Edge: 20,
			Always: []string{unitCapacity},
			Likely: map[string]float64{unitCost: 2, unitDeadlines: 1.5, unitReplan: 1.5},
		},
		{
			ID: "test-rigs", Title: "test rigs",
			Voc: Vocab{Activity: "test", Activities: "tests", Resource: "rig", Resources: "rigs", Unit: "bay", Units: "bays",
				Period: "hour", Periods: "hours", Project: "the test campaign",
				Intro: "An engineering lab runs a campaign of tests on shared rigs. Each test takes a known number of hours and occupies some bays of the rigs while it runs; some tests need the results of others. Decide in which hour each test starts."},
			Activities: []string{"Vibration", "Thermal cycle", "Drop test", "Salt spray", "EMC scan", "Pressure", "Fatigue", "Humidity"},
			NAct:       span{5, 7}, Resources: []string{"Shaker rig", "Climate chamber", "EMC room"}, NRes: span{2, 3},
			Dur: span{1, 4}, Cap: span{1, 3}, Edge: 15,
			Always: []string{unitCapacity},
			Likely: map[string]float64{unitMaintenance: 1.5, unitInfeasible: 1.5, unitSlack: 1.5},
		},
		{
			ID: "hospital-theatres", Title: "operating theatres and teams",
			Voc: Vocab{Activity: "operation", Activities: "operations", Resource: "resource", Resources: "resources", Unit: "unit", Units: "units",
				Period: "hour", Periods: "hours", Project: "the day's list",
				Intro: "A surgical unit plans tomorrow's elective list. Each operation takes a known number of hours and needs theatres and anaesthetists while it runs. Decide in which hour each operation starts."},
			Activities: []string{"Hip replacement", "Knee arthroscopy", "Hernia repair", "Cataract", "Appendectomy", "Gallbladder", "Tonsillectomy"},
			NAct:       span{5, 6}, Resources: []string{"Theatres", "Anaesthetists"}, NRes: span{2, 2},
			Dur: span{1, 3}, Cap: span{1, 3}, Edge: 10,
			Always:  []string{unitCapacity},
			Likely:  map[string]float64{unitTardiness: 2, unitDeadlines: 1.5},
			Exclude: []string{unitSlack},
		},
	}})
}
