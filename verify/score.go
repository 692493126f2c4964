package verify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
)

// RewardMode says how a Score's reward is computed from its items: the same
// checks, different sharpness.
type RewardMode string

// The reward modes.
const (
	// RewardAllPass (the default): 1 when every item passes, else 0.
	RewardAllPass RewardMode = "allpass"
	// RewardAvgPass: the fraction of items that pass.
	RewardAvgPass RewardMode = "avgpass"
	// RewardFeasible: 1 when every item of kind format, coverage and
	// feasibility (and of any kind this package does not know) passes,
	// else 0; objective and stated-value items are ignored.
	RewardFeasible RewardMode = "feasible"
)

// RewardModes lists the modes, the default first.
var RewardModes = []RewardMode{RewardAllPass, RewardAvgPass, RewardFeasible}

// ParseRewardMode reads a mode name; "" is the default, allpass.
func ParseRewardMode(s string) (RewardMode, error) {
	if s == "" {
		return RewardAllPass, nil
	}
	for _, m := range RewardModes {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("verify: reward mode %q is not allpass, avgpass or feasible", s)
}

// ErrorKind classifies a failed response by the kinds of its failed items.
// The mapping is in the package documentation.
type ErrorKind string

// The error kinds; the mapping from failed items is in the package
// documentation.
const (
	ErrorNone       ErrorKind = ""
	ErrorChecker    ErrorKind = "checker error"
	ErrorFormat     ErrorKind = "format"
	ErrorOmitted    ErrorKind = "constraint omitted"
	ErrorWrong      ErrorKind = "wrong assignment"
	ErrorState      ErrorKind = "state tracking"
	ErrorSuboptimal ErrorKind = "suboptimal"
	ErrorStated     ErrorKind = "stated-value mismatch"
	ErrorOther      ErrorKind = "other"
	ErrorTruncated  ErrorKind = "truncated"
	ErrorNoResponse ErrorKind = "no response"
)

// ErrorKinds lists the kinds of failure in the order they are matched and
// reported.
var ErrorKinds = []ErrorKind{ErrorChecker, ErrorFormat, ErrorOmitted, ErrorWrong, ErrorState, ErrorSuboptimal, ErrorStated, ErrorOther, ErrorTruncated, ErrorNoResponse}

// ItemScore is the outcome of one checklist item. Detail says why it
// failed; it is empty when the item passes.
type ItemScore struct {
	ID     string `json:"id"`
	Pass   bool   `json:"pass"`
	Detail string `json:"detail"`
}

// Score is the grade of one response (the data contract's score line).
//
// Parsed says a JSON answer was extracted from the response, within the
// size limits (whether it is in the task's form is the format item). Items follow the record's
// checklist. AllPass is 1 when every item passes, else 0; AvgPass is the
// fraction of items that pass; Reward is computed in the mode given to
// ScoreResponse. Objective is the answer's objective vector when the
// answer is complete and feasible and the task can evaluate it
// (domains.Objectiver), else null. ErrorKind is "" for a response that
// passes every item.
//
// IntegrityAlarm is set when a feasible answer has an objective vector
// strictly better than the certified optimum: the encoding or the checker
// is wrong. It is never scored silently: "plancert score" and "plancert
// verify" report it loudly and exit with the integrity status.
type Score struct {
	ID             string      `json:"id"`
	Parsed         bool        `json:"parsed"`
	Items          []ItemScore `json:"items"`
	AllPass        int         `json:"all_pass"`
	AvgPass        float64     `json:"avg_pass"`
	Reward         float64     `json:"reward"`
	Objective      []int64     `json:"objective"`
	ErrorKind      ErrorKind   `json:"error_kind"`
	IntegrityAlarm bool        `json:"integrity_alarm"`
}

// checkerErrorPrefix starts the detail of every item when the checker
// failed.
const checkerErrorPrefix = "checker error: "

// ScoreResponse grades response, the full text a model gave for rec's
// prompt, in reward mode mode ("" is allpass).
//
// The answer is extracted (Extract) and checked by the record's task
// (rec.Load, then Instance.Check against rec.Reference). When nothing can
// be extracted, every item fails with the extraction error as its detail;
// so does an answer larger than any plan of the record needs to be (over
// 1 MiB + 16 × the reference plan's bytes, or 4,096 + 16 × its JSON
// values: an error wrapping ErrTooLarge), which is not decoded (decoding
// takes up to about 130 bytes of memory per byte of answer). Parsed is
// false then.
// When the checker fails — the instance does not load, Check panics, or its
// results do not match the record's checklist item for item — every item
// fails with a detail that starts "checker error: " and the error kind is
// "checker error": a failure, never a skipped sample. A record with an
// empty checklist is such a checker error.
//
// A claimed conflict is proven with the SAT backend under ctx (at most
// domains.ConflictTimeout per claim); when ctx ends first, the claim's
// item fails as undecided.
//
// ScoreResponse never panics on any response text; it panics on an unknown
// mode (ParseRewardMode checks user input).
func ScoreResponse(ctx context.Context, rec *domains.Record, response string, mode RewardMode) Score {
	if mode == "" {
		mode = RewardAllPass
	}
	if _, err := ParseRewardMode(string(mode)); err != nil {
		panic(err)
	}
	s := Score{ID: rec.ID}
	if len(rec.Checklist) == 0 {
		return finish(rec, s, mode, checkerErrorPrefix+"the record has no checklist", true)
	}
	answer, err := Extract(response)
	if err == nil {
		err = checkSize(rec, answer)
	}
	if err != nil {
		return finish(rec, s, mode, err.Error(), false)
	}
	s.Parsed = true
	results, obj, err := check(ctx, rec, answer)
	if err != nil {
		return finish(rec, s, mode, checkerErrorPrefix+err.Error(), true)
	}
	s.Items = make([]ItemScore, len(results))
	for i, r := range results {
		s.Items[i] = ItemScore{ID: r.ID, Pass: r.Pass, Detail: r.Detail}
		if r.Pass {
			s.Items[i].Detail = ""
		}
	}
	if obj != nil {
		s.Objective = obj
		lr, _ := loadCached(rec)
		if o, ok := lr.inst.(domains.Objectiver); ok && rec.Reference.Feasible && rec.Reference.Objective != nil {
			s.IntegrityAlarm = o.Better(obj, rec.Reference.Objective)
		}
	}
	return finish(rec, s, mode, "", false)
}

// ErrTooLarge says an answer is larger than any plan of its record needs
// to be (see ScoreResponse); ScoreResponse wraps it with the size.
var ErrTooLarge = errors.New("verify: the answer is too large")

// The size limits of an answer, per record: answerSlackBytes bytes and
// answerSlackValues JSON values, plus answerFactor times the size of the
// record's reference plan. Real answers are about the size of the
// reference (at most 190 values and 1.8 KB in "plancert gen --n 640"), so
// the limits never touch them; they bound what decoding an answer costs,
// which for small values is up to about 130 bytes of memory per byte (a
// list of 25 MB of {} would take 3 GB).
const (
	answerSlackBytes  = 1 << 20
	answerSlackValues = 4096
	answerFactor      = 16
)

// answerLimits returns the most bytes and JSON values an answer to rec may
// have.
func answerLimits(rec *domains.Record) (maxBytes, maxValues int) {
	plan := rec.Reference.Plan
	return answerSlackBytes + answerFactor*len(plan), answerSlackValues + answerFactor*countValues(plan)
}

// checkSize returns an error wrapping ErrTooLarge when answer is over the
// size limits of rec.
func checkSize(rec *domains.Record, answer json.RawMessage) error {
	maxBytes, maxValues := answerLimits(rec)
	if len(answer) > maxBytes {
		return fmt.Errorf("%w: %d bytes, over this record's limit of %d (1 MiB + %d × its reference plan)", ErrTooLarge, len(answer), maxBytes, answerFactor)
	}
	if n := countValues(answer); n > maxValues {
		return fmt.Errorf("%w: %d JSON values, over this record's limit of %d (%d + %d × its reference plan's)", ErrTooLarge, n, maxValues, answerSlackValues, answerFactor)
	}
	return nil
}

// countValues returns the number of values in the valid JSON text b:
// objects, arrays, strings (keys too), numbers, true, false and null.
func countValues(b []byte) int {
	n := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case ' ', '\t', '\n', '\r', ':', ',', '}', ']':
		case '{', '[':
			n++
		case '"':
			n++
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		default: // a number or a literal
			n++
			for i+1 < len(b) && !endsScalar(b[i+1]) {
				i++
			}
		}
	}
	return n
}

