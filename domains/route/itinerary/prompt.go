package itinerary

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains/route"
)

// short is a place's short name in the travel table: a stop's number
// ("A3"), or a base's name without "the ".
func short(s string) string {
	if f, _, ok := strings.Cut(s, " "); ok && f != "the" && len(f) <= 3 {
		return f
	}
	return strings.TrimPrefix(s, "the ")
}

// dayWord names day d in a sentence ("on Saturday", "on Day 1", or "" for a
// one-day plan).
func (it *Itinerary) dayWord(d int) string {
	if len(it.Days) == 1 {
		return ""
	}
	return " on " + it.Days[d].Name
}

// Prompt implements domains.Instance.
func (it *Itinerary) Prompt() string {
	v := it.Voc
	if v.Trip {
		return it.tripPrompt()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s Choose which %s to visit", v.Intro, v.Sights)
	if len(it.Days) > 1 {
		fmt.Fprintf(&b, " on each of the %d days", len(it.Days))
	}
	b.WriteString(" and in what order.\n\n**Days**\n\n")
	for _, d := range it.Days {
		fmt.Fprintf(&b, "- %s: leave %s at %s or later; be at %s by %s.\n", capitalize(d.Name), v.Bases[d.Start], route.Clock(d.Leave), v.Bases[d.End], route.Clock(d.Return))
	}
	fmt.Fprintf(&b, "\n**%s**\n\n| %s | score | visit takes |", capitalize(v.Sights), v.Sight)
	if it.Open != nil {
		b.WriteString(" opens | closes |")
	}
	if it.Fee != nil {
		b.WriteString(" entrance fee |")
	}
	b.WriteString("\n|---|---:|---:|")
	if it.Open != nil {
		b.WriteString("---|---|")
	}
	if it.Fee != nil {
		b.WriteString("---:|")
	}
	b.WriteString("\n")
	for i, s := range it.Stops {
		fmt.Fprintf(&b, "| %s | %d | %d min |", s, it.Score[i], it.Visit[i])
		if it.Open != nil {
			fmt.Fprintf(&b, " %s | %s |", route.Clock(it.Open[i]), route.Clock(it.Close[i]))
		}
		if it.Fee != nil {
			fmt.Fprintf(&b, " €%d |", it.Fee[i])
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\n**Travel times in minutes** (%s, the same both ways)\n\n| from \\ to |", v.Move)
	names := append(append([]string{}, v.Bases...), it.Stops...)
	for _, s := range names {
		fmt.Fprintf(&b, " %s |", short(s))
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", len(names)) + "\n")
	for i, s := range names {
		fmt.Fprintf(&b, "| %s |", short(s))
		for j := range names {
			if i == j {
				b.WriteString(" — |")
			} else {
				fmt.Fprintf(&b, " %d |", it.Travel[i][j])
			}
		}
		b.WriteString("\n")
	}
	if it.Current != nil {
		b.WriteString("\n**Current plan.** This plan was made before the closure below:\n")
		for d, day := range it.Current {
			fmt.Fprintf(&b, "- %s: %s", capitalize(it.Days[d].Name), v.Bases[it.Days[d].Start])
			for _, s := range day {
				fmt.Fprintf(&b, " → %s", it.Stops[s-1])
			}
			fmt.Fprintf(&b, " → %s\n", v.Bases[it.Days[d].End])
		}
		fmt.Fprintf(&b, "\n**Closure.** %s is closed for the whole trip.\n", it.Stops[it.Closed-1])
	}
	b.WriteString("\n**Rules**\n")
	rule := 1
	fmt.Fprintf(&b, "%d. Each day follows the times above: it starts at its start place no earlier than the time given, goes from place to place by the travel times in the table, stays at each %s for its visit time, and reaches its end place by the time given (waiting is allowed). No %s is visited twice in the whole trip.\n", rule, v.Sight, v.Sight)
	if it.Must != nil {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": the plan visits %s.\n", rule, ruleMust, it.stopList(it.Must))
	}
	if it.Open != nil {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": a visit starts no earlier than the %s opens and ends no later than it closes (if you arrive early, you wait).\n", rule, ruleHours, v.Sight)
	}
	if it.Fee != nil {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": the entrance fees of all visits add up to at most €%d.\n", rule, ruleBudget, it.Budget)
	}
	if it.Before != nil {
		rule++
		x, y := it.Before[0][0], it.Before[0][1]
		fmt.Fprintf(&b, "%d. \"%s\": the tickets for %s are sold only at %s, so if the plan visits %s, it visits %s earlier on the same day.\n", rule, ruleOrder, it.Stops[y-1], it.Stops[x-1], it.Stops[y-1], it.Stops[x-1])
	}
	if it.MaxTravel > 0 {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": each day's travel time (from its start place to its end place, waiting and visits not counted) is at most %d minutes.\n", rule, ruleTravel, it.MaxTravel)
	}
	if it.Balance > 0 {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": the total visit times of the days (the sum of the visit times of each day's %s) differ by at most %d minutes.\n", rule, ruleBalance, v.Sights, it.Balance)
	}
	if it.Current != nil {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": the plan does not visit %s.\n", rule, ruleClosure, it.Stops[it.Closed-1])
	}
	if it.Backup != nil {
		rule++
		m, k := it.Stops[it.Backup[0]-1], it.Stops[it.Backup[1]-1]
		fmt.Fprintf(&b, "%d. \"%s\": %s may turn out to be closed on the day; then you go to %s instead, at the same point of the plan. So the plan does not visit %s, and the plan with %s in place of %s must keep rule 1 and every other rule above except visiting %s.\n", rule, ruleBackup, m, k, k, k, m, m)
	}
	b.WriteString("\n**Goal.** ")
	if it.Current != nil {
		b.WriteString("First, change the current plan as little as possible: keep as many of its legs as you can (a leg is going directly from one place to the next on the same day, in that direction; the start and end places count as places). Then, among those plans, maximise")
	} else {
		b.WriteString("Maximise")
	}
	fmt.Fprintf(&b, " the total score of the %s visited.", v.Sights)
	if it.Levels >= 1 {
		b.WriteString(" If several plans are equally good, choose the one with the least total travel time (all days, start place to end place).")
	}
	if it.Levels >= 2 {
		fmt.Fprintf(&b, " If several plans still tie, choose the one with the smallest sum, over every leg that arrives at a %s, of k × (x + 1) × y × y, where k is the day's number (1 for the first day), y is the number of the %s arrived at and x the number of the %s left (0 when leaving the day's start place); numbers are as in the names (A3 is 3).", v.Sight, v.Sight, v.Sight)
	}
	fmt.Fprintf(&b, "\n\nTwo plans are the same plan when they visit the same %s on the same days in the same order (the times follow: each visit starts as early as the rules allow).\n\n", v.Sights)
	b.WriteString("**Answer** with one JSON object in a ```json block, exactly in this form (")
	if len(it.Days) > 1 {
		b.WriteString("one list of names per day, in the order of the days above, each in visiting order; a day without visits is an empty list")
	} else {
		b.WriteString("one list of names for the day, in visiting order")
	}
	b.WriteString("; names as written above):\n```json\n")
	b.WriteString(it.AnswerSchema())
	fmt.Fprintf(&b, "\n```\n`total_score` is the total score of your plan and `travel_minutes` its total travel time. If no plan keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]} listing, by the names in quotes above, a smallest set of rules that cannot all hold together.\n")
	return b.String()
}

