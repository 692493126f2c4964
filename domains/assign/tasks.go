package assign

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
)

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
			MoreItems: moreStudents,
			Likely:    map[string]float64{unitBalance: 2, unitQuotas: 1.5},
		},
		{
			ID: "lab-pairs", Title: "lab pairs",
			Voc: Vocab{Item: "student", Items: "students", Bin: "pair", Bins: "pairs", Size: "lab experience", Attr: "course",
				Kind: "first-aid trained students", Session: "lab session",
				Intro: "You are pairing up students for the chemistry lab. Each pair works at one bench for the whole term. Put every student below in a pair."},
			Items: students, NBins: span{3, 4}, GroupSize: span{2, 2}, Sizes: span{1, 4},
			Attrs: []string{"Chemistry", "Biology"}, Sessions: []string{"Tue 09:00", "Tue 13:00", "Thu 09:00"},
			MoreItems: moreStudents,
			Likely:    map[string]float64{unitCompat: 2, unitExclusive: 1.5},
		},
		{
			ID: "seminar-groups", Title: "seminar groups",
			Voc: Vocab{Item: "student", Items: "students", Bin: "seminar group", Bins: "seminar groups", Size: "reading load", Attr: "programme",
				Kind: "student reps", Session: "seminar slot",
				Intro: "You are dividing first-year students into seminar groups for a reading course. Put every student below in a seminar group."},
			Items: students, NBins: span{2, 3}, GroupSize: span{3, 3}, Sizes: span{1, 4},
			Attrs: []string{"History", "Philosophy", "Literature"}, Sessions: []string{"Mon 10:00", "Tue 14:00", "Thu 11:00"},
			MoreItems: moreStudents,
			Likely:    map[string]float64{unitCompat: 2, unitQuotas: 2},
		},
		{
			ID: "sports-teams", Title: "sports teams",
			Voc: Vocab{Item: "player", Items: "players", Bin: "team", Bins: "teams", Size: "skill rating", Attr: "position",
				Kind: "captains", Session: "training slot",
				Intro: "You are picking teams for a school five-a-side tournament. Put every player below in a team."},
			Items: students, NBins: span{2, 2}, GroupSize: span{3, 4}, Sizes: span{1, 6},
			Attrs: []string{"defence", "attack"}, Sessions: []string{"Mon 16:00", "Wed 16:00", "Sat 10:00"},
			MoreItems: moreStudents,
			Likely:    map[string]float64{unitBalance: 3, unitExclusive: 2},
		},
	}})
}

// moreStudents extends students above level 1 (see atLevel).
var moreStudents = []string{"Omar", "Priya", "Quinn", "Rosa", "Sami", "Tara", "Umar", "Vera", "Wes", "Xia", "Yara", "Zane",
	"Aiko", "Bram", "Cora", "Dario", "Elin", "Femi", "Greta", "Hamid", "Ines", "Jasper", "Kofi", "Lucia"}

var classes = []string{"7A Maths", "7B English", "8A Science", "8B History", "9A Physics", "9B Art", "10A Chemistry", "10B Music"}

// moreClasses extends classes above level 1 (see atLevel).
var moreClasses = []string{"7C Geography", "7D French", "8C Computing", "8D Drama", "9C Biology", "9D Spanish", "10C Physics", "10D History",
	"11A Maths", "11B English", "11C Art", "11D Music", "12A Economics", "12B Sociology", "13A Chemistry", "13B Further Maths"}