// endsScalar says c ends a number or a literal.
func endsScalar(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', '}', ']':
		return true
	}
	return false
}

// loaded caches, per record (by pointer), its instance and the instance's
// domains.CheckCache (its checklist and the verdicts of the conflicts
// answers claim): loading is the costliest step of grading, and a suite's
// records are graded many times. Instances are safe for concurrent Check.
var loaded sync.Map // *domains.Record -> *loadedRecord

type loadedRecord struct {
	inst  domains.Instance
	cache *domains.CheckCache
}

// Forget drops what grading rec cached: its instance, its checklist and
// the verdicts of the claims graded on it. A program that grades records
// it reads and then drops (rather than a suite it holds) calls Forget
// when it is done with one, so that the caches do not keep every record
// it ever graded; grading rec again loads it again. Safe for concurrent
// use.
func Forget(rec *domains.Record) {
	loaded.Delete(rec)
	claims.forget(rec)
}

func loadCached(rec *domains.Record) (*loadedRecord, error) {
	if v, ok := loaded.Load(rec); ok {
		return v.(*loadedRecord), nil
	}
	_, inst, err := rec.Load()
	if err != nil {
		return nil, err
	}
	v, _ := loaded.LoadOrStore(rec, &loadedRecord{inst, domains.NewCheckCache(inst)})
	return v.(*loadedRecord), nil
}

