package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen/loop"
)

// curriculum is the difficulty of each task, moved by the results the
// server grades (and those it is told of): PlanningBench's eq. 1 and the
// level changes of gen/loop, one loop.State per task. Safe for
// concurrent use.
type curriculum struct {
	params loop.Params
	mu     sync.Mutex
	tasks  map[string]*TaskState // guarded by mu; a task absent is at params.Start()
}

// TaskState is a task's state in the curriculum: the loop.State its next
// problems are drawn at (level, tier probabilities p, total m and the tier
// counts), and the results counted so far. Graded counts every result of
// one of the task's records, Solved those that passed every item. Stale
// counts the results that did not move the state because their record
// was not of the task's level at the time (a record drawn before the
// level changed, a suite record or an explicit "level" of another level):
// the curriculum learns only from problems at the level it is at.
type TaskState struct {
	loop.State
	Graded int `json:"graded"`
	Solved int `json:"solved"`
	Stale  int `json:"stale"`
}

// CurriculumParams are the curriculum's parameters (loop.Params) in the
// answer of GET /v1/curriculum.
type CurriculumParams struct {
	Eta      float64    `json:"eta"`
	Alpha    float64    `json:"alpha"`
	Beta     float64    `json:"beta"`
	Gamma    float64    `json:"gamma"`
	P0       [3]float64 `json:"p0"`
	M0       int        `json:"m0"`
	MMax     int        `json:"m_max"`
	Level0   int        `json:"level0"`
	LevelMax int        `json:"level_max"`
}

// CurriculumAnswer is the answer of GET /v1/curriculum: the parameters
// and the state of every registered task (or of the one asked for with
// ?task=), by task id.
type CurriculumAnswer struct {
	Params CurriculumParams     `json:"params"`
	Tasks  map[string]TaskState `json:"tasks"`
}

func newCurriculum(p loop.Params) (*curriculum, error) {
	if p == (loop.Params{}) {
		p = loop.DefaultParams
	}
	if err := p.Check(); err != nil {
		return nil, fmt.Errorf("serve: curriculum: %w", err)
	}
	if !(p.Eta > 0) || p.Alpha < 0 || p.Beta < 0 || p.Gamma < 0 || p.M0 < 1 || p.MMax < p.M0 {
		return nil, fmt.Errorf("serve: curriculum: want eta > 0, alpha, beta, gamma ≥ 0 and 1 ≤ M0 ≤ MMax; got %+v", p)
	}
	return &curriculum{params: p, tasks: map[string]*TaskState{}}, nil
}

// get returns the state of task, made at the start when there is none.
// c.mu must be held.
func (c *curriculum) get(task string) *TaskState {
	st := c.tasks[task]
	if st == nil {
		st = &TaskState{State: c.params.Start()}
		c.tasks[task] = st
	}
	return st
}

// state returns a copy of the state of each task of ids.
func (c *curriculum) state(ids []string) map[string]TaskState {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]TaskState, len(ids))
	for _, id := range ids {
		if st := c.tasks[id]; st != nil {
			out[id] = *st
		} else {
			out[id] = TaskState{State: c.params.Start()}
		}
	}
	return out
}

// observe counts the results of the records refs, in order: refs[i] was
// graded when graded[i], and solved when allPass[i] is 1. A result of a record of the
// task's level updates the task's state (loop.Params.Update); the others
// are stale. It returns the tasks of the results counted, in order of
// first appearance, and the number of stale results. The state depends on
// the order of the results, and so, for concurrent requests, on the order
// they are counted in.
func (c *curriculum) observe(refs []recordRef, graded []bool, allPass []float64) (touched []string, stale int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, rec := range refs {
		if !rec.ok || !graded[i] {
			continue
		}
		st := c.get(rec.task)
		if !slices.Contains(touched, rec.task) {
			touched = append(touched, rec.task)
		}
		solved := allPass[i] == 1
		st.Graded++
		if solved {
			st.Solved++
		}
		if max(rec.level, 1) != st.Level {
			st.Stale++
			stale++
			continue
		}
		st.State = c.params.Update(st.State, solved)
	}
	return touched, stale
}