func init() {
	register(&task{ID: "educational-resource-planning", Name: "Educational Resource Planning", Family: domains.Allocation, Subtasks: []subtask{
		{
			ID: "classroom-allocation", Title: "classroom allocation",
			Voc: Vocab{Item: "class", Items: "classes", Bin: "room", Bins: "rooms", Size: "weekly hours", Attr: "key stage",
				Kind: "exam classes", Cost: "walking minutes",
				Intro: "You are giving each class of a school a home room for the year. A room can host several classes over the week."},
			Items: classes, NItems: span{4, 6}, Bins: []string{"Room 101", "Room 102", "Room 201", "Room 202"}, NBins: span{2, 3},
			Sizes: span{2, 6}, Attrs: []string{"KS3", "KS4"}, Cost: span{1, 9},
			MoreItems: moreClasses, MoreBins: []string{"Room 103", "Room 203", "Room 301", "Room 302"},
			Likely: map[string]float64{unitCapacity: 2, unitCompat: 1.5},
		},
		{
			ID: "teacher-assignment", Title: "teacher assignment",
			Voc: Vocab{Item: "class", Items: "classes", Bin: "teacher", Bins: "teachers", Size: "weekly hours", Attr: "level",
				Kind: "exam classes", Cost: "preference rank",
				Intro: "You are assigning teachers to the classes of a department for next term. Each class is taught by one teacher."},
			Items: classes, NItems: span{4, 6}, Bins: []string{"Ms Okafor", "Mr Lind", "Dr Sato", "Ms Ruiz"}, NBins: span{2, 3},
			Sizes: span{2, 5}, Attrs: []string{"lower school", "upper school"}, Cost: span{1, 5},
			MoreItems: moreClasses, MoreBins: []string{"Mr Haddad", "Ms Novak", "Mr Adeyemi", "Dr Brennan"},
			Likely: map[string]float64{unitBalance: 2, unitCompat: 2, unitAllAssigned: 1.5},
		},
		{
			ID: "equipment-booking", Title: "equipment booking",
			Voc: Vocab{Item: "class", Items: "classes", Bin: "kit", Bins: "kits", Size: "devices needed", Attr: "subject area",
				Kind: "exam classes", Cost: "setup minutes",
				Intro: "You are booking the school's shared equipment kits for Friday's lessons. Each class gets one kit or none."},
			Items: classes, NItems: span{4, 6}, Bins: []string{"Laptop cart", "Tablet cart", "VR kit", "Robotics kit"}, NBins: span{2, 3},
			Sizes: span{1, 4}, Attrs: []string{"STEM", "humanities"}, Cost: span{1, 9},
			MoreItems: moreClasses, MoreBins: []string{"3D printer kit", "Camera kit", "Microscope set", "Sound kit"},
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
			MoreItems: []string{"Osmosis", "Rates of reaction", "Specific heat", "Hooke's law", "Enzyme activity", "Photosynthesis", "Distillation", "Crystallisation", "Ohm's law", "Density", "Food tests", "Refraction", "Acid-base neutralisation", "Respiration", "Magnetism", "Sound waves"}, MoreBins: []string{"Lab 5", "Lab 6", "Prep room", "Physics lab"},
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
			MoreItems: []string{"Service lift", "Fix window latch", "Reseal shower", "Repair fence", "Clean vents", "Change filters", "Patch plaster", "Fix tap leak", "Check sprinklers", "Replace carpet tile", "Fit door stop", "Inspect roof", "Fix radiator"}, MoreBins: []string{"Elif", "Femi"},
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
			MoreItems: []string{"Cache layer", "Signup flow", "CSV export", "Email queue", "Rate limiter", "Audit log", "Dark mode", "Push alerts", "Refund flow", "Profile page", "Backup job", "Metrics board", "Retry logic"}, MoreBins: []string{"Maya", "Nils"},
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
			MoreItems: []string{"Reception", "Print room", "Boardroom", "Canteen", "Corridors", "Lift lobby", "Library", "Gym", "Locker room", "Archive", "Roof terrace", "Break room", "Quiet room"}, MoreBins: []string{"Rosa", "Samir"},
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
			MoreItems: []string{"Western blot", "Flow cytometry", "DNA extraction", "HPLC run", "Cell culture", "qPCR plate", "Microscopy", "Protein assay", "Autoclave load", "Media prep", "Spectrometry", "Plate reading", "Buffer prep", "Titration run"}, MoreBins: []string{"Tomas", "Uma", "Vera"},
			Likely: map[string]float64{unitCompat: 2, unitDeadlines: 2, unitBackups: 1.5},
		},
	}})
}

