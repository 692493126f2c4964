package report

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/plancert/plancert/verify"
)

// Set is one response set: its name (e.g. the file or the model) and its
// analysis.
type Set struct {
	Name     string          `json:"name"`
	Analysis verify.Analysis `json:"analysis"`
}

// Input is what a report shows: the suite, one response set or two, and
// for two, their comparison.
type Input struct {
	// Suite names the suite (a file name).
	Suite string `json:"suite"`
	// Sets holds one response set, or two (the first is A, the second B
	// of Comparison).
	Sets []Set `json:"sets"`
	// Comparison is set exactly when there are two sets.
	Comparison *verify.Comparison `json:"comparison,omitempty"`
}

// check reports whether in can be rendered.
func (in *Input) check() error {
	switch {
	case len(in.Sets) == 0 || len(in.Sets) > 2:
		return fmt.Errorf("report: %d response sets; want 1 or 2", len(in.Sets))
	case len(in.Sets) == 2 && in.Comparison == nil:
		return errors.New("report: two response sets without their comparison")
	case len(in.Sets) == 1 && in.Comparison != nil:
		return errors.New("report: a comparison with one response set")
	}
	a := in.Sets[0].Analysis
	for _, s := range in.Sets[1:] {
		b := s.Analysis
		same := b.Records == a.Records && len(b.Breakdowns) == len(a.Breakdowns) && len(b.Units) == len(a.Units)
		for i := 0; same && i < len(a.Breakdowns); i++ {
			same = len(a.Breakdowns[i].Rows) == len(b.Breakdowns[i].Rows)
			for j := 0; same && j < len(a.Breakdowns[i].Rows); j++ {
				same = a.Breakdowns[i].Rows[j].Key == b.Breakdowns[i].Rows[j].Key
			}
		}
		for i := 0; same && i < len(a.Units); i++ {
			same = a.Units[i].Unit == b.Units[i].Unit && a.Units[i].Tier == b.Units[i].Tier
		}
		if !same {
			return errors.New("report: the response sets are not analyses of the same suite")
		}
	}
	return nil
}

