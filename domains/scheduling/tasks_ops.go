package scheduling

import (
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
)

// Two tasks of other families on the agenda core:
//
//   - IT System Maintenance Planning (Project & Production, task 29):
//     maintenance jobs (patching, database migration, network and
//     firmware work) in maintenance windows (the day × slot grid), done by
//     engineers (the people) on racks, hosts or sites (the rooms, one job
//     at a time each). Dependencies are the chain-order unit, rollback
//     buffers the buffer unit, services that must not be down together
//     the mutual-exclusion unit (units_apart.go), a change freeze the
//     deadline unit; the key-person change, backup slots and the room
//     failure are the pool's.
//   - Medical Resource Planning (Emergency & Public Service, task 31):
//     patients' appointments and procedures with doctors, nurses and
//     radiographers (the people) in consulting rooms, theatres, scanners
//     and bays (the rooms). A patient's priority is their urgency and
//     weights the end of their appointment in the goal, and the
//     priority-order unit (likely in the clinic and imaging skins) has
//     no patient start after a less urgent one; waiting-time targets are
//     the deadline unit; a room
//     failure (a scanner breaks down), minimum-disruption rescheduling
//     (replanning) and backups are the pool's.
//
// Both exclude cooldown (activities carry no tags), required-role (its
// role words are meeting roles: note-taker, chair, host) and split (a job
// or a procedure is not done in two parts); only the outpatient and
// vaccination skins may shorten an activity (min-duration) or have
// confidential ones (private rooms); the medical skins have no time
// zones; and none draws the
// recruitment skins' chain-days unit. As in every task of the package,
// the people are named, not interchangeable staff: two plans are the same
// plan when every job or appointment has the same day, start and room.

// opsExclude are the units the IT maintenance and medical skins never
// draw; the lists below add those that make no sense for some skins.
var opsExclude = []string{unitCooldown, unitRequiredRole, unitSplit}

// maintExclude: jobs are not shortened (min-duration), and a rack, host,
// site or hall is not a private room (confidential).
var maintExclude = append(slices.Clone(opsExclude), unitMinDuration, unitConfidential)

// medExclude: clinicians work on site, in the schedule's time
// (time-zones).
var medExclude = append(slices.Clone(opsExclude), unitTimeZones)

// medFixedExclude: medExclude, and operations and scans are not shortened
// and need no private theatre or scanner.
var medFixedExclude = append(slices.Clone(medExclude), unitMinDuration, unitConfidential)

// maintVoc is the vocabulary of the IT maintenance skins.
func maintVoc(room, rooms, intro string) Vocab {
	return Vocab{Activity: "job", Activities: "jobs", Room: room, Rooms: rooms, People: "engineers",
		Intro: intro, Person: "engineer", Attendees: "engineers", With: "done by",
		Seat: "place", Seats: "places",
		Apart: "they take down services that must not be down at the same time", Deadline: "change-freeze deadline"}
}

// maintPriority is the intro's sentence on priorities, shared by the IT skins.
const maintPriority = " A job's priority says how urgent it is: 3 for a security fix or an end-of-support deadline, 1 for routine upkeep."