// Emergency Planning (task 30): the items are concurrent incidents and
// the bins the response units (ambulances, engines, boats, crews). Each
// unit has its own travel time to each incident (the cost table), so no
// two units are interchangeable and the plan is compared by unit name:
// two plans are the same plan when every incident has the same unit. The
// "max incidents" capacity of a unit is how many of the incidents it can
// take on in turn during the period planned; the replanning unit is a
// unit breaking down, the backups unit a backup unit per critical
// incident, the priority-weighted unit priority × travel minutes.
var incidents = []string{
	"Elm St cardiac arrest", "A40 road crash", "Park Lane fall", "Mill Rd breathing difficulty",
	"Station Sq overdose", "Hill Ave stroke", "Canal St burns", "Market Pl assault",
}

func init() {
	register(&task{ID: "emergency-planning", Name: "Emergency Planning", Family: domains.Emergency, Subtasks: []subtask{
		{
			ID: "city-ems-shift", Title: "city EMS shift",
			Voc: Vocab{Item: "incident", Items: "incidents", Bin: "unit", Bins: "units", Size: "patients", Attr: "district",
				Kind: "violent-scene incidents", Cost: "travel minutes",
				Intro: "You are the dispatcher of a city ambulance service during a busy evening. Several incidents are open at once; assign a response unit to each incident. A unit that takes more than one incident serves them in turn."},
			Items: incidents, NItems: span{4, 6}, Bins: []string{"Medic 1", "Medic 2", "Medic 3", "Rapid car 4"}, NBins: span{2, 3},
			Sizes: span{1, 3}, Attrs: []string{"north", "south"}, Cost: span{3, 18},
			MoreItems: []string{"Oak Rd seizure", "Bank St chest pain", "Queen St diabetic", "Bridge Rd cyclist", "King St child fever", "School Ln allergy", "Church Rd collapse", "High St fracture", "Castle Way head injury", "Dock Rd hypothermia", "Pier Rd fall", "Rose Ave labour", "Ash Grove poisoning", "Harbour Rd stabbing", "Mill Lane asthma", "Green St chest pain", "Vine St sepsis", "North Rd overdose"}, MoreBins: []string{"Medic 5", "Medic 6", "Rapid car 7", "Medic 8"},
			Likely:  map[string]float64{unitPriority: 2.5, unitReplan: 1.5, unitBackups: 1.5},
			Exclude: []string{unitBalance},
		},
		{
			ID: "wildfire-season", Title: "wildfire season",
			Voc: Vocab{Item: "fire", Items: "fires", Bin: "crew", Bins: "crews", Size: "hectares burning", Attr: "terrain",
				Kind: "fires near homes", Cost: "travel minutes",
				Intro: "You are coordinating the fire crews of a district on a dry, windy afternoon. Several fires are burning at once; assign a crew to each fire. A crew that takes more than one fire works them in turn."},
			Items:  []string{"Ridge fire", "Creek fire", "Quarry fire", "Pine Hollow fire", "Highway 9 fire", "Orchard fire", "Dam Road fire"},
			NItems: span{4, 6}, Bins: []string{"Engine 11", "Engine 12", "Hotshot crew A", "Water tender 3"}, NBins: span{2, 3},
			Sizes: span{1, 5}, Attrs: []string{"forest", "grassland"}, Cost: span{10, 60},
			MoreItems: []string{"Ridgeback fire", "Cedar fire", "Miller fire", "Hawk fire", "Bluff fire", "Sawmill fire", "Fox Creek fire", "Canyon fire", "Lookout fire", "Granite fire", "Aspen fire", "Meadow fire", "Rail fire", "Crossing fire", "Windy Gap fire", "Elk fire", "Summit fire", "Bear Creek fire"}, MoreBins: []string{"Engine 14", "Dozer 2", "Hotshot crew B", "Helitack 5"},
			Likely:  map[string]float64{unitCompat: 2, unitCapacity: 2, unitPriority: 1.5},
			Exclude: []string{unitBalance},
		},
		{
			ID: "flood-response", Title: "flood response",
			Voc: Vocab{Item: "call", Items: "calls", Bin: "team", Bins: "teams", Size: "people to move", Attr: "area",
				Kind: "calls in fast water", Cost: "travel minutes",
				Intro: "You are coordinating rescue teams after a river burst its banks. Several rescue calls are open at once; assign a team to each call. A team that takes more than one call answers them in turn."},
			Items:  []string{"River Rd stranded car", "Mill Lane care home", "Ferry St roof rescue", "Low Bridge trapped van", "Marsh End farmhouse", "Weir Path campsite"},
			NItems: span{4, 6}, Bins: []string{"Boat team 1", "Boat team 2", "High-water truck", "Swift-water crew"}, NBins: span{2, 3},
			Sizes: span{1, 4}, Attrs: []string{"east bank", "west bank"}, Cost: span{5, 40},
			MoreItems: []string{"Church Lane basement", "Station Rd bus", "Mill Pond cottage", "Quay St flats", "Bridge End pub", "School Rd minibus", "Orchard Farm cattle", "Riverside caravan park", "Lock Keeper cottage", "Old Mill flats", "Water Lane surgery", "Meadow Close bungalow", "Fen Rd lorry", "Ford Lane tractor", "Boat Yard workers", "Tow Path cyclists", "Brook St shop", "Green Lane school"}, MoreBins: []string{"Boat team 3", "Hovercraft", "Rescue helicopter", "Mountain rescue"},
			Likely:  map[string]float64{unitCompat: 2, unitExclusive: 1.5, unitInfeasible: 1.5},
			Exclude: []string{unitBalance},
		},
		{
			ID: "mass-casualty-event", Title: "mass-casualty event",
			Voc: Vocab{Item: "casualty cluster", Items: "casualty clusters", Bin: "vehicle", Bins: "vehicles", Size: "stretcher cases", Attr: "triage colour",
				Kind: "clusters needing a paramedic", Cost: "minutes to reach",
				Intro: "You are the ambulance loading officer at a stadium collapse. Casualties wait in clusters around the site; assign a vehicle (an ambulance or the casualty bus) to each cluster. A vehicle that takes more than one cluster loads them in turn."},
			Items:  []string{"Gate A", "Gate B", "North stand", "South stand", "Car park", "Concourse", "Pitch side"},
			NItems: span{4, 6}, Bins: []string{"Ambulance 1", "Ambulance 2", "Ambulance 3", "Casualty bus"}, NBins: span{2, 3},
			Sizes: span{1, 3}, Attrs: []string{"red", "yellow"}, Cost: span{2, 12},
			MoreItems: []string{"East stand", "West stand", "Tunnel", "Players entrance", "Media room", "Ticket office", "Food court", "Family zone", "Bus bay", "Turnstile 4", "Turnstile 9", "Lower tier", "Upper tier", "Hospitality", "First aid room", "Press box", "Stairwell C", "Fan zone"}, MoreBins: []string{"Ambulance 4", "Ambulance 5", "Ambulance 6", "Patient transport van"},
			Likely:  map[string]float64{unitPriority: 2, unitQuotas: 1.5, unitAllAssigned: 1.5},
			Exclude: []string{unitBalance},
		},
	}})
}