// claimVerdicts caches the results of answers that claim infeasibility,
// per record and answer (its JSON compacted): proving a claimed conflict
// is a solve, the costliest part of grading, and a trainer's samples
// repeat the same claims. (A claim of the same rules in another answer,
// another order or with other text, misses here but finds its proof in
// the record's domains.CheckCache.) A verdict that depended on time (an
// item failed as domains.ConflictUndecided) is not cached. The cache
// holds at most maxClaims verdicts and maxClaimBytes bytes of answers and
// details, and starts afresh when full; Forget drops a record's. Safe for
// concurrent use.
type claimVerdicts struct {
	mu    sync.Mutex
	m     map[*domains.Record]map[string][]domains.Result // by record, then compacted answer
	n     int                                             // verdicts in m
	bytes int                                             // of the answers and the results' texts in m
	size  map[*domains.Record]int                         // bytes per record
}

// claimID is a record (by pointer, as loaded caches instances) and the
// compacted answer.
type claimID struct {
	rec    *domains.Record
	answer string
}

const (
	maxClaims     = 1 << 16
	maxClaimBytes = 64 << 20
)

// claimCache turns the caches of claims and checklists on (tests and
// benchmarks turn them off to compare).
var claimCache = true

var claims claimVerdicts

// claimKey returns the cache key of answer (rec and the answer's JSON
// compacted) when it may claim infeasibility (it has a "feasible" key),
// and whether it may. Plans (no "feasible" key) cost one byte scan,
// nothing more.
func claimKey(rec *domains.Record, answer json.RawMessage) (claimID, bool) {
	if !claimCache || !bytes.Contains(answer, []byte(`"feasible"`)) {
		return claimID{}, false
	}
	var b bytes.Buffer
	if err := json.Compact(&b, answer); err != nil {
		return claimID{}, false
	}
	return claimID{rec, b.String()}, true
}

