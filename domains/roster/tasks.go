package roster

import "github.com/plancert/plancert/domains"

// The two tasks of the Shift and Workforce family on the roster core:
// Shift and Duty Scheduling (task 16) and Volunteer Scheduling (task 14).
// Sizes keep a prompt readable in a few minutes: 4–6 staff, 4–7 days,
// 2–3 shifts.

var week = []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}

var (
	threeShifts = []Shift{{"Early", "07:00–15:00"}, {"Late", "15:00–23:00"}, {"Night", "23:00–07:00"}}
	guardShifts = []Shift{{"Day", "06:00–14:00"}, {"Swing", "14:00–22:00"}, {"Night", "22:00–06:00"}}
)

func init() {
	register(&task{ID: "shift-duty-scheduling", Name: "Shift and Duty Scheduling", Subtasks: []subtask{
		{
			ID: "nurse-ward", Title: "nurse ward roster",
			Voc: Vocab{Person: "nurse", People: "nurses", Place: "the ward", Pay: "pay points",
				Intro: "You are drawing up next week's roster for the nurses of a small hospital ward. Give every nurse, on every day, one shift or a day Off."},
			Days: week, Weekend: []int{5, 6}, Shifts: threeShifts, Night: 2,
			Staff:  []string{"Ana", "Ben", "Chidi", "Dana", "Emil", "Farah", "Goran", "Hiro"},
			NStaff: span{5, 6}, Skill: "charge nurse", POff: 0.4,
			MoreStaff: []string{"Ines", "Jakob", "Kalani", "Lotte", "Malik", "Noor", "Olu", "Priya", "Ruth", "Soren", "Tamsin", "Uche"},
			Likely:    map[string]float64{unitQualification: 2, unitRest: 2, unitNightRest: 2, unitSickCall: 1.5},
		},
		{
			ID: "customer-service", Title: "customer-service duty",
			Voc: Vocab{Person: "agent", People: "agents", Place: "the help desk", Pay: "pay points",
				Intro: "You are planning next week's duty rota for a customer-service help desk open seven days a week. Give every agent, on every day, one duty or a day Off."},
			Days: week, Weekend: []int{5, 6}, Shifts: []Shift{{"Morning", "08:00–14:00"}, {"Evening", "14:00–20:00"}}, Night: -1,
			Staff:  []string{"Iris", "Jonas", "Kemal", "Lena", "Mateo", "Nadia", "Oskar"},
			NStaff: span{4, 5}, Skill: "billing", POff: 0.35,
			MoreStaff: []string{"Amira", "Bastian", "Chloe", "Darius", "Esme", "Felix", "Greta", "Hassan", "Ingrid", "Jamal", "Klara", "Luca", "Mei"},
			Likely:    map[string]float64{unitPreferences: 2, unitBalance: 2, unitWeekend: 2},
		},
		{
			ID: "holiday-rota", Title: "holiday rules",
			Voc: Vocab{Person: "carer", People: "carers", Place: "the care home", Pay: "pay points",
				Intro: "You are planning the rota of a care home for a week with a public holiday, whose demand is not yet certain. Give every carer, on every day, one shift or a day Off."},
			IntroPlain: "You are planning next week's rota of a care home. Give every carer, on every day, one shift or a day Off.",
			Days:       week, Weekend: []int{5, 6}, Shifts: threeShifts, Night: 2,
			Staff:  []string{"Pia", "Quentin", "Rosa", "Sami", "Tomas", "Ula", "Vera"},
			NStaff: span{5, 6}, Skill: "medication round", POff: 0.4,
			MoreStaff: []string{"Abel", "Bianca", "Cosmin", "Dorota", "Eitan", "Fiona", "Gustav", "Halima", "Igor", "Joanna", "Kwame", "Lidia", "Marek"},
			Likely:    map[string]float64{unitHoliday: 3, unitAvailability: 2, unitWeekend: 1.5},
		},
		{
			ID: "security-guards", Title: "security guard rota",
			Voc: Vocab{Person: "guard", People: "guards", Place: "the site", Pay: "pay points",
				Intro: "You are planning next week's rota for the security guards of an office campus. Give every guard, on every day, one shift or a day Off."},
			Days: week, Weekend: []int{5, 6}, Shifts: guardShifts, Night: 2,
			Staff:  []string{"Will", "Xena", "Yusuf", "Zoe", "Arjun", "Bea", "Cyril"},
			NStaff: span{4, 6}, Skill: "first aid", POff: 0.35,
			MoreStaff: []string{"Dmitri", "Esther", "Fabian", "Gloria", "Hamza", "Isla", "Jorge", "Keira", "Lamar", "Marta", "Nikolai", "Odette", "Pedro"},
			Likely:    map[string]float64{unitBackup: 2, unitConsecutive: 2, unitMaxShifts: 1.5},
		},
	}})

	register(&task{ID: "volunteer-scheduling", Name: "Volunteer Scheduling", Subtasks: []subtask{
		{
			ID: "food-bank", Title: "food bank week",
			Voc: Vocab{Person: "volunteer", People: "volunteers", Place: "the food bank", Pay: "travel allowance",
				Intro: "You are planning a week of volunteer posts at a food bank open Monday to Saturday. Give every volunteer, on every day, one post or a day Off."},
			Days: week[:6], Weekend: []int{5}, Shifts: []Shift{{"Sorting", "09:00–13:00"}, {"Distribution", "13:00–17:00"}}, Night: -1,
			Staff:  []string{"Alma", "Bruno", "Carla", "Dev", "Elif", "Finn", "Gina"},
			NStaff: span{4, 5}, Skill: "food hygiene", POff: 0.45,
			MoreStaff: []string{"Hugo", "Ilse", "Jonah", "Keiko", "Luis", "Marit", "Nour", "Otto", "Petra", "Rami", "Selin", "Theo", "Ursula"},
			Likely:    map[string]float64{unitQualification: 2, unitAvailability: 2, unitMaxShifts: 1.5},
		},
		{
			ID: "festival-stewards", Title: "festival stewards",
			Voc: Vocab{Person: "steward", People: "stewards", Place: "the festival", Pay: "meal vouchers",
				Intro: "You are rostering volunteer stewards for a four-day music festival. Give every steward, on every day, one shift or a day Off."},
			Days: []string{"Thu", "Fri", "Sat", "Sun"}, Weekend: []int{2, 3},
			Shifts: []Shift{{"Gates", "10:00–16:00"}, {"Arena", "16:00–22:00"}, {"Night", "22:00–04:00"}}, Night: 2,
			Staff:  []string{"Hana", "Ivo", "Jade", "Karl", "Lior", "Mina", "Nils"},
			NStaff: span{5, 6}, Skill: "first aid", POff: 0.3,
			MoreStaff: []string{"Olga", "Pablo", "Quincy", "Rania", "Sven", "Talia", "Umberto", "Vesna", "Wyatt", "Ximena", "Yosef", "Zara", "Arlo"},
			Likely:    map[string]float64{unitHoliday: 2, unitWeekend: 2, unitBackup: 1.5},
			Exclude:   []string{unitConsecutive},
		},
		{
			ID: "hotline", Title: "hotline volunteers",
			Voc: Vocab{Person: "volunteer", People: "volunteers", Place: "the helpline", Pay: "expense points",
				Intro: "You are rostering trained volunteers for a listening helpline that runs day and night. Give every volunteer, on every day, one shift or a day Off."},
			Days: week, Weekend: []int{5, 6}, Shifts: []Shift{{"Day", "08:00–16:00"}, {"Evening", "16:00–24:00"}, {"Night", "24:00–08:00"}}, Night: 2,
			Staff:  []string{"Omar", "Paula", "Quinn", "Ravi", "Sofia", "Tariq", "Uma"},
			NStaff: span{5, 6}, Skill: "crisis training", POff: 0.45,
			MoreStaff: []string{"Vanya", "Wendell", "Xiu", "Yasmin", "Zoltan", "Adele", "Bilal", "Carmen", "Dirk", "Eun-ji", "Florin", "Gaia", "Henrik"},
			Likely:    map[string]float64{unitQualification: 2.5, unitNightRest: 2, unitRest: 1.5},
		},
		{
			ID: "animal-shelter", Title: "animal shelter rotation",
			Voc: Vocab{Person: "volunteer", People: "volunteers", Place: "the shelter", Pay: "travel allowance",
				Intro: "You are planning next week's rota of volunteers at an animal shelter. Give every volunteer, on every day, one shift or a day Off."},
			Days: week, Weekend: []int{5, 6}, Shifts: []Shift{{"Morning", "07:00–12:00"}, {"Afternoon", "12:00–17:00"}}, Night: -1,
			Staff:  []string{"Vik", "Wanda", "Xavi", "Yara", "Zeno", "Aiko"},
			NStaff: span{4, 5}, Skill: "dog handling", POff: 0.4,
			MoreStaff: []string{"Bodhi", "Celeste", "Dagny", "Emeka", "Freya", "Gideon", "Hallie", "Ivan", "Juno", "Kasimir", "Leila", "Moritz", "Nia", "Orla"},
			Likely:    map[string]float64{unitBalance: 2, unitPreferences: 2, unitSickCall: 1.5},
		},
	}})
}

// introClaims are the phrases no intro above (nor longIntro) may say
// without the unit (see domains.IntroClaim): a public holiday whose
// demand is not yet certain is the holiday-demand rule; no intro tells of
// a peak of demand (the demand is drawn from the hidden roster, not
// shaped to a peak).
var introClaims = domains.ClaimsOf(map[string][]string{
	unitHoliday: {"public holiday", "not yet certain"},
	"":          {"peak"},
})