// Warehouse Planning (task 26): slotting, the items are SKUs and the bins
// storage locations. Each location has its own walking distance to each
// SKU's pick face (the cost table), so no two locations are
// interchangeable; two plans are the same plan when every SKU has the same
// location. With the priority-weighted unit the priority is the pick
// frequency, so the goal is pick frequency × distance.
// moreSKUs extends skus above level 1 (see atLevel).
var moreSKUs = []string{"Pasta 5kg", "Flour 16kg", "Cooking oil", "Dog food", "Nappies", "Toilet rolls", "Canned tomatoes", "Coffee beans",
	"Sugar 25kg", "Washing powder", "Light bulbs", "Bottled water", "Charcoal", "Lawn feed", "Crisps", "Cereal"}

var skus = []string{"Frozen peas", "Ice cream", "Bleach 5L", "Paint thinner", "Cement bags", "Rice 10kg", "Tea boxes", "Batteries"}

func init() {
	register(&task{ID: "warehouse-planning", Name: "Warehouse Planning", Family: domains.Project, Subtasks: []subtask{
		{
			ID: "peak-season-slotting", Title: "slotting for peak season",
			Voc: Vocab{Item: "SKU", Items: "SKUs", Bin: "location", Bins: "locations", Size: "pallets", Attr: "product group",
				Kind: "hazmat SKUs", Cost: "walking metres", Priority: "picks per day",
				Intro: "You are re-slotting a distribution warehouse before the peak season. Give each SKU below one storage location; a location may hold several SKUs."},
			Items: skus, NItems: span{4, 6}, Bins: []string{"Aisle A low", "Aisle A high", "Aisle B low", "Mezzanine"}, NBins: span{2, 3},
			Sizes: span{1, 4}, Attrs: []string{"food", "non-food"}, Cost: span{5, 60},
			MoreItems: moreSKUs, MoreBins: []string{"Aisle B high", "Aisle C low", "Aisle C high", "Bulk floor"},
			Likely:  map[string]float64{unitPriority: 2.5, unitCapacity: 2, unitTogether: 1.5},
			Exclude: []string{unitDeadlines, unitDeps},
		},
		{
			ID: "cold-store-reorganisation", Title: "cold-store reorganisation",
			Voc: Vocab{Item: "SKU", Items: "SKUs", Bin: "chamber", Bins: "chambers", Size: "pallets", Attr: "temperature class",
				Kind: "strong-smelling SKUs", Cost: "handling minutes", Priority: "moves per week",
				Intro: "You are reorganising a cold store: each SKU below moves to one chamber; a chamber may hold several SKUs."},
			Items:  []string{"Frozen peas", "Ice cream", "Fish fillets", "Chicken wings", "Butter", "Cheese", "Yoghurt", "Berries"},
			NItems: span{4, 6}, Bins: []string{"Chamber 1", "Chamber 2", "Blast freezer", "Chill room"}, NBins: span{2, 3},
			Sizes: span{1, 4}, Attrs: []string{"frozen", "chilled"}, Cost: span{2, 20},
			MoreItems: []string{"Prawns", "Pizza bases", "Sausages", "Ice cubes", "Peas and carrots", "Salmon", "Cream", "Milk", "Ham", "Lettuce", "Chips", "Ready meals", "Duck", "Sorbet", "Mozzarella", "Spinach"}, MoreBins: []string{"Chamber 3", "Chamber 4", "Freezer tunnel", "Dairy room"},
			Likely:  map[string]float64{unitCompat: 2.5, unitQuotas: 1.5, unitReplan: 1.5},
			Exclude: []string{unitDeadlines, unitDeps},
		},
		{
			ID: "cross-dock-doors", Title: "cross-dock door assignment", Timed: true,
			Voc: Vocab{Item: "trailer", Items: "trailers", Bin: "dock door", Bins: "dock doors", Size: "half-hours to unload", Attr: "carrier",
				Kind: "refrigerated trailers", Cost: "crew rate per half-hour", Priority: "urgency",
				Intro: "You are planning this evening's unloading at the dock doors of a cross-dock. Each inbound trailer is unloaded at one door in one go; a door unloads one trailer at a time."},
			Items:  []string{"Trailer 101", "Trailer 102", "Trailer 103", "Trailer 104", "Trailer 105", "Trailer 106", "Trailer 107"},
			NItems: span{4, 5}, Bins: []string{"Door 1", "Door 2", "Door 3", "Door 4"}, NBins: span{2, 3},
			Sizes: span{1, 2}, Attrs: []string{"North Freight", "Swift Haul"},
			DayStart: 18 * 60, SlotMin: 30, Slots: span{5, 7},
			MoreItems: []string{"Trailer 108", "Trailer 109", "Trailer 110", "Trailer 111", "Trailer 112", "Trailer 113", "Trailer 114", "Trailer 115", "Trailer 116", "Trailer 117", "Trailer 118", "Trailer 119", "Trailer 120"}, MoreBins: []string{"Door 5", "Door 6"},
			Likely:  map[string]float64{unitDeadlines: 2, unitExclusive: 1.5, unitDeps: 1.5},
			Exclude: []string{unitAllAssigned},
		},
		{
			ID: "hazmat-segregation", Title: "hazmat segregation",
			Voc: Vocab{Item: "SKU", Items: "SKUs", Bin: "bay", Bins: "bays", Size: "pallets", Attr: "hazard class",
				Kind: "oxidisers", Cost: "walking metres", Priority: "picks per day",
				Intro: "You are placing dangerous goods in the bays of a chemical store. Give each SKU below one bay; a bay may hold several SKUs."},
			Items:  []string{"Bleach 5L", "Paint thinner", "Pool chlorine", "Lamp oil", "Drain cleaner", "Aerosol paint", "Lithium cells"},
			NItems: span{4, 6}, Bins: []string{"Bay 1", "Bay 2", "Flammables cage", "Corrosives bay"}, NBins: span{2, 3},
			Sizes: span{1, 3}, Attrs: []string{"flammable", "corrosive"}, Cost: span{5, 40},
			MoreItems: []string{"Caustic soda", "White spirit", "Hydrogen peroxide", "Acetone", "Lighter fluid", "Brake fluid", "Ammonia", "Oven cleaner", "Spray adhesive", "Methylated spirit", "Battery acid", "Weed killer", "Gas canisters", "Wood varnish", "Rust remover", "Fire lighters", "Limescale remover"}, MoreBins: []string{"Bay 3", "Bay 4", "Oxidisers cage", "Toxics bay"},
			Likely:  map[string]float64{unitTogether: 2.5, unitCompat: 2, unitInfeasible: 1.5},
			Exclude: []string{unitDeadlines, unitDeps},
		},
	}})
}