// isClaim says answer claims infeasibility in a form that reads
// ("feasible": false with a list of names): only such verdicts are put in
// the cache, so a key found there is one (its answer is not read again).
func isClaim(answer json.RawMessage) bool {
	c := domains.ReadClaim(answer, false)
	return c.Infeasible && c.Readable()
}

func (c *claimVerdicts) get(k claimID) ([]domains.Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.m[k.rec][k.answer]
	return slices.Clone(r), ok
}

func (c *claimVerdicts) put(k claimID, res []domains.Result) {
	for _, r := range res {
		if !r.Pass && strings.Contains(r.Detail, domains.ConflictUndecided) {
			return
		}
	}
	size := len(k.answer)
	for _, r := range res {
		size += len(r.ID) + len(r.Detail)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k.rec][k.answer]; ok {
		return // put by another worker meanwhile
	}
	if c.m == nil || c.n >= maxClaims || c.bytes+size > maxClaimBytes {
		c.m, c.size, c.n, c.bytes = make(map[*domains.Record]map[string][]domains.Result), make(map[*domains.Record]int), 0, 0
	}
	byAnswer := c.m[k.rec]
	if byAnswer == nil {
		byAnswer = make(map[string][]domains.Result)
		c.m[k.rec] = byAnswer
	}
	byAnswer[k.answer] = slices.Clone(res)
	c.n++
	c.bytes += size
	c.size[k.rec] += size
}

// forget drops the verdicts of rec.
func (c *claimVerdicts) forget(rec *domains.Record) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n -= len(c.m[rec])
	c.bytes -= c.size[rec]
	delete(c.m, rec)
	delete(c.size, rec)
}

// backend proves the conflicts that answers claim.
var backend solver.Backend = sat.Backend{}

// check runs the record's checker on answer, turning a panic and results
// that do not match the checklist into errors.
func check(ctx context.Context, rec *domains.Record, answer json.RawMessage) (res []domains.Result, obj []int64, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, obj, err = nil, nil, fmt.Errorf("panic: %v", r)
		}
	}()
	lr, err := loadCached(rec)
	if err != nil {
		return nil, nil, fmt.Errorf("loading the instance: %w", err)
	}
	inst := lr.inst
	if claimCache {
		ctx = domains.WithCheckCache(ctx, lr.cache)
	}
	if key, maybe := claimKey(rec, answer); maybe {
		if cached, ok := claims.get(key); ok {
			return cached, nil, nil
		}
		if isClaim(answer) {
			defer func() {
				if err == nil {
					claims.put(key, res)
				}
			}()
		}
	}
	if e, ok := inst.(domains.Evaluator); ok {
		res, obj = e.Evaluate(ctx, backend, answer, rec.Reference)
	} else {
		res = inst.Check(ctx, backend, answer, rec.Reference)
		if o, ok := inst.(domains.Objectiver); ok {
			obj, _ = o.Objective(answer)
		}
	}
	if len(res) != len(rec.Checklist) {
		return nil, nil, fmt.Errorf("the checker gave %d result(s) for %d checklist item(s)", len(res), len(rec.Checklist))
	}
	for i, r := range res {
		if r.ID != rec.Checklist[i].ID {
			return nil, nil, fmt.Errorf("result %d is for item %q, checklist item %d is %q", i+1, r.ID, i+1, rec.Checklist[i].ID)
		}
	}
	return res, obj, nil
}

