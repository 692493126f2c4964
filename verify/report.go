package verify

import (
	"math"
	"slices"

	"github.com/plancert/plancert/domains"
)

// Z95 is the standard normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval at 95% for a proportion p
// observed over n trials: the set of true proportions π for which
// |p−π| ≤ z·√(π(1−π)/n). For n = 0 it is [0, 1].
//
// Summarize also applies it to means of values in [0, 1] that are not 0/1
// (Avg-pass, the avgpass reward). For any such variable with mean μ the
// variance is at most μ(1−μ), the Bernoulli variance, so the interval is
// conservative there (at least as wide as needed asymptotically), and it
// stays inside [0, 1] and keeps a non-zero width at 0 and 1, which a
// normal-approximation interval with the sample variance does not.
func Wilson(p float64, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	z2 := Z95 * Z95
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := Z95 / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Max(0, center-half), math.Min(1, center+half)
}

// Estimate is a mean with its Wilson 95% interval.
type Estimate struct {
	Mean float64 `json:"mean"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

func estimate(sum float64, n int) Estimate {
	if n == 0 {
		return Estimate{0, 0, 1}
	}
	p := sum / float64(n)
	lo, hi := Wilson(p, n)
	return Estimate{p, lo, hi}
}

// KindCount is the number of responses with one error kind.
type KindCount struct {
	Kind ErrorKind `json:"kind"`
	N    int       `json:"n"`
}

// TaskRow is one task's line of a Report.
type TaskRow struct {
	Task    string         `json:"task"`
	Family  domains.Family `json:"family"`
	N       int            `json:"n"`
	AllPass float64        `json:"all_pass"`
	AvgPass float64        `json:"avg_pass"`
}

// Report summarizes the scores of a suite.
//
// The unit is the response: N = Responses + NoResponse, where each record
// without a response counts as one failed response (all_pass 0, avg_pass 0,
// reward 0, error kind "no response"). With several responses (samples)
// per record every sample counts; the intervals then treat samples of one
// record as independent, which understates the uncertainty about the
// suite's instances.
type Report struct {
	// Records is the number of records in the suite; Responses the number
	// of responses scored; NoResponse the records that got none.
	Records    int `json:"records"`
	Responses  int `json:"responses"`
	NoResponse int `json:"no_response"`
	// N is the number of units averaged: Responses + NoResponse.
	N int `json:"n"`
	// Parsed counts the responses a JSON answer was extracted from;
	// AllPassed those that passed every item.
	Parsed    int `json:"parsed"`
	AllPassed int `json:"all_passed"`
	// AllPass, AvgPass and Reward are means over the N units with Wilson
	// 95% intervals (see Wilson for the non-0/1 means).
	AllPass Estimate `json:"all_pass"`
	AvgPass Estimate `json:"avg_pass"`
	Reward  Estimate `json:"reward"`
	// ErrorKinds counts the failed units by kind, in the order of
	// ErrorKinds, kinds with no failure left out.
	ErrorKinds []KindCount `json:"error_kinds"`
	// Tasks has one row per task, in family order, then by task id.
	Tasks []TaskRow `json:"tasks"`
}

// Summarize summarizes scores (from ScoreResponse, any number per record)
// over the suite records. Records with no score count as failures (see
// Report). A score whose id is not in records counts in the totals and in
// a task row with an empty task name.
func Summarize(records []*domains.Record, scores []Score) Report {
	all := append(slices.Clip(scores), Missing(records, scores)...)
	byID := make(map[string]*domains.Record, len(records))
	for _, r := range records {
		byID[r.ID] = r
	}
	rep := Report{Records: len(records), Responses: len(scores), N: len(all), NoResponse: len(all) - len(scores)}
	var allSum, avgSum, rewardSum float64
	kinds := map[ErrorKind]int{}
	type acc struct {
		family       domains.Family
		n            int
		allSum, avgS float64
	}
	tasks := map[string]*acc{}
	for _, s := range all {
		if s.Parsed {
			rep.Parsed++
		}
		rep.AllPassed += s.AllPass
		allSum += float64(s.AllPass)
		avgSum += s.AvgPass
		rewardSum += s.Reward
		if s.ErrorKind != ErrorNone {
			kinds[s.ErrorKind]++
		} else if s.AllPass == 0 {
			kinds[ErrorOther]++ // not from ScoreResponse; counted, not lost
		}
		var task string
		var fam domains.Family
		if r := byID[s.ID]; r != nil {
			task, fam = r.Task, r.Family
		}
		a := tasks[task]
		if a == nil {
			a = &acc{family: fam}
			tasks[task] = a
		}
		a.n++
		a.allSum += float64(s.AllPass)
		a.avgS += s.AvgPass
	}
	rep.AllPass = estimate(allSum, rep.N)
	rep.AvgPass = estimate(avgSum, rep.N)
	rep.Reward = estimate(rewardSum, rep.N)
	rep.ErrorKinds = []KindCount{}
	for _, k := range ErrorKinds {
		if kinds[k] > 0 {
			rep.ErrorKinds = append(rep.ErrorKinds, KindCount{k, kinds[k]})
		}
	}
	var extra []ErrorKind // kinds this version does not list, by name
	for k := range kinds {
		if !slices.Contains(ErrorKinds, k) {
			extra = append(extra, k)
		}
	}
	slices.Sort(extra)
	for _, k := range extra {
		rep.ErrorKinds = append(rep.ErrorKinds, KindCount{k, kinds[k]})
	}
	rank := map[domains.Family]int{}
	for i, f := range domains.Families {
		rank[f] = i + 1
	}
	famRank := func(f domains.Family) int {
		if r, ok := rank[f]; ok {
			return r
		}
		return len(rank) + 1
	}
	rep.Tasks = []TaskRow{}
	for task, a := range tasks {
		rep.Tasks = append(rep.Tasks, TaskRow{Task: task, Family: a.family, N: a.n,
			AllPass: a.allSum / float64(a.n), AvgPass: a.avgS / float64(a.n)})
	}
	slices.SortFunc(rep.Tasks, func(x, y TaskRow) int {
		if d := famRank(x.Family) - famRank(y.Family); d != 0 {
			return d
		}
		if x.Task < y.Task {
			return -1
		}
		if x.Task > y.Task {
			return 1
		}
		return 0
	})
	return rep
}
