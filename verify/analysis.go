package verify

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/plancert/plancert/domains"
)

// Row is one group of a breakdown: the responses to the records whose key
// is Key.
//
// N counts the responses (a record without one counts as one failed
// response, as in Report); Records the records. AllPass is the mean over
// the N responses with its Wilson 95% interval; AvgPass the mean over the
// records of each record's mean Avg-pass, with the Student t 95% interval
// over records (TInterval, clipped to [0, 1]): the responses to one
// record are not independent, the records are. With the same number of
// responses per record (the usual case) the AvgPass mean is the mean over
// responses. The t interval has zero width when every record of the row
// has the same Avg-pass, and is [0, 1] for a single record.
type Row struct {
	Key       string   `json:"key"`
	Records   int      `json:"records"`
	N         int      `json:"n"`
	AllPassed int      `json:"all_passed"`
	AllPass   Estimate `json:"all_pass"`
	AvgPass   Estimate `json:"avg_pass"`
}

// Breakdown is a table of rows by one attribute of the records.
type Breakdown struct {
	// By names the attribute: family, task, subtask, tier mix, checklist
	// length or prompt length.
	By   string `json:"by"`
	Rows []Row  `json:"rows"`
}

// UnitRow compares, for one constraint unit, the records that sampled it
// (With) against the records that could have and did not (Without): their
// task's pool has the unit and their subtask does not exclude it. The rows' keys are "with" and "without".
type UnitRow struct {
	Unit    string       `json:"unit"`
	Tier    domains.Tier `json:"tier"`
	With    Row          `json:"with"`
	Without Row          `json:"without"`
}

// ErrorRow is one line of the error table.
//
// Primary counts the failed responses whose error kind (Score.ErrorKind,
// first match) is Kind, and Share is Primary over the failed responses.
// Any counts the failed responses with at least one failed item of that
// kind (ItemErrorKind); a response may count in several rows, so the Any
// column does not sum to the failures. For "checker error" and "no
// response", which are not item kinds, Any equals Primary.
type ErrorRow struct {
	Kind    ErrorKind `json:"kind"`
	Primary int       `json:"primary"`
	Share   float64   `json:"share"`
	Any     int       `json:"any"`
}

// Analysis is the report of one response set on a suite.
type Analysis struct {
	// Records is the number of records; Responses the responses scored;
	// NoResponse the records that got none; N = Responses + NoResponse
	// the responses averaged; Parsed those with an extracted JSON answer;
	// AllPassed those that passed every item; Failed = N − AllPassed.
	Records    int `json:"records"`
	Responses  int `json:"responses"`
	NoResponse int `json:"no_response"`
	N          int `json:"n"`
	Parsed     int `json:"parsed"`
	AllPassed  int `json:"all_passed"`
	Failed     int `json:"failed"`
	// AllPass has the Wilson interval over the N responses; AvgPass the
	// t interval over records (see Row).
	AllPass Estimate `json:"all_pass"`
	AvgPass Estimate `json:"avg_pass"`
	// Errors has one row per kind of ErrorKinds (in that order) that has
	// a failure, then kinds this version does not list, by name.
	Errors []ErrorRow `json:"errors"`
	// Breakdowns are, in order: family, task, subtask, level, tier mix,
	// checklist length, prompt length.
	Breakdowns []Breakdown `json:"breakdowns"`
	// Units has one row per sampled unit, by tier (basic, medium, hard,
	// stateful), then unit id.
	Units []UnitRow `json:"units"`
}

// Bins of the length breakdowns: a value v falls in the first bin whose
// upper bound is ≥ v; the last bin is open.
var (
	ChecklistBins = []int{6, 8, 10, 12, 15}
	PromptBins    = []int{1999, 2999, 3999, 4999, 7499, 9999, 15999, 23999}
)

// recScores holds the scores of one record.
type recScores struct {
	rec    *domains.Record
	scores []Score
}

// group returns the scores of every record of records, in suite order, a
// record without a score getting its NoResponse score. A score whose id is
// not in records is an error.
func group(records []*domains.Record, scores []Score) ([]recScores, error) {
	idx := make(map[string]int, len(records))
	out := make([]recScores, len(records))
	for i, r := range records {
		idx[r.ID] = i
		out[i].rec = r
	}
	for _, s := range scores {
		i, ok := idx[s.ID]
		if !ok {
			return nil, fmt.Errorf("verify: a score has the id %q, which no record of the suite has", s.ID)
		}
		out[i].scores = append(out[i].scores, s)
	}
	for i := range out {
		if len(out[i].scores) == 0 {
			out[i].scores = []Score{NoResponse(out[i].rec)}
		}
	}
	return out, nil
}