// finish fills in the aggregates of s. When failAll is not "", every item
// fails with it as the detail; checkerError says that failure is the
// checker's.
func finish(rec *domains.Record, s Score, mode RewardMode, failAll string, checkerError bool) Score {
	if failAll != "" {
		s.Items = make([]ItemScore, len(rec.Checklist))
		for i, it := range rec.Checklist {
			s.Items[i] = ItemScore{ID: it.ID, Detail: failAll}
		}
	}
	passed, feasible := 0, s.Parsed && !checkerError && len(s.Items) > 0
	failed := map[ErrorKind]bool{}
	for i, it := range s.Items {
		if it.Pass {
			passed++
			continue
		}
		kind := rec.Checklist[i].Kind
		failed[ItemErrorKind(rec.Checklist[i])] = true
		if kind != domains.KindObjective && kind != domains.KindStated {
			feasible = false
		}
	}
	if n := len(s.Items); n > 0 {
		s.AvgPass = float64(passed) / float64(n)
		if passed == n && !checkerError {
			s.AllPass = 1
		}
	}
	switch mode {
	case RewardAvgPass:
		s.Reward = s.AvgPass
	case RewardFeasible:
		if feasible {
			s.Reward = 1
		}
	default:
		s.Reward = float64(s.AllPass)
	}
	switch {
	case checkerError:
		s.ErrorKind = ErrorChecker
	case !s.Parsed:
		s.ErrorKind = ErrorFormat
	default:
		for _, k := range itemErrorOrder {
			if failed[k] {
				s.ErrorKind = k
				break
			}
		}
	}
	return s
}

// itemErrorOrder is the order in which the kinds of failed items decide a
// response's error kind: the first kind with a failed item.
var itemErrorOrder = []ErrorKind{ErrorFormat, ErrorOmitted, ErrorWrong, ErrorState, ErrorSuboptimal, ErrorStated, ErrorOther}

// ItemErrorKind returns the error kind that a failure of item it stands
// for: format items "format", coverage items "constraint omitted",
// feasibility items "wrong assignment" or, for a unit of the stateful tier,
// "state tracking", objective items "suboptimal", stated-value items
// "stated-value mismatch", and items of a kind this package does not know
// "other".
func ItemErrorKind(it domains.Item) ErrorKind {
	switch it.Kind {
	case domains.KindFormat:
		return ErrorFormat
	case domains.KindCoverage:
		return ErrorOmitted
	case domains.KindFeasibility:
		if it.Tier == domains.Stateful {
			return ErrorState
		}
		return ErrorWrong
	case domains.KindObjective:
		return ErrorSuboptimal
	case domains.KindStated:
		return ErrorStated
	}
	return ErrorOther
}

// NoResponse is the score of a record that got no response: every item
// fails with the detail "no response", error kind "no response".
func NoResponse(rec *domains.Record) Score {
	return failEvery(rec, ErrorNoResponse, "no response")
}

// Truncated is the score of a response that the model's server cut at its
// token limit (finish_reason "length"): every item fails, error kind
// "truncated", reward 0 in every mode. Its text is not graded: a cut
// answer is not the model's answer, even when the part before the cut
// holds a plan.
func Truncated(rec *domains.Record) Score {
	return failEvery(rec, ErrorTruncated, "truncated: the answer was cut at the token limit")
}

// ScoreLine grades one response of a responses file: Truncated when the
// line says the response was cut, else ScoreResponse of its text.
func ScoreLine(ctx context.Context, rec *domains.Record, r Response, mode RewardMode) Score {
	if r.Truncated {
		return Truncated(rec)
	}
	return ScoreResponse(ctx, rec, r.Response, mode)
}

// failEvery is a score whose items all fail with detail, of kind kind.
func failEvery(rec *domains.Record, kind ErrorKind, detail string) Score {
	s := Score{ID: rec.ID, Items: make([]ItemScore, len(rec.Checklist)), ErrorKind: kind}
	for i, it := range rec.Checklist {
		s.Items[i] = ItemScore{ID: it.ID, Detail: detail}
	}
	return s
}

// Missing returns the NoResponse score of every record, in suite order,
// that has no score in scores.
func Missing(records []*domains.Record, scores []Score) []Score {
	has := make(map[string]bool, len(scores))
	for _, s := range scores {
		has[s.ID] = true
	}
	var out []Score
	for _, r := range records {
		if !has[r.ID] {
			out = append(out, NoResponse(r))
		}
	}
	return out
}
