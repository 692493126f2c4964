package project

import "github.com/plancert/plancert/domains"

// The two tasks on the project core: Project Planning (task 23) and
// Resource Scheduling (task 28, a skin with resources always on and fewer
// precedences). Sizes fit a prompt a person reads in a few minutes and a
// model certified in milliseconds.

func init() {
	register(&task{ID: "project-planning", Name: "Project Planning", Subtasks: []subtask{
		{
			ID: "software-release", Title: "software release",
			IntroUnit: unitCapacity, IntroWithout: "You plan the next release of a mobile app. The work is split into tasks with known durations (in working days); some tasks need others finished first. Decide on which day each task starts.",
			Voc: Vocab{Activity: "task", Activities: "tasks", Resource: "team", Resources: "teams", Unit: "person", Units: "people",
				Period: "day", Periods: "days", Project: "the release",
				Intro: "You plan the next release of a mobile app. The work is split into tasks with known durations (in working days); some tasks need others finished first, and the developer and tester teams are small. Decide on which day each task starts."},
			Activities: []string{"Spec review", "API design", "Backend work", "App screens", "Data migration", "Integration", "Security audit", "Beta testing", "Store listing", "Launch"},
			NAct:       span{5, 7}, Resources: []string{"Developers", "Testers", "Designers"}, NRes: span{1, 2},
			Dur: span{1, 4}, Cap: span{2, 4}, Edge: 35,
			Pool:    []string{"Kick-off", "Requirements", "Spec review", "Architecture", "API design", "Database schema", "UX wireframes", "Visual design", "Backend work", "Auth service", "Payments module", "Push notifications", "App screens", "Offline mode", "Analytics events", "Data migration", "Localisation", "Accessibility pass", "Integration", "Performance tuning", "Security audit", "Regression tests", "Beta testing", "Bug bash", "Crash fixes", "Release notes", "Store screenshots", "Store listing", "Marketing page", "Support docs", "Launch", "Post-launch review"},
			ResPool: []string{"Developers", "Testers", "Designers", "Ops engineers"},
			Always:  []string{unitPrecedence},
			Likely:  map[string]float64{unitDeadlines: 2, unitTardiness: 1.5, unitReplan: 1.5},
		},
		{
			ID: "office-move", Title: "office move",
			IntroUnit: unitCapacity, IntroWithout: "Your company is moving to a new office. The move is a set of jobs with durations in days; some jobs must wait for others. Decide on which day each job starts.",
			Voc: Vocab{Activity: "job", Activities: "jobs", Resource: "crew", Resources: "crews", Unit: "worker", Units: "workers",
				Period: "day", Periods: "days", Project: "the move",
				Intro: "Your company is moving to a new office. The move is a set of jobs with durations in days; some jobs must wait for others, and the movers and the IT crew can only do so much at once. Decide on which day each job starts."},
			Activities: []string{"Floor plan", "Order furniture", "Pack archives", "Network cabling", "Move desks", "Install servers", "Set up phones", "Clean old site", "Hand back keys"},
			NAct:       span{5, 7}, Resources: []string{"Movers", "IT crew", "Electricians"}, NRes: span{1, 2},
			Dur: span{1, 3}, Cap: span{2, 3}, Edge: 35,
			Pool:    []string{"Site visit", "Floor plan", "Seating chart", "Book lift slots", "Order furniture", "Order boxes", "Label crates", "Pack archives", "Pack kitchens", "Pack desks", "Shred old files", "Network cabling", "Power outlets", "Paint walls", "Lay carpet", "Deliver furniture", "Assemble desks", "Move desks", "Move archives", "Install servers", "Set up Wi-Fi", "Set up phones", "Set up printers", "Install access cards", "Hang signage", "Unpack crates", "Test network", "IT helpdesk day", "Clean old site", "Repair old site", "Final walkthrough", "Hand back keys"},
			ResPool: []string{"Movers", "IT crew", "Electricians", "Cleaners"},
			Always:  []string{unitPrecedence},
			Likely:  map[string]float64{unitMaintenance: 2, unitCost: 1.5, unitInfeasible: 1.5},
		},
		{
			ID: "event-production", Title: "event production",
			IntroUnit: unitCapacity, IntroWithout: "You produce a conference. Getting it ready is a set of tasks with durations in days; some must wait for others. Decide on which day each task starts.",
			Voc: Vocab{Activity: "task", Activities: "tasks", Resource: "crew", Resources: "crews", Unit: "member", Units: "members",
				Period: "day", Periods: "days", Project: "the event",
				Intro: "You produce a conference. Getting it ready is a set of tasks with durations in days; some must wait for others, and the production crews are shared. Decide on which day each task starts."},
			Activities: []string{"Book venue", "Call for talks", "Select speakers", "Print badges", "Stage build", "Sound check", "Catering order", "Rehearsal", "Signage"},
			NAct:       span{5, 7}, Resources: []string{"Stage crew", "Event staff", "AV team"}, NRes: span{1, 2},
			Dur: span{1, 3}, Cap: span{2, 3}, Edge: 30,
			Pool:    []string{"Set budget", "Book venue", "Book hotels", "Call for talks", "Sponsor deals", "Open registration", "Select speakers", "Build programme", "Travel bookings", "Design branding", "Website update", "Print badges", "Print programmes", "Order merchandise", "Catering order", "Hire AV kit", "Volunteer briefing", "Load-in", "Stage build", "Lighting rig", "Sound check", "Video streaming", "Exhibition stands", "Signage", "Registration desk", "Speaker prep", "Rehearsal", "Press briefing", "Session recording", "Load-out", "Venue clean-up", "Post-event survey"},
			ResPool: []string{"Stage crew", "Event staff", "AV team", "Riggers"},
			Always:  []string{unitPrecedence},
			Likely:  map[string]float64{unitDeadlines: 2.5, unitSlack: 1.5, unitInfeasible: 1.5},
		},
		{
			ID: "construction-phase", Title: "construction phase",
			IntroUnit: unitCapacity, IntroWithout: "You schedule the shell phase of a house build. The phase is a set of activities with durations in days; some must wait for others (foundations before walls). Decide on which day each activity starts.",
			Voc: Vocab{Activity: "activity", Activities: "activities", Resource: "crew", Resources: "crews", Unit: "worker", Units: "workers",
				Period: "day", Periods: "days", Project: "the phase",
				Intro: "You schedule the shell phase of a house build. The phase is a set of activities with durations in days; some must wait for others (foundations before walls), and the crews are limited. Decide on which day each activity starts."},
			Activities: []string{"Site survey", "Excavation", "Foundations", "Drainage", "Ground slab", "Walls", "Scaffolding", "Roof frame", "Roofing", "Windows"},
			NAct:       span{5, 7}, Resources: []string{"Builders", "Carpenters", "Roofers"}, NRes: span{1, 2},
			Dur: span{1, 4}, Cap: span{1, 3}, Edge: 40,
			Pool:    []string{"Permits", "Site survey", "Site clearance", "Site fencing", "Setting out", "Excavation", "Soil tests", "Footings", "Foundations", "Drainage", "Service ducts", "Damp proofing", "Ground slab", "Walls", "Scaffolding", "Lintels", "Floor joists", "Upper floor deck", "Chimney", "Gable ends", "Roof frame", "Roof membrane", "Roofing", "Gutters", "Fascias", "Windows", "External doors", "Render", "Skip removal", "Scaffold strike", "Snagging", "Shell inspection"},
			ResPool: []string{"Builders", "Carpenters", "Roofers", "Groundworkers"},
			Always:  []string{unitPrecedence},
			Likely:  map[string]float64{unitCapacity: 1.5, unitSlack: 2, unitCost: 1.5, unitMaintenance: 1.5},
		},
	}})

	register(&task{ID: "resource-scheduling", Name: "Resource Scheduling", Acts: [6]span{4: {15, 18}, 5: {19, 22}}, Subtasks: []subtask{
		{
			ID: "lab-equipment", Title: "shared lab equipment",
			IntroUnit: unitPrecedence, IntroWithout: "A research lab shares a few instruments among its groups. Each experiment runs for a known number of hours and needs some units of the shared instruments while it runs. Decide in which hour each experiment starts.",
			Voc: Vocab{Activity: "experiment", Activities: "experiments", Resource: "instrument", Resources: "instruments", Unit: "unit", Units: "units",
				Period: "hour", Periods: "hours", Project: "the study",
				Intro: "A research lab shares a few instruments among its groups. Each experiment runs for a known number of hours and needs some units of the shared instruments while it runs; a few experiments use samples prepared by others. Decide in which hour each experiment starts."},
			Activities: []string{"Cell culture", "PCR run", "Gel imaging", "Mass spec", "Protein assay", "Microscopy", "Sequencing prep", "Flow cytometry"},
			NAct:       span{5, 7}, Resources: []string{"Centrifuges", "Thermocyclers", "Fume hoods"}, NRes: span{2, 3},
			Dur: span{1, 4}, Cap: span{2, 3}, Edge: 15,
			Pool:    []string{"Media prep", "Buffer prep", "Sample thawing", "Cell culture", "DNA extraction", "RNA extraction", "PCR run", "qPCR run", "Gel imaging", "Western blot", "ELISA", "Protein assay", "Protein purification", "Mass spec", "Chromatography", "Crystallography", "Microscopy", "Confocal imaging", "Spectroscopy", "Cell sorting", "Flow cytometry", "Library prep", "Sequencing prep", "Enzyme kinetics", "Titration", "Solvent extraction", "Cell lysis", "Plasmid prep", "Antibody staining", "Sample storage", "Virus titre", "Stability test"},
			ResPool: []string{"Centrifuges", "Thermocyclers", "Fume hoods", "Biosafety cabinets", "Incubators"},
			Always:  []string{unitCapacity},
			Likely:  map[string]float64{unitMaintenance: 2, unitTardiness: 1.5, unitStated: 1.5},
		},
		{
			ID: "site-cranes", Title: "cranes on a building site",
			IntroUnit: unitPrecedence, IntroWithout: "A building site has tower and mobile cranes shared by several trades. Each lift job takes a known number of hours and needs some of the cranes of a kind while it runs. Decide in which hour each lift starts.",
			Voc: Vocab{Activity: "lift", Activities: "lifts", Resource: "crane type", Resources: "crane types", Unit: "crane", Units: "cranes",
				Period: "hour", Periods: "hours", Project: "the day's lifts",
				Intro: "A building site has tower and mobile cranes shared by several trades. Each lift job takes a known number of hours and needs some of the cranes of a kind while it runs; some lifts can only begin after another is done. Decide in which hour each lift starts."},
			Activities: []string{"Steel beams", "Precast stairs", "Roof trusses", "Facade panels", "HVAC units", "Rebar bundles", "Formwork", "Glass panes"},
			NAct:       span{5, 7}, Resources: []string{"Tower cranes", "Mobile cranes"}, NRes: span{1, 2},
			Dur: span{1, 3}, Cap: span{1, 2}, Edge: 20,
			Pool:    []string{"Site cabins", "Rebar bundles", "Formwork", "Concrete skips", "Steel columns", "Steel beams", "Precast stairs", "Floor planks", "Lift shaft", "Brick pallets", "Scaffold tubes", "Roof trusses", "Roof sheets", "Facade panels", "Curtain wall", "Glass panes", "HVAC units", "Chillers", "Generator", "Water tanks", "Pipe spools", "Cable drums", "Lift motor", "Balcony units", "Bathroom pods", "Plasterboard", "Timber stacks", "Solar panels", "Signage frame", "Skip bins", "Tool containers", "Debris chute"},
			ResPool: []string{"Tower cranes", "Mobile cranes", "Crawler cranes", "Telehandlers"},
			Always:  []string{unitCapacity},
			Likely:  map[string]float64{unitCost: 2, unitDeadlines: 1.5, unitReplan: 1.5},
		},
		{
			ID: "test-rigs", Title: "test rigs",
			IntroUnit: unitPrecedence, IntroWithout: "An engineering lab runs a campaign of tests on shared rigs. Each test takes a known number of hours and occupies some bays of the rigs while it runs. Decide in which hour each test starts.",
			Voc: Vocab{Activity: "test", Activities: "tests", Resource: "rig", Resources: "rigs", Unit: "bay", Units: "bays",
				Period: "hour", Periods: "hours", Project: "the test campaign",
				Intro: "An engineering lab runs a campaign of tests on shared rigs. Each test takes a known number of hours and occupies some bays of the rigs while it runs; some tests need the results of others. Decide in which hour each test starts."},
			Activities: []string{"Vibration", "Thermal cycle", "Drop test", "Salt spray", "EMC scan", "Pressure", "Fatigue", "Humidity"},
			NAct:       span{5, 7}, Resources: []string{"Shaker rig", "Climate chamber", "EMC room"}, NRes: span{2, 3},
			Dur: span{1, 4}, Cap: span{1, 3}, Edge: 15,
			Pool:    []string{"Inspection", "Fit check", "Vibration", "Shock", "Thermal cycle", "Thermal shock", "Drop test", "Salt spray", "Dust ingress", "Water ingress", "EMC scan", "ESD test", "Radiated immunity", "Conducted emissions", "Pressure", "Altitude", "Burst test", "Leak test", "Fatigue", "Creep", "Torque test", "Humidity", "UV ageing", "Solar load", "Icing", "Acoustic noise", "Endurance run", "Power cycling", "Overload", "Functional retest", "Tensile test", "Teardown"},
			ResPool: []string{"Shaker rig", "Climate chamber", "EMC room", "Pressure rig", "Salt fog cabinet"},
			Always:  []string{unitCapacity},
			Likely:  map[string]float64{unitMaintenance: 1.5, unitInfeasible: 1.5, unitSlack: 1.5},
		},
		{
			ID: "hospital-theatres", Title: "operating theatres and teams",
			Voc: Vocab{Activity: "operation", Activities: "operations", Resource: "resource", Resources: "resources", Unit: "unit", Units: "units",
				Period: "hour", Periods: "hours", Project: "the day's list",
				Intro: "A surgical unit plans tomorrow's elective list. Each operation takes a known number of hours and needs theatres and anaesthetists while it runs. Decide in which hour each operation starts."},
			Activities: []string{"Hip replacement", "Knee arthroscopy", "Hernia repair", "Cataract", "Appendectomy", "Gallbladder", "Tonsillectomy"},
			NAct:       span{5, 6}, Resources: []string{"Theatres", "Anaesthetists"}, NRes: span{2, 2},
			Dur: span{1, 3}, Cap: span{1, 3}, Edge: 10,
			Pool:    []string{"Hip replacement", "Knee arthroscopy", "Hernia repair", "Cataract", "Appendectomy", "Gallbladder", "Tonsillectomy", "Carpal tunnel", "Varicose veins", "Shoulder repair", "Spinal fusion", "Thyroidectomy", "Mastectomy", "Hysterectomy", "Prostatectomy", "Bunion repair", "Rhinoplasty", "Septoplasty", "Knee replacement", "ACL repair", "Haemorrhoids", "Colonoscopy", "Skin graft", "Cleft repair", "Ear grommets", "Kidney stone", "Bladder scope", "Lipoma removal", "Ankle fixation", "Wrist fixation", "Hand surgery", "Cyst removal"},
			ResPool: []string{"Theatres", "Anaesthetists", "Scrub nurses", "Recovery bays"},
			Always:  []string{unitCapacity},
			Likely:  map[string]float64{unitTardiness: 2, unitDeadlines: 1.5},
			Exclude: []string{unitSlack},
		},
	}})
}

// introClaims are the phrases of the intros above that tell of a unit's
// rule (see domains.IntroClaim): some activities wait for others only
// with the precedence unit, the crews are limited only with the
// resource-capacity unit (Project Planning always draws precedences but
// not always capacities, Resource Scheduling the other way round; a
// subtask's IntroWithout is its intro without the rule of IntroUnit).
var introClaims = domains.ClaimsOf(map[string][]string{
	unitPrecedence: {"wait for others", "need others finished first", "prepared by others", "begin after another", "results of others"},
	unitCapacity:   {"teams are small", "only do so much", "crews are shared", "crews are limited", "needs some units", "needs some of the cranes", "occupies some bays", "needs theatres"},
})
