package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver"
)

// Text output: one block per file, a label column and wrapped values.

const (
	labelWidth = 11  // "  status     " is 2 + labelWidth
	lineWidth  = 100 // wrap values beyond this column
	maxDiffs   = 8   // differences listed for a uniqueness witness
	maxLabel   = 32  // longer objective levels print as "level k"
)

var indent = strings.Repeat(" ", 2+labelWidth)

// textWriter writes the labelled lines of one block, keeping the first
// write error.
type textWriter struct {
	w   io.Writer
	err error
}

func (t *textWriter) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

// field prints label and the first line, then the other lines under it.
func (t *textWriter) field(label string, lines ...string) {
	for i, l := range lines {
		if i == 0 {
			t.printf("  %-*s%s\n", labelWidth, label, l)
		} else {
			t.printf("%s%s\n", indent, l)
		}
	}
}

// writeText writes a's result for a person.
func writeText(w io.Writer, a *audit) error {
	t := &textWriter{w: w}
	m, c := a.m, a.cert
	t.printf("%s\n", a.file)
	t.field("status", statusText(m, c))
	if a.task != nil {
		a.task.fields(t, c.Proven(m))
	}
	if c.Solution != nil {
		t.field("objective", objectiveLines(m, c)...)
		if a.task == nil {
			t.field("solution", wrap(assignmentItems(m, c.Solution), " ", "")...)
		}
		t.field("unique", uniqueLines(m, c)...)
	}
	if c.Status == solver.Infeasible {
		t.field("core", coreLines(m, c)...)
	}
	if a.enum != nil {
		t.field("solutions", enumLines(m, a.enum)...)
	}
	if a.proof != nil {
		t.field("proof", proofLines(a.proof)...)
	}
	t.field("stats", statsText(c.Stats))
	return t.err
}

func statusText(m *encode.Model, c *solver.Certificate) string {
	switch {
	case c.Status == solver.Feasible && len(m.Objectives) > 0:
		return "feasible (optimality not proven)"
	case c.Status == solver.Unknown:
		return "unknown (nothing proven)"
	}
	return c.Status.String()
}

// objectiveLines prints each level as its terms when short, else "level k".
func objectiveLines(m *encode.Model, c *solver.Certificate) []string {
	if len(m.Objectives) == 0 {
		return []string{"none"}
	}
	vals := make([]string, len(m.Objectives))
	notes := make([]string, len(m.Objectives))
	width := 0
	for l, o := range m.Objectives {
		label, note := termsText(m, o.Terms), fmt.Sprintf("level %d, %s", l+1, o.Sense)
		if len(label) > maxLabel {
			label, note = fmt.Sprintf("level %d", l+1), o.Sense.String()
		}
		if c.Status != solver.Optimal {
			note += ", best found"
		}
		vals[l] = fmt.Sprintf("%s: %d", label, c.Objective[l])
		notes[l] = note
		width = max(width, len(vals[l]))
	}
	lines := make([]string, len(vals))
	for l := range vals {
		lines[l] = fmt.Sprintf("%-*s  (%s)", width, vals[l], notes[l])
	}
	return lines
}

// termsText writes a sum of terms as "2*x + y - z".
func termsText(m *encode.Model, ts []encode.Term) string {
	if len(ts) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, t := range ts {
		coef := t.Coef
		switch {
		case i > 0 && coef < 0:
			b.WriteString(" - ")
			coef = -coef
		case i > 0:
			b.WriteString(" + ")
		case coef < 0:
			b.WriteString("-")
			coef = -coef
		}
		if coef != 1 {
			fmt.Fprintf(&b, "%d*", coef)
		}
		b.WriteString(displayName(m.Name(t.Var)))
	}
	return b.String()
}

