package gen_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestPromptOffersInfeasibleAnswer also lints every prompt it reads
// (lint): "a" before a vowel, "an" before a consonant ("a hour", "an
// unit"), a plural after "at most 1" and the like ("at most 1 platoon
// enter"), an empty "()", a row
// or an entry of a table cell given twice (two equal preferences of one
// person); and the checklist's items (lintItems, on the checklist of a
// feasible instance, which has every unit's items): two items that cite
// the same rank of goal ("(the first goal)" twice), and the slips above.
//
// TestPromptOffersInfeasibleAnswer: every prompt of every task, at levels
// 1 and 3, offers the answer for an instance without a plan
// ({"feasible": false, ...}), whether or not the infeasibility unit was
// drawn: a prompt whose form changed with the unit would tell a model
// whether its instance is feasible (issue 19). Prompts only: nothing is
// certified. Seeds 1..4 (1..12 with PLANCERT_LONG=1).
func TestPromptOffersInfeasibleAnswer(t *testing.T) {
	const offer = `{"feasible": false, "conflict": [...]}`
	seeds := uint64(4)
	if os.Getenv("PLANCERT_LONG") != "" {
		seeds = 12
	}
	for _, task := range domains.Tasks() {
		with, without := 0, 0
		for _, level := range []int{1, 3} {
			for seed := uint64(1); seed <= seeds; seed++ {
				spec, err := gen.SampleLevel(task, seed, level)
				if err != nil {
					t.Fatal(err)
				}
				inst, err := gen.NewInstance(context.Background(), sat.Backend{}, task, spec)
				if errors.Is(err, domains.ErrRedraw) {
					continue
				}
				if err != nil {
					t.Fatalf("%s level %d seed %d: %v", task.ID, level, seed, err)
				}
				prompt := inst.Prompt()
				if !strings.Contains(prompt, offer) {
					t.Errorf("%s level %d seed %d (units %v): the prompt does not offer %s", task.ID, level, seed, spec.Units(), offer)
				}
				for _, bad := range lint(prompt) {
					t.Errorf("%s level %d seed %d: %s", task.ID, level, seed, bad)
				}
				for _, bad := range lintItems(inst.Checklist(domains.Reference{Feasible: true})) {
					t.Errorf("%s level %d seed %d (units %v): %s", task.ID, level, seed, spec.Units(), bad)
				}
				if spec.Has("infeasibility") {
					with++
				} else {
					without++
				}
			}
		}
		if without == 0 {
			t.Errorf("%s: every spec drew the infeasibility unit; the test saw no prompt without it", task.ID)
		}
	}
}

var (
	aVowel    = regexp.MustCompile(`\ba ([aeiou][a-z]*)`)
	anCons    = regexp.MustCompile(`\ban ([b-df-hj-np-tv-z][a-z]*)`)
	aSilent   = regexp.MustCompile(`\b[Aa] (hour|honest|honour|heir)[a-z]*`)
	anVoiced  = regexp.MustCompile(`\b[Aa]n (unit|union|unique|univers|uniform|use|usu|one\b|once|eu|ewe)[a-z]*`)
	onePlural = regexp.MustCompile(`\b(?:[Aa]t most|[Aa]t least|[Ee]xactly|[Oo]nly) 1 ([a-z]{2,}s)\b`)
	nthGoal   = regexp.MustCompile(`\(the (?:first|second|third|last) goal`)
	oneVerb   = regexp.MustCompile(`\b(?:[Aa]t most|[Aa]t least|[Ee]xactly|[Oo]nly) 1 [a-z]+ (?:enter|reach|arrive|leave|move|wait|are|have|need)\b`)
)

// lint returns the grammar slips of a prompt that its templates can make
// when a vocabulary word or a number is filled in.
func lint(prompt string) []string {
	var out []string
	for _, m := range aVowel.FindAllStringSubmatchIndex(prompt, -1) {
		if w := prompt[m[2]:m[3]]; !strings.HasPrefix(w, "uni") && !strings.HasPrefix(w, "use") && !strings.HasPrefix(w, "one") && !strings.HasPrefix(w, "eu") {
			out = append(out, `"…`+prompt[max(0, m[0]-40):m[1]]+`": "an" before a vowel`)
		}
	}
	for _, m := range anCons.FindAllStringSubmatch(prompt, -1) {
		if w := m[1]; !strings.HasPrefix(w, "hour") && !strings.HasPrefix(w, "honest") {
			out = append(out, `"`+m[0]+`": "a" before a consonant`)
		}
	}
	for _, m := range onePlural.FindAllStringSubmatch(prompt, -1) {
		if !strings.HasSuffix(m[1], "ss") && !strings.HasSuffix(m[1], "us") {
			out = append(out, `"`+m[0]+`": a plural after 1`)
		}
	}
	for _, re := range []*regexp.Regexp{aSilent, anVoiced} {
		for _, m := range re.FindAllString(prompt, -1) {
			out = append(out, `"`+m+`": the wrong article for the sound`)
		}
	}
	for _, m := range oneVerb.FindAllString(prompt, -1) {
		out = append(out, `"`+m+`": a plural verb after 1`)
	}
	if strings.Contains(prompt, "()") {
		out = append(out, `an empty "()"`)
	}
	return append(out, lintTables(prompt)...)
}

// lintTables returns the rows a Markdown table of the prompt gives twice,
// the entities its first column names twice (except in the tables whose
// rows are legs or runs: a head "from" or "run") and the entries a cell
// lists twice ("no Day shifts (1 each); no Day shifts (1 each)").
func lintTables(prompt string) []string {
	var out []string
	var head []string
	rows := map[string]bool{}
	firsts := map[string]bool{}
	for _, line := range strings.Split(prompt, "\n") {
		if !strings.HasPrefix(line, "|") {
			head = nil
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if head == nil {
			head, rows, firsts = cells, map[string]bool{}, map[string]bool{}
			continue
		}
		if strings.Trim(strings.Join(cells, ""), "-: ") == "" {
			continue // the separator row
		}
		if rows[line] {
			out = append(out, fmt.Sprintf("the table row %q is given twice", line))
		}
		rows[line] = true
		legs := slices.Contains(head, "from") || slices.Contains(head, "run")
		if firsts[cells[0]] && !legs {
			out = append(out, fmt.Sprintf("the table with head %q names %q twice", strings.Join(head, " | "), cells[0]))
		}
		firsts[cells[0]] = true
		for _, c := range cells {
			seen := map[string]bool{}
			for _, e := range strings.Split(c, "; ") {
				if seen[e] {
					out = append(out, fmt.Sprintf("the cell %q lists %q twice", c, e))
				}
				seen[e] = true
			}
		}
	}
	return out
}

// lintItems returns the slips of a checklist: two items that both call
// their goal "(the first goal)" (or any one rank), and in any item the
// slips lint finds in a prompt (articles, a plural after 1, "()").
func lintItems(items []domains.Item) []string {
	var out []string
	rank := map[string]string{}
	for _, it := range items {
		for _, m := range nthGoal.FindAllString(it.Text, -1) {
			if other, ok := rank[m]; ok {
				out = append(out, fmt.Sprintf("items %s and %s both say %s)", other, it.ID, m))
			}
			rank[m] = it.ID
		}
		for _, bad := range lint(it.Text) {
			if it.Kind == domains.KindObjective && strings.Contains(bad, "()") {
				continue // the optimum's values come from the reference, which the lint has not
			}
			out = append(out, fmt.Sprintf("item %s: %s", it.ID, bad))
		}
	}
	return out
}