// row summarizes the groups gs under key.
func row(key string, gs []recScores) Row {
	r := Row{Key: key, Records: len(gs)}
	means := make([]float64, 0, len(gs))
	for _, g := range gs {
		var s float64
		for _, sc := range g.scores {
			r.N++
			r.AllPassed += sc.AllPass
			s += sc.AvgPass
		}
		means = append(means, s/float64(len(g.scores)))
	}
	r.AllPass = estimate(float64(r.AllPassed), r.N)
	r.AvgPass = TInterval(means, 0, 1)
	return r
}

// Analyze reports scores (from ScoreResponse, any number per record) over
// the suite records: see Analysis. A record without a score counts as one
// failed response with error kind "no response". It is an error when a
// score's id is not the id of a record, or when records is empty.
func Analyze(records []*domains.Record, scores []Score) (Analysis, error) {
	if len(records) == 0 {
		return Analysis{}, errors.New("verify: no records to analyze")
	}
	gs, err := group(records, scores)
	if err != nil {
		return Analysis{}, err
	}
	total := row("all", gs)
	a := Analysis{Records: len(records), Responses: len(scores), N: total.N, AllPassed: total.AllPassed,
		AllPass: total.AllPass, AvgPass: total.AvgPass}
	a.NoResponse = a.N - a.Responses
	a.Failed = a.N - a.AllPassed
	a.Errors = errorRows(gs, a.Failed)
	for _, g := range gs {
		for _, s := range g.scores {
			if s.Parsed {
				a.Parsed++
			}
		}
	}

	famRank := map[domains.Family]int{}
	for i, f := range domains.Families {
		famRank[f] = i
	}
	rankOf := func(f domains.Family) int {
		if r, ok := famRank[f]; ok {
			return r
		}
		return len(famRank)
	}
	byFamily := func(x, y *domains.Record) int {
		return cmp.Compare(rankOf(x.Family), rankOf(y.Family))
	}
	a.Breakdowns = []Breakdown{
		breakdown("family", gs, func(r *domains.Record) string { return string(r.Family) },
			func(x, y *domains.Record) int {
				return cmp.Or(byFamily(x, y), cmp.Compare(x.Family, y.Family))
			}),
		breakdown("task", gs, func(r *domains.Record) string { return r.Task },
			func(x, y *domains.Record) int { return cmp.Or(byFamily(x, y), cmp.Compare(x.Task, y.Task)) }),
		breakdown("subtask", gs, func(r *domains.Record) string { return r.Task + "/" + r.Subtask },
			func(x, y *domains.Record) int {
				return cmp.Or(byFamily(x, y), cmp.Compare(x.Task, y.Task), cmp.Compare(x.Subtask, y.Subtask))
			}),
		breakdown("level", gs, func(r *domains.Record) string { return fmt.Sprintf("level %d", max(r.Level, 1)) },
			func(x, y *domains.Record) int { return cmp.Compare(max(x.Level, 1), max(y.Level, 1)) }),
		breakdown("tier mix", gs, mixKey, func(x, y *domains.Record) int {
			return slices.Compare(mixCounts(x), mixCounts(y))
		}),
		breakdown("checklist length", gs, func(r *domains.Record) string {
			return binLabel(ChecklistBins, len(r.Checklist), "")
		}, func(x, y *domains.Record) int {
			return cmp.Compare(binIndex(ChecklistBins, len(x.Checklist)), binIndex(ChecklistBins, len(y.Checklist)))
		}),
		breakdown("prompt length", gs, func(r *domains.Record) string {
			return binLabel(PromptBins, utf8.RuneCountInString(r.Prompt), " chars")
		}, func(x, y *domains.Record) int {
			return cmp.Compare(binIndex(PromptBins, utf8.RuneCountInString(x.Prompt)), binIndex(PromptBins, utf8.RuneCountInString(y.Prompt)))
		}),
	}
	a.Units = unitRows(gs)
	return a, nil
}

// breakdown groups gs by key; rows are ordered by less on a record of each
// group (then by key).
func breakdown(by string, gs []recScores, key func(*domains.Record) string, less func(x, y *domains.Record) int) Breakdown {
	groups := map[string][]recScores{}
	first := map[string]*domains.Record{}
	var keys []string
	for _, g := range gs {
		k := key(g.rec)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
			first[k] = g.rec
		}
		groups[k] = append(groups[k], g)
	}
	slices.SortFunc(keys, func(x, y string) int {
		return cmp.Or(less(first[x], first[y]), cmp.Compare(x, y))
	})
	b := Breakdown{By: by, Rows: make([]Row, 0, len(keys))}
	for _, k := range keys {
		b.Rows = append(b.Rows, row(k, groups[k]))
	}
	return b
}