// introClaims are the phrases no intro above may say without the unit
// (see domains.IntroClaim): "even" teams are the balance goal.
var introClaims = domains.ClaimsOf(map[string][]string{
	unitBalance: {"even teams", "evenly"},
})

// The facts of the name pools (subtask.Facts, subtask.KindNames): what
// world knowledge says of a name, so that no item contradicts it (ice
// cream as "chilled", bleach as food, 10A Chemistry in key stage 3, a
// pendulum among the fume-hood practicals).

// yearRange is a range of year groups of byYear: the years up to last
// (after the ranges before it) have value.
type yearRange struct {
	last  int
	value string
}

// byYear maps each class of classes to the value of its year group (the
// number its name starts with): the value of the first of ranges whose
// last year it does not pass ({9, "KS3"} covers years up to 9).
func byYear(classes []string, ranges ...yearRange) map[string][]string {
	out := map[string][]string{}
	for _, c := range classes {
		var y int
		fmt.Sscanf(c, "%d", &y)
		for _, rg := range ranges {
			if y <= rg.last {
				out[c] = []string{rg.value}
				break
			}
		}
	}
	return out
}

// allClasses are the class pools of every level.
var allClasses = append(slices.Clone(classes), moreClasses...)

var (
	// keyStage: years 7–9 are key stage 3, 10–11 key stage 4, the sixth
	// form (12–13) key stage 5.
	keyStage = byYear(allClasses, yearRange{9, "KS3"}, yearRange{11, "KS4"}, yearRange{13, "KS5"})
	// schoolLevel: years 7–9 are the lower school, 10–13 the upper.
	schoolLevel = byYear(allClasses, yearRange{9, "lower school"}, yearRange{13, "upper school"})
	// examClasses are the classes on exam courses (GCSE in years 10–11,
	// A level in 12–13).
	examClasses = func() []string {
		var out []string
		for c, v := range schoolLevel {
			if v[0] == "upper school" {
				out = append(out, c)
			}
		}
		slices.Sort(out)
		return out
	}()
)

