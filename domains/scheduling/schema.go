package scheduling

import (
	"encoding/json"

	"github.com/plancert/plancert/domains"
)

var _ domains.JSONSchemaer = (*Agenda)(nil)

// AnswerJSONSchema implements domains.JSONSchemaer: the schedule as parse
// reads it (each activity once, so exactly one entry per activity; a day,
// a start on the grid and a room by name; the end on the grid when
// lengths are choices), the optional "objective" (required with the
// self-check unit), and the parts of the room-failure, backup-slots and
// required-role units.
func (a *Agenda) AnswerJSONSchema() json.RawMessage {
	return domains.AnswerJSONSchema(a.scheduleSchema(), true, a.allRules())
}

// scheduleSchema is the schedule object: the main schedule's form, which
// the failure schedule shares.
func (a *Agenda) scheduleSchema() domains.Schema {
	v := a.Voc
	acts := make([]string, len(a.Activities))
	for i, act := range a.Activities {
		acts[i] = act.Name
	}
	fields := []domains.Field{a.placementsField(acts, a.flexible())}
	objective := domains.Opt("objective", domains.Int())
	if a.has(unitSelfCheck) {
		objective.Optional = false
	}
	fields = append(fields, objective)
	if a.failIndex() >= 0 {
		// parse reads it as a schedule: "feasible": false there is
		// no schedule, true is allowed.
		fail := domains.Object(a.placementsField(acts, a.flexible()), objective, domains.Opt("feasible", domains.Const(true)))
		fields = append(fields, domains.Req(failKey, fail))
	}
	if crit := a.criticalIdx(); crit != nil {
		names := make([]string, len(crit))
		for k, c := range crit {
			names[k] = a.Activities[c].Name
		}
		fields = append(fields, domains.Req(backupKey, domains.List(a.placementSchema(names, false)).Exactly(len(crit))))
	}
	if a.roleIdx() != nil {
		// Any person of the problem: one not qualified for the role
		// breaks its rule (the required-role item), as a room that does
		// not fit breaks the room-fit rule.
		people := make([]string, len(a.People))
		for i, p := range a.People {
			people[i] = p.Name
		}
		var alts []domains.Schema
		for _, r := range a.Roles {
			alts = append(alts, domains.Object(
				domains.Req(v.Activity, domains.Enum(r.Activity)),
				domains.Req("person", domains.Enum(people...)),
			).Rest(domains.Str()))
		}
		fields = append(fields, domains.Req(rolesKey, domains.List(domains.AnyOf(alts...)).Exactly(len(a.Roles))))
	}
	return domains.Object(fields...)
}

// placementsField is the list of placements of acts, one each.
func (a *Agenda) placementsField(acts []string, flexible bool) domains.Field {
	return domains.Req(a.Voc.Activities, domains.List(a.placementSchema(acts, flexible)).Exactly(len(acts)))
}

// placementSchema is one placement of one of acts: its day, its start on
// the grid, its end when lengths are choices (after the start, so not
// the day's first time, and by the day's end), its room.
func (a *Agenda) placementSchema(acts []string, flexible bool) domains.Schema {
	var starts, ends []string
	for s := 0; s <= a.Slots; s++ {
		t := a.clock(s)
		if a.gridSlots(t) != s { // past 23:59
			break
		}
		if s < a.Slots {
			starts = append(starts, t)
		}
		if s > 0 {
			ends = append(ends, t)
		}
	}
	rooms := make([]string, len(a.Rooms))
	for r, room := range a.Rooms {
		rooms[r] = room.Name
	}
	fields := []domains.Field{
		domains.Req(a.Voc.Activity, domains.Enum(acts...)),
		domains.Req("day", domains.Enum(a.Days...)),
		domains.Req("start", domains.Enum(starts...)),
	}
	if flexible {
		fields = append(fields, domains.Req("end", domains.Enum(ends...)))
	}
	return domains.Object(append(fields, domains.Req(a.Voc.Room, domains.Enum(rooms...)))...)
}
