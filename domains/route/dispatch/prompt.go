package dispatch

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains/route"
)

// Prompt implements domains.Instance.
func (d *Dispatch) Prompt() string {
	v := d.Voc
	var b strings.Builder
	fmt.Fprintf(&b, "%s Assign every %s below to a %s and put each %s's %s in order.\n\n", v.Intro, v.Job, v.Vehicle, v.Vehicle, v.Jobs)
	fleet := append(d.downList(), d.Vehicles...)
	slices.SortStableFunc(fleet, func(x, y vehicle) int { return cmp.Or(x.Type-y.Type, strings.Compare(x.Name, y.Name)) })
	fmt.Fprintf(&b, "**Fleet.** %d %s start and end their routes at %s: %s.", len(fleet), v.Vehicles, v.Depot, d.vehicleList(fleet))
	if len(d.TypeNames) == 1 {
		b.WriteString(" They are all alike.")
	} else {
		for t, name := range d.TypeNames {
			fmt.Fprintf(&b, " %s %s", article(name), name)
			var has []string
			if d.Capacity != nil {
				has = append(has, fmt.Sprintf("takes %s of up to %d %s", v.Jobs, d.Capacity[t], v.Size))
			}
			if d.Equip != nil {
				if t == 0 {
					has = append(has, "has "+v.Equip)
				} else {
					has = append(has, "does not have "+v.Equip)
				}
			}
			fmt.Fprintf(&b, " %s.", strings.Join(has, " and "))
		}
		b.WriteString(" Vehicles of one type are alike.")
	}
	if d.Due != nil {
		fmt.Fprintf(&b, " A %s may leave %s from %s and must be back by %s.", v.Vehicle, v.Depot, route.Clock(d.DayStart), route.Clock(d.DayStart+d.Due[0]))
	}
	b.WriteString("\n\n")
	fmt.Fprintf(&b, "**%s.** Each %s is driven in one go: the %s drives empty to the pickup, loads, drives loaded to the drop-off and unloads; it carries one %s at a time.\n\n", strings.ToUpper(v.Jobs[:1])+v.Jobs[1:], v.Job, v.Vehicle, v.Job)
	fmt.Fprintf(&b, "| job | %s | pickup at | drop-off at | loaded drive |", v.WhoHead)
	if d.Size != nil {
		fmt.Fprintf(&b, " %s |", v.Size)
	}
	if d.Equip != nil {
		fmt.Fprintf(&b, " needs %s |", v.Equip)
	}
	if d.Due != nil {
		b.WriteString(" loading may start | loading may start until | loading + unloading |")
	}
	b.WriteString("\n|---|---|---|---|---:|")
	if d.Size != nil {
		b.WriteString("---:|")
	}
	if d.Equip != nil {
		b.WriteString("---|")
	}
	if d.Due != nil {
		b.WriteString("---|---|---:|")
	}
	b.WriteString("\n")
	for i, j := range d.Jobs {
		c := i + 1
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %d min |", j, d.Who[i], d.From[i], d.To[i], d.Ride[c])
		if d.Size != nil {
			fmt.Fprintf(&b, " %d |", d.Size[c])
		}
		if d.Equip != nil {
			if d.Equip[c] {
				b.WriteString(" yes |")
			} else {
				b.WriteString(" no |")
			}
		}
		if d.Due != nil {
			fmt.Fprintf(&b, " %s | %s | %d min |", route.Clock(d.DayStart+d.Ready[c]), route.Clock(d.DayStart+d.Due[c]), d.Handle[c])
		}
		b.WriteString("\n")
	}
	depot := strings.TrimPrefix(v.Depot, "the ")
	fmt.Fprintf(&b, "\n**Empty drives in minutes**, from where a %s is (%s, or the drop-off of the %s it has just done) to where it goes next (a pickup, or back to %s):\n\n| from \\ to |", v.Vehicle, v.Depot, v.Job, v.Depot)
	for _, j := range d.Jobs {
		fmt.Fprintf(&b, " %s pickup |", j)
	}
	fmt.Fprintf(&b, " %s |\n|---|%s\n", depot, strings.Repeat("---:|", len(d.Jobs)+1))
	for i := range d.Deadhead {
		if i == 0 {
			fmt.Fprintf(&b, "| %s |", depot)
		} else {
			fmt.Fprintf(&b, "| %s drop-off |", d.Jobs[i-1])
		}
		for j := 1; j <= len(d.Jobs); j++ {
			if i == j {
				b.WriteString(" — |")
			} else {
				fmt.Fprintf(&b, " %d |", d.Deadhead[i][j])
			}
		}
		if i == 0 {
			b.WriteString(" — |\n")
		} else {
			fmt.Fprintf(&b, " %d |\n", d.Deadhead[i][0])
		}
	}
	if d.Current != nil {
		fmt.Fprintf(&b, "\n**Current plan.** This plan was made before the breakdown below:\n")
		for _, r := range d.Current {
			fmt.Fprintf(&b, "- %s: %s → %s → %s\n", r.Vehicle, depot, strings.Join(r.Jobs, " → "), depot)
		}
		fmt.Fprintf(&b, "\n**Breakdown.** %s has broken down and cannot drive today.\n", d.Down.Name)
	}
	b.WriteString("\n**Rules**\n")
	rule := 1
	fmt.Fprintf(&b, "%d. Every %s is done exactly once, by one %s. Each %s used drives one route from %s through its %s and back; a %s may stay unused.\n", rule, v.Job, v.Vehicle, v.Vehicle, v.Depot, v.Jobs, v.Vehicle)
	if d.Size != nil {
		rule++
		var caps []string
		for t, name := range d.TypeNames {
			caps = append(caps, fmt.Sprintf("%s up to %d", name, d.Capacity[t]))
		}
		fmt.Fprintf(&b, "%d. \"%s\": a %s goes only on a %s whose type takes its size (%s %s).\n", rule, ruleCapacity, v.Job, v.Vehicle, strings.Join(caps, ", "), v.Size)
	}
	if d.Due != nil {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": loading at a %s's pickup starts within its window (a %s that arrives early waits); loading and unloading together take the time in the table; every %s is back at %s by %s.\n", rule, ruleWindows, v.Job, v.Vehicle, v.Vehicle, v.Depot, route.Clock(d.DayStart+d.Due[0]))
	}
	if d.Equip != nil {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": a %s that needs %s goes only on a %s.\n", rule, ruleCompat, v.Job, v.Equip, d.TypeNames[0])
	}
	if d.MaxDrive > 0 {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": each %s drives at most %d minutes in total, loaded and empty, from leaving %s to coming back (waiting, loading and unloading do not count).\n", rule, ruleHours, v.Vehicle, d.MaxDrive, v.Depot)
	}

	if d.Before != nil {
		rule++
		a, c := d.Jobs[d.Before[0][0]-1], d.Jobs[d.Before[0][1]-1]
		fmt.Fprintf(&b, "%d. \"%s\": %s\n", rule, ruleLinked, fmt.Sprintf(v.Link, a, c))
	}
	if d.Backup {
		rule++
		who := fmt.Sprintf("at least one other %s drives a route today", v.Vehicle)
		if len(d.TypeNames) > 1 {
			who = fmt.Sprintf("at least one other %s that drives a route today is of a type that may take the %s (by its size and equipment)", v.Vehicle, v.Job)
		}
		fmt.Fprintf(&b, "%d. \"%s\": every %s has a backup in case its %s breaks down: besides the %s that does it, %s.\n", rule, ruleBackup, v.Job, v.Vehicle, v.Vehicle, who)
	}
	if d.Down != nil {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": %s drives no route.\n", rule, ruleBreakdown, d.Down.Name)
	}
	empty := fmt.Sprintf("the total empty driving (deadhead) in minutes: driving with nothing aboard, from %s to the first pickup, from each drop-off to the next pickup, and from the last drop-off back to %s (the loaded drives are the same in every plan)", v.Depot, v.Depot)
	var goals []string
	if d.Current != nil {
		goals = append(goals, fmt.Sprintf("change the current plan as little as possible: keep as many of its legs as you can (a leg is going directly from one place of a route to the next — %s or a %s — in that order, by any %s; e.g. %s → %s is a leg of every route that starts with %s)", v.Depot, v.Job, v.Vehicle, depot, d.Jobs[0], d.Jobs[0]))
	}
	if d.Balanced {
		goals = append(goals, fmt.Sprintf("balance the routes: make the longest route as short as possible, a route's length being its driving time, loaded and empty, from leaving %s to coming back (waiting, loading and unloading do not count)", v.Depot))
	}
	goals = append(goals, "minimise "+empty)
	b.WriteString("\n**Goal.** ")
	for i, g := range goals {
		switch {
		case len(goals) == 1:
			b.WriteString(strings.ToUpper(g[:1]) + g[1:] + ".")
		case i == 0:
			fmt.Fprintf(&b, "First, %s.", g)
		default:
			fmt.Fprintf(&b, " Then, among those plans, %s.", g)
		}
	}
	if d.Levels >= 1 {
		fmt.Fprintf(&b, " If several plans are equally good, use the fewest %s.", v.Vehicles)
	}
	if d.Levels >= 2 {
		fmt.Fprintf(&b, " If several plans still tie, choose the one with the smallest sum, over every two %s done one right after the other by the same %s (Jx, then Jy), of x × y × y.", v.Jobs, v.Vehicle)
	}
	if d.Levels >= 3 {
		var ws []string
		for c := range d.Jobs {
			ws = append(ws, fmt.Sprintf("%s = %d", d.Jobs[c], 1<<c))
		}
		fmt.Fprintf(&b, " If several plans still tie, give the %s the weights %s and choose the plan whose %s done by %ss have the smallest total weight.", v.Jobs, strings.Join(ws, ", "), v.Jobs, d.TypeNames[1])
	}
	if len(d.TypeNames) == 1 {
		fmt.Fprintf(&b, "\n\nTwo plans are the same plan when they have the same routes, whichever %s drives which route; the order of the %s on a route matters.\n\n", v.Vehicle, v.Jobs)
	} else {
		fmt.Fprintf(&b, "\n\nTwo plans are the same plan when each type of %s drives the same routes, whichever %s of that type drives which route; the order of the %s on a route matters.\n\n", v.Vehicle, v.Vehicle, v.Jobs)
	}
	fmt.Fprintf(&b, "**Answer** with one JSON object in a ```json block, exactly in this form (one entry per %s used, with its %s in driving order; names as written above):\n```json\n", v.Vehicle, v.Jobs)
	b.WriteString(d.AnswerSchema())
	fmt.Fprintf(&b, "\n```\n`deadhead_minutes` is the total empty driving of your plan. If no plan keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]} listing, by the names in quotes above, a smallest set of rules that cannot all hold together.\n")
	return b.String()
}

// vehicleList writes vehicle names as "A, B and C".
func (d *Dispatch) vehicleList(vs []vehicle) string {
	var names []string
	for _, x := range vs {
		names = append(names, x.Name)
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// AnswerSchema implements domains.Instance.
func (d *Dispatch) AnswerSchema() string {
	second := d.Jobs[min(1, len(d.Jobs)-1)]
	return fmt.Sprintf(`{"routes": [{"vehicle": %q, "jobs": [%q, %q, ...]}, ...], "deadhead_minutes": 0}`, d.Vehicles[0].Name, d.Jobs[0], second)
}

// article is "An" before a name read with a vowel sound first (a vowel
// letter, or X as in "XL"), else "A".
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOUX", rune(name[0])) {
		return "An"
	}
	return "A"
}
