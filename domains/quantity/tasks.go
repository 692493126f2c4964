package quantity

import "github.com/plancert/plancert/domains"

// The two tasks of the Allocation family on the quantity core. Sizes fit
// a prompt a person reads in a few minutes and a model certified in
// milliseconds.

var (
	weeks = []string{"Week 1", "Week 2", "Week 3", "Week 4", "Week 5"}
	days  = []string{"Mon", "Tue", "Wed", "Thu", "Fri"}
)

func init() {
	register(&task{ID: "material-allocation", Name: "Material Allocation", Family: domains.Allocation, Mode: ModeAllocation, Subtasks: []subtask{
		{
			ID: "vaccine-doses", Title: "vaccine doses to clinics",
			Voc: Vocab{Source: "depot", Sources: "depots", Sink: "clinic", Sinks: "clinics", Period: "week", Periods: "weeks",
				Goods: "boxes of doses", Good: "box of doses", Shipment: "shipment", Shipments: "shipments",
				Intro: "You are allocating scarce vaccine doses (counted in boxes) from regional depots to clinics. There is not enough for every clinic: decide how many boxes each depot sends to each clinic."},
			Periods: weeks, NPeriods: span{1, 1},
			Sources: []string{"North depot", "South depot", "Airport depot"}, NSources: span{2, 3},
			Sinks: []string{"Riverside clinic", "Hilltop clinic", "Old Town clinic", "Harbour clinic", "Mill Lane clinic"}, NSinks: span{3, 3},
			Supply: span{2, 6}, Demand: span{1, 5}, Cost: span{1, 3},
			LongPeriods: weeksLong, MoreSources: []string{"East depot", "West depot", "Port depot", "University depot"},
			MoreSinks: []string{"Station clinic", "Meadow clinic", "Canal clinic", "Parkside clinic", "Market clinic"},
			Likely:    map[string]float64{unitMinimum: 2, unitPriority: 2, unitFairness: 1.5, unitReserve: 1.5},
		},
		{
			ID: "food-bank", Title: "food bank stock to pantries",
			Voc: Vocab{Source: "warehouse", Sources: "warehouses", Sink: "pantry", Sinks: "pantries", Period: "week", Periods: "weeks",
				Goods: "crates", Good: "crate", Shipment: "delivery", Shipments: "deliveries",
				Intro: "You run the distribution of a food bank. Donated crates sit in a few warehouses, and the neighbourhood pantries have asked for more than there is. Decide how many crates each warehouse delivers to each pantry."},
			Periods: weeks, NPeriods: span{1, 1},
			Sources: []string{"Central warehouse", "East warehouse", "Church hall"}, NSources: span{2, 3},
			Sinks: []string{"Elm Street pantry", "Station pantry", "School pantry", "Market pantry"}, NSinks: span{3, 3},
			Supply: span{2, 6}, Demand: span{1, 5}, Cost: span{1, 3},
			LongPeriods: weeksLong, MoreSources: []string{"West warehouse", "Supermarket dock", "Community centre", "Mosque hall"},
			MoreSinks: []string{"Park Road pantry", "Library pantry", "Canal pantry", "Hillside pantry", "Chapel pantry"},
			Likely:    map[string]float64{unitFairness: 2.5, unitMinimum: 1.5, unitLanes: 1.5},
		},
		{
			ID: "spare-parts", Title: "spare parts to plants",
			Voc: Vocab{Source: "warehouse", Sources: "warehouses", Sink: "plant", Sinks: "plants", Period: "week", Periods: "weeks",
				Goods: "spare pumps", Good: "spare pump", Shipment: "transfer", Shipments: "transfers",
				Intro: "A supplier recall has left your company short of spare pumps. Decide how many pumps each warehouse transfers to each production plant."},
			Periods: weeks, NPeriods: span{1, 1},
			Sources: []string{"Main store", "Regional store", "Vendor consignment"}, NSources: span{2, 3},
			Sinks: []string{"Plant Alpha", "Plant Beta", "Plant Gamma", "Plant Delta"}, NSinks: span{3, 3},
			Supply: span{2, 6}, Demand: span{1, 5}, Cost: span{1, 3},
			LongPeriods: weeksLong, MoreSources: []string{"Northern depot", "Southern depot", "Repair shop", "Partner stock"},
			MoreSinks: []string{"Plant Epsilon", "Plant Zeta", "Plant Eta", "Plant Theta", "Plant Iota"},
			Likely:    map[string]float64{unitPriority: 2, unitMOQ: 2, unitBudget: 1.5, unitLead: 1.5},
		},
		{
			ID: "sandbags", Title: "sandbags to districts before a flood",
			Voc: Vocab{Source: "depot", Sources: "depots", Sink: "district", Sinks: "districts", Period: "day", Periods: "days",
				Goods: "pallets of sandbags", Good: "pallet of sandbags", Shipment: "truckload", Shipments: "truckloads",
				Intro: "A flood is forecast. Pallets of sandbags must go from the depots to the districts at risk, and there are not enough for all. Decide how many pallets each depot sends to each district."},
			Periods: days, NPeriods: span{1, 1},
			Sources: []string{"Quarry depot", "Council yard", "Army depot"}, NSources: span{2, 3},
			Sinks: []string{"Lowfield", "Riverbend", "Marsh End", "Bridge Street"}, NSinks: span{3, 3},
			Supply: span{2, 6}, Demand: span{1, 5}, Cost: span{1, 3},
			LongPeriods: daysLong, MoreSources: []string{"Fire station", "Builders' yard", "Farm store", "Rail depot"},
			MoreSinks: []string{"Low Street", "Ferry Lane", "Meadowside", "Old Wharf", "Canal End"},
			Likely:    map[string]float64{unitPriority: 2.5, unitReserve: 2, unitWorstCase: 1.5},
		},
	}})

	register(&task{ID: "procurement-planning", Name: "Procurement Planning", Family: domains.Allocation, Mode: ModeProcurement, Subtasks: []subtask{
		{
			ID: "restaurant-ingredients", Title: "restaurant ingredients",
			Voc: Vocab{Source: "supplier", Sources: "suppliers", Sink: "kitchen", Sinks: "kitchens", Period: "day", Periods: "days",
				Goods: "kg of flour", Good: "kg of flour", Shipment: "order", Shipments: "orders",
				Intro: "You buy flour for a restaurant kitchen for the coming days. Decide how much to order from which supplier on which day, so that every day's baking is covered at the least cost."},
			Periods: days, NPeriods: span{3, 4},
			Sources: []string{"Mill Co", "Baker Supply", "Farm Direct"}, NSources: span{2, 3},
			Sinks: []string{"Kitchen"}, NSinks: span{1, 1},
			Supply: span{2, 7}, Demand: span{1, 4}, Cost: span{1, 4}, Fee: span{2, 5}, Holding: span{1, 1},
			LongPeriods: daysLong, MoreSources: []string{"Stone Mill", "Organic Grain", "Cash and Carry", "Local Bakery"},
			Likely: map[string]float64{unitLead: 2, unitMOQ: 1.5, unitMinimum: 1.5},
		},
		{
			ID: "office-supplies", Title: "office supplies",
			Voc: Vocab{Source: "vendor", Sources: "vendors", Sink: "office", Sinks: "offices", Period: "week", Periods: "weeks",
				Goods: "boxes of paper", Good: "box of paper", Shipment: "order", Shipments: "orders",
				Intro: "You keep an office stocked with printer paper. Decide how many boxes to order from which vendor in which week, so that every week's use is covered at the least cost."},
			Periods: weeks, NPeriods: span{3, 4},
			Sources: []string{"OfficeMart", "PaperCo", "Wholesale Club"}, NSources: span{2, 3},
			Sinks: []string{"Office"}, NSinks: span{1, 1},
			Supply: span{2, 7}, Demand: span{1, 4}, Cost: span{1, 4}, Fee: span{1, 4}, Holding: span{1, 1},
			LongPeriods: weeksLong, MoreSources: []string{"Stationery World", "Print Direct", "EcoPaper", "Supply Hub"},
			Likely: map[string]float64{unitBudget: 2, unitMOQ: 2},
		},
		{
			ID: "hospital-consumables", Title: "hospital consumables",
			Voc: Vocab{Source: "supplier", Sources: "suppliers", Sink: "ward", Sinks: "wards", Period: "day", Periods: "days",
				Goods: "boxes of gloves", Good: "box of gloves", Shipment: "order", Shipments: "orders",
				Intro: "You order examination gloves for a hospital. Decide how many boxes to order from which supplier on which day, so that no day runs out, at the least cost."},
			Periods: days, NPeriods: span{3, 4},
			Sources: []string{"MedSupply", "CareDirect", "Pharma Hub"}, NSources: span{2, 3},
			Sinks: []string{"Ward"}, NSinks: span{1, 1},
			Supply: span{2, 7}, Demand: span{1, 4}, Cost: span{1, 4}, Fee: span{2, 5}, Holding: span{1, 1},
			LongPeriods: daysLong, MoreSources: []string{"GloveWorks", "Clinic Supply", "NHS Store", "SafeHands"},
			Likely: map[string]float64{unitMinimum: 2.5, unitReserve: 2, unitWorstCase: 1.5},
		},
		{
			ID: "construction-materials", Title: "construction materials",
			Voc: Vocab{Source: "supplier", Sources: "suppliers", Sink: "site", Sinks: "sites", Period: "week", Periods: "weeks",
				Goods: "pallets of bricks", Good: "pallet of bricks", Shipment: "order", Shipments: "orders",
				Intro: "You buy bricks for a building site. Decide how many pallets to order from which supplier in which week, so that every week's bricklaying is covered at the least cost."},
			Periods: weeks, NPeriods: span{3, 4},
			Sources: []string{"Brickworks", "BuildMart", "Reclaim Yard"}, NSources: span{2, 3},
			Sinks: []string{"Site"}, NSinks: span{1, 1},
			Supply: span{2, 7}, Demand: span{1, 4}, Cost: span{1, 4}, Fee: span{2, 6}, Holding: span{1, 2},
			LongPeriods: weeksLong, MoreSources: []string{"Clay Products", "Trade Depot", "Brick Direct", "Quarry Bricks"},
			Likely: map[string]float64{unitLead: 2, unitMinRun: 1.5, unitRamp: 1.5},
		},
	}})
}

// introClaims are the phrases no intro may say without the unit (see
// domains.IntroClaim): a route limit is the supply-limits rule (Vocab's
// intro writes the sentence only with it).
var introClaims = domains.ClaimsOf(map[string][]string{
	unitLanes: {"route limit"},
})
