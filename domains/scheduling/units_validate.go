package scheduling

import "fmt"

// validateUnits checks the data of the working-hours, consecutive-limit,
// cooldown, uncertain-durations and replanning units in an instance read
// from JSON, so that their methods cannot panic: names resolve, days and
// slots are on the grid. validate should call it.
func (a *Agenda) validateUnits() error {
	people := map[string]bool{}
	for _, p := range a.People {
		people[p.Name] = true
	}
	for _, h := range a.WorkingHours {
		if !people[h.Person] {
			return fmt.Errorf("working hours: unknown person %q", h.Person)
		}
		if h.From < 0 || h.From >= h.To || h.To > a.Slots {
			return fmt.Errorf("working hours of %q: [%d, %d) is not a span of the day", h.Person, h.From, h.To)
		}
	}
	if a.MaxRun < 0 || a.Cooldown < 0 {
		return fmt.Errorf("max_run_slots %d or cooldown_days %d is negative", a.MaxRun, a.Cooldown)
	}
	if a.has(unitCooldown) && a.Cooldown < 1 {
		return fmt.Errorf("cooldown_days must be at least 1")
	}
	if a.has(unitConsecutive) && a.MaxRun < 1 {
		return fmt.Errorf("max_run_slots must be at least 1")
	}
	for _, act := range a.Activities {
		if act.DurationMin < 0 || (act.DurationMin > 0 && act.DurationMin >= act.Duration) {
			return fmt.Errorf("activity %q: duration_min %d is not below duration %d", act.Name, act.DurationMin, act.Duration)
		}
	}
	seen := map[string]bool{}
	for _, bk := range a.Current {
		switch {
		case a.actIndex(bk.Activity) < 0:
			return fmt.Errorf("current plan: unknown activity %q", bk.Activity)
		case seen[bk.Activity]:
			return fmt.Errorf("current plan: %q is booked twice", bk.Activity)
		case a.roomIndex(bk.Room) < 0:
			return fmt.Errorf("current plan: %q: unknown room %q", bk.Activity, bk.Room)
		case bk.Day < 0 || bk.Day >= len(a.Days) || bk.Start < 0 || bk.Start >= a.Slots:
			return fmt.Errorf("current plan: %q: day %d, start %d not on the grid", bk.Activity, bk.Day, bk.Start)
		}
		seen[bk.Activity] = true
	}
	if d := a.Disruption; d != nil {
		switch {
		case (d.Room == "") == (d.Person == ""):
			return fmt.Errorf("disruption: exactly one of room and person must be set")
		case d.Room != "" && a.roomIndex(d.Room) < 0:
			return fmt.Errorf("disruption: unknown room %q", d.Room)
		case d.Person != "" && !people[d.Person]:
			return fmt.Errorf("disruption: unknown person %q", d.Person)
		case d.Day < 0 || d.Day >= len(a.Days) || d.From < 0 || d.From >= d.To || d.To > a.Slots:
			return fmt.Errorf("disruption: day %d, [%d, %d) not on the grid", d.Day, d.From, d.To)
		}
	}
	for _, ml := range a.MinLengths {
		i := a.actIndex(ml.Activity)
		switch {
		case i < 0:
			return fmt.Errorf("min_lengths: unknown activity %q", ml.Activity)
		case !a.Activities[i].Flexible:
			return fmt.Errorf("min_lengths: activity %q is not flexible", ml.Activity)
		case ml.Slots < 1 || ml.Slots > a.Activities[i].Duration:
			return fmt.Errorf("min_lengths: %q: min_slots %d is not between 1 and its duration %d", ml.Activity, ml.Slots, a.Activities[i].Duration)
		}
	}
	for _, sp := range a.Splits {
		for _, n := range sp.Parts {
			if i := a.actIndex(n); i < 0 || !a.Activities[i].Flexible {
				return fmt.Errorf("splits: %q: part %q is not a flexible activity", sp.Activity, n)
			}
		}
		if sp.MinPart < 1 || 2*sp.MinPart > sp.Total || sp.Parts[0] == sp.Parts[1] {
			return fmt.Errorf("splits: %q: min_part_slots %d and total_slots %d do not allow two parts", sp.Activity, sp.MinPart, sp.Total)
		}
	}
	if a.FailRoom != "" && a.roomIndex(a.FailRoom) < 0 {
		return fmt.Errorf("fail_room: unknown room %q", a.FailRoom)
	}
	if err := a.validateExtra(); err != nil {
		return err
	}
	return a.validateApart()
}
