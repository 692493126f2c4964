package serve

import (
	"bytes"
	"cmp"
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/verify"
)

// The defaults of generation (Options.Generator).
const (
	// DefaultMaxGenerate is the default of Options.MaxGenerate.
	DefaultMaxGenerate = 64
	// DefaultGenerateTimeout is the default of Options.GenerateTimeout.
	DefaultGenerateTimeout = 2 * time.Minute
	// DefaultGenerateCache is the default of Options.GenerateCache: about
	// 64 MB of records of 8 KB (the mean of a level-1 suite).
	DefaultGenerateCache = 8192
)

// A Generator makes the certified records of POST /v1/problems. The
// server defines what it needs and the caller provides it ("plancert
// serve --generate" with package gen), so that the grader imports no
// solving.
type Generator interface {
	// Generate returns the g.N records of g, in index order, each
	// certified exactly (a draw not proven is redrawn, never returned).
	// When ctx ends first, it returns ctx.Err() and the records ready by
	// then (in index order, possibly none). It must be safe for
	// concurrent use.
	Generate(ctx context.Context, g Generation) ([]*domains.Record, error)
}

// Generation is what a Generator is asked for: N records, index i of the
// task Tasks[i % len(Tasks)], at the size level Level, drawn from Seed as
// "plancert gen --seed Seed --level Level" draws them (gen.Options), and
// with Tiers, when not nil, at those tier counts (basic, medium, hard;
// gen.Options.Tiers).
type Generation struct {
	Tasks []*domains.Task
	Level int
	Tiers *[3]int
	N     int
	Seed  uint64
}

// ProblemRequest is the body of POST /v1/problems. Task or Family (not
// both; neither: every registered task) names the tasks, as "plancert gen"
// --task and --family do; N (1..Options.MaxGenerate) and Seed are
// required.
//
// Level (1..domains.Levels) and Tiers (three counts, basic 0..9, medium
// 0..9, hard 0..9, at least one not 0) may be left out. With Level and
// without Tiers, the records are those of "plancert gen --task/--family …
// --level Level --n N --seed Seed", byte for byte; Tiers fixes the tier
// counts (gen.Options.Tiers, which has no gen flag). Without Level, the
// curriculum decides: each task's records are drawn at the task's level,
// and at its tier counts unless Tiers is given (the seed still comes from
// the request); index i is then of the task i mod T, and each task's
// records are those of a run of that task alone at its level and counts.
type ProblemRequest struct {
	Task   string  `json:"task,omitempty"`
	Family string  `json:"family,omitempty"`
	Level  *int    `json:"level,omitempty"`
	Tiers  []int   `json:"tiers,omitempty"`
	N      *int    `json:"n"`
	Seed   *uint64 `json:"seed"`
}

// ProblemsAnswer is the answer of POST /v1/problems: the N records, in
// index order, each as "plancert gen" writes it (with its id and content
// hash, which /v1/score and /get_reward take back).
type ProblemsAnswer struct {
	N       int               `json:"n"`
	Records []json.RawMessage `json:"records"`
}

// GenerateTimeout is the body of a 504 answer: the request's records were
// not all certified within Options.GenerateTimeout; Ready were (none is
// answered or kept).
type GenerateTimeout struct {
	Error string `json:"error"`
	N     int    `json:"n"`
	Ready int    `json:"ready"`
}

// maxTier bounds a tier count of a request (a count past what a task's
// pool has is clipped to it).
const maxTier = 9

// generation is the generator, its limits and the generated records kept.
type generation struct {
	g       Generator
	maxN    int
	timeout time.Duration
	slots   chan struct{}
	max     int                      // records kept at most
	order   *list.List               // ids of the records kept, oldest first; guarded by Server.mu
	elem    map[string]*list.Element // by id; guarded by Server.mu
}

