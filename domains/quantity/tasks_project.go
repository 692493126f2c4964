package quantity

import (
	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/prose"
)

// The two tasks of the Project & Production family on the quantity core:
// Financial Budgeting (a budget split among line items, a bounded
// knapsack: mode allocation) and Power Dispatch Planning (generation
// levels per period meeting demand, with a battery: mode procurement).
// Each intro states how the core's words read in its story.

var (
	quarters = []string{"Q1", "Q2", "Q3", "Q4"}
	months   = []string{"January", "February", "March"}
	years    = []string{"2027", "2028", "2029"}
	blocks   = []string{"00:00", "04:00", "08:00", "12:00", "16:00", "20:00"}
	hours    = []string{"Hour 1", "Hour 2", "Hour 3", "Hour 4", "Hour 5"}
)

// budgetVocab is the vocabulary of a budgeting subtask: funds (sources)
// grant amounts to items (sinks). Its intro says how the core's words
// read in the story; with one period it does not speak of periods (a
// supply "per month" in a plan of one month, a starting stock, which
// only a plan of several periods has).
func budgetVocab(source, sources, sink, sinks, period, periods, goods, good, intro string) Vocab {
	v := Vocab{Source: source, Sources: sources, Sink: sink, Sinks: sinks, Period: period, Periods: periods,
		Goods: goods, Good: good, Shipment: "grant", Shipments: "grants"}
	v.intro = func(multi, _ bool) string {
		supply := "what it can grant"
		if multi {
			supply += " (per " + period + ")"
		}
		s := intro + " Here a " + source + " \"sends\" money to " + prose.An(sink) + " by a grant; a " + source + "'s supply is " + supply + ", and " + prose.An(sink) + "'s demand is the amount it asked for, the most it may receive. A shortfall is the part of a request left unfunded, and its weight is the value of each " + good + " of that " + sink + ", so the weighted shortfall is the value left unfunded. The cost per " + good + " is the handling charge of the " + source + " for that " + sink + ". A route is a pair of " + source + " and " + sink
		if multi {
			s += "; a starting stock, if any, is money " + prose.An(sink) + " already holds, which counts toward its first " + period + "'s demand"
		}
		return s + "."
	}
	v.Intro = v.intro(true, true)
	return v
}

// powerVocab is the vocabulary of a dispatch subtask: generators
// (sources) produce energy for one load (the sink) with a battery. Its
// intro speaks of route limits only when the lane unit draws them.
func powerVocab(source, sources, sink, period, periods, intro string) Vocab {
	v := Vocab{Source: source, Sources: sources, Sink: sink, Sinks: sink + "s", Period: period, Periods: periods,
		Goods: "MWh", Good: "MWh", Shipment: "dispatch", Shipments: "dispatches"}
	v.intro = func(_, lanes bool) string {
		s := intro + " " + prose.Capital(prose.An(source)) + " \"sends\" energy to the " + sink + "; its supply in " + prose.An(period) + " is the most it can produce then. A dispatch is what one " + source + " produces in one " + period + ", and a dispatch with a positive quantity pays the " + source + "'s fee (its fixed running cost for that " + period + "). Energy produced beyond " + prose.An(period) + "'s demand charges the battery: the battery's charge is the stock, its capacity the storage, and the holding cost is the battery's wear per MWh held at the end of " + prose.An(period) + "."
		if lanes {
			s += " A route is the line from " + prose.An(source) + " to the " + sink + "; a route limit caps a single dispatch."
		}
		return s
	}
	v.Intro = v.intro(true, true)
	return v
}

