package peers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/plancert/plancert/solver"
)

// Result is one peer's run on one instance. Reference names the peer whose
// answer it was compared with: the first peer of the run that proved its
// answer on the instance (normally plancert's SAT backend), empty when
// this result or every result is unproven. Agree says the status and the
// objective vector equal the reference's. Err is set when the peer failed,
// and Integrity when it failed because its answer did not pass the
// model's Check (a *solver.IntegrityError) rather than for a limit (a
// model too large for it, a crash of its program).
type Result struct {
	Family    string        `json:"family"`
	Instance  string        `json:"instance"`
	Peer      string        `json:"peer"`
	Status    solver.Status `json:"status"`
	Objective []int64       `json:"objective"`
	WallMS    float64       `json:"wall_ms"`
	Runs      int           `json:"runs"`
	Proven    bool          `json:"proven"`
	Reference string        `json:"reference,omitempty"`
	Agree     bool          `json:"agree"`
	Err       string        `json:"error,omitempty"`
	Integrity bool          `json:"integrity_failure,omitempty"`
}

// Report is the outcome of Bench.
type Report struct {
	Peers     []string      `json:"peers"`
	TimeoutMS float64       `json:"timeout_ms"`
	Results   []Result      `json:"results"`
	Families  []FamilyStats `json:"families"`
}

// FamilyStats sums one peer's results over a family: total and median
// wall time (an unfinished run counts as the timeout), the number of
// instances, of proven answers compared with a reference (Compared) and
// of those that agree, of timeouts and of errors. Ratio is the total time
// over the first peer's.
type FamilyStats struct {
	Family    string  `json:"family"`
	Peer      string  `json:"peer"`
	Instances int     `json:"instances"`
	TotalMS   float64 `json:"total_ms"`
	MedianMS  float64 `json:"median_ms"`
	Ratio     float64 `json:"ratio"`
	Compared  int     `json:"compared"`
	Agree     int     `json:"agree"`
	Timeouts  int     `json:"timeouts"`
	Errors    int     `json:"errors"`
}

// Bench runs every peer on every instance, each under its own timeout,
// and compares every proven answer with the first proven answer on the
// same instance, in the order of peers. progress, when not nil, gets each
// result as it is made (before the comparison). Bench stops early only
// when ctx ends.
func Bench(ctx context.Context, insts []Instance, peers []Peer, timeout time.Duration, progress func(Result)) (*Report, error) {
	if len(peers) == 0 {
		return nil, errors.New("peers: no peers to run")
	}
	rep := &Report{TimeoutMS: ms(timeout)}
	for _, p := range peers {
		rep.Peers = append(rep.Peers, p.Name())
	}
	for _, in := range insts {
		var rs []Result
		for _, p := range peers {
			if err := ctx.Err(); err != nil {
				return rep, err
			}
			r := runOne(ctx, in, p, timeout)
			rs = append(rs, r)
			if progress != nil {
				progress(r)
			}
		}
		compare(rs)
		rep.Results = append(rep.Results, rs...)
	}
	rep.summarize(timeout)
	return rep, nil
}

func runOne(ctx context.Context, in Instance, p Peer, timeout time.Duration) Result {
	r := Result{Family: in.Family, Instance: in.Name, Peer: p.Name()}
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	a, err := p.Solve(tctx, in.Model)
	if err != nil {
		var ie *solver.IntegrityError
		r.Err, r.Integrity = err.Error(), errors.As(err, &ie)
		return r
	}
	r.Status, r.Objective, r.WallMS, r.Runs = a.Status, a.Objective, ms(a.Wall), a.Runs
	s := a.Status
	r.Proven = s == solver.Optimal || s == solver.Infeasible || (s == solver.Feasible && len(in.Model.Objectives) == 0)
	if !r.Proven {
		r.WallMS = ms(timeout)
	}
	return r
}