// newGeneration returns the generation of opts (whose limits New has
// checked are not negative).
func newGeneration(opts Options) (*generation, error) {
	g := &generation{
		g:       opts.Generator,
		maxN:    cmp.Or(opts.MaxGenerate, DefaultMaxGenerate),
		timeout: cmp.Or(opts.GenerateTimeout, DefaultGenerateTimeout),
		slots:   make(chan struct{}, cmp.Or(opts.GenerateConcurrency, 1)),
		max:     cmp.Or(opts.GenerateCache, DefaultGenerateCache),
		order:   list.New(),
		elem:    map[string]*list.Element{},
	}
	if g.max < g.maxN {
		return nil, fmt.Errorf("serve: GenerateCache %d is below MaxGenerate %d: a request's records would be dropped before they are graded", g.max, g.maxN)
	}
	return g, nil
}

// problemFields are the fields of ProblemRequest, for the message on an
// unknown one.
const problemFields = "task, family, level, tiers, n, seed"

// problemsPlan is a validated /v1/problems request: its tasks (registry
// order), level (0: the curriculum's), tiers (nil: drawn, or the
// curriculum's), n and seed.
type problemsPlan struct {
	tasks []*domains.Task
	level int
	tiers *[3]int
	n     int
	seed  uint64
}

func (s *Server) parseProblems(body []byte) (problemsPlan, *requestError) {
	var req ProblemRequest
	if err := decodeKnown(body, &req, problemFields); err != nil {
		return problemsPlan{}, err
	}
	var p problemsPlan
	switch {
	case req.N == nil:
		return p, badRequest(`"n": missing (the number of records, 1..%d)`, s.gen.maxN)
	case *req.N < 1:
		return p, badRequest(`"n": %d, want 1..%d`, *req.N, s.gen.maxN)
	case *req.N > s.gen.maxN:
		return p, &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf(`"n": %d is over the limit of %d records per request (--max-generate)`, *req.N, s.gen.maxN), nil}
	case req.Seed == nil:
		return p, badRequest(`"seed": missing (the seed of the draws, as plancert gen --seed)`)
	case req.Level != nil && domains.CheckLevel(*req.Level) != nil:
		return p, badRequest(`"level": %d is outside 1..%d (leave it out for the curriculum's level)`, *req.Level, domains.Levels)
	case req.Task != "" && req.Family != "":
		return p, badRequest(`"task" and "family": give one, not both`)
	case req.Tiers != nil && len(req.Tiers) != 3:
		return p, badRequest(`"tiers": %d counts, want 3 (basic, medium, hard)`, len(req.Tiers))
	}
	p.n, p.seed = *req.N, *req.Seed
	if req.Level != nil {
		p.level = *req.Level
	}
	if req.Tiers != nil {
		t := [3]int(req.Tiers)
		for k, c := range t {
			if c < 0 || c > maxTier {
				return p, badRequest(`"tiers"[%d]: %d is outside 0..%d`, k, c, maxTier)
			}
		}
		if t == [3]int{} {
			return p, badRequest(`"tiers": all three counts are 0`)
		}
		p.tiers = &t
	}
	all := domains.Tasks()
	switch {
	case req.Task != "":
		t, ok := domains.Lookup(req.Task)
		if !ok {
			return p, badRequest(`"task": no task %q is registered (tasks: %s)`, req.Task, taskList(all))
		}
		p.tasks = []*domains.Task{t}
	case req.Family != "":
		for _, t := range all {
			if string(t.Family) == req.Family {
				p.tasks = append(p.tasks, t)
			}
		}
		if p.tasks == nil {
			var fams []string
			for _, f := range domains.Families {
				fams = append(fams, string(f))
			}
			return p, badRequest(`"family": no task of a family %q is registered (families: %s)`, req.Family, strings.Join(fams, ", "))
		}
	default:
		p.tasks = all
	}
	if len(p.tasks) == 0 {
		return p, &requestError{http.StatusInternalServerError, "no tasks are registered", nil}
	}
	return p, nil
}

func taskList(ts []*domains.Task) string {
	ids := make([]string, len(ts))
	for i, t := range ts {
		ids[i] = t.ID
	}
	return strings.Join(ids, ", ")
}