// stopList writes stop numbers as names: "A1 X", "A1 X and A2 Y".
func (it *Itinerary) stopList(ss []int) string {
	var names []string
	for _, s := range ss {
		names = append(names, it.Stops[s-1])
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// tripPrompt is the prompt of a trip sequence, in NATURAL PLAN's terms.
func (it *Itinerary) tripPrompt() string {
	v, n, days := it.Voc, len(it.Stops), it.Days[0].Return
	var b strings.Builder
	fmt.Fprintf(&b, "%s You will visit %d cities for %d days in total, each city once, and you only take direct flights between cities.\n\n", v.Intro, n, days)
	b.WriteString("**Cities**\n\n| city | stay |\n|---|---:|\n")
	for i, s := range it.Stops {
		fmt.Fprintf(&b, "| %s | %d days |\n", s, it.Visit[i]+1)
	}
	b.WriteString("\n**Direct flights** (both ways): ")
	var fl []string
	for _, f := range it.Flights {
		fl = append(fl, fmt.Sprintf("%s and %s", it.Stops[f[0]-1], it.Stops[f[1]-1]))
	}
	b.WriteString(strings.Join(fl, "; ") + ".\n\n**Rules**\n")
	rule := 1
	fmt.Fprintf(&b, "%d. The trip starts on day 1 in the first city and ends by day %d in the last. You stay in each city for exactly the number of days given, counting the day you arrive and the day you leave: you fly on the last day of one stay, which is also the first day of the next (a flight day counts for both cities). You fly between two cities only if they have a direct flight. No city is visited twice.\n", rule, days)
	rule++
	fmt.Fprintf(&b, "%d. \"%s\": the plan visits all %d cities.\n", rule, ruleMust, n)
	if it.Open != nil {
		rule++
		fmt.Fprintf(&b, "%d. \"%s\": your stay in a city includes every day of its event:\n", rule, ruleEvents)
		for i, s := range it.Stops {
			if it.Open[i] > it.Days[0].Leave || it.Close[i] < days {
				from, to := it.Close[i]-it.Visit[i], it.Open[i]+it.Visit[i]
				fmt.Fprintf(&b, "   - %s: an event from day %d to day %d.\n", s, from, to)
			}
		}
	}
	if it.Before != nil {
		rule++
		x, y := it.Before[0][0], it.Before[0][1]
		fmt.Fprintf(&b, "%d. \"%s\": you visit %s before %s.\n", rule, ruleOrder, it.Stops[x-1], it.Stops[y-1])
	}
	b.WriteString("\n**Goal.** Find an order of the cities that keeps every rule.")
	if it.Levels >= 1 {
		b.WriteString(" If several orders do, choose the one with the smallest sum, over every city y of the order, of (x + 1) × y × y, where x is the number of the city before it (0 for the first city); numbers are as in the names (C3 is 3).")
	}
	b.WriteString("\n\nTwo plans are the same plan when they visit the cities in the same order.\n\n")
	b.WriteString("**Answer** with one JSON object in a ```json block, exactly in this form (the cities in the order you visit them, names as written above, and the day you arrive in each):\n```json\n")
	b.WriteString(it.AnswerSchema())
	b.WriteString("\n```\nIf no plan keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]} listing, by the names in quotes above, a smallest set of rules that cannot all hold together.\n")
	return b.String()
}

// AnswerSchema implements domains.Instance.
func (it *Itinerary) AnswerSchema() string {
	if it.Voc.Trip {
		return fmt.Sprintf(`{"cities": [%q, %q, ...], "first_days": [1, %d, ...]}`, it.Stops[0], it.Stops[min(1, len(it.Stops)-1)], it.Visit[0]+1)
	}
	first, second := it.Stops[0], it.Stops[min(1, len(it.Stops)-1)]
	days := fmt.Sprintf("[%q, %q, ...]", first, second)
	for range len(it.Days) - 1 {
		days += ", [...]"
	}
	return fmt.Sprintf(`{"days": [%s], "total_score": 0, "travel_minutes": 0}`, days)
}