// subjectArea says whether a class's subject is STEM or humanities (the
// arts and languages counted with the humanities).
var subjectArea = func() map[string][]string {
	stem := []string{"Maths", "Science", "Physics", "Chemistry", "Biology", "Computing", "Further Maths"}
	out := map[string][]string{}
	for _, c := range allClasses {
		_, subject, _ := strings.Cut(c, " ")
		if slices.Contains(stem, subject) {
			out[c] = []string{"STEM"}
		} else {
			out[c] = []string{"humanities"}
		}
	}
	return out
}()

// facts builds a Facts table from value → names.
func facts(byValue map[string][]string) map[string][]string {
	out := map[string][]string{}
	for v, names := range byValue {
		for _, n := range names {
			out[n] = append(out[n], v)
		}
	}
	for _, vs := range out {
		slices.Sort(vs)
	}
	return out
}

var (
	// practicalHazard: practicals with flames, heated or corrosive
	// chemicals, toxic gases or blades are of high hazard.
	practicalHazard = facts(map[string][]string{
		"high": {"Titration", "Flame tests", "Dissection", "Electrolysis", "Rates of reaction", "Distillation", "Crystallisation", "Acid-base neutralisation"},
		"low":  {"Microscopy", "Circuits", "Pendulum", "Chromatography", "Osmosis", "Specific heat", "Hooke's law", "Enzyme activity", "Photosynthesis", "Ohm's law", "Density", "Food tests", "Refraction", "Respiration", "Magnetism", "Sound waves"},
	})
	fumeHood = []string{"Flame tests", "Electrolysis", "Distillation", "Rates of reaction", "Crystallisation"}

	jobTrade = facts(map[string][]string{
		"electrical": {"Replace lights", "Test alarms", "Service lift", "Check sprinklers"},
		"plumbing":   {"Boiler service", "Unblock drain", "Reseal shower", "Fix tap leak", "Fix radiator"},
		"general":    {"Fix door closer", "Gutter clean", "Paint stairwell", "Fix window latch", "Repair fence", "Clean vents", "Change filters", "Patch plaster", "Replace carpet tile", "Fit door stop", "Inspect roof"},
	})
	rooftop = []string{"Gutter clean", "Inspect roof", "Clean vents", "Change filters"}

	ticketArea = facts(map[string][]string{
		"backend":  {"API auth", "DB migration", "Search index", "Billing fix", "Load test", "Cache layer", "CSV export", "Email queue", "Rate limiter", "Audit log", "Refund flow", "Backup job", "Retry logic"},
		"frontend": {"Login page", "Docs update", "Signup flow", "Dark mode", "Push alerts", "Profile page", "Metrics board"},
	})

	// areaFloor: a lobby and a reception are on the ground floor, a roof
	// terrace on the upper one; the other areas may be on either.
	areaFloor = facts(map[string][]string{
		"ground floor": {"Lobby", "Reception"},
		"first floor":  {"Roof terrace"},
	})

	runPlace = facts(map[string][]string{
		"wet lab":         {"PCR batch", "Cell count", "Gel run", "ELISA", "Sequencing prep", "Western blot", "DNA extraction", "Cell culture", "qPCR plate", "Protein assay", "Autoclave load", "Media prep", "Buffer prep", "Titration run"},
		"instrument room": {"Mass spec", "Cell count", "ELISA", "Flow cytometry", "HPLC run", "qPCR plate", "Microscopy", "Spectrometry", "Plate reading"},
	})

	violent = []string{"Market Pl assault", "Harbour Rd stabbing"}

	// fireTerrain: a fire named after trees burns in forest, one named
	// after a meadow in grassland; the others may be in either.
	fireTerrain = facts(map[string][]string{
		"forest":    {"Pine Hollow fire", "Orchard fire", "Cedar fire", "Aspen fire", "Sawmill fire"},
		"grassland": {"Meadow fire"},
	})

	productGroup = facts(map[string][]string{
		"food":     {"Frozen peas", "Ice cream", "Rice 10kg", "Tea boxes", "Pasta 5kg", "Flour 16kg", "Cooking oil", "Dog food", "Canned tomatoes", "Coffee beans", "Sugar 25kg", "Bottled water", "Crisps", "Cereal"},
		"non-food": {"Bleach 5L", "Paint thinner", "Cement bags", "Batteries", "Nappies", "Toilet rolls", "Washing powder", "Light bulbs", "Charcoal", "Lawn feed"},
	})
	hazmatSKUs = []string{"Bleach 5L", "Paint thinner", "Batteries"}

	// temperatureClass: what is sold frozen is frozen, what is sold
	// chilled is chilled; fish, meat and fruit may be either.
	temperatureClass = facts(map[string][]string{
		"frozen":  {"Frozen peas", "Ice cream", "Fish fillets", "Chicken wings", "Berries", "Prawns", "Pizza bases", "Sausages", "Ice cubes", "Peas and carrots", "Salmon", "Chips", "Ready meals", "Duck", "Sorbet", "Spinach"},
		"chilled": {"Fish fillets", "Chicken wings", "Butter", "Cheese", "Yoghurt", "Berries", "Prawns", "Pizza bases", "Sausages", "Salmon", "Cream", "Milk", "Ham", "Lettuce", "Ready meals", "Duck", "Mozzarella", "Spinach"},
	})
	smelly = []string{"Fish fillets", "Cheese", "Prawns", "Salmon"}

	hazardClass = facts(map[string][]string{
		"flammable": {"Paint thinner", "Lamp oil", "Aerosol paint", "Lithium cells", "White spirit", "Acetone", "Lighter fluid", "Brake fluid", "Spray adhesive", "Methylated spirit", "Gas canisters", "Wood varnish", "Fire lighters"},
		"corrosive": {"Bleach 5L", "Pool chlorine", "Drain cleaner", "Caustic soda", "Hydrogen peroxide", "Ammonia", "Oven cleaner", "Battery acid", "Weed killer", "Rust remover", "Limescale remover"},
	})
	oxidisers = []string{"Bleach 5L", "Pool chlorine", "Hydrogen peroxide", "Weed killer"}
)