func init() {
	register(&task{ID: "it-maintenance", Name: "IT System Maintenance Planning", Family: domains.Project, Subtasks: []subtask{
		{
			ID: "patch-night", Title: "quarterly patch night",
			Voc: maintVoc("rack", "racks", "You are planning the quarterly patch nights of a company's server room. Each job is done by the engineers listed with it at one rack's console, which serves one job at a time."+
				maintPriority+" Schedule every job below."),
			Days: []string{"Tue night", "Wed night", "Thu night"}, NDays: span{1, 2}, DayStart: 19 * 60, SlotMin: 30, Slots: span{6, 8},
			People: []string{"Asha", "Bjorn", "Carla", "Deepak", "Elena"}, NPeople: span{3, 4},
			Rooms: []string{"Rack A", "Rack B", "Rack C"}, NRooms: span{2, 3},
			Activities: []string{"Patch web servers", "Patch mail server", "Patch VPN gateway", "Patch file server", "Reboot hypervisor", "Update antivirus"},
			NActs:      span{3, 5}, Duration: span{1, 2}, Attendees: span{1, 2},
			Likely:    map[string]float64{unitApart: 3, unitChain: 2, unitBuffer: 2, unitAvailability: 1.5, unitDeadline: 1.2},
			Equipment: []string{"serial console", "KVM switch"},
			Exclude:   maintExclude,
		},
		{
			ID: "db-migration", Title: "database migration weekend",
			Voc: maintVoc("host", "hosts", "You are planning a weekend database migration. Each job is done by the engineers listed with it on one host, which runs one job at a time."+
				maintPriority+" Schedule every job below."),
			Days: weekend, NDays: span{1, 2}, DayStart: 8 * 60, SlotMin: 60, Slots: span{6, 8},
			People: []string{"Farid", "Greta", "Hiro", "Ines"}, NPeople: span{3, 4},
			Rooms: []string{"Primary DB host", "Replica host", "Migration host"}, NRooms: span{2, 3},
			Activities: []string{"Freeze writes", "Snapshot database", "Migrate schema", "Copy data", "Verify checksums", "Switch traffic"},
			NActs:      span{3, 5}, Duration: span{1, 2}, Attendees: span{1, 2},
			Likely:    map[string]float64{unitChain: 3, unitBuffer: 2, unitApart: 2, unitKeyPerson: 1.3, unitBackupSlots: 1.3},
			Equipment: []string{"fast storage", "replication link"},
			Exclude:   maintExclude,
		},
		{
			ID: "network-upgrade", Title: "network upgrade",
			Voc: maintVoc("site", "sites", "You are planning a network upgrade across a company's sites. Each job is done by the engineers listed with it at one site, where one job at a time can be worked on."+
				maintPriority+" Schedule every job below."),
			Days: weekend, NDays: span{1, 2}, DayStart: 7 * 60, SlotMin: 60, Slots: span{6, 8},
			People: []string{"Jonas", "Kavya", "Luis", "Mei", "Nadia"}, NPeople: span{3, 5},
			Rooms: []string{"Head office", "Data centre", "Branch office"}, NRooms: span{2, 3},
			Activities: []string{"Upgrade core switch", "Upgrade edge router", "Replace firewall", "Update Wi-Fi controllers", "Re-cable patch panel", "Test failover"},
			NActs:      span{3, 5}, Duration: span{1, 2}, Attendees: span{1, 2},
			Likely:    map[string]float64{unitApart: 2.5, unitChain: 2, unitRoomFailure: 1.5, unitWorkingHours: 1.3, unitDeadline: 1.2},
			Equipment: []string{"fibre tester", "spare router"},
			Exclude:   maintExclude,
		},
		{
			ID: "firmware-rollout", Title: "data-centre firmware rollout",
			Voc: maintVoc("hall", "halls", "You are planning a firmware rollout in a data centre. Each job is done by the engineers listed with it in one hall, where one job at a time may run (the hall's power and cooling margin allows no more)."+
				maintPriority+" Schedule every job below."),
			Days: []string{"Day 1", "Day 2"}, NDays: span{1, 2}, DayStart: 8 * 60, SlotMin: 60, Slots: span{6, 8},
			People: []string{"Omar", "Petra", "Quan", "Rhea"}, NPeople: span{3, 4},
			Rooms: []string{"Hall A", "Hall B", "Hall C"}, NRooms: span{2, 3},
			Activities: []string{"BIOS update rack 1", "BMC firmware rack 2", "Storage array firmware", "NIC firmware rack 1", "PDU firmware", "Disk firmware rack 3"},
			NActs:      span{3, 5}, Duration: span{1, 2}, Attendees: span{1, 2},
			Likely:    map[string]float64{unitApart: 2.5, unitBuffer: 2, unitDailyCap: 1.5, unitBackupSlots: 1.3, unitKeyPerson: 1.3},
			Equipment: []string{"crash cart", "lift"},
			Exclude:   maintExclude,
		},
	}})
}

// medVoc is the vocabulary of the medical skins.
func medVoc(act, acts, room, rooms, people, person, intro string) Vocab {
	return Vocab{Activity: act, Activities: acts, Room: room, Rooms: rooms, People: people,
		Intro: intro, Person: person, Attendees: people, With: "with", Seat: "place", Seats: "places",
		Apart: "they share one piece of equipment", Deadline: "waiting-time target"}
}

// urgencyText is the intro's sentence on priorities, shared by the
// medical skins.
const urgencyText = " A patient's priority is their urgency (3 urgent, 2 soon, 1 routine): in the goal below, the end of the patient's %s counts that many times."