func init() {
	register(&task{ID: "financial-budgeting", Name: "Financial Budgeting", Family: domains.Project, Mode: ModeAllocation,
		Extra: []string{unitContingency, unitWhole}, Drop: []string{unitLead, unitMinRun},
		Subtasks: []subtask{
			{
				ID: "department-budget", Title: "department budget over quarters",
				Voc: budgetVocab("budget line", "budget lines", "line item", "line items", "quarter", "quarters", "k€", "k€",
					"You split a department's budget among its line items for the coming quarters. The requests add up to more than the budget lines hold: decide how much each budget line grants to each line item."),
				Periods: quarters, NPeriods: span{1, 2},
				Sources: []string{"Operating budget", "Training fund", "Innovation fund"}, NSources: span{2, 3},
				Sinks: []string{"Software licences", "Travel", "Training", "Equipment", "Contractors"}, NSinks: span{3, 3},
				Supply: span{2, 6}, Demand: span{1, 5}, Cost: span{1, 3},
				LongPeriods: quartersLong, MoreSources: []string{"Travel fund", "Equipment fund", "Carry-over", "Central reserve"},
				MoreSinks: []string{"Conferences", "Office furniture", "Cloud services", "Recruitment", "Team events"},
				Likely:    map[string]float64{unitPriority: 2, unitContingency: 2, unitRamp: 1.5},
			},
			{
				ID: "grant-portfolio", Title: "grant portfolio of a foundation",
				Voc: budgetVocab("funder", "funders", "project", "projects", "year", "years", "k€", "k€",
					"A community foundation pools money from several funders and must decide which projects to back and by how much. The projects ask for more than there is."),
				Periods: years, NPeriods: span{1, 1},
				Sources: []string{"City foundation", "Arts council", "Corporate sponsor"}, NSources: span{2, 3},
				Sinks: []string{"Youth theatre", "Library outreach", "Mural project", "Music school"}, NSinks: span{3, 3},
				Supply: span{2, 6}, Demand: span{1, 5}, Cost: span{1, 3},
				LongPeriods: yearsLong, MoreSources: []string{"Heritage trust", "Lottery fund", "Local council", "Private donor"},
				MoreSinks: []string{"Food garden", "Senior club", "Film festival", "Sports league", "Reading circle"},
				Likely:    map[string]float64{unitReserve: 2, unitMinimum: 2, unitLanes: 1.5, unitWhole: 1.5},
			},
			{
				ID: "capital-projects", Title: "capital projects of a school district",
				Voc: budgetVocab("source of capital", "sources of capital", "capital project", "capital projects", "year", "years", "k€", "k€",
					"A school district plans its capital spending. Each capital project has a cost it asks for in each year; the sources of capital cannot pay for all of them."),
				Periods: years, NPeriods: span{1, 2},
				Sources: []string{"Capital reserve", "Bond issue", "State grant"}, NSources: span{2, 3},
				Sinks: []string{"Roof repair", "New boiler", "Car park", "Solar panels", "IT upgrade"}, NSinks: span{3, 3},
				Supply: span{2, 6}, Demand: span{1, 5}, Cost: span{1, 3},
				LongPeriods: yearsLong, MoreSources: []string{"Lease income", "Energy grant", "Parent association", "Council loan"},
				MoreSinks: []string{"Playground", "Sports hall floor", "Windows", "Science labs", "Ramps and lifts"},
				Likely:    map[string]float64{unitWhole: 3, unitPriority: 1.5, unitMOQ: 1.5},
			},
			{
				ID: "marketing-mix", Title: "marketing mix across channels",
				Voc: budgetVocab("budget", "budgets", "channel", "channels", "month", "months", "k€", "k€",
					"You split the marketing budgets of a product launch across channels. Each channel's team asked for more than the budgets hold."),
				Periods: months, NPeriods: span{1, 1},
				Sources: []string{"Brand budget", "Product budget", "Partner co-funding"}, NSources: span{2, 3},
				Sinks: []string{"Search ads", "Social media", "Trade shows", "Email", "Print"}, NSinks: span{3, 3},
				Supply: span{2, 6}, Demand: span{1, 5}, Cost: span{1, 3},
				LongPeriods: monthsLong, MoreSources: []string{"Regional budget", "Events budget", "Digital budget", "Retail co-op"},
				MoreSinks: []string{"Radio", "Influencers", "Outdoor posters", "Sponsorship", "Video ads"},
				Likely:    map[string]float64{unitFairness: 2.5, unitLanes: 2, unitBudget: 1.5},
			},
			{
				ID: "household-budget", Title: "household budget for the coming months",
				Voc: budgetVocab("money pot", "money pots", "expense", "expenses", "month", "months", "blocks of €50", "block of €50",
					"A household plans its spending for the coming months, counted in blocks of €50. The wished-for expenses add up to more than its money pots hold."),
				Periods: months, NPeriods: span{1, 2},
				Sources: []string{"Pay cheque", "Savings pot", "Bonus"}, NSources: span{2, 3},
				Sinks: []string{"Groceries", "Repairs", "Holiday", "Car service", "Gifts"}, NSinks: span{3, 3},
				Supply: span{2, 6}, Demand: span{1, 5}, Cost: span{1, 2},
				LongPeriods: monthsLong, MoreSources: []string{"Side job", "Tax refund", "Gift money", "Child benefit"},
				MoreSinks: []string{"Rent top-up", "School trip", "Dentist", "New bike", "Garden"},
				Likely:    map[string]float64{unitContingency: 2.5, unitPriority: 2, unitWhole: 1.5, unitMinimum: 1.5},
			},
		}})

	register(&task{ID: "power-dispatch", Name: "Power Dispatch Planning", Family: domains.Project, Mode: ModeProcurement, Levels: &dispatchSpans,
		Extra: []string{unitMinDown, unitCritical}, Drop: []string{unitLead, unitReserve},
		Subtasks: []subtask{
			{
				ID: "microgrid-day", Title: "a microgrid over one day",
				Voc: powerVocab("generator", "generators", "microgrid", "block", "blocks",
					"You schedule the generators of a village microgrid (wind and fuel) for the coming day, in blocks of four hours named by their start."),
				Periods: blocks, NPeriods: span{3, 4},
				Sources: []string{"Wind turbine", "Diesel genset", "Gas microturbine"}, NSources: span{2, 3},
				Sinks: []string{"Microgrid"}, NSinks: span{1, 1},
				Supply: span{2, 7}, Demand: span{1, 4}, Cost: span{1, 4}, Fee: span{1, 4}, Holding: span{1, 1}, Peak: 3,
				LongPeriods: blocksLong, MoreSources: []string{"Solar array", "Hydro turbine", "Biogas engine", "Backup diesel"},
				Likely: map[string]float64{unitRamp: 2, unitMinRun: 1.5, unitCritical: 1.5},
			},
			{
				ID: "campus-plant", Title: "a campus power plant",
				Voc: powerVocab("unit", "units", "campus", "hour", "hours",
					"You plan the output of a university campus power plant hour by hour."),
				Periods: hours, NPeriods: span{3, 4},
				Sources: []string{"CHP unit", "Gas turbine", "Grid import"}, NSources: span{2, 3},
				Sinks: []string{"Campus"}, NSinks: span{1, 1},
				Supply: span{2, 7}, Demand: span{1, 4}, Cost: span{1, 4}, Fee: span{2, 5}, Holding: span{1, 1}, Peak: 3,
				LongPeriods: hoursLong, MoreSources: []string{"Boiler turbine", "Solar field", "Fuel cell", "Standby diesel"},
				Likely: map[string]float64{unitMinDown: 2, unitBudget: 1.5, unitMOQ: 1.5},
			},
			{
				ID: "island-grid", Title: "an island grid",
				Voc: powerVocab("plant", "plants", "island grid", "block", "blocks",
					"You dispatch the power plants of a small island grid for the coming day, in blocks of four hours named by their start."),
				Periods: blocks, NPeriods: span{3, 4},
				Sources: []string{"Diesel 1", "Diesel 2", "Wind farm"}, NSources: span{2, 3},
				Sinks: []string{"Island grid"}, NSinks: span{1, 1},
				Supply: span{2, 7}, Demand: span{1, 4}, Cost: span{1, 4}, Fee: span{2, 5}, Holding: span{1, 1}, Peak: 3,
				LongPeriods: blocksLong, MoreSources: []string{"Diesel 3", "Solar park", "Tidal unit", "Gas turbine"},
				Likely: map[string]float64{unitCritical: 2.5, unitRamp: 1.5, unitWorstCase: 1.5},
			},
			{
				ID: "hospital-backup", Title: "hospital backup generation during a grid outage",
				Voc: powerVocab("generator", "generators", "hospital", "hour", "hours",
					"The grid supplying a hospital is down for the next hours. You plan how much each backup generator produces in each hour."),
				Periods: hours, NPeriods: span{3, 4},
				Sources: []string{"Generator A", "Generator B", "Generator C"}, NSources: span{2, 3},
				Sinks: []string{"Hospital"}, NSinks: span{1, 1},
				Supply: span{2, 7}, Demand: span{1, 4}, Cost: span{1, 4}, Fee: span{1, 3}, Holding: span{1, 1}, Peak: 2,
				LongPeriods: hoursLong, MoreSources: []string{"Generator D", "Generator E", "Battery trailer", "Hired unit"},
				Likely: map[string]float64{unitCritical: 3, unitMinimum: 2, unitSelfCheck: 1.5},
			},
			{
				ID: "festival-site", Title: "temporary generators of a festival site",
				Voc: powerVocab("generator", "generators", "festival site", "block", "blocks",
					"You plan the temporary generators of an open-air festival from noon into the night, in blocks of four hours named by their start."),
				Periods: []string{"12:00", "16:00", "20:00", "00:00"}, NPeriods: span{3, 4},
				Sources: []string{"Stage genset", "Catering genset", "Hired genset"}, NSources: span{2, 3},
				Sinks: []string{"Festival site"}, NSinks: span{1, 1},
				Supply: span{2, 7}, Demand: span{1, 4}, Cost: span{1, 4}, Fee: span{1, 4}, Holding: span{1, 1}, Peak: 3,
				LongPeriods: festivalLong, MoreSources: []string{"Solar trailer", "Spare genset", "Bar genset", "Lighting genset"},
				Likely: map[string]float64{unitBudget: 2, unitMOQ: 1.5, unitRecovery: 1.5, unitMinRun: 1.5},
			},
		}})
}