// The subtasks' facts, set once the tables above exist (a subtask and a
// table are each declared once, in their own place).
func init() {
	set := func(task, sub string, f map[string][]string, kind []string) {
		for _, t := range tasks {
			for k := range t.Subtasks {
				if t.ID == task && t.Subtasks[k].ID == sub {
					t.Subtasks[k].Facts, t.Subtasks[k].KindNames = f, kind
					return
				}
			}
		}
		panic("assign: no subtask " + task + "/" + sub)
	}
	set("educational-resource-planning", "classroom-allocation", keyStage, examClasses)
	set("educational-resource-planning", "teacher-assignment", schoolLevel, examClasses)
	set("educational-resource-planning", "equipment-booking", subjectArea, examClasses)
	set("educational-resource-planning", "lab-allocation", practicalHazard, fumeHood)
	set("work-assignment-scheduling", "maintenance-crew", jobTrade, rooftop)
	set("work-assignment-scheduling", "software-sprint", ticketArea, nil)
	set("work-assignment-scheduling", "cleaning-crew", areaFloor, nil)
	set("work-assignment-scheduling", "lab-technicians", runPlace, nil)
	set("emergency-planning", "city-ems-shift", nil, violent)
	set("emergency-planning", "wildfire-season", fireTerrain, nil)
	set("warehouse-planning", "peak-season-slotting", productGroup, hazmatSKUs)
	set("warehouse-planning", "cold-store-reorganisation", temperatureClass, smelly)
	set("warehouse-planning", "hazmat-segregation", hazardClass, oxidisers)
}