func init() {
	register(&task{ID: "medical-resource-planning", Name: "Medical Resource Planning", Family: domains.Emergency, Subtasks: []subtask{
		{
			ID: "outpatient-clinic", Title: "outpatient clinic day",
			Voc: medVoc("appointment", "appointments", "consulting room", "consulting rooms", "clinicians", "clinician",
				"You are planning an outpatient clinic day. Each appointment is one patient's and needs the clinicians listed with it and one consulting room."+
					fmt.Sprintf(urgencyText, "appointment")+" Schedule every appointment below."),
			Days: weekdays, NDays: span{1, 1}, DayStart: 8 * 60, SlotMin: 30, Slots: span{8, 10},
			People: []string{"Dr Khan", "Dr Osei", "Nurse Li", "Nurse Brady", "Dr Varga"}, NPeople: span{3, 4},
			Rooms: []string{"Room 1", "Room 2", "Room 3"}, NRooms: span{2, 3},
			Activities: []string{"Mrs Ahmed (chest pain)", "Mr Berg (diabetes review)", "Ms Cole (asthma)", "Mr Dunn (wound check)", "Mrs Eze (hypertension)", "Mr Fox (follow-up)"},
			NActs:      span{3, 5}, Duration: span{1, 2}, Attendees: span{1, 2},
			Likely:    map[string]float64{unitDeadline: 3, unitAvailability: 2, unitPriorityOrder: 1.5, unitRoomFit: 1.5, unitReplanning: 1.3},
			Equipment: []string{"ECG machine", "examination couch"},
			Exclude:   medExclude,
		},
		{
			ID: "theatre-list", Title: "operating theatre list",
			Voc: medVoc("operation", "operations", "theatre", "theatres", "surgical staff", "member of staff",
				"You are planning the operating lists of a hospital's theatres. Each operation is one patient's and needs the surgical staff (surgeons and anaesthetists) listed with it and one theatre."+
					fmt.Sprintf(urgencyText, "operation")+" Schedule every operation below."),
			Days: weekdays, NDays: span{1, 2}, DayStart: 8 * 60, SlotMin: 60, Slots: span{6, 8},
			People: []string{"Mr Grant", "Ms Hale", "Dr Iqbal", "Dr Jones"}, NPeople: span{3, 4},
			Rooms: []string{"Theatre 1", "Theatre 2", "Theatre 3"}, NRooms: span{2, 3},
			Activities: []string{"Appendectomy (Ms Park)", "Hip replacement (Mr Quinn)", "Hernia repair (Mr Reid)", "Cataract (Mrs Shaw)", "Knee arthroscopy (Mr Toth)", "Gallbladder (Mrs Ueda)"},
			NActs:      span{3, 5}, Duration: span{1, 3}, Attendees: span{1, 2},
			Likely:    map[string]float64{unitDeadline: 2.5, unitBuffer: 2, unitRoomFailure: 2, unitBackupSlots: 1.3},
			Equipment: []string{"laminar flow", "image intensifier"},
			Exclude:   medFixedExclude,
		},
		{
			ID: "imaging", Title: "imaging department",
			Voc: medVoc("scan", "scans", "scanner", "scanners", "radiographers", "radiographer",
				"You are planning a day of the imaging department. Each scan is one patient's and needs the radiographers listed with it and one scanner."+
					fmt.Sprintf(urgencyText, "scan")+" Schedule every scan below."),
			Days: weekdays, NDays: span{1, 1}, DayStart: 8 * 60, SlotMin: 30, Slots: span{8, 10},
			People: []string{"Vera", "Wim", "Xena", "Yusuf"}, NPeople: span{2, 4},
			Rooms: []string{"Scanner A", "Scanner B", "Scanner C"}, NRooms: span{2, 3},
			Activities: []string{"MRI knee (Mr Ali)", "CT head (Mrs Bell)", "CT chest (Mr Cruz)", "MRI spine (Ms Diaz)", "Ultrasound (Mrs Egan)", "X-ray hip (Mr Ford)"},
			NActs:      span{3, 5}, Duration: span{1, 2}, Attendees: span{1, 2},
			Likely:    map[string]float64{unitRoomFit: 2.5, unitDeadline: 2, unitRoomFailure: 2, unitPriorityOrder: 1.3, unitApart: 1.2},
			Equipment: []string{"MRI coil", "contrast injector"},
			Exclude:   medFixedExclude,
		},
		{
			ID: "vaccination-clinic", Title: "vaccination clinic",
			Voc: medVoc("session", "sessions", "bay", "bays", "nurses", "nurse",
				"You are planning a vaccination clinic. Each session vaccinates one group of patients and needs the nurses listed with it and one bay. A group's priority is its urgency (3 for the most vulnerable, 2 soon, 1 routine): in the goal below, the end of the group's session counts that many times. Schedule every session below."),
			Days: weekdays, NDays: span{1, 2}, DayStart: 9 * 60, SlotMin: 30, Slots: span{6, 8},
			People: []string{"Nurse Abel", "Nurse Bose", "Nurse Cruz", "Nurse Dahl"}, NPeople: span{2, 4},
			Rooms: []string{"Bay 1", "Bay 2", "Bay 3"}, NRooms: span{2, 3},
			Activities: []string{"Care home residents", "Over-75s", "Pregnant patients", "Health workers", "Children 2-3", "Catch-up adults"},
			NActs:      span{3, 5}, Duration: span{1, 2}, Attendees: span{1, 2},
			Likely:    map[string]float64{unitDeadline: 2.5, unitDailyCap: 2, unitReplanning: 1.5, unitAvailability: 1.5},
			Equipment: []string{"vaccine fridge", "observation chairs"},
			Exclude:   medExclude,
		},
	}})
}