// table is one table of a report, whatever the format.
type table struct {
	id    string // HTML anchor and chart key
	title string
	note  string // one paragraph under the title
	head  []string
	right []bool // right-aligned columns
	rows  [][]string
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

func interval(e verify.Estimate) string { return "[" + pct(e.Lo) + ", " + pct(e.Hi) + "]" }

// signedPct writes a difference with its sign.
func signedPct(x float64) string {
	s := strconv.FormatFloat(100*x, 'f', 1, 64)
	if s == "-0.0" {
		s = "0.0"
	}
	if !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	return s + " pt"
}

// pvalue writes a p-value with four significant digits, in e-notation
// below 0.001.
func pvalue(p float64) string {
	if p >= 0.001 || p == 0 {
		return strconv.FormatFloat(p, 'g', 4, 64)
	}
	return strconv.FormatFloat(p, 'e', 2, 64)
}

// tables returns the tables of in, in report order.
func tables(in *Input) []table {
	var ts []table
	ts = append(ts, summaryTable(in))
	if in.Comparison != nil {
		ts = append(ts, comparisonTable(in))
	}
	ts = append(ts, errorTable(in))
	for i, b := range in.Sets[0].Analysis.Breakdowns {
		ts = append(ts, breakdownTable(in, i, b.By))
	}
	ts = append(ts, unitTable(in))
	return ts
}

func summaryTable(in *Input) table {
	t := table{id: "summary", title: "Summary",
		note: "All-pass: the share of responses that pass every checklist item, with the Wilson 95% interval. " +
			"Avg-pass: the mean share of items passed, with the Student t 95% interval over records. " +
			"A record without a response counts as one failed response.",
		head:  []string{"responses", "records", "n", "no response", "parsed", "all-pass", "95% interval", "avg-pass", "95% interval"},
		right: []bool{false, true, true, true, true, true, true, true, true}}
	for k, s := range in.Sets {
		a := s.Analysis
		t.rows = append(t.rows, []string{prefix(in, k) + s.Name, itoa(a.Records), itoa(a.N), itoa(a.NoResponse), itoa(a.Parsed),
			fmt.Sprintf("%s (%d)", pct(a.AllPass.Mean), a.AllPassed), interval(a.AllPass),
			pct(a.AvgPass.Mean), interval(a.AvgPass)})
	}
	return t
}

func comparisonTable(in *Input) table {
	c := in.Comparison
	a, b := in.Sets[0].Name, in.Sets[1].Name
	return table{id: "comparison", title: "Paired comparison",
		note: fmt.Sprintf("A = %s, B = %s, paired per record and sample. All-pass: exact McNemar test "+
			"(two-sided binomial test on the discordant pairs). Avg-pass: mean paired difference A − B "+
			"with the percentile 95%% interval of a paired bootstrap over records (%d resamples, seed %d).",
			a, b, c.Resamples, c.Seed),
		head:  []string{"pairs", "both pass", "only A", "only B", "both fail", "McNemar p", "all-pass A − B", "avg-pass A − B", "95% interval"},
		right: []bool{true, true, true, true, true, true, true, true, true},
		rows: [][]string{{itoa(c.Pairs), itoa(c.BothPass), itoa(c.OnlyA), itoa(c.OnlyB), itoa(c.BothFail),
			pvalue(c.McNemarP), signedPct(c.AllPassDiff), signedPct(c.AvgPassDiff.Mean),
			"[" + signedPct(c.AvgPassDiff.Lo) + ", " + signedPct(c.AvgPassDiff.Hi) + "]"}}}
}

// errorLabels are the error kinds in PlanningBench's words.
var errorLabels = map[verify.ErrorKind]string{
	verify.ErrorFormat:     "Format / structure",
	verify.ErrorOmitted:    "Constraint omitted",
	verify.ErrorWrong:      "Wrong calculation / assignment",
	verify.ErrorState:      "State tracking",
	verify.ErrorSuboptimal: "Suboptimal",
	verify.ErrorStated:     "Stated-value mismatch",
	verify.ErrorChecker:    "Checker error (a plancert bug)",
	verify.ErrorOther:      "Other",
	verify.ErrorTruncated:  "Truncated (token limit)",
	verify.ErrorNoResponse: "No response",
}

func errorLabel(k verify.ErrorKind) string {
	if l, ok := errorLabels[k]; ok {
		return l
	}
	return string(k)
}

func errorTable(in *Input) table {
	t := table{id: "errors", title: "Error kinds",
		note: "Failed responses by the kind of their failed items, first match in the order of the rows " +
			"(format, constraint omitted = a coverage item, wrong assignment = a feasibility item of a basic, " +
			"medium or hard unit, state tracking = a feasibility item of a stateful unit, suboptimal = the " +
			"objective item, stated-value mismatch = a value the answer states about its plan). " +
			"\"Any\" counts the failed responses with at least one failed item of the kind.",
		head: []string{"error kind"}, right: []bool{false}}
	for k := range in.Sets {
		p := prefix(in, k)
		t.head = append(t.head, p+"failed (first)", p+"share", p+"any")
		t.right = append(t.right, true, true, true)
	}
	var kinds []verify.ErrorKind
	seen := map[verify.ErrorKind]bool{}
	for _, k := range verify.ErrorKinds {
		for _, s := range in.Sets {
			for _, r := range s.Analysis.Errors {
				if r.Kind == k && !seen[k] {
					seen[k] = true
					kinds = append(kinds, k)
				}
			}
		}
	}
	for _, s := range in.Sets {
		for _, r := range s.Analysis.Errors {
			if !seen[r.Kind] {
				seen[r.Kind] = true
				kinds = append(kinds, r.Kind)
			}
		}
	}
	for _, k := range kinds {
		cells := []string{errorLabel(k)}
		for _, s := range in.Sets {
			r := verify.ErrorRow{Kind: k}
			for _, x := range s.Analysis.Errors {
				if x.Kind == k {
					r = x
				}
			}
			cells = append(cells, itoa(r.Primary), pct(r.Share), itoa(r.Any))
		}
		t.rows = append(t.rows, cells)
	}
	total := []string{"All failures"}
	for _, s := range in.Sets {
		share := "—"
		if s.Analysis.Failed > 0 {
			share = pct(1)
		}
		total = append(total, itoa(s.Analysis.Failed), share, "")
	}
	t.rows = append(t.rows, total)
	return t
}

var breakdownNotes = map[string]string{
	"tier mix":         "Records by the number of sampled units per tier: basic (b), medium (m), hard (h), stateful (s).",
	"checklist length": "Records by the number of checklist items.",
	"prompt length":    "Records by the length of the prompt in characters.",
}

func breakdownTable(in *Input, i int, by string) table {
	t := table{id: breakdownID(by), title: "By " + by, note: breakdownNotes[by],
		head: []string{by, "records"}, right: []bool{false, true}}
	for k := range in.Sets {
		p := prefix(in, k)
		t.head = append(t.head, p+"all-pass", p+"95% interval", p+"avg-pass", p+"95% interval")
		t.right = append(t.right, true, true, true, true)
	}
	rows := in.Sets[0].Analysis.Breakdowns[i].Rows
	for j, r := range rows {
		cells := []string{r.Key, itoa(r.Records)}
		for _, s := range in.Sets {
			x := s.Analysis.Breakdowns[i].Rows[j]
			cells = append(cells, fmt.Sprintf("%s (%d/%d)", pct(x.AllPass.Mean), x.AllPassed, x.N), interval(x.AllPass),
				pct(x.AvgPass.Mean), interval(x.AvgPass))
		}
		t.rows = append(t.rows, cells)
	}
	return t
}

func unitTable(in *Input) table {
	t := table{id: "units", title: "Constraint units",
		note: "For each sampled unit, the All-pass of the records that sampled it against the records that " +
			"could have (their task's pool has it, their subtask allows it) and did not. A difference is " +
			"a correlation over this suite, not the unit's effect: units are sampled together.",
		head: []string{"tier", "unit", "with", "without"}, right: []bool{false, false, true, true}}
	for k := range in.Sets {
		p := prefix(in, k)
		t.head = append(t.head, p+"all-pass with", p+"all-pass without", p+"difference")
		t.right = append(t.right, true, true, true)
	}
	for j, u := range in.Sets[0].Analysis.Units {
		cells := []string{string(u.Tier), u.Unit, itoa(u.With.Records), itoa(u.Without.Records)}
		for _, s := range in.Sets {
			x := s.Analysis.Units[j]
			without, diff := "—", "—"
			if x.Without.N > 0 {
				without = fmt.Sprintf("%s %s", pct(x.Without.AllPass.Mean), interval(x.Without.AllPass))
				diff = signedPct(x.With.AllPass.Mean - x.Without.AllPass.Mean)
			}
			cells = append(cells, fmt.Sprintf("%s %s", pct(x.With.AllPass.Mean), interval(x.With.AllPass)), without, diff)
		}
		t.rows = append(t.rows, cells)
	}
	return t
}

// breakdownID is the anchor of the breakdown by by.
func breakdownID(by string) string { return "by-" + strings.ReplaceAll(by, " ", "-") }

// prefix is the column prefix of response set k: "A ", "B ", or "" when
// there is one set.
func prefix(in *Input, k int) string {
	if len(in.Sets) == 1 {
		return ""
	}
	return string(rune('A'+k)) + " "
}

func itoa(n int) string { return strconv.Itoa(n) }