// generations splits a plan into the Generator's requests: one (the plan
// as it is) with a level, one per task of the curriculum without. index
// maps part k's j-th record to its place in the answer.
func (s *Server) generations(p problemsPlan) (parts []Generation, index func(k, j int) int) {
	if p.level != 0 {
		return []Generation{{Tasks: p.tasks, Level: p.level, Tiers: p.tiers, N: p.n, Seed: p.seed}}, func(_, j int) int { return j }
	}
	ids := make([]string, len(p.tasks))
	for k, t := range p.tasks {
		ids[k] = t.ID
	}
	states := s.cur.state(ids)
	T := len(p.tasks)
	for k, t := range p.tasks {
		n := (p.n - k + T - 1) / T // the indexes i < n with i mod T = k
		if n == 0 {
			continue
		}
		st := states[t.ID]
		tiers := p.tiers
		if tiers == nil {
			c := st.Counts
			tiers = &c
		}
		parts = append(parts, Generation{Tasks: []*domains.Task{t}, Level: st.Level, Tiers: tiers, N: n, Seed: p.seed})
	}
	return parts, func(k, j int) int { return j*T + k }
}

// problems answers POST /v1/problems (it holds a generation slot).
func (s *Server) problems(ctx context.Context, body []byte) (any, *requestError) {
	p, rerr := s.parseProblems(body)
	if rerr != nil {
		return nil, rerr
	}
	parts, index := s.generations(p)
	gctx, cancel := context.WithTimeout(ctx, s.gen.timeout)
	defer cancel()
	stop := context.AfterFunc(s.down, cancel)
	defer stop()
	// The parts are generated at once: a family's tasks each have a few
	// records, which one run alone would make on one worker.
	type result struct {
		recs []*domains.Record
		err  error
	}
	results := make([]result, len(parts))
	var wg sync.WaitGroup
	for k, g := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil { // not in ServeHTTP's goroutine: answered 500 here
					s.logger.Printf("serve: panic generating %+v: %v\n%s", g, p, debug.Stack())
					results[k] = result{nil, fmt.Errorf("the generator panicked: %v", p)}
				}
			}()
			got, err := s.gen.g.Generate(gctx, g)
			results[k] = result{got, err}
		}()
	}
	wg.Wait()
	ready := 0
	for _, r := range results {
		ready += len(r.recs)
	}
	recs := make([]*domains.Record, p.n)
	for k, g := range parts {
		got, err := results[k].recs, results[k].err
		if err == nil && gctx.Err() != nil {
			err = gctx.Err() // another part ran out of time
		}
		switch {
		case err != nil && s.down.Err() != nil:
			return nil, &requestError{http.StatusServiceUnavailable, fmt.Sprintf("the server is shutting down; %d of the %d records were ready (none is answered)", ready, p.n), nil}
		case err != nil && ctx.Err() != nil:
			return nil, &requestError{http.StatusServiceUnavailable, "the client went away", nil}
		case err != nil && gctx.Err() != nil:
			msg := fmt.Sprintf("%d records were not all certified within %v (--generate-timeout): %d were ready; none is answered (ask for fewer, or a lower level)", p.n, s.gen.timeout, ready)
			return nil, &requestError{http.StatusGatewayTimeout, msg, GenerateTimeout{Error: msg, N: p.n, Ready: ready}}
		case err != nil:
			return nil, &requestError{http.StatusInternalServerError, fmt.Sprintf("generating: %v", err), nil}
		case len(got) != g.N:
			return nil, &requestError{http.StatusInternalServerError, fmt.Sprintf("generating: the generator made %d records for %d", len(got), g.N), nil}
		}
		for j, rec := range got {
			want := g.Tasks[j%len(g.Tasks)].ID
			if rec == nil || rec.Task != want || max(rec.Level, 1) != g.Level {
				return nil, &requestError{http.StatusInternalServerError, fmt.Sprintf("generating: record %d is not of the task %s at level %d", j, want, g.Level), nil}
			}
			recs[index(k, j)] = rec
		}
	}
	out := ProblemsAnswer{N: p.n, Records: make([]json.RawMessage, p.n)}
	for i, rec := range recs {
		c := *rec
		line, err := c.Encode()
		if err != nil {
			return nil, &requestError{http.StatusInternalServerError, fmt.Sprintf("encoding %s: %v", rec.ID, err), nil}
		}
		if rec.Hash != "" && c.Hash != rec.Hash {
			return nil, &requestError{http.StatusInternalServerError, fmt.Sprintf("generating: %s has the hash %s, its content %s", rec.ID, rec.Hash, c.Hash), nil}
		}
		rec.Hash = c.Hash
		out.Records[i] = bytes.TrimSuffix(line, []byte("\n"))
	}
	// Every certified reference must pass its own checklist, as Warm checks
	// the suite's: one that does not is a bug, and is not served.
	if err := s.checkReferences(gctx, recs); err != nil {
		var re *ReferenceError
		switch {
		case errors.As(err, &re):
			s.logger.Printf("serve: INTEGRITY FAILURE: %v", err)
			return nil, &requestError{http.StatusInternalServerError, err.Error(), nil}
		case s.down.Err() == nil && ctx.Err() == nil: // out of time while checking
			msg := fmt.Sprintf("the references of the %d records were not all checked within %v (--generate-timeout); none is answered", p.n, s.gen.timeout)
			return nil, &requestError{http.StatusGatewayTimeout, msg, GenerateTimeout{Error: msg, N: p.n, Ready: p.n}}
		}
		return nil, &requestError{http.StatusServiceUnavailable, fmt.Sprintf("checking the references: %v", err), nil}
	}
	if rerr := s.keep(recs); rerr != nil {
		return nil, rerr
	}
	return out, nil
}

