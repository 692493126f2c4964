package scheduling

// more is what a subtask's name pools gain from level 2 on (levels.go),
// and the cool-down tags of the added activities. Level 1 never sees
// these names, so its draws stay as they were.
type more struct {
	Days, People, Rooms, Activities, Candidates []string
	Tags                                        map[string]string
}

// moreNames holds the added names by subtask ID.
var moreNames = map[string]more{
	// Meeting Planning.
	"cross-team": {
		Activities: []string{"M7 Security review", "M8 Sales pipeline", "M9 Onboarding plan", "M10 Pricing update"},
		Tags:       map[string]string{"M7 Security review": "product", "M8 Sales pipeline": "finance", "M9 Onboarding plan": "team", "M10 Pricing update": "finance"},
	},
	"interview-panel": {
		People:     []string{"Quinn", "Ravi", "Sofie"},
		Rooms:      []string{"Room D"},
		Activities: []string{"Interview Finley", "Interview Gray", "Interview Harper", "Interview Jordan", "Interview Kai"},
	},
	"board-series": {
		People:     []string{"Wanda", "Xavier", "Yara"},
		Rooms:      []string{"Garden room"},
		Activities: []string{"S7 Sustainability", "S8 Succession", "S9 Mergers", "S10 Cyber risk"},
		Tags:       map[string]string{"S7 Sustainability": "strategy", "S8 Succession": "governance", "S9 Mergers": "strategy", "S10 Cyber risk": "oversight"},
	},

	// Schedule Planning.
	"workday": {
		People:     []string{"Nadia", "Felix", "Ruth"},
		Rooms:      []string{"Meeting room"},
		Activities: []string{"Brand workshop", "Portfolio update", "Timesheets", "Print check"},
	},
	"errands": {
		People:     []string{"Oskar", "Pia", "Ada"},
		Rooms:      []string{"Bicycle"},
		Activities: []string{"Library returns", "Car wash", "Garden centre"},
	},
	"caregiving": {
		People:     []string{"Mei", "Tomasz", "Grace"},
		Rooms:      []string{"Car 4"},
		Activities: []string{"Visit Mr Green", "Visit Mrs Hughes", "Visit Mr Iqbal", "Visit Mrs Jones"},
	},
	"moving-day": {
		People:     []string{"Priya", "Sam", "Tariq"},
		Rooms:      []string{"Estate car"},
		Activities: []string{"Disassemble bed", "Pack kitchen", "Collect washing machine", "Clean old flat"},
	},

	// Course Timetabling.
	"school-week": {
		People:     []string{"9A", "9B", "10A"},
		Rooms:      []string{"Room 16"},
		Activities: []string{"Geography (Mr Haddad)", "Music (Ms Novak)", "PE (Mr Byrne)", "Computing (Ms Tan)"},
	},
	"university-sections": {
		People:     []string{"Dr Fischer", "Prof Gupta", "Dr Hoffman"},
		Rooms:      []string{"Seminar room 4"},
		Activities: []string{"STAT150 Section B", "PHYS110 Section B", "CS201 Section A", "MATH101 Section A"},
		Tags:       map[string]string{"STAT150 Section B": "STAT150", "PHYS110 Section B": "PHYS110", "CS201 Section A": "CS201", "MATH101 Section A": "MATH101"},
	},
	"lab-sessions": {
		People:     []string{"Mara", "Nils", "Oona"},
		Rooms:      []string{"Teaching lab D"},
		Activities: []string{"Chromatography", "Pendulum timing", "Enzyme kinetics", "Spectroscopy"},
		Tags:       map[string]string{"Chromatography": "chemistry", "Pendulum timing": "physics", "Enzyme kinetics": "biology", "Spectroscopy": "chemistry"},
	},

	// Exam Scheduling.
	"finals-week": {
		People:     []string{"Ms Moreau", "Mr Nakamura", "Mrs Olsen"},
		Rooms:      []string{"Room 102"},
		Activities: []string{"Physics", "History", "French", "Chemistry"},
		Tags:       map[string]string{"Physics": "science", "History": "humanities", "French": "languages", "Chemistry": "science"},
	},
	"no-clash": {
		People:     []string{"BSc Biochemistry", "BSc Neuroscience", "BSc Mathematics"},
		Rooms:      []string{"Sports hall"},
		Activities: []string{"Genetics", "Quantum mechanics", "Neuroanatomy", "Inorganic chemistry"},
		Tags:       map[string]string{"Genetics": "biology", "Quantum mechanics": "physics", "Neuroanatomy": "biology", "Inorganic chemistry": "chemistry"},
	},
	"daily-limit": {
		People:     []string{"Year 9", "Year 13 Science", "Year 13 Arts"},
		Rooms:      []string{"Sports hall"},
		Activities: []string{"Mock physics", "Mock French", "Mock geography", "Mock biology"},
		Tags:       map[string]string{"Mock physics": "STEM", "Mock French": "languages", "Mock geography": "humanities", "Mock biology": "STEM"},
	},
	"resits": {
		People:     []string{"Gita", "Hamza", "Ilse"},
		Rooms:      []string{"Room C4"},
		Activities: []string{"Statistics resit", "Marketing resit", "Programming resit", "Finance resit", "Tax law resit"},
	},

	// Email Scheduling.
	"drip-campaign": {
		People:     []string{"Free plan users", "Event attendees", "Partner referrals"},
		Rooms:      []string{"Mailer 4"},
		Activities: []string{"Tips and tricks", "Integration guide", "Trial ending", "Referral request"},
		Tags:       map[string]string{"Tips and tricks": "onboarding", "Integration guide": "product", "Trial ending": "requests", "Referral request": "requests"},
	},
	"send-windows": {
		People:     []string{"LATAM customers", "Middle East customers", "Nordic customers"},
		Rooms:      []string{"Server D"},
		Activities: []string{"Back in stock", "Order feedback", "Blog roundup", "Password reminder"},
		Tags:       map[string]string{"Back in stock": "sales", "Order feedback": "account", "Blog roundup": "content", "Password reminder": "account"},
	},
	"frequency-caps": {
		People:     []string{"High spenders", "Wishlist savers", "Newsletter only"},
		Rooms:      []string{"Mailer 4"},
		Activities: []string{"Spring sale extension", "Blog digest", "Store opening invite", "Member preview"},
		Tags:       map[string]string{"Spring sale extension": "spring sale", "Blog digest": "news", "Store opening invite": "events", "Member preview": "events"},
	},
	"launch-announcements": {
		People:     []string{"Resellers", "Investors", "Community forum"},
		Rooms:      []string{"Marketing sender"},
		Activities: []string{"Analyst briefing", "Reseller kit", "Migration guide", "Webinar invite", "Launch recap"},
	},

	// Content Scheduling.
	"social-calendar": {
		People:     []string{"Uma", "Tobias", "Sana"},
		Rooms:      []string{"Room D"},
		Activities: []string{"Film unboxing", "Design graphics", "Edit podcast", "Publish podcast"},
		Tags:       map[string]string{"Film unboxing": "production", "Design graphics": "editing", "Edit podcast": "editing", "Publish podcast": "publishing"},
	},
	"channel-caps": {
		People:     []string{"Pinterest", "Facebook", "Threads"},
		Rooms:      []string{"Careers account"},
		Activities: []string{"Product demo", "Staff pick", "Giveaway", "Event recap"},
		Tags:       map[string]string{"Product demo": "product", "Staff pick": "team", "Giveaway": "community", "Event recap": "community"},
	},
	"themed-days": {
		People:     []string{"Baker Tom", "Barista Ines", "Owner Kate"},
		Rooms:      []string{"Shorts"},
		Activities: []string{"Milk frothing tip", "Opening day photos", "Stretch at the counter", "Bean origin story"},
		Tags:       map[string]string{"Milk frothing tip": "tips", "Opening day photos": "throwback", "Stretch at the counter": "wellness", "Bean origin story": "throwback"},
	},
	"video-production": {
		People:     []string{"Femi", "Greta", "Hugo"},
		Rooms:      []string{"Studio D"},
		Activities: []string{"Location scout", "Film b-roll", "Sound mix", "Add captions"},
	},

	// Study Planning.
	"exam-prep": {
		People:     []string{"Sami", "Ella", "Noah"},
		Rooms:      []string{"Café corner"},
		Activities: []string{"Biology past paper", "Physics formula sheet", "French vocabulary drill", "Biology mind map"},
		Tags:       map[string]string{"Biology past paper": "biology", "Physics formula sheet": "physics", "French vocabulary drill": "French", "Biology mind map": "biology"},
	},
	"spacing": {
		People:     []string{"Aditi", "Ben", "Chiara"},
		Rooms:      []string{"Kitchen table"},
		Activities: []string{"Maths problem set", "History source analysis", "Chemistry flashcards", "Maths formula drill"},
		Tags:       map[string]string{"Maths problem set": "maths", "History source analysis": "history", "Chemistry flashcards": "chemistry", "Maths formula drill": "maths"},
	},
	"thesis-sprint": {
		People:     []string{"Mira", "Dr Sato", "Lukas"},
		Rooms:      []string{"Seminar room"},
		Activities: []string{"Make figures", "Write discussion", "Fix references", "Group feedback"},
	},
	"group-revision": {
		People:     []string{"Sana", "Tariq", "Tutor Wren"},
		Rooms:      []string{"Study room 3"},
		Activities: []string{"Mock exam debrief", "Source analysis", "Proof practice", "Timed essay", "Mechanics problems"},
		Tags:       map[string]string{"Source analysis": "history", "Proof practice": "maths", "Timed essay": "history", "Mechanics problems": "maths"},
	},

	// Fitness Planning.
	"weekly-split": {
		People:     []string{"Amara", "Luca", "Coach Ortiz"},
		Rooms:      []string{"Cable station"},
		Activities: []string{"Deadlift session", "Bench session", "Sled pushes", "Rowing intervals"},
	},
	"volume-goals": {
		People:     []string{"Maren", "Tomas", "Coach Adeyemi"},
		Rooms:      []string{"Forest trail"},
		Activities: []string{"Fartlek", "Threshold intervals", "Easy 8 km", "Progression run"},
		Tags:       map[string]string{"Fartlek": "hard", "Threshold intervals": "hard", "Progression run": "hard"},
	},
	"swim-squad": {
		People:     []string{"Leah", "Marco", "Coach Sato"},
		Rooms:      []string{"Lane 4"},
		Activities: []string{"Pull set", "Distance set", "Turns and starts", "Medley set"},
		Tags:       map[string]string{"Pull set": "freestyle", "Distance set": "freestyle", "Turns and starts": "butterfly", "Medley set": "backstroke"},
	},
	"rehab-week": {
		People:     []string{"Jamal", "Ollie", "Physio Ruiz"},
		Rooms:      []string{"Hydro pool"},
		Activities: []string{"Pool jogging", "Hamstring curls", "Calf raises", "Agility ladder"},
		Tags:       map[string]string{"Pool jogging": "knee", "Hamstring curls": "knee", "Calf raises": "ankle", "Agility ladder": "ankle"},
	},

	// Team-Building Event Planning.
	"offsite-day": {
		People:     []string{"Greta", "Hassan", "Ines"},
		Rooms:      []string{"Barn"},
		Activities: []string{"Cooking challenge", "Values session", "Treasure hunt", "Lightning talks"},
		Tags:       map[string]string{"Cooking challenge": "game", "Values session": "talk", "Treasure hunt": "game", "Lightning talks": "talk"},
	},
	"volunteering-day": {
		People:     []string{"Lina", "Mateus", "Noor"},
		Rooms:      []string{"Minibus D"},
		Activities: []string{"Park litter pick", "Animal shelter walk", "Reading buddies", "Community garden"},
	},
	"workshop-day": {
		People:     []string{"Sara", "Tomas", "Ugo"},
		Rooms:      []string{"Dune"},
		Activities: []string{"Data storytelling", "Conflict resolution", "Coaching basics", "Writing clearly"},
	},
	"sports-day": {
		People:     []string{"Ximena", "Yoshi", "Zofia"},
		Rooms:      []string{"Pitch 4"},
		Activities: []string{"Egg-and-spoon race", "Dodgeball", "Penalty shoot-out", "Frisbee relay"},
	},

	// IT System Maintenance Planning.
	"patch-night": {
		People:     []string{"Femi", "Gwen", "Hamid"},
		Rooms:      []string{"Rack D"},
		Activities: []string{"Patch database server", "Patch print server", "Update backup agent", "Patch domain controller"},
	},
	"db-migration": {
		People:     []string{"Jana", "Karim", "Lotte"},
		Rooms:      []string{"Backup host"},
		Activities: []string{"Rebuild indexes", "Update connection strings", "Smoke tests", "Archive old database"},
	},
	"network-upgrade": {
		People:     []string{"Olu", "Pavel", "Quinn"},
		Rooms:      []string{"Warehouse"},
		Activities: []string{"Upgrade access switches", "Replace VPN concentrator", "Update DNS servers", "Audit port security"},
	},
	"firmware-rollout": {
		People:     []string{"Sanjay", "Tove", "Ugo"},
		Rooms:      []string{"Hall D"},
		Activities: []string{"BIOS update rack 4", "RAID controller firmware", "Switch firmware rack 2", "UPS firmware"},
	},

	// Medical Resource Planning.
	"outpatient-clinic": {
		People:     []string{"Dr Wu", "Nurse Okoye", "Dr Silva"},
		Rooms:      []string{"Room 4"},
		Activities: []string{"Mrs Gill (migraine)", "Mr Hart (back pain)", "Ms Ivanova (thyroid)", "Mr Jha (new patient)"},
	},
	"theatre-list": {
		People:     []string{"Dr Kaur", "Ms Lowe", "Mr Mensah"},
		Rooms:      []string{"Theatre 4"},
		Activities: []string{"Tonsillectomy (Ms Vance)", "Carpal tunnel (Mr Wade)", "Shoulder repair (Mrs Xu)", "Varicose veins (Mr Young)"},
	},
	"imaging": {
		People:     []string{"Zara", "Anton", "Bea"},
		Rooms:      []string{"Scanner D"},
		Activities: []string{"CT abdomen (Mrs Gray)", "MRI brain (Mr Hill)", "X-ray wrist (Ms Ince)", "Ultrasound (Mr Jain)"},
	},
	"vaccination-clinic": {
		People:     []string{"Nurse Eder", "Nurse Fane", "Nurse Gomez"},
		Rooms:      []string{"Bay 4"},
		Activities: []string{"School staff", "Carers", "Over-65s", "Travel vaccines"},
	},

	// Recruitment Planning.
	"graduate-intake": {
		People:     []string{"Leona", "Marcus", "Nell"},
		Candidates: []string{"Farid"},
	},
	"engineering-loop": {
		People: []string{"Ulla", "Viktor", "Wei"},
	},
	"executive-search": {
		People:     []string{"Tom Ueda", "Vera Walsh", "Will Xu"},
		Candidates: []string{"Ms Dalby", "Mr Evers"},
	},
	"volume-hiring-day": {
		People:     []string{"Sam", "Tess", "Umar"},
		Candidates: []string{"Omar", "Pia"},
	},
	"campus-recruiting": {
		People:     []string{"Uma", "Vince", "Wanda"},
		Candidates: []string{"Rafael", "Sienna"},
	},
}