func uniqueLines(m *encode.Model, c *solver.Certificate) []string {
	switch {
	case c.Unique == nil && c.Status == solver.Feasible && len(m.Objectives) > 0:
		return []string{"not checked (optimality not proven)"}
	case c.Unique == nil:
		return []string{"not proven"}
	case *c.Unique:
		return []string{"yes"}
	}
	var diffs []string
	for _, v := range m.AnswerVars() {
		if c.Witness[v] != c.Solution[v] {
			diffs = append(diffs, fmt.Sprintf("%s=%d (was %d)", displayName(m.Name(v)), c.Witness[v], c.Solution[v]))
		}
	}
	if n := len(diffs); n > maxDiffs {
		diffs = append(diffs[:maxDiffs], fmt.Sprintf("... (%d more)", n-maxDiffs))
	}
	return wrap(diffs, ", ", "no — witness differs: ")
}

func coreLines(m *encode.Model, c *solver.Certificate) []string {
	if c.Core == nil {
		return []string{"not proven"}
	}
	var lines []string
	for i, g := range c.Core {
		lines = append(lines, g)
		lines = append(lines, wrapIndent(assignmentItems(m, c.CoreWitnesses[i]), ", ", "  without it, the rest of the core holds with: ", "    ")...)
	}
	return lines
}

func enumLines(m *encode.Model, e *solver.Enumeration) []string {
	switch e.Status {
	case solver.Infeasible:
		return []string{"none (infeasible)"}
	case solver.Unknown:
		return []string{"not listed (nothing proven)"}
	case solver.Feasible:
		if len(m.Objectives) > 0 {
			return []string{"not listed (optimality not proven)"}
		}
	}
	noun := "optimal solution"
	if len(m.Objectives) == 0 {
		noun = "solution"
	}
	head := fmt.Sprintf("%d %s", len(e.Solutions), noun)
	if len(e.Solutions) != 1 {
		head += "s"
	}
	switch {
	case e.Complete:
		head += ", no others"
	case len(e.Solutions) > 0 && e.Status != solver.Unknown:
		head += ", limit reached"
	}
	lines := []string{head}
	for i, s := range e.Solutions {
		lines = append(lines, wrap(assignmentItems(m, s), " ", fmt.Sprintf("%d: ", i+1))...)
	}
	return lines
}

