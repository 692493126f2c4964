package production

import "github.com/plancert/plancert/domains"

// Task 25, Production Planning, on the shop core. Sizes keep a prompt
// readable and certification fast: 3–4 jobs on 3 machines, durations of
// 1–4 units.

func init() {
	register(&task{ID: "production-planning", Name: "Production Planning", Subtasks: []subtask{
		{
			ID: "bakery-batches", Title: "bakery batches on mixer, prover and oven",
			Voc: Vocab{Job: "batch", Jobs: "batches", Machine: "station", Unit: "quarter hour", Units: "quarter hours", Family: "dough type", Cost: "staling cost",
				Intro: "You are planning tonight's bake at a craft bakery. Every batch goes through the mixer, the prover and the oven, in that order, and each station handles one batch at a time."},
			Machines: []string{"Mixer", "Prover", "Oven"},
			Names:    []string{"Sourdough", "Rye", "Baguettes", "Brioche", "Croissants", "Focaccia"},
			Families: []string{"lean dough", "enriched dough", "laminated dough"},
			Flow:     true, NJobs: span{3, 4}, Dur: span{1, 4}, Change: 2,
			IntroAt:     "You are planning tonight's bake at a craft bakery. Every batch goes through %s, in that order, and each station handles one batch at a time.",
			MachinePool: []string{"Mixer", "Divider", "Prover", "Oven", "Cooling rack", "Slicer"},
			NamePool:    []string{"Sourdough", "Rye", "Baguettes", "Brioche", "Croissants", "Focaccia", "Ciabatta", "Pretzels", "Bagels", "Challah", "Danish", "Pain au chocolat", "Cinnamon rolls", "Spelt loaf", "Multigrain", "Sandwich loaf"},
			FamilyPool:  []string{"lean dough", "enriched dough", "laminated dough", "rye dough"},
			Likely:      map[string]float64{unitRelease: 1.5, unitDeadlines: 2, unitChangeovers: 1.5, unitBuffer: 1.5},
		},
		{
			ID: "print-shop", Title: "print shop jobs on prepress, press and finishing",
			Voc: Vocab{Job: "print job", Jobs: "print jobs", Machine: "machine", Unit: "hour", Units: "hours", Family: "ink set", Cost: "late-order penalty",
				Intro: "You are planning tomorrow's work at a print shop. Each print job has its own route through prepress, the press and the finishing line, and each machine runs one job at a time."},
			Machines: []string{"Prepress", "Press", "Finishing"},
			Names:    []string{"Flyers", "Posters", "Menus", "Catalogue", "Labels", "Invitations"},
			Families: []string{"CMYK", "spot colour", "metallic"},
			NJobs:    span{3, 4}, Dur: span{1, 4}, Change: 1,
			IntroAt:     "You are planning tomorrow's work at a print shop. Each print job has its own route through %s, and each machine runs one job at a time.",
			MachinePool: []string{"Prepress", "Press", "Laminator", "Cutter", "Finishing", "Binder"},
			NamePool:    []string{"Flyers", "Posters", "Menus", "Catalogue", "Labels", "Invitations", "Brochures", "Business cards", "Banners", "Calendars", "Booklets", "Postcards", "Letterheads", "Stickers", "Magazines", "Packaging"},
			FamilyPool:  []string{"CMYK", "spot colour", "metallic", "fluorescent"},
			Likely:      map[string]float64{unitTardiness: 2, unitChangeovers: 1.5, unitDelay: 1.5},
		},
		{
			ID: "metal-workshop", Title: "metal workshop job shop",
			Voc: Vocab{Job: "order", Jobs: "orders", Machine: "machine", Unit: "hour", Units: "hours", Family: "material", Cost: "holding cost",
				Intro: "You are sequencing the orders of a small metal workshop for one shift. Each order visits the lathe, the mill and the drill in its own order, and each machine works on one order at a time."},
			Machines: []string{"Lathe", "Mill", "Drill"},
			Names:    []string{"Shaft", "Bracket", "Gear", "Flange", "Hinge", "Bushing"},
			Families: []string{"steel", "aluminium", "brass"},
			NJobs:    span{3, 4}, Dur: span{1, 4}, Change: -1,
			IntroAt:     "You are sequencing the orders of a small metal workshop for one shift. Each order visits %s in its own order, and each machine works on one order at a time.",
			MachinePool: []string{"Saw", "Lathe", "Mill", "Drill", "Grinder", "Welding bay"},
			NamePool:    []string{"Shaft", "Bracket", "Gear", "Flange", "Hinge", "Bushing", "Axle", "Pulley", "Coupling", "Sprocket", "Housing", "Spacer", "Valve body", "Piston", "Clamp", "Manifold"},
			FamilyPool:  []string{"steel", "aluminium", "brass", "titanium"},
			Likely:      map[string]float64{unitMaintenance: 2, unitDelay: 1.5, unitBuffer: 1.5, unitInfeasible: 1.5},
		},
		{
			ID: "bottling-line", Title: "bottling line flow shop with flavour changeovers",
			Voc: Vocab{Job: "run", Jobs: "runs", Machine: "station", Unit: "half hour", Units: "half hours", Family: "flavour group", Cost: "storage cost",
				Intro: "You are planning the day's production runs on a bottling line. Every run goes through the mixing tank, the filler and the capper, in that order; each station handles one run at a time."},
			Machines: []string{"Mixing tank", "Filler", "Capper"},
			Names:    []string{"Lemon", "Cola", "Orange", "Cherry", "Ginger", "Apple"},
			Families: []string{"citrus", "cola", "berry"},
			Flow:     true, NJobs: span{3, 4}, Dur: span{1, 4}, Change: 1,
			IntroAt:     "You are planning the day's production runs on a bottling line. Every run goes through %s, in that order; each station handles one run at a time.",
			MachinePool: []string{"Mixing tank", "Filler", "Capper", "Labeller", "Case packer", "Palletiser"},
			NamePool:    []string{"Lemon", "Cola", "Orange", "Cherry", "Ginger", "Apple", "Lime", "Grapefruit", "Raspberry", "Blackcurrant", "Mango", "Peach", "Elderflower", "Root beer", "Tonic", "Cream soda"},
			FamilyPool:  []string{"citrus", "cola", "berry", "tropical"},
			Likely:      map[string]float64{unitChangeovers: 3, unitCost: 2, unitMaintenance: 1.5},
		},
	}})
}

// introClaims are the phrases no intro above may say without the unit
// (see domains.IntroClaim): a filler rinsed between flavours is the
// changeover rule, which the bottling line draws often but not always.
var introClaims = domains.ClaimsOf(map[string][]string{
	unitChangeovers: {"rinsed", "changeover"},
})
