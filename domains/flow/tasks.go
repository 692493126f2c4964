package flow

import "github.com/plancert/plancert/domains"

// The two tasks on the flow core. Networks have 5 to 8 places, horizons
// up to 7 steps and groups of at most 9, so that a person reads the prompt
// in a few minutes and the model is certified in milliseconds.

func same(o string) string      { return o }
func commuters(o string) string { return o + " commuters" }

func init() {
	evac := Vocab{Person: "person", People: "people", Group: "group", Groups: "groups", Link: "corridor", Links: "corridors",
		Junction: "junction", Exit: "exit", Exits: "exits", Step: "minute"}
	building := evac
	building.Junction = "stair landing"
	building.Intro = "A fire alarm has gone off in an office building. Plan the evacuation minute by minute: how many people from each floor area go down which stairs and corridors, and when, so that everyone is out through the exits."
	town := evac
	town.Person, town.People, town.Link, town.Links, town.Junction, town.Exit, town.Exits, town.Step = "family", "families", "road", "roads", "crossing", "shelter", "shelters", "step"
	town.Intro = "A river is about to flood. Families from the low districts must be moved by bus to the shelters on high ground; each step is ten minutes. Plan how many families from each district travel along which roads, and when."
	ward := evac
	ward.Person, ward.People = "patient", "patients"
	ward.Intro = "A hospital wing must be evacuated after a power failure. Patients are moved on beds and wheelchairs along corridors, ramps and lifts to the exits, where ambulances wait. Plan, minute by minute, how many patients from each ward move along which corridor and when."
	stadium := evac
	stadium.Person, stadium.People, stadium.Junction, stadium.Exit, stadium.Exits = "crowd block", "crowd blocks", "concourse", "gate", "gates"
	stadium.Link, stadium.Links = "passage", "passages"
	stadium.Intro = "A storm warning forces the stadium to be cleared. Fans leave in crowd blocks (one block is a hundred fans who walk together behind a steward). Plan, minute by minute, how many blocks from each stand go through which passages and gates, and when."
	school := evac
	school.Person, school.People, school.Group, school.Groups = "class", "classes", "year group", "year groups"
	school.Junction, school.Exit, school.Exits, school.Step = "hallway", "assembly point", "assembly points", "minute"
	school.Intro = "A gas leak is reported at a school during lessons. Classes leave with their teachers along the hallways and stairs to the assembly points in the playing fields. Plan, minute by minute, how many classes of each year group walk along which corridor, and when."

	register(&task{ID: "disaster-evacuation", Name: "Disaster Evacuation Planning", Family: domains.Emergency, Levels: &evacuationSpans, Subtasks: []subtask{
		{
			ID: "building-floors", Title: "building floors to exits", Voc: building, GroupOf: same,
			Origins:       []string{"Floor 2 offices", "Floor 3 east", "Floor 3 west", "Floor 4 lab"},
			Junctions:     []string{"Stair A landing", "Stair B landing", "Lobby"},
			Exits:         []string{"Main exit", "North exit", "Fire door"},
			MoreOrigins:   []string{"Floor 1 reception", "Floor 2 meeting rooms", "Floor 4 east", "Floor 5 offices", "Floor 5 canteen", "Basement archive"},
			MoreJunctions: []string{"Stair C landing", "Atrium", "Service stair landing", "Floor 1 corridor"},
			MoreExits:     []string{"Loading dock", "Car park door"},
			NGroups:       span{2, 3}, NJunction: span{1, 2}, NExits: span{2, 2},
			Size: span{2, 6}, Travel: span{1, 2}, LinkCap: span{2, 4}, ExitCap: span{2, 4}, Hold: span{0, 3},
			Always: []string{unitExitCap},
			Likely: map[string]float64{unitHold: 1.5, unitClosure: 1.5, unitBalance: 1.2, unitReplan: 1.5},
		},
		{
			ID: "town-districts", Title: "town districts to shelters", Voc: town, GroupOf: same,
			Origins:       []string{"Riverside", "Old Town", "Harbour", "Mill Lane"},
			Junctions:     []string{"Bridge Road", "Ring Road", "Market Square"},
			Exits:         []string{"School shelter", "Sports hall", "Hill church"},
			MoreOrigins:   []string{"Canal Street", "Low Meadow", "Station Quarter", "Brickfields", "Ferry Row", "Willow Bank"},
			MoreJunctions: []string{"Canal Bridge", "High Street", "Station Road", "Church Lane"},
			MoreExits:     []string{"Town hall", "Leisure centre"},
			NGroups:       span{2, 3}, NJunction: span{1, 2}, NExits: span{2, 2},
			Size: span{2, 6}, Travel: span{1, 2}, LinkCap: span{2, 4}, ExitCap: span{2, 4}, Hold: span{1, 3},
			Always: []string{unitExitCap},
			Likely: map[string]float64{unitVulnerable: 1.5, unitBalance: 1.5, unitWorst: 1.5},
		},
		{
			ID: "hospital-ward", Title: "hospital ward evacuation", Voc: ward, GroupOf: same,
			Origins:       []string{"Ward A", "Ward B", "ICU", "Maternity"},
			Junctions:     []string{"Lift lobby", "Ramp", "Corridor junction"},
			Exits:         []string{"Ambulance bay", "Main entrance"},
			MoreOrigins:   []string{"Ward C", "Ward D", "Children's ward", "Day surgery", "Cardiology", "Renal unit"},
			MoreJunctions: []string{"East corridor", "Service lift", "Atrium", "Link bridge"},
			MoreExits:     []string{"Rear entrance", "Outpatients door"},
			NGroups:       span{2, 3}, NJunction: span{1, 2}, NExits: span{2, 2},
			Size: span{2, 5}, Travel: span{1, 2}, LinkCap: span{1, 3}, ExitCap: span{1, 3}, Hold: span{0, 2},
			Always: []string{unitExitCap},
			Likely: map[string]float64{unitVulnerable: 3, unitClosure: 1.5},
		},
		{
			ID: "stadium-exit", Title: "stadium exit", Voc: stadium, GroupOf: same,
			Origins:       []string{"North stand", "South stand", "East stand", "West stand"},
			Junctions:     []string{"Concourse A", "Concourse B", "Tunnel"},
			Exits:         []string{"Gate 1", "Gate 2", "Gate 3"},
			MoreOrigins:   []string{"North upper tier", "South upper tier", "Family stand", "Away section", "Hospitality boxes", "Press box"},
			MoreJunctions: []string{"Concourse C", "Concourse D", "North tunnel", "Plaza"},
			MoreExits:     []string{"Gate 4", "Gate 5"},
			NGroups:       span{2, 3}, NJunction: span{1, 2}, NExits: span{2, 3},
			Size: span{2, 6}, Travel: span{1, 2}, LinkCap: span{2, 4}, ExitCap: span{2, 4}, Hold: span{1, 3},
			Always: []string{unitExitCap},
			Likely: map[string]float64{unitBalance: 3, unitHold: 1.5},
		},
		{
			ID: "school-campus", Title: "school classes to assembly points", Voc: school, GroupOf: same,
			Origins:       []string{"Year 7", "Year 8", "Year 9", "Year 10"},
			Junctions:     []string{"Science hallway", "Main stairs", "Canteen"},
			Exits:         []string{"Front field", "Back field", "Car park"},
			MoreOrigins:   []string{"Year 11", "Year 12", "Year 13", "Year 6"},
			MoreJunctions: []string{"Library hallway", "Sports hall corridor", "Art block stairs", "Music corridor"},
			MoreExits:     []string{"Tennis courts", "Staff car park"},
			NGroups:       span{2, 3}, NJunction: span{1, 2}, NExits: span{2, 2},
			Size: span{2, 5}, Travel: span{1, 2}, LinkCap: span{2, 3}, ExitCap: span{2, 4}, Hold: span{1, 3},
			Always: []string{unitExitCap},
			Likely: map[string]float64{unitVulnerable: 2, unitClosure: 1.5},
		},
	}})

	traffic := Vocab{Person: "platoon", People: "platoons", Group: "flow", Groups: "flows", Link: "road", Links: "roads",
		Junction: "intersection", Exit: "destination", Exits: "destinations", Step: "period"}
	peak := traffic
	peak.Intro = "It is the morning peak. Commuter traffic from the residential districts must reach its destinations through a small road grid; traffic is counted in platoons (ten cars that travel together) and time in five-minute periods. Plan how many platoons of each flow enter which road in which period."
	event := traffic
	event.Intro = "A concert closes part of the road grid this evening. Commuter traffic must be diverted around the closure; traffic is counted in platoons (ten cars that travel together) and time in five-minute periods. Plan how many platoons of each flow enter which road in which period."
	signal := traffic
	signal.Intro = "The traffic signals on the main roads run a two-period cycle, so a road's capacity can differ between even and odd periods. Traffic is counted in platoons (ten cars that travel together) and time in two-minute periods. Plan how many platoons of each flow enter which road in which period."
	corridor := traffic
	corridor.Intro = "An ambulance needs a clear road for a few periods, so one road is kept free of traffic while it passes. Traffic is counted in platoons (ten cars that travel together) and time in five-minute periods. Plan how many platoons of each flow enter which road in which period."
	districts := []string{"Northgate", "Eastfield", "Southbank", "Westend"}
	crossings := []string{"Central Cross", "Station Square", "Park Junction"}
	dests := []string{"Business Park", "Hospital", "University"}
	moreDistricts := []string{"Hillside", "Lakeview", "Old Quarter", "Brookside", "Millbrook", "Kingsmead"}
	moreCrossings := []string{"Ring Road Junction", "Market Cross", "Bridge Interchange", "Tower Roundabout"}
	moreDests := []string{"Airport", "Shopping Centre"}

	register(&task{ID: "urban-traffic", Name: "Urban Traffic Planning", Family: domains.Routing, Subtasks: []subtask{
		{
			ID: "commuter-peak", Title: "commuter flows through a road grid", Voc: peak, GroupOf: commuters,
			Origins: districts, Junctions: crossings, Exits: dests,
			MoreOrigins: moreDistricts, MoreJunctions: moreCrossings, MoreExits: moreDests,
			NGroups: span{2, 3}, NJunction: span{1, 2}, NExits: span{2, 2},
			Size: span{2, 6}, Travel: span{1, 2}, LinkCap: span{2, 4}, ExitCap: span{2, 4}, Hold: span{1, 3},
			Dest: true, Always: []string{unitArcCap},
			Likely:  map[string]float64{unitHold: 1.5, unitWorst: 1.5},
			Exclude: []string{unitVulnerable, unitBalance},
		},
		{
			ID: "event-diversion", Title: "diversion around an event closure", Voc: event, GroupOf: commuters,
			IntroOpen: "A concert is on this evening near a small road grid, and commuter traffic must reach its destinations through the grid. Traffic is counted in platoons (ten cars that travel together) and time in five-minute periods. Plan how many platoons of each flow enter which road in which period.",
			Origins:   districts, Junctions: crossings, Exits: dests,
			MoreOrigins: moreDistricts, MoreJunctions: moreCrossings, MoreExits: moreDests,
			NGroups: span{2, 3}, NJunction: span{1, 2}, NExits: span{2, 2},
			Size: span{2, 6}, Travel: span{1, 2}, LinkCap: span{2, 4}, ExitCap: span{2, 4}, Hold: span{1, 3},
			Dest: true, Always: []string{unitArcCap},
			Likely:  map[string]float64{unitClosure: 4, unitReplan: 2},
			Exclude: []string{unitVulnerable, unitBalance},
		},
		{
			ID: "signal-timing", Title: "signal-cycle road capacity", Voc: signal, GroupOf: commuters,
			Origins: districts, Junctions: crossings, Exits: dests,
			MoreOrigins: moreDistricts, MoreJunctions: moreCrossings, MoreExits: moreDests,
			NGroups: span{2, 3}, NJunction: span{1, 2}, NExits: span{2, 2},
			Size: span{2, 6}, Travel: span{1, 2}, LinkCap: span{1, 4}, Signal: true, ExitCap: span{2, 4}, Hold: span{1, 3},
			Dest: true, Always: []string{unitArcCap},
			Likely:  map[string]float64{unitHold: 2},
			Exclude: []string{unitVulnerable, unitBalance},
		},
		{
			ID: "emergency-corridor", Title: "emergency-vehicle corridor", Voc: corridor, GroupOf: commuters,
			IntroOpen: "Commuter traffic must reach its destinations through a small road grid that ambulances also use. Traffic is counted in platoons (ten cars that travel together) and time in five-minute periods. Plan how many platoons of each flow enter which road in which period.",
			Origins:   districts, Junctions: crossings, Exits: dests,
			MoreOrigins: moreDistricts, MoreJunctions: moreCrossings, MoreExits: moreDests,
			NGroups: span{2, 3}, NJunction: span{1, 2}, NExits: span{2, 2},
			Size: span{2, 6}, Travel: span{1, 2}, LinkCap: span{2, 4}, ExitCap: span{2, 4}, Hold: span{1, 3},
			Dest: true, Window: 2, Always: []string{unitArcCap},
			Likely:  map[string]float64{unitClosure: 4},
			Exclude: []string{unitVulnerable, unitBalance},
		},
	}})
}

// introClaims are the phrases of the intros above that tell of a unit's
// rule (see domains.IntroClaim): a closed road, or one kept free, only
// with a rule that closes one (the route-failure or the replanning unit;
// a subtask's IntroOpen is its intro without the closure).
var introClaims = []domains.IntroClaim{
	{Phrase: "close", Units: []string{unitClosure, unitReplan}},
	{Phrase: "kept free", Units: []string{unitClosure, unitReplan}},
	{Phrase: "clear road", Units: []string{unitClosure, unitReplan}},
	{Phrase: "more platoons through"}, // the two capacities of a signal road are drawn on their own
}