// keep adds the generated records recs to the records the server grades,
// all or none: a record whose id the server has with another hash refuses
// the request (409; a suite from another run shares the id). A record it
// has already is kept once, as the newest. Past s.gen.max generated
// records, the oldest are dropped (and verify.Forget frees their
// instances).
func (s *Server) keep(recs []*domains.Record) *requestError {
	g := s.gen
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, rec := range recs {
		if h, ok := s.suiteHash(rec.ID); ok && h != rec.Hash {
			msg := fmt.Sprintf("generated record %d, %s, has the hash %s, but the server grades a record of that id with the hash %s (the suite comes from another run); nothing was kept", i, rec.ID, rec.Hash, h)
			s.logger.Printf("serve: HASH MISMATCH: %s", msg)
			return &requestError{status: http.StatusConflict, msg: msg,
				body: HashConflict{Error: msg, Item: i, ID: rec.ID, Hash: rec.Hash, ServerHash: h}}
		}
	}
	for _, rec := range recs {
		if e := g.elem[rec.ID]; e != nil {
			g.order.MoveToBack(e)
			continue
		}
		if _, ok := s.suiteHash(rec.ID); ok {
			continue // a suite record: kept for good
		}
		s.byID[rec.ID], s.hash[rec.ID] = rec, rec.Hash
		g.elem[rec.ID] = g.order.PushBack(rec.ID)
	}
	for g.order.Len() > g.max {
		id := g.order.Remove(g.order.Front()).(string)
		verify.Forget(s.byID[id])
		delete(g.elem, id)
		delete(s.byID, id)
		delete(s.hash, id)
	}
	return nil
}

// decodeKnown is decodeStrict for the endpoints that refuse unknown
// fields (fields lists those they take).
func decodeKnown(body []byte, v any, fields string) *requestError {
	if len(bytes.TrimSpace(body)) == 0 {
		return badRequest("the body is empty (want a JSON object)")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return badRequest("%s: unknown field (the fields are %s)", f, fields)
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return badRequest("the body ends inside its JSON value")
		}
		return badRequest("%s", describeDecodeError(err))
	}
	if rest := bytes.TrimSpace(body[dec.InputOffset():]); len(rest) > 0 {
		return badRequest("the body has more after its JSON object (at byte %d)", len(body)-len(rest))
	}
	return nil
}
