package itinerary

import (
	"fmt"
	"strings"

	"github.com/plancert/plancert/domains"
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
	us := it.units()
	var cols []column
	for _, u := range domains.Facets[columner](us) {
		cols = append(cols, u.Columns(it)...)
	}
	rows := make([]string, len(it.Stops))
	for i, s := range it.Stops {
		rows[i] = fmt.Sprintf("| %s | %d | %d min |", s, it.Score[i], it.Visit[i])
	}
	route.Table(&b, fmt.Sprintf("\n**%s**\n\n| %s | score | visit takes |", capitalize(v.Sights), v.Sight), "|---|---:|---:|", rows, cols, 0)
	names := append(append([]string{}, v.Bases...), it.Stops...)
	route.Matrix(&b, fmt.Sprintf("\n**Travel times in minutes** (%s, the same both ways)\n\n", v.Move), names, short, func(i, j int) int64 { return it.Travel[i][j] })
	for _, u := range domains.Facets[sectioner](us) {
		b.WriteString(u.Section(it))
	}
	b.WriteString("\n**Rules**\n")
	fmt.Fprintf(&b, "1. Each day follows the times above: it starts at its start place no earlier than the time given, goes from place to place by the travel times in the table, stays at each %s for its visit time, and reaches its end place by the time given (waiting is allowed). No %s is visited twice in the whole trip.\n", v.Sight, v.Sight)
	for i, r := range it.rules() {
		fmt.Fprintf(&b, "%d. \"%s\": %s\n", i+2, r.Name, r.Text)
	}
	var goals []string
	for _, l := range domains.Facets[leveler](us) {
		goals = append(goals, l.Goal(it))
	}
	goals = append(goals, fmt.Sprintf("maximise the total score of the %s visited", v.Sights))
	b.WriteString("\n**Goal.** " + route.GoalSentences(goals))
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
	fmt.Fprintf(&b, "\n```\n`total_score` is the total score of your plan and `travel_minutes` its total travel time. If no plan keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]} listing, by the names in quotes above, rules that cannot all hold together (with rule 1).\n")
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
	fmt.Fprintf(&b, "1. The trip starts on day 1 in the first city and ends by day %d in the last. You stay in each city for exactly the number of days given, counting the day you arrive and the day you leave: you fly on the last day of one stay, which is also the first day of the next (a flight day counts for both cities). You fly between two cities only if they have a direct flight. No city is visited twice.\n", days)
	for i, r := range it.rules() {
		fmt.Fprintf(&b, "%d. \"%s\": %s\n", i+2, r.Name, r.Text)
	}
	b.WriteString("\n**Goal.** Find an order of the cities that keeps every rule.")
	if it.Levels >= 1 {
		b.WriteString(" If several orders do, choose the one with the smallest sum, over every city y of the order, of (x + 1) × y × y, where x is the number of the city before it (0 for the first city); numbers are as in the names (C3 is 3).")
	}
	b.WriteString("\n\nTwo plans are the same plan when they visit the cities in the same order.\n\n")
	b.WriteString("**Answer** with one JSON object in a ```json block, exactly in this form (the cities in the order you visit them, names as written above, and the day you arrive in each):\n```json\n")
	b.WriteString(it.AnswerSchema())
	b.WriteString("\n```\nIf no plan keeps every rule, answer instead {\"feasible\": false, \"conflict\": [...]} listing, by the names in quotes above, rules that cannot all hold together (with rule 1).\n")
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