func (c *curriculum) answerParams() CurriculumParams {
	p := c.params
	l0, lmax := max(p.Level0, 1), p.LevelMax
	if lmax == 0 {
		lmax = l0
	}
	return CurriculumParams{Eta: p.Eta, Alpha: p.Alpha, Beta: p.Beta, Gamma: p.Gamma, P0: p.P0, M0: p.M0, MMax: p.MMax, Level0: l0, LevelMax: lmax}
}

// curriculumState answers GET /v1/curriculum.
func (s *Server) curriculumState(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("/v1/curriculum takes GET, got %s", r.Method))
		return
	}
	var ids []string
	if task := r.URL.Query().Get("task"); task != "" {
		if _, ok := domains.Lookup(task); !ok {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("task=%s: no such task is registered (GET /v1/curriculum lists them)", strconv.Quote(task)))
			return
		}
		ids = []string{task}
	} else {
		for _, t := range domains.Tasks() {
			ids = append(ids, t.ID)
		}
	}
	writeJSON(w, http.StatusOK, CurriculumAnswer{Params: s.cur.answerParams(), Tasks: s.cur.state(ids)})
}

// FeedbackRequest is the body of POST /v1/curriculum/feedback: results
// graded elsewhere (by the in-process Python grader, say) of records the
// server has.
type FeedbackRequest struct {
	Results []FeedbackItem `json:"results"`
}

// FeedbackItem is one result: the record's id, optionally its content
// hash (checked as /v1/score checks it: 409 when it is not the record's),
// and all_pass, 1 (or true) when the response passed every checklist item,
// else 0 (or false).
type FeedbackItem struct {
	ID      *string         `json:"id"`
	Hash    *string         `json:"hash"`
	AllPass json.RawMessage `json:"all_pass"`
}

// FeedbackAnswer is the answer of POST /v1/curriculum/feedback: how many
// results were counted (Counted, of which Stale moved no state: see
// TaskState) and how many have an id the server has no record of
// (Unknown, with up to 10 Errors naming them; a generated record dropped
// from the cache is one), and the state of each task counted, after.
type FeedbackAnswer struct {
	N       int                  `json:"n"`
	Counted int                  `json:"counted"`
	Stale   int                  `json:"stale"`
	Unknown int                  `json:"unknown"`
	Errors  []string             `json:"errors,omitempty"`
	Tasks   map[string]TaskState `json:"tasks"`
}

func (s *Server) feedback(_ context.Context, body []byte) (any, *requestError) {
	var req FeedbackRequest
	if err := decodeKnown(body, &req, "results"); err != nil {
		return nil, err
	}
	n := len(req.Results)
	switch {
	case req.Results == nil:
		return nil, badRequest(`"results": missing (a list of {"id", "hash", "all_pass"})`)
	case n > s.maxN:
		return nil, &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("%d results is over the limit of %d per request", n, s.maxN), nil}
	}
	allPass := make([]float64, n)
	for i, it := range req.Results {
		if it.ID == nil {
			return nil, badRequest(`"results"[%d].id: missing`, i)
		}
		switch string(it.AllPass) {
		case "":
			return nil, badRequest(`"results"[%d].all_pass: missing (1 or true: every checklist item passed; 0 or false: not)`, i)
		case "1", "true":
			allPass[i] = 1
		case "0", "false":
		default:
			return nil, badRequest(`"results"[%d].all_pass: want 0, 1, true or false, got %.20s`, i, it.AllPass)
		}
	}
	refs := s.lookup(n, func(i int) string { return *req.Results[i].ID })
	for i, it := range req.Results {
		if refs[i].ok && it.Hash != nil && *it.Hash != "" && *it.Hash != refs[i].hash {
			return nil, s.hashConflict(fmt.Sprintf(`"results"[%d]`, i), i, *req.Results[i].ID, *it.Hash, refs[i].hash, "counted")
		}
	}
	out := FeedbackAnswer{N: n}
	graded := make([]bool, n)
	for i, ref := range refs {
		if !ref.ok {
			out.Unknown++
			if len(out.Errors) < 10 {
				out.Errors = append(out.Errors, fmt.Sprintf(`"results"[%d]: no record has the id %q (not in the suite, or a generated record dropped from the cache)`, i, *req.Results[i].ID))
			}
			continue
		}
		graded[i] = true
		out.Counted++
	}
	var touched []string
	touched, out.Stale = s.cur.observe(refs, graded, allPass)
	out.Tasks = s.cur.state(touched)
	return out, nil
}