// mixCounts is the number of sampled units per tier: basic, medium, hard,
// stateful.
func mixCounts(r *domains.Record) []int {
	c := r.Constraints
	return []int{len(c.Basic), len(c.Medium), len(c.Hard), len(c.Stateful)}
}

// mixKey names a record's tier mix by its counts, e.g. "2b 1m 0h 1s".
func mixKey(r *domains.Record) string {
	n := mixCounts(r)
	return fmt.Sprintf("%db %dm %dh %ds", n[0], n[1], n[2], n[3])
}

func binIndex(bins []int, v int) int {
	for i, hi := range bins {
		if v <= hi {
			return i
		}
	}
	return len(bins)
}

// binLabel names the bin of v: "≤6", "7–8", …, "16+", with unit appended.
func binLabel(bins []int, v int, unit string) string {
	i := binIndex(bins, v)
	switch {
	case i == 0:
		return fmt.Sprintf("≤%d%s", bins[0], unit)
	case i == len(bins):
		return fmt.Sprintf("%d+%s", bins[i-1]+1, unit)
	case bins[i-1]+1 == bins[i]:
		return fmt.Sprintf("%d%s", bins[i], unit)
	}
	return fmt.Sprintf("%d–%d%s", bins[i-1]+1, bins[i], unit)
}

// unitRows compares, per sampled unit, the records with it against the
// records of tasks that have it in their pool and did not sample it.
func unitRows(gs []recScores) []UnitRow {
	type key struct {
		tier domains.Tier
		unit string
	}
	seen := map[key]bool{}
	var keys []key
	for _, g := range gs {
		c := g.rec.Constraints
		for _, l := range []struct {
			tier  domains.Tier
			units []string
		}{{domains.Basic, c.Basic}, {domains.Medium, c.Medium}, {domains.Hard, c.Hard}, {domains.Stateful, c.Stateful}} {
			for _, u := range l.units {
				k := key{l.tier, u}
				if !seen[k] {
					seen[k] = true
					keys = append(keys, k)
				}
			}
		}
	}
	tierRank := map[domains.Tier]int{domains.Basic: 0, domains.Medium: 1, domains.Hard: 2, domains.Stateful: 3}
	slices.SortFunc(keys, func(x, y key) int {
		return cmp.Or(cmp.Compare(tierRank[x.tier], tierRank[y.tier]), cmp.Compare(x.unit, y.unit))
	})
	out := make([]UnitRow, 0, len(keys))
	for _, k := range keys {
		var with, without []recScores
		for _, g := range gs {
			spec := domains.Spec{Basic: g.rec.Constraints.Basic, Medium: g.rec.Constraints.Medium,
				Hard: g.rec.Constraints.Hard, Stateful: g.rec.Constraints.Stateful}
			if spec.Has(k.unit) {
				with = append(with, g)
				continue
			}
			if couldSample(g.rec, k.unit) {
				without = append(without, g)
			}
		}
		out = append(out, UnitRow{Unit: k.unit, Tier: k.tier, With: row("with", with), Without: row("without", without)})
	}
	return out
}

// couldSample reports whether rec's task has unit in its pool and rec's
// subtask does not exclude it.
func couldSample(rec *domains.Record, unit string) bool {
	t, ok := domains.Lookup(rec.Task)
	if !ok {
		return false
	}
	if _, inPool := t.Unit(unit); !inPool {
		return false
	}
	for _, st := range t.Subtasks {
		if st.ID == rec.Subtask {
			return st.Allows(unit)
		}
	}
	return true
}

// errorRows counts the failed responses of gs by error kind.
func errorRows(gs []recScores, failed int) []ErrorRow {
	primary := map[ErrorKind]int{}
	anyOf := map[ErrorKind]int{}
	for _, g := range gs {
		for _, s := range g.scores {
			if s.AllPass == 1 {
				continue
			}
			k := s.ErrorKind
			if k == ErrorNone {
				k = ErrorOther // not from ScoreResponse; counted, not lost
			}
			primary[k]++
			kinds := map[ErrorKind]bool{k: true}
			if s.Parsed && k != ErrorChecker && k != ErrorNoResponse {
				// otherwise every item failed for that one reason
				for i, it := range s.Items {
					if !it.Pass && i < len(g.rec.Checklist) {
						kinds[ItemErrorKind(g.rec.Checklist[i])] = true
					}
				}
			}
			for kk := range kinds {
				anyOf[kk]++
			}
		}
	}
	var rows []ErrorRow
	add := func(k ErrorKind) {
		r := ErrorRow{Kind: k, Primary: primary[k], Any: anyOf[k]}
		if failed > 0 {
			r.Share = float64(r.Primary) / float64(failed)
		}
		rows = append(rows, r)
	}
	for _, k := range ErrorKinds {
		if primary[k] > 0 || anyOf[k] > 0 {
			add(k)
		}
	}
	var extra []ErrorKind
	for k := range anyOf {
		if !slices.Contains(ErrorKinds, k) {
			extra = append(extra, k)
		}
	}
	slices.Sort(extra)
	for _, k := range extra {
		add(k)
	}
	if rows == nil {
		rows = []ErrorRow{}
	}
	return rows
}