func statsText(s solver.Stats) string {
	parts := []string{count(s.SolveCalls, "solve call")}
	if s.Conflicts >= 0 {
		parts = append(parts, count(int(s.Conflicts), "conflict"))
	}
	parts = append(parts, count(s.Variables, "variable"))
	if s.Clauses > 0 {
		parts = append(parts, count(s.Clauses, "clause"))
	}
	parts = append(parts, durationText(s.Wall))
	return strings.Join(parts, ", ")
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

func durationText(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// assignmentItems returns "name=value" for each answer variable, in the
// order of the model's answer list.
func assignmentItems(m *encode.Model, a encode.Assignment) []string {
	vars := m.AnswerVars()
	if len(vars) == 0 {
		return []string{"(no answer variables)"}
	}
	items := make([]string, len(vars))
	for i, v := range vars {
		items[i] = displayName(m.Name(v)) + "=" + strconv.FormatInt(a[v], 10)
	}
	return items
}

// displayName quotes a variable name that could be misread in a list.
func displayName(name string) string {
	if name == "" {
		return `""`
	}
	for _, r := range name {
		if unicode.IsSpace(r) || !unicode.IsPrint(r) || strings.ContainsRune(`"=,()*+`, r) {
			return strconv.Quote(name)
		}
	}
	if name[0] == '-' {
		return strconv.Quote(name)
	}
	return name
}

// wrap joins items with sep after prefix, breaking lines before lineWidth;
// continuation lines are indented under the first item.
func wrap(items []string, sep, prefix string) []string {
	return wrapIndent(items, sep, prefix, strings.Repeat(" ", len([]rune(prefix))))
}

// wrapIndent is wrap with continuation lines starting with cont.
func wrapIndent(items []string, sep, prefix, cont string) []string {
	room := lineWidth - len(indent)
	var lines []string
	line := prefix
	fresh := true
	for i, it := range items {
		s := it
		if i < len(items)-1 {
			s += strings.TrimRight(sep, " ")
		}
		if !fresh && len([]rune(line))+1+len([]rune(s)) > room {
			lines = append(lines, line)
			line, fresh = cont, true
		}
		if !fresh {
			line += " "
		}
		line += s
		fresh = false
	}
	return append(lines, line)
}

// JSON output: one object per file per line.

type assignmentJSON = map[string]int64

type auditJSON struct {
	File          string                    `json:"file"`
	Status        solver.Status             `json:"status"`
	Objective     []int64                   `json:"objective"`
	Solution      assignmentJSON            `json:"solution"`
	Unique        *bool                     `json:"unique"`
	Witness       assignmentJSON            `json:"witness"`
	Core          []string                  `json:"core"`
	CoreWitnesses map[string]assignmentJSON `json:"core_witnesses"`
	Stats         solver.Stats              `json:"stats"`
	Solutions     *[]assignmentJSON         `json:"solutions,omitempty"`
	Complete      *bool                     `json:"complete,omitempty"`
	Proof         *proofResult              `json:"proof,omitempty"`
	Task          string                    `json:"task,omitempty"`
	Record        string                    `json:"record,omitempty"`
	Plan          json.RawMessage           `json:"plan,omitempty"`
	WitnessPlan   json.RawMessage           `json:"witness_plan,omitempty"`
}

// answerJSON maps the answer variables to their values in a; nil when a is.
func answerJSON(m *encode.Model, a encode.Assignment) assignmentJSON {
	if a == nil {
		return nil
	}
	out := assignmentJSON{}
	for _, v := range m.AnswerVars() {
		out[m.Name(v)] = a[v]
	}
	return out
}

func writeJSON(w io.Writer, a *audit) error {
	m, c := a.m, a.cert
	out := auditJSON{
		File:    a.file,
		Status:  c.Status,
		Unique:  c.Unique,
		Witness: answerJSON(m, c.Witness),
		Core:    c.Core,
		Stats:   c.Stats,
	}
	if c.Solution != nil {
		out.Objective = append([]int64{}, c.Objective...)
		out.Solution = answerJSON(m, c.Solution)
	}
	if c.Core != nil {
		out.CoreWitnesses = map[string]assignmentJSON{}
		for i, g := range c.Core {
			out.CoreWitnesses[g] = answerJSON(m, c.CoreWitnesses[i])
		}
	}
	if e := a.enum; e != nil {
		sols := []assignmentJSON{}
		for _, s := range e.Solutions {
			sols = append(sols, answerJSON(m, s))
		}
		complete := e.Complete
		out.Solutions, out.Complete = &sols, &complete
	}
	out.Proof = a.proof
	if ta := a.task; ta != nil {
		out.Task, out.Plan, out.WitnessPlan = ta.task.ID, ta.plan, ta.witness
		if ta.record != nil {
			out.Record = ta.record.ID
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// summary is the last line of a run over several files.
func summary(files, skipped int, results []*audit) string {
	byStatus := map[solver.Status]int{}
	notProven := 0
	for _, a := range results {
		byStatus[a.cert.Status]++
		if !a.cert.Proven(a.m) {
			notProven++
		}
	}
	var parts []string
	for _, s := range []solver.Status{solver.Optimal, solver.Infeasible, solver.Feasible, solver.Unknown} {
		if n := byStatus[s]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, s))
		}
	}
	line := fmt.Sprintf("%d %s", files, plural(files, "model", "models"))
	if len(parts) > 0 {
		line += ": " + strings.Join(parts, ", ")
	}
	var problems []string
	if notProven > 0 {
		problems = append(problems, fmt.Sprintf("%d not proven", notProven))
	}
	if failed := files - skipped - len(results); failed > 0 {
		problems = append(problems, fmt.Sprintf("%d failed", failed))
	}
	if skipped > 0 {
		problems = append(problems, fmt.Sprintf("%d not audited", skipped))
	}
	if len(problems) == 0 {
		return line + "; all proven"
	}
	return line + "; " + strings.Join(problems, ", ")
}