// compare sets Reference and Agree of the proven results of one instance.
func compare(rs []Result) {
	var ref *Result
	for i := range rs {
		if rs[i].Proven && rs[i].Err == "" {
			ref = &rs[i]
			break
		}
	}
	if ref == nil {
		return
	}
	for i := range rs {
		r := &rs[i]
		if !r.Proven || r.Err != "" {
			continue
		}
		r.Reference = ref.Peer
		r.Agree = r.Status == ref.Status && slices.Equal(r.Objective, ref.Objective)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func (rep *Report) summarize(timeout time.Duration) {
	type key struct{ fam, peer string }
	walls := map[key][]float64{}
	stats := map[key]*FamilyStats{}
	var fams []string
	for _, r := range rep.Results {
		k := key{r.Family, r.Peer}
		s := stats[k]
		if s == nil {
			s = &FamilyStats{Family: r.Family, Peer: r.Peer}
			stats[k] = s
			if !slices.Contains(fams, r.Family) {
				fams = append(fams, r.Family)
			}
		}
		s.Instances++
		w := r.WallMS
		switch {
		case r.Err != "":
			s.Errors++
			w = ms(timeout)
		case !r.Proven:
			s.Timeouts++
		}
		if r.Reference != "" {
			s.Compared++
		}
		if r.Agree {
			s.Agree++
		}
		s.TotalMS += w
		walls[k] = append(walls[k], w)
	}
	for _, f := range fams {
		ref := stats[key{f, rep.Peers[0]}]
		for _, p := range rep.Peers {
			s := stats[key{f, p}]
			if s == nil {
				continue
			}
			ws := walls[key{f, p}]
			sort.Float64s(ws)
			s.MedianMS = ws[len(ws)/2]
			if len(ws)%2 == 0 {
				s.MedianMS = (ws[len(ws)/2-1] + ws[len(ws)/2]) / 2
			}
			if ref.TotalMS > 0 {
				s.Ratio = s.TotalMS / ref.TotalMS
			}
			rep.Families = append(rep.Families, *s)
		}
	}
}

// WriteJSON writes the report as one indented JSON object.
func (rep *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// WriteTable writes the report as a Markdown table: per family and peer,
// the total solve-and-prove time (≥ when some run hit the timeout), its
// ratio to the first peer's, and how many proven answers agree with the
// reference; then every disagreement, error and instance whose reference
// is not the first peer.
func (rep *Report) WriteTable(w io.Writer) error {
	var b strings.Builder
	b.WriteString("| family | models |")
	for _, p := range rep.Peers {
		fmt.Fprintf(&b, " %s |", p)
	}
	b.WriteString("\n|---|---:|")
	for range rep.Peers {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	byFam := map[string]map[string]FamilyStats{}
	var fams []string
	for _, s := range rep.Families {
		if byFam[s.Family] == nil {
			byFam[s.Family] = map[string]FamilyStats{}
			fams = append(fams, s.Family)
		}
		byFam[s.Family][s.Peer] = s
	}
	for _, f := range fams {
		ref := byFam[f][rep.Peers[0]]
		fmt.Fprintf(&b, "| %s | %d |", f, ref.Instances)
		for i, p := range rep.Peers {
			s, ok := byFam[f][p]
			if !ok {
				b.WriteString(" – |")
				continue
			}
			ge := ""
			if s.Timeouts+s.Errors > 0 {
				ge = "≥ "
			}
			fmt.Fprintf(&b, " %s%s", ge, seconds(s.TotalMS))
			if i > 0 {
				fmt.Fprintf(&b, " (%s)", ratio(s.Ratio))
			}
			fmt.Fprintf(&b, ", %d/%d agree", s.Agree, s.Compared)
			if s.Timeouts > 0 {
				fmt.Fprintf(&b, ", %d timeout", s.Timeouts)
				if s.Timeouts > 1 {
					b.WriteString("s")
				}
			}
			if s.Errors > 0 {
				fmt.Fprintf(&b, ", %d error", s.Errors)
				if s.Errors > 1 {
					b.WriteString("s")
				}
			}
			b.WriteString(" |")
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nTotal solve-and-prove wall time per family, its ratio to %s, and how many proven answers agree (status and objective vector) with the first proven answer among the peers in this order; timeout %s per model and peer.\n", rep.Peers[0], seconds(rep.TimeoutMS))
	var notes []string
	// compared says what the answers on r's instance were compared with
	// when the first peer has no proven answer there.
	compared := func(r Result) string {
		for _, o := range rep.Results {
			if o.Family == r.Family && o.Instance == r.Instance && o.Reference != "" {
				return "answers compared with " + o.Reference
			}
		}
		return "no peer proved it either"
	}
	for _, r := range rep.Results {
		first := r.Peer == rep.Peers[0]
		switch {
		case r.Integrity:
			notes = append(notes, fmt.Sprintf("- %s %s, %s: INTEGRITY FAILURE: %s", r.Family, r.Instance, r.Peer, r.Err))
		case r.Err != "" && first:
			notes = append(notes, fmt.Sprintf("- %s %s, %s: error: %s; %s", r.Family, r.Instance, r.Peer, r.Err, compared(r)))
		case r.Err != "":
			notes = append(notes, fmt.Sprintf("- %s %s, %s: error: %s", r.Family, r.Instance, r.Peer, r.Err))
		case r.Reference != "" && !r.Agree:
			notes = append(notes, fmt.Sprintf("- %s %s, %s: %s %v does not agree with %s", r.Family, r.Instance, r.Peer, r.Status, r.Objective, r.Reference))
		case first && !r.Proven:
			notes = append(notes, fmt.Sprintf("- %s %s: %s did not prove it within the timeout; %s", r.Family, r.Instance, r.Peer, compared(r)))
		}
	}
	if len(notes) > 0 {
		b.WriteString("\n" + strings.Join(notes, "\n") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func seconds(msec float64) string {
	switch {
	case msec < 1000:
		return fmt.Sprintf("%.0f ms", msec)
	case msec < 10000:
		return fmt.Sprintf("%.2f s", msec/1000)
	}
	return fmt.Sprintf("%.1f s", msec/1000)
}

func ratio(x float64) string {
	if x < 10 {
		return fmt.Sprintf("%.2f×", x)
	}
	return fmt.Sprintf("%.0f×", x)
}
