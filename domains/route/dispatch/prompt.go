package dispatch

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/plancert/plancert/domains"
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
	us := d.units()
	if len(d.TypeNames) == 1 {
		b.WriteString(" They are all alike.")
	} else {
		features := domains.Facets[typeFeaturer](us)
		for t, name := range d.TypeNames {
			fmt.Fprintf(&b, " %s %s", article(name), name)
			var has []string
			for _, u := range features {
				has = append(has, u.TypeFeature(d, t))
			}
			fmt.Fprintf(&b, " %s.", strings.Join(has, " and "))
		}
		b.WriteString(" Vehicles of one type are alike.")
	}
	for _, u := range domains.Facets[fleetSentencer](us) {
		b.WriteString(u.FleetSentence(d))
	}
	b.WriteString("\n\n")
	fmt.Fprintf(&b, "**%s.** Each %s is driven in one go: the %s drives empty to the pickup, loads, drives loaded to the drop-off and unloads; it carries one %s at a time.\n\n", strings.ToUpper(v.Jobs[:1])+v.Jobs[1:], v.Job, v.Vehicle, v.Job)
	var cols []column
	for _, u := range domains.Facets[columner](us) {
		cols = append(cols, u.Columns(d)...)
	}
	slices.SortStableFunc(cols, func(x, y column) int { return x.At - y.At })
	rows := make([]string, len(d.Jobs))
	for i, j := range d.Jobs {
		rows[i] = fmt.Sprintf("| %s | %s | %s | %s | %d min |", j, d.Who[i], d.From[i], d.To[i], d.Ride[i+1])
	}
	route.Table(&b, fmt.Sprintf("| job | %s | pickup at | drop-off at | loaded drive |", v.WhoHead), "|---|---|---|---|---:|", rows, cols, 1)
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
	for _, u := range domains.Facets[sectioner](us) {
		b.WriteString(u.Section(d))
	}
	b.WriteString("\n**Rules**\n")
	fmt.Fprintf(&b, "1. Every %s is done exactly once, by one %s. Each %s used drives one route from %s through its %s and back; a %s may stay unused.\n", v.Job, v.Vehicle, v.Vehicle, v.Depot, v.Jobs, v.Vehicle)
	n := 1
	for _, u := range us {
		for _, r := range u.Rules(d) {
			n++
			fmt.Fprintf(&b, "%d. \"%s\": %s\n", n, r.Name, r.Text)
		}
	}
	empty := fmt.Sprintf("the total empty driving (deadhead) in minutes: driving with nothing aboard, from %s to the first pickup, from each drop-off to the next pickup, and from the last drop-off back to %s (the loaded drives are the same in every plan)", v.Depot, v.Depot)
	var goals []string
	for _, l := range domains.Facets[leveler](us) {
		goals = append(goals, l.Goal(d))
	}
	goals = append(goals, "minimise "+empty)
	b.WriteString("\n**Goal.** " + route.GoalSentences(goals))
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
	fmt.Fprintf(&b, "\n```\n`deadhead_minutes` is the total empty driving of your plan. If no plan keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]} listing, by the names in quotes above, rules that cannot all hold together (with rule 1).\n")
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