// Comparison is the paired comparison of two response sets, A and B, on
// one suite.
//
// The responses are paired per record in file order: the i-th response of
// A to a record with the i-th response of B to it; a response without a
// partner is paired with a "no response" failure. Pairs counts the pairs;
// BothPass, OnlyA, OnlyB and BothFail split them by All-pass.
//
// McNemarP is the exact McNemar p-value on All-pass (McNemarExact of
// OnlyA and OnlyB): how surprising so uneven a split of the discordant
// pairs would be if A and B were equally good. AllPassDiff is All-pass of
// A minus that of B over the pairs.
//
// AvgPassDiff is the mean over pairs of Avg-pass(A) − Avg-pass(B), with
// the percentile 95% interval of a paired bootstrap over records
// (PairedBootstrap with Resamples draws, seeded with Seed): records, not
// responses, are resampled, each with all of its pairs.
type Comparison struct {
	Pairs       int      `json:"pairs"`
	BothPass    int      `json:"both_pass"`
	OnlyA       int      `json:"only_a"`
	OnlyB       int      `json:"only_b"`
	BothFail    int      `json:"both_fail"`
	McNemarP    float64  `json:"mcnemar_p"`
	AllPassA    float64  `json:"all_pass_a"`
	AllPassB    float64  `json:"all_pass_b"`
	AllPassDiff float64  `json:"all_pass_diff"`
	AvgPassA    float64  `json:"avg_pass_a"`
	AvgPassB    float64  `json:"avg_pass_b"`
	AvgPassDiff Estimate `json:"avg_pass_diff"`
	Resamples   int      `json:"resamples"`
	Seed        uint64   `json:"seed"`
}

// DefaultResamples is the number of bootstrap resamples of a comparison.
const DefaultResamples = 10000

// Compare pairs the scores a and b of two response sets on the suite
// records; see Comparison. It is an error when a score's id is not a
// record's, when records is empty or resamples < 1.
func Compare(records []*domains.Record, a, b []Score, resamples int, seed uint64) (Comparison, error) {
	if len(records) == 0 {
		return Comparison{}, errors.New("verify: no records to compare")
	}
	if resamples < 1 {
		return Comparison{}, fmt.Errorf("verify: %d bootstrap resamples; want at least 1", resamples)
	}
	ga, err := group(records, a)
	if err != nil {
		return Comparison{}, fmt.Errorf("%w (first response set)", err)
	}
	gb, err := group(records, b)
	if err != nil {
		return Comparison{}, fmt.Errorf("%w (second response set)", err)
	}
	c := Comparison{Resamples: resamples, Seed: seed}
	sums := make([]float64, len(records))
	counts := make([]int, len(records))
	var allA, allB, avgA, avgB float64
	for i, rec := range records {
		sa, sb := ga[i].scores, gb[i].scores
		for j := range max(len(sa), len(sb)) {
			x, y := NoResponse(rec), NoResponse(rec)
			if j < len(sa) {
				x = sa[j]
			}
			if j < len(sb) {
				y = sb[j]
			}
			c.Pairs++
			switch {
			case x.AllPass == 1 && y.AllPass == 1:
				c.BothPass++
			case x.AllPass == 1:
				c.OnlyA++
			case y.AllPass == 1:
				c.OnlyB++
			default:
				c.BothFail++
			}
			allA += float64(x.AllPass)
			allB += float64(y.AllPass)
			avgA += x.AvgPass
			avgB += y.AvgPass
			sums[i] += x.AvgPass - y.AvgPass
			counts[i]++
		}
	}
	n := float64(c.Pairs)
	c.McNemarP = McNemarExact(c.OnlyA, c.OnlyB)
	c.AllPassA, c.AllPassB = allA/n, allB/n
	c.AllPassDiff = (allA - allB) / n
	c.AvgPassA, c.AvgPassB = avgA/n, avgB/n
	lo, hi := PairedBootstrap(sums, counts, resamples, seed)
	c.AvgPassDiff = Estimate{(avgA - avgB) / n, lo, hi}
	return c, nil
}
