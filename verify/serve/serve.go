package serve

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math"
	"net"
	"net/http"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/verify"
)

// The default limits of Options.
const (
	// DefaultMaxBodyBytes bounds a request body: 256 MiB, room for
	// OpenRLHF batches of 16,384 queries that repeat a few-KB prompt.
	DefaultMaxBodyBytes = 256 << 20
	// DefaultMaxBatch bounds the responses of one request.
	DefaultMaxBatch = 16384
	// DefaultMaxConcurrent is the default of Options.MaxConcurrent.
	DefaultMaxConcurrent = 4
	// DefaultReadHeaderTimeout is the default of
	// Options.ReadHeaderTimeout.
	DefaultReadHeaderTimeout = 10 * time.Second
	// DefaultBodyTimeout is the default of Options.BodyTimeout.
	DefaultBodyTimeout = 5 * time.Minute
	// DefaultBodyGrace is the default of Options.BodyGrace.
	DefaultBodyGrace = 10 * time.Second
	// DefaultMinBodyRate is the default of Options.MinBodyRate: 64 KiB/s.
	DefaultMinBodyRate = 64 << 10
	// ShutdownGrace is how long Serve waits for requests in flight
	// after its context ends.
	ShutdownGrace = 30 * time.Second
)

// Options configure a Server. The zero value is usable.
type Options struct {
	// Reward is the reward mode of /get_reward and the default of
	// /v1/score; "" is allpass.
	Reward verify.RewardMode
	// MaxBodyBytes bounds a request body (0: DefaultMaxBodyBytes).
	MaxBodyBytes int64
	// MaxBatch bounds the responses of one request (0: DefaultMaxBatch).
	MaxBatch int
	// Workers is the number of goroutines that score one request
	// (0: GOMAXPROCS).
	Workers int
	// MaxConcurrent bounds the POST requests graded at once
	// (0: DefaultMaxConcurrent); others wait for a slot once their body
	// is read. Each request already uses every worker: more in parallel
	// would not grade faster. It also bounds the bodies held in memory at
	// once, read or being read: MaxConcurrent × MaxBodyBytes bytes in all.
	// A body that does not fit waits for room, until its read deadline
	// at most (then 503); the wait does not count against its limits.
	MaxConcurrent int
	// ReadHeaderTimeout bounds the time to read a request's headers
	// (0: DefaultReadHeaderTimeout).
	ReadHeaderTimeout time.Duration
	// BodyTimeout bounds the time to read a request's body
	// (0: DefaultBodyTimeout). A body also has to come at MinBodyRate
	// bytes per second at least, after BodyGrace: by BodyGrace + n /
	// MinBodyRate after its headers, its first n bytes have arrived
	// (0: DefaultBodyGrace, DefaultMinBodyRate). A body that does not
	// is refused with 408, before it takes a grading slot: slow clients
	// hold a connection, never a slot of MaxConcurrent.
	BodyTimeout time.Duration
	BodyGrace   time.Duration
	MinBodyRate int64
	// ErrorLog receives recovered panics and failed writes; nil is the
	// log package's standard logger.
	ErrorLog *log.Logger
	// CacheRecords bounds the records of a suite served from its file
	// (Open) that the server holds decoded, with their loaded instances
	// and grading caches (0: DefaultCacheRecords); past it the least
	// recently graded are dropped, and read from the file again when a
	// request names them. The records given to New are all held.
	CacheRecords int

	// Generator, when not nil, turns generation on: POST /v1/problems
	// makes fresh certified records with it (see Generation), and
	// GET /v1/curriculum and POST /v1/curriculum/feedback show and feed
	// the curriculum (Curriculum). Without it those endpoints answer 404
	// and the server keeps no state.
	Generator Generator
	// MaxGenerate bounds the records of one /v1/problems request
	// (0: DefaultMaxGenerate).
	MaxGenerate int
	// GenerateTimeout bounds the time to generate one request's records
	// (0: DefaultGenerateTimeout); a request not done in time is answered
	// 504 with the number of records that were ready, and none of them.
	GenerateTimeout time.Duration
	// GenerateConcurrency is the number of /v1/problems requests
	// generated at once (0: 1); one more is answered 429.
	GenerateConcurrency int
	// GenerateCache bounds the generated records the server keeps to
	// grade (0: DefaultGenerateCache; at least MaxGenerate): past it the
	// oldest are dropped, and their ids are then unknown. The suite's
	// records are always kept.
	GenerateCache int
	// Curriculum are the parameters of the curriculum's eq. 1 update and
	// level changes per task (the zero value: loop.DefaultParams).
	Curriculum loop.Params
}

// Server is the reward server's HTTP handler over one suite, held in
// memory (New) or served from its file (Open). Without a Generator it
// keeps nothing from one request to the next (but the records, instances
// and verdicts it caches); with one, it keeps the records it generated
// (up to Options.GenerateCache) and the curriculum's state. It is safe
// for concurrent use.
type Server struct {
	mu      sync.RWMutex               // guards byID and hash, which generation adds to
	byID    map[string]*domains.Record // the records held in memory (New's, generated ones); guarded by mu
	hash    map[string]string          // by id: the content hash of a record of byID; guarded by mu
	file    *suiteFile                 // the suite served from its file (Open), else nil; read-only
	gen     *generation                // nil without Options.Generator
	cur     *curriculum                // nil without Options.Generator
	down    context.Context            // ends when Serve shuts down: generation stops
	goDown  context.CancelFunc
	mode    verify.RewardMode
	maxBody int64
	maxN    int
	workers int
	slots   chan struct{}
	bodies  *budget // bytes of the bodies in memory
	logger  *log.Logger
	mux     *http.ServeMux

	headerTimeout, bodyTimeout, bodyGrace time.Duration
	minRate                               int64
}

// New returns a Server grading responses to records (as read by
// verify.ReadSuite), all held in memory. It fails on an empty suite
// (allowed with a Generator), a duplicate id, an unknown reward mode,
// negative limits or curriculum parameters that loop.Params.Check
// refuses.
func New(records []*domains.Record, opts Options) (*Server, error) {
	if len(records) == 0 && opts.Generator == nil {
		return nil, errors.New("serve: the suite has no records")
	}
	return newServer(records, nil, opts)
}

// Open returns a Server grading responses to the suite in the file at
// path, served from the file. It reads the suite once, on Options.Workers
// goroutines: it checks every record as verify.ReadSuite does (errors
// name the file, the line and the field), grades every reference plan
// as Warm does (a reference that fails its own checklist is an integrity
// failure: a *ReferenceError names every such record, after the whole
// file is read), and keeps of each record only an index entry: the place
// of its line in the file, its content hash, task and level (about 300
// bytes with its id). A record is read again from the file, by offset,
// when a request names it, and is then held decoded, with its loaded
// instance, in a cache of Options.CacheRecords records (the least
// recently graded dropped first; the first records of the file fill it
// at the start). A line that is not what it was when the suite was read
// (the file was changed or replaced since) fails the request that needs
// it (500): nothing is graded against other content. Close closes the
// file. Open fails as New does, on a file that cannot be read, and with
// ctx.Err() when ctx ends first.
func Open(ctx context.Context, path string, opts Options) (*Server, error) {
	if opts.CacheRecords < 0 {
		return nil, fmt.Errorf("serve: CacheRecords is %d, want 0 (the default) or more", opts.CacheRecords)
	}
	s, err := newServer(nil, nil, opts)
	if err != nil {
		return nil, err
	}
	if s.file, err = openSuite(ctx, path, s.workers, cmp.Or(opts.CacheRecords, DefaultCacheRecords)); err != nil {
		return nil, err
	}
	return s, nil
}

// Close closes the suite file of a Server made by Open; it does nothing
// for one made by New.
func (s *Server) Close() error {
	if s.file == nil {
		return nil
	}
	return s.file.close()
}

// newServer is New and Open: records held in memory, file the suite
// served from its file (or nil).
func newServer(records []*domains.Record, file *suiteFile, opts Options) (*Server, error) {
	mode, err := verify.ParseRewardMode(string(opts.Reward))
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	switch {
	case opts.MaxBodyBytes < 0:
		return nil, fmt.Errorf("serve: MaxBodyBytes is %d, want 0 (the default) or more", opts.MaxBodyBytes)
	case opts.MaxBatch < 0:
		return nil, fmt.Errorf("serve: MaxBatch is %d, want 0 (the default) or more", opts.MaxBatch)
	case opts.Workers < 0:
		return nil, fmt.Errorf("serve: Workers is %d, want 0 (GOMAXPROCS) or more", opts.Workers)
	case opts.MaxConcurrent < 0:
		return nil, fmt.Errorf("serve: MaxConcurrent is %d, want 0 (the default) or more", opts.MaxConcurrent)
	case opts.ReadHeaderTimeout < 0, opts.BodyTimeout < 0, opts.BodyGrace < 0, opts.MinBodyRate < 0:
		return nil, fmt.Errorf("serve: ReadHeaderTimeout, BodyTimeout, BodyGrace and MinBodyRate are %v, %v, %v and %d; want 0 (the default) or more",
			opts.ReadHeaderTimeout, opts.BodyTimeout, opts.BodyGrace, opts.MinBodyRate)
	case opts.MaxGenerate < 0, opts.GenerateTimeout < 0, opts.GenerateConcurrency < 0, opts.GenerateCache < 0:
		return nil, fmt.Errorf("serve: MaxGenerate, GenerateTimeout, GenerateConcurrency and GenerateCache are %d, %v, %d and %d; want 0 (the default) or more",
			opts.MaxGenerate, opts.GenerateTimeout, opts.GenerateConcurrency, opts.GenerateCache)
	}
	s := &Server{
		byID:          make(map[string]*domains.Record, len(records)),
		hash:          make(map[string]string, len(records)),
		file:          file,
		mode:          mode,
		maxBody:       opts.MaxBodyBytes,
		maxN:          opts.MaxBatch,
		workers:       opts.Workers,
		logger:        opts.ErrorLog,
		headerTimeout: cmp.Or(opts.ReadHeaderTimeout, DefaultReadHeaderTimeout),
		bodyTimeout:   cmp.Or(opts.BodyTimeout, DefaultBodyTimeout),
		bodyGrace:     cmp.Or(opts.BodyGrace, DefaultBodyGrace),
		minRate:       cmp.Or(opts.MinBodyRate, DefaultMinBodyRate),
	}
	for _, r := range records {
		if _, dup := s.byID[r.ID]; dup {
			return nil, fmt.Errorf("serve: the id %q is on two records", r.ID)
		}
		s.byID[r.ID] = r
		h, err := contentHash(r)
		if err != nil {
			return nil, err
		}
		s.hash[r.ID] = h
	}
	if opts.Generator != nil {
		if s.gen, err = newGeneration(opts); err != nil {
			return nil, err
		}
		if s.cur, err = newCurriculum(opts.Curriculum); err != nil {
			return nil, err
		}
	}
	s.down, s.goDown = context.WithCancel(context.Background())
	if s.maxBody == 0 {
		s.maxBody = DefaultMaxBodyBytes
	}
	if s.maxN == 0 {
		s.maxN = DefaultMaxBatch
	}
	if s.workers == 0 {
		s.workers = runtime.GOMAXPROCS(0)
	}
	if opts.MaxConcurrent == 0 {
		opts.MaxConcurrent = DefaultMaxConcurrent
	}
	s.slots = make(chan struct{}, opts.MaxConcurrent)
	total := int64(math.MaxInt64)
	if s.maxBody <= math.MaxInt64/int64(opts.MaxConcurrent) {
		total = int64(opts.MaxConcurrent) * s.maxBody
	}
	s.bodies = newBudget(total)
	if s.logger == nil {
		s.logger = log.Default()
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("/get_reward", s.post(s.getReward))
	s.mux.HandleFunc("/v1/score", s.post(s.score))
	s.mux.HandleFunc("/healthz", s.healthz)
	endpoints := "POST /get_reward, POST /v1/score, GET /healthz"
	if s.gen != nil {
		s.mux.HandleFunc("/v1/problems", s.postSlot(s.gen.slots, trySlot, s.problems))
		s.mux.HandleFunc("/v1/curriculum", s.curriculumState)
		s.mux.HandleFunc("/v1/curriculum/feedback", s.postSlot(nil, noSlot, s.feedback))
		endpoints += ", POST /v1/problems, GET /v1/curriculum, POST /v1/curriculum/feedback"
	} else {
		for _, path := range []string{"/v1/problems", "/v1/curriculum", "/v1/curriculum/feedback"} {
			s.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
				writeError(w, http.StatusNotFound, fmt.Sprintf("%s: generation is off: this server grades a fixed suite (start it with plancert serve --generate)", r.URL.Path))
			})
		}
	}
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no endpoint %s (%s)", r.URL.Path, endpoints))
	})
	return s, nil
}

// contentHash returns the record's content hash: its Hash, or when it has
// none (not read by verify.ReadSuite) the hash of its line as gen writes
// it.
func contentHash(r *domains.Record) (string, error) {
	if r.Hash != "" {
		return r.Hash, nil
	}
	c := *r
	line, err := c.Encode()
	if err != nil {
		return "", fmt.Errorf("serve: %w", err)
	}
	h, err := domains.RecordHash(line)
	if err != nil {
		return "", fmt.Errorf("serve: %w", err)
	}
	return h, nil
}

// recordRef is what the server knows of a record before it grades it:
// its content hash, task and level (enough to check a request and count
// its result in the curriculum), and where the record is: held in memory,
// or an entry of the suite file.
type recordRef struct {
	ok    bool            // the server has a record of the id
	rec   *domains.Record // held in memory, else nil
	ent   int32           // the suite file's entry when rec is nil
	hash  string
	task  string
	level int
}

// lookup returns what the server knows of the records of the ids, read at
// once (ok false for an id the server has no record of): a request is
// graded against the records as they were when it was read, whatever
// generation adds or drops meanwhile.
func (s *Server) lookup(n int, id func(i int) string) []recordRef {
	refs := make([]recordRef, n)
	s.mu.RLock()
	defer s.mu.RUnlock()
	for i := range n {
		k := id(i)
		if r := s.byID[k]; r != nil {
			refs[i] = recordRef{ok: true, rec: r, hash: s.hash[k], task: r.Task, level: r.Level}
			continue
		}
		if s.file == nil {
			continue
		}
		if e, ok := s.file.byID[k]; ok {
			ent := &s.file.ents[e]
			refs[i] = recordRef{ok: true, ent: e, hash: ent.hash, task: s.file.tasks[ent.task], level: int(ent.level)}
		}
	}
	return refs
}

// suiteHash returns the content hash of the suite's or a generated
// record of id, and whether the server has one. s.mu is held.
func (s *Server) suiteHash(id string) (string, bool) {
	if h, ok := s.hash[id]; ok {
		return h, true
	}
	if s.file != nil {
		if e, ok := s.file.byID[id]; ok {
			return s.file.ents[e].hash, true
		}
	}
	return "", false
}

// fetch returns the record of ref, which the server has, and a func to
// call once it is graded: a suite file's record is pinned in the cache
// (it and its loaded instance stay) until then. A record that cannot be
// read from the file as it was is an error.
func (s *Server) fetch(ref recordRef) (*domains.Record, func(), error) {
	if ref.rec != nil {
		return ref.rec, func() {}, nil
	}
	rec, err := s.file.get(ref.ent)
	if err != nil {
		return nil, nil, err
	}
	return rec, func() { s.file.release(ref.ent) }, nil
}

// readErrors holds, per item of a request, the error fetching its
// record; a request with one is not answered (500).
type readErrors []error

// failed returns the first error as a 500, or nil; it logs it.
func (e readErrors) failed(s *Server) *requestError {
	for _, err := range e {
		if err != nil {
			s.logger.Printf("%v", err)
			return &requestError{http.StatusInternalServerError, err.Error(), nil}
		}
	}
	return nil
}

// Warm grades the reference plan of every record held in memory once,
// in parallel (as the responder "reference" answers: the plan in a json
// block), and checks that every certified reference passes its own
// checklist. A reference that does not is an integrity failure (the
// suite or plancert is wrong): Warm then returns a *ReferenceError naming
// every such record, in id order. It loads and caches every instance, the
// costliest step of a first grading, so that the first batches are not
// slower than the others. It returns ctx.Err() when ctx ends first. (Open
// grades the references of a suite file as it reads it: Warm has nothing
// more to do for those.)
func (s *Server) Warm(ctx context.Context) error {
	s.mu.RLock()
	recs := make([]*domains.Record, 0, len(s.byID))
	for _, r := range s.byID {
		recs = append(recs, r)
	}
	s.mu.RUnlock()
	fails := make([]*ReferenceFailure, len(recs))
	s.parallel(len(recs), func(i int) { fails[i] = referenceFailure(ctx, recs[i]) })
	if err := ctx.Err(); err != nil {
		return err
	}
	return referenceError(slices.DeleteFunc(fails, func(f *ReferenceFailure) bool { return f == nil }), true)
}

// referenceFailure grades the reference plan of r: nil when it passes
// its own checklist, else the first item that fails (or the integrity
// alarm). ctx ending first is not a failure: the caller checks ctx.
func referenceFailure(ctx context.Context, r *domains.Record) *ReferenceFailure {
	if ctx.Err() != nil {
		return nil
	}
	sc := verify.ScoreResponse(ctx, r, "```json\n"+string(r.Reference.Plan)+"\n```\n", verify.RewardAllPass)
	if sc.AllPass == 1 && !sc.IntegrityAlarm {
		return nil
	}
	f := &ReferenceFailure{ID: r.ID}
	for _, it := range sc.Items {
		if !it.Pass {
			f.Item, f.Detail = it.ID, it.Detail
			break
		}
	}
	if sc.IntegrityAlarm {
		f.Detail = fmt.Sprintf("integrity alarm: objective %v beats the certified %v", sc.Objective, r.Reference.Objective)
	}
	return f
}

// referenceError is the *ReferenceError of fails (nil when there are
// none), sorted by id when byID.
func referenceError(fails []*ReferenceFailure, byID bool) error {
	if len(fails) == 0 {
		return nil
	}
	if byID {
		slices.SortFunc(fails, func(a, b *ReferenceFailure) int { return strings.Compare(a.ID, b.ID) })
	}
	e := &ReferenceError{}
	for _, f := range fails {
		e.Failures = append(e.Failures, *f)
	}
	return e
}

// checkReferences grades the reference plan of every record of recs, in
// parallel: a *ReferenceError names (in the order of recs) those whose
// reference fails its own checklist; ctx.Err() when ctx ends first.
func (s *Server) checkReferences(ctx context.Context, recs []*domains.Record) error {
	fails := make([]*ReferenceFailure, len(recs))
	s.parallel(len(recs), func(i int) { fails[i] = referenceFailure(ctx, recs[i]) })
	if err := ctx.Err(); err != nil {
		return err
	}
	return referenceError(slices.DeleteFunc(fails, func(f *ReferenceFailure) bool { return f == nil }), false)
}

// ReferenceFailure is a record whose certified reference fails an item
// of its own checklist (the first that fails).
type ReferenceFailure struct {
	ID, Item, Detail string
}

// ReferenceError lists the records whose certified references fail their
// own checklists, in id order.
type ReferenceError struct {
	Failures []ReferenceFailure
}

func (e *ReferenceError) Error() string {
	f := e.Failures[0]
	msg := fmt.Sprintf("serve: the certified reference of %s fails item %q: %s", f.ID, f.Item, f.Detail)
	if n := len(e.Failures) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d other record(s))", n)
	}
	return msg
}

// ServeHTTP answers one request; a panic becomes a 500 with a JSON
// message, and the server keeps running.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			s.logger.Printf("serve: panic handling %s %s: %v\n%s", r.Method, r.URL.Path, p, debug.Stack())
			writeError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", p))
		}
	}()
	s.mux.ServeHTTP(w, r)
}

// Serve answers requests on ln until ctx ends, then shuts down
// gracefully: no new connections, and requests in flight get up to
// ShutdownGrace to finish. It returns nil after a shutdown, or the error
// that stopped serving.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: s.headerTimeout,
		// readBody keeps the bodies of POST requests to their limits;
		// ReadTimeout bounds the bodies net/http reads itself (those of
		// other requests, which it discards).
		ReadTimeout:  s.headerTimeout + s.bodyTimeout,
		WriteTimeout: s.bodyTimeout + 5*time.Minute,
		IdleTimeout:  2 * time.Minute,
		ErrorLog:     s.logger,
		BaseContext:  func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	s.goDown() // generation in flight stops (503) rather than hold the shutdown
	sctx, cancel := context.WithTimeout(context.Background(), ShutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("serve: shutting down: %w", err)
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// requestError is a request the server refuses, with its status.
type requestError struct {
	status int
	msg    string
	body   any // the answer's body when not {"error": msg}
}

func (e *requestError) Error() string { return e.msg }

func badRequest(format string, args ...any) *requestError {
	return &requestError{http.StatusBadRequest, fmt.Sprintf(format, args...), nil}
}

// bodyPool holds request-body buffers (*[]byte) for reuse. A buffer goes
// back only after the answer is written, and no answer keeps a slice of
// its body.
var bodyPool = sync.Pool{New: func() any { return new([]byte) }}

// post wraps a POST handler: method check, body limits, errors as JSON.
// The body is read first (readBody), then the request waits for a
// grading slot: a slow client never holds one.
func (s *Server) post(h func(ctx context.Context, body []byte) (any, *requestError)) http.HandlerFunc {
	return s.postSlot(s.slots, waitSlot, h)
}

// slotPolicy says how a POST request takes a place of slots once its body
// is read.
type slotPolicy int

const (
	waitSlot slotPolicy = iota // wait for one (grading)
	trySlot                    // take one if free, else answer 429 (generation)
	noSlot                     // take none (cheap requests)
)

// postSlot is post with the slots and policy of the handler.
func (s *Server) postSlot(slots chan struct{}, policy slotPolicy, h func(ctx context.Context, body []byte) (any, *requestError)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes POST, got %s", r.URL.Path, r.Method))
			return
		}
		buf := bodyPool.Get().(*[]byte)
		defer bodyPool.Put(buf)
		body, held, rerr := s.readBody(w, r, (*buf)[:0])
		*buf = body
		defer s.bodies.release(held)
		if rerr != nil {
			writeError(w, rerr.status, rerr.msg)
			return
		}
		switch policy {
		case waitSlot:
			select {
			case slots <- struct{}{}:
				defer func() { <-slots }()
			case <-r.Context().Done():
				return // the client went away while waiting
			}
		case trySlot:
			select {
			case slots <- struct{}{}:
				defer func() { <-slots }()
			default:
				w.Header().Set("Retry-After", "1")
				writeError(w, http.StatusTooManyRequests, fmt.Sprintf("%s: the server is generating as many requests as it may at once (%d); try again later", r.URL.Path, cap(slots)))
				return
			}
		}
		out, rerr := h(r.Context(), body)
		if rerr != nil && rerr.body != nil {
			writeJSON(w, rerr.status, rerr.body)
			return
		}
		if rerr != nil {
			writeError(w, rerr.status, rerr.msg)
			return
		}
		if err := writeJSON(w, http.StatusOK, out); err != nil {
			s.logger.Printf("serve: writing the answer to %s: %v", r.URL.Path, err)
		}
	}
}

// readChunk is the most readBody reads at once, and so the most it reads
// beyond the budget of bodies before it waits for room; also the first
// size of a new buffer.
const readChunk = 64 << 10

// readBody appends r's body to buf and returns it, under the body limits:
// at most s.maxBody bytes, all within s.bodyTimeout, and the first n bytes
// by s.bodyGrace + n/s.minRate (the connection's read deadline is moved on
// as bytes come; a ResponseWriter that cannot set it, as httptest's, has
// no time limits). Every byte read is taken from s.bodies, waiting for
// room when it is full; held is what was taken, for the caller to release
// once the answer is written.
//
// The time a body waits for room does not count against its limits: the
// wait is the server's, not the client's.
//
// The buffer grows as bytes come, four times larger each time but never
// past the declared length (twice larger when there is none): a client
// that declares a large body and sends it slowly holds the memory of
// what it sent (four times at most), and a body of n bytes costs at most
// about 2.3n of allocations when its length is declared (none when the
// pooled buffer is large enough).
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, buf []byte) (body []byte, held int64, rerr *requestError) {
	declared := r.ContentLength // -1: unknown
	if declared > s.maxBody {
		return buf, 0, &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over the limit of %d bytes", s.maxBody), nil}
	}
	br := &bodyReader{s: s, body: http.MaxBytesReader(w, r.Body, s.maxBody), rc: http.NewResponseController(w), ctx: r.Context(), start: time.Now()}
	var err error
	for err == nil {
		if len(buf) == cap(buf) {
			if declared >= 0 && int64(len(buf)) >= declared {
				var probe [1]byte // the end of the body, or bytes past it
				var n int
				n, err = br.Read(probe[:])
				buf = append(buf, probe[:n]...)
				continue
			}
			c := max(2*cap(buf), readChunk)
			if declared >= 0 {
				c = min(max(4*cap(buf), readChunk), int(declared))
			}
			buf = append(make([]byte, 0, c), buf...)
		}
		var n int
		n, err = br.Read(buf[len(buf):min(cap(buf), len(buf)+readChunk)])
		buf = buf[:len(buf)+n]
	}
	if err == io.EOF {
		br.rc.SetReadDeadline(time.Time{}) // none while the request is graded
		return buf, br.held, nil
	}
	// The rest of the body is not read: the connection closes after the
	// answer (net/http would otherwise read the rest before answering).
	w.Header().Set("Connection", "close")
	var mbe *http.MaxBytesError
	switch {
	case br.err != nil:
		return buf, br.held, br.err
	case errors.As(err, &mbe):
		return buf, br.held, &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over the limit of %d bytes", mbe.Limit), nil}
	}
	return buf, br.held, badRequest("reading the request body: %v", err)
}

// bodyReader reads a request body for readBody.
type bodyReader struct {
	s     *Server
	body  io.Reader
	rc    *http.ResponseController
	ctx   context.Context
	start time.Time
	n     int64 // bytes read
	held  int64 // bytes taken from s.bodies
	err   *requestError
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if len(p) > readChunk {
		p = p[:readChunk]
	}
	total := b.s.bodyTimeout
	byRate := b.s.bodyGrace + time.Duration(float64(b.n+1)/float64(b.s.minRate)*float64(time.Second)) // for the next byte
	deadline := b.start.Add(min(total, byRate))
	b.rc.SetReadDeadline(deadline) // not under httptest's recorder
	n, err := b.body.Read(p)
	b.n += int64(n)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		if byRate < total {
			b.err = &requestError{http.StatusRequestTimeout, fmt.Sprintf("the request body came slower than %d bytes/s (%d bytes in %v, after the first %v)", b.s.minRate, b.n, time.Since(b.start).Round(time.Millisecond), b.s.bodyGrace), nil}
		} else {
			b.err = &requestError{http.StatusRequestTimeout, fmt.Sprintf("the request body did not come within %v (%d bytes came)", total, b.n), nil}
		}
		return n, b.err
	}
	if n > 0 {
		waiting := time.Now()
		if !b.s.bodies.acquire(b.ctx, int64(n), deadline) {
			b.err = &requestError{http.StatusServiceUnavailable, fmt.Sprintf("the server holds as many request bodies as it may (%d bytes: --max-concurrent × --max-body); try again later", b.s.bodies.total), nil}
			return n, b.err
		}
		b.held += int64(n)
		b.start = b.start.Add(time.Since(waiting)) // the wait for room is not the client's
	}
	return n, err
}

// budget is a number of bytes that requests take and give back: the
// bodies in memory. Safe for concurrent use.
type budget struct {
	total int64
	mu    sync.Mutex
	free  int64
	freed chan struct{} // closed (and replaced) when bytes are given back
}

func newBudget(total int64) *budget {
	return &budget{total: total, free: total, freed: make(chan struct{})}
}

// acquire takes n bytes, waiting for them until deadline or ctx's end; it
// reports whether it took them. Waiters are woken at every release and
// try again, in no particular order.
func (b *budget) acquire(ctx context.Context, n int64, deadline time.Time) bool {
	var timer *time.Timer
	for {
		b.mu.Lock()
		if b.free >= n {
			b.free -= n
			b.mu.Unlock()
			return true
		}
		freed := b.freed
		b.mu.Unlock()
		if timer == nil {
			timer = time.NewTimer(time.Until(deadline))
			defer timer.Stop()
		}
		select {
		case <-freed:
		case <-timer.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

// release gives back n bytes.
func (b *budget) release(n int64) {
	if n == 0 {
		return
	}
	b.mu.Lock()
	b.free += n
	close(b.freed)
	b.freed = make(chan struct{})
	b.mu.Unlock()
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("/healthz takes GET, got %s", r.Method))
		return
	}
	writeJSON(w, http.StatusOK, Health{Status: "ok", Records: s.Records(), Reward: s.mode})
}

// Records returns the number of records the server grades: the suite's
// and the generated ones it keeps.
func (s *Server) Records() int {
	s.mu.RLock()
	n := len(s.byID)
	s.mu.RUnlock()
	if s.file != nil {
		n += len(s.file.ents)
	}
	return n
}

// Health is the answer of GET /healthz. Records counts the records the
// server grades: the suite's and the generated ones it keeps.
type Health struct {
	Status  string            `json:"status"`
	Records int               `json:"records"`
	Reward  verify.RewardMode `json:"reward"`
}

// RewardRequest is the body of POST /get_reward (OpenRLHF's remote reward
// protocol). Prompts may be left out; Labels are record ids, each
// optionally followed by "#" and the record's content hash.
type RewardRequest struct {
	Query   []string `json:"query"`
	Prompts []string `json:"prompts"`
	Labels  []string `json:"labels"`
}

// RewardResponse is the answer of POST /get_reward: one value per query
// in every list. ExtraLogs holds "all_pass", "avg_pass", "parsed" (1 when
// an answer was extracted), "prompt_not_found" (1 when the query was
// graded whole because its prompt was not found in it) and
// "integrity_alarm" (1 when a feasible answer beats the certified optimum:
// a bug in plancert, also logged loudly) and "hash_mismatch" (1 when the
// label's hash is not the record's: the query was not graded, its reward
// is 0, and the server logged it).
type RewardResponse struct {
	Rewards   []float64            `json:"rewards"`
	Scores    []float64            `json:"scores"`
	ExtraLogs map[string][]float64 `json:"extra_logs"`
}

// rawRewardRequest is RewardRequest with the texts left encoded: most of
// a query is its prompt, which need not be decoded to be stripped.
type rawRewardRequest struct {
	Query   []json.RawMessage `json:"query"`
	Prompts []json.RawMessage `json:"prompts"`
	Labels  []string          `json:"labels"`
}

func (s *Server) getReward(ctx context.Context, body []byte) (any, *requestError) {
	req, ok := scanRewardRequest(body)
	if !ok {
		req = rawRewardRequest{}
		if err := decodeStrict(body, &req); err != nil {
			return nil, err
		}
	}
	n := len(req.Query)
	switch {
	case req.Query == nil:
		return nil, badRequest(`"query": missing (a list of prompt + response strings)`)
	case req.Labels == nil:
		return nil, badRequest(`"labels": missing (the record id of each query; OpenRLHF's --data.label_key names the column that holds it)`)
	case len(req.Labels) != n:
		return nil, badRequest(`"labels" has %d entries for %d queries`, len(req.Labels), n)
	case req.Prompts != nil && len(req.Prompts) != n:
		return nil, badRequest(`"prompts" has %d entries for %d queries`, len(req.Prompts), n)
	case n > s.maxN:
		return nil, &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("%d queries is over the limit of %d per request", n, s.maxN), nil}
	}
	for i := range n {
		if !isString(req.Query[i]) {
			return nil, badRequest(`"query"[%d]: want a string, got %.20s`, i, req.Query[i])
		}
		if req.Prompts != nil && !isString(req.Prompts[i]) {
			return nil, badRequest(`"prompts"[%d]: want a string, got %.20s`, i, req.Prompts[i])
		}
	}
	mismatch := make([]bool, n)
	refs := s.lookup(n, func(i int) string { id, _ := splitLabel(req.Labels[i]); return id })
	for i, label := range req.Labels {
		id, hash := splitLabel(label)
		if !refs[i].ok {
			return nil, badRequest(`"labels"[%d]: no record of the suite has the id %q`, i, id)
		}
		if hash != "" && hash != refs[i].hash {
			// OpenRLHF has no error channel but the status, which fails
			// the run: the query gets 0, flagged, and the log says why.
			mismatch[i] = true
			s.logger.Printf("serve: HASH MISMATCH: /get_reward labels[%d]: record %s has the hash %s here but %s in the label: the dataset was exported from another suite than this server grades (another plancert version or another gen run); the query gets reward 0 and extra_logs hash_mismatch 1", i, id, refs[i].hash, hash)
		}
	}
	fetchErrs := make(readErrors, n)
	out := RewardResponse{
		Rewards: make([]float64, n),
		Scores:  make([]float64, n),
		ExtraLogs: map[string][]float64{
			"all_pass":         make([]float64, n),
			"avg_pass":         make([]float64, n),
			"parsed":           make([]float64, n),
			"prompt_not_found": make([]float64, n),
			"integrity_alarm":  make([]float64, n),
			"hash_mismatch":    make([]float64, n),
		},
	}
	s.parallel(n, func(i int) {
		if mismatch[i] {
			out.ExtraLogs["hash_mismatch"][i] = 1
			return // reward 0, graded against nothing
		}
		var prompt json.RawMessage
		if req.Prompts != nil {
			prompt = req.Prompts[i]
		}
		rec, done, err := s.fetch(refs[i])
		if err != nil {
			fetchErrs[i] = err // the request fails
			return
		}
		defer done()
		resp, found := responseOf(req.Query[i], prompt)
		sc := verify.ScoreResponse(ctx, rec, resp, s.mode)
		out.Rewards[i] = sc.Reward
		out.Scores[i] = sc.Reward
		out.ExtraLogs["all_pass"][i] = float64(sc.AllPass)
		out.ExtraLogs["avg_pass"][i] = sc.AvgPass
		out.ExtraLogs["parsed"][i] = b2f(sc.Parsed)
		out.ExtraLogs["prompt_not_found"][i] = b2f(!found)
		out.ExtraLogs["integrity_alarm"][i] = b2f(sc.IntegrityAlarm)
		s.alarm(rec, sc)
	})
	if err := fetchErrs.failed(s); err != nil {
		return nil, err
	}
	if s.cur != nil {
		graded := make([]bool, n)
		for i := range graded {
			graded[i] = !mismatch[i]
		}
		s.cur.observe(refs, graded, out.ExtraLogs["all_pass"])
	}
	return out, nil
}

// LabelHashSep joins a record id and its content hash in a /get_reward
// label: "<id>#sha256:…" (the label column of the JSONL export).
const LabelHashSep = "#"

// splitLabel returns the record id and the content hash of a /get_reward
// label: the label is "<id>" or "<id>#<hash>", the hash starting with
// domains.HashPrefix (a label whose part after its last "#" does not is
// an id as it is).
func splitLabel(label string) (id, hash string) {
	i := strings.LastIndex(label, LabelHashSep)
	if i < 0 || !strings.HasPrefix(label[i+1:], domains.HashPrefix) {
		return label, ""
	}
	return label[:i], label[i+1:]
}

// hashConflict is the 409 answer to a request whose item (where, at index
// i) carries hash for the record id, which here has the hash have.
// nothing says what the request would have done ("graded").
func (s *Server) hashConflict(where string, i int, id, hash, have, nothing string) *requestError {
	msg := fmt.Sprintf("%s: the record %s has the hash %s here but %s in the request: the request comes from another suite than this server grades (another plancert version or gen run); nothing was %s", where, id, have, hash, nothing)
	s.logger.Printf("serve: HASH MISMATCH: %s", msg)
	return &requestError{status: http.StatusConflict, msg: msg,
		body: HashConflict{Error: msg, Item: i, ID: id, Hash: hash, ServerHash: have}}
}

// isString says a valid JSON value is a string.
func isString(raw json.RawMessage) bool { return len(raw) >= 2 && raw[0] == '"' }

// responseOf returns the response in a query, both JSON strings as sent
// (prompt nil: no prompt): stripPrompt of the decoded texts. When the
// prompt's encoding is a prefix of the query's (the client encoded both
// alike), only the rest of the query is decoded: a prefix of a JSON
// string's content that is itself complete content ends between two
// escapes, so what follows decodes on its own — unless the rest starts
// with a UTF-8 continuation byte or a \u escape of a low surrogate, which
// could join what ends the prompt into one character (only in invalid
// text); then both are decoded whole.
func responseOf(query, prompt json.RawMessage) (resp string, found bool) {
	if prompt == nil {
		return decodeString(query), true
	}
	qc, pc := query[1:len(query)-1], prompt[1:len(prompt)-1]
	if bytes.HasPrefix(qc, pc) && !joins(qc[len(pc):]) {
		return decodeContent(qc[len(pc):]), true
	}
	return stripPrompt(decodeString(query), decodeString(prompt))
}

// joins says encoded string content rest may start in the middle of a
// character: with a UTF-8 continuation byte, or with \uDC00–\uDFFF (the
// second half of a surrogate pair).
func joins(rest []byte) bool {
	if len(rest) > 0 && rest[0]&0xC0 == 0x80 {
		return true
	}
	if len(rest) >= 6 && rest[0] == '\\' && rest[1] == 'u' && (rest[2] == 'd' || rest[2] == 'D') {
		switch rest[3] {
		case 'c', 'd', 'e', 'f', 'C', 'D', 'E', 'F':
			return true
		}
	}
	return false
}

// unquote decodes a JSON string that the request decoder has validated.
func unquote(raw []byte) string {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		panic(fmt.Sprintf("serve: decoding a validated JSON string: %v", err))
	}
	return s
}

// stripPrompt returns the response in query: what follows prompt when
// query starts with it, else what follows prompt's last occurrence, else
// the whole query (found false). An empty prompt leaves the query whole.
func stripPrompt(query, prompt string) (resp string, found bool) {
	if strings.HasPrefix(query, prompt) {
		return query[len(prompt):], true
	}
	if i := strings.LastIndex(query, prompt); i >= 0 {
		return query[i+len(prompt):], true
	}
	return query, false
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// ScoreRequest is the body of POST /v1/score. Reward "" is the server's
// mode.
type ScoreRequest struct {
	Items  []ScoreItem `json:"items"`
	Reward string      `json:"reward"`
}

// ScoreItem is one response to grade. Both fields are required (the
// response may be empty); a pointer tells a missing field from "".
//
// Hash, optional, is the record's content hash as the client has it (the
// hash column of an export): when it is given (not empty) and is not the
// hash of the server's record of that id, the request was made from
// another suite than the one the server grades, and the whole request is
// refused with 409 (a HashConflict) rather than graded against another
// problem.
type ScoreItem struct {
	ID       *string `json:"id"`
	Response *string `json:"response"`
	Hash     *string `json:"hash"`
}

// HashConflict is the body of a 409 answer: the first item (or label) whose
// hash is not the hash of the server's record of its id, with both hashes.
type HashConflict struct {
	Error string `json:"error"`
	// Item is the item's index in "items" (or the label's in "labels").
	Item int    `json:"item"`
	ID   string `json:"id"`
	// Hash is the request's, ServerHash the hash of the server's record.
	Hash       string `json:"hash"`
	ServerHash string `json:"server_hash"`
}

// ScoreAnswer is the answer of POST /v1/score: one result per item, in
// request order. Scored counts the items graded, Errors those with an
// unknown id; MeanReward is over the scored items (0 when none).
// IntegrityAlarms counts the answers that beat the certified optimum (each
// also logged loudly by the server).
type ScoreAnswer struct {
	Reward     verify.RewardMode `json:"reward"`
	N          int               `json:"n"`
	Scored     int               `json:"scored"`
	Errors     int               `json:"errors"`
	MeanReward float64           `json:"mean_reward"`
	// IntegrityAlarms counts the results with integrity_alarm set.
	IntegrityAlarms int      `json:"integrity_alarms"`
	Results         []Result `json:"results"`
}

// Result is the grade of one item: the fields of verify.Score, with the
// numbers of checklist items passed and failed, or Error (and no score)
// when the id is not in the suite.
type Result struct {
	ID     string `json:"id"`
	Error  string `json:"error,omitempty"`
	Passed int    `json:"passed"`
	Failed int    `json:"failed"`
	*verify.Score
}

// rawScoreRequest is a ScoreRequest whose responses may still be encoded
// (Raw, decoded by the workers) or already decoded (Text).
type rawScoreRequest struct {
	Items  []rawScoreItem
	Reward string
}

type rawScoreItem struct {
	ID   *string
	Raw  json.RawMessage
	Text *string
	Hash *string
}

// response returns the item's response text.
func (it rawScoreItem) response() string {
	if it.Text != nil {
		return *it.Text
	}
	return decodeString(it.Raw)
}

func (s *Server) score(ctx context.Context, body []byte) (any, *requestError) {
	req, ok := scanScoreRequest(body)
	if !ok {
		var dec ScoreRequest
		if err := decodeStrict(body, &dec); err != nil {
			return nil, err
		}
		req = rawScoreRequest{Reward: dec.Reward}
		if dec.Items != nil {
			req.Items = make([]rawScoreItem, len(dec.Items))
			for i, it := range dec.Items {
				req.Items[i] = rawScoreItem{ID: it.ID, Text: it.Response, Hash: it.Hash}
			}
		}
	}
	mode := s.mode
	if req.Reward != "" {
		m, err := verify.ParseRewardMode(req.Reward)
		if err != nil {
			return nil, badRequest(`"reward": %q is not allpass, avgpass or feasible`, req.Reward)
		}
		mode = m
	}
	n := len(req.Items)
	switch {
	case req.Items == nil:
		return nil, badRequest(`"items": missing (a list of {"id", "response"})`)
	case n > s.maxN:
		return nil, &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("%d items is over the limit of %d per request", n, s.maxN), nil}
	}
	for i, it := range req.Items {
		switch {
		case it.ID == nil:
			return nil, badRequest(`"items"[%d].id: missing`, i)
		case it.Raw == nil && it.Text == nil:
			return nil, badRequest(`"items"[%d].response: missing`, i)
		}
	}
	refs := s.lookup(n, func(i int) string { return *req.Items[i].ID })
	for i, it := range req.Items {
		if it.Hash == nil || *it.Hash == "" {
			continue
		}
		if refs[i].ok && refs[i].hash != *it.Hash {
			return nil, s.hashConflict(fmt.Sprintf(`"items"[%d]`, i), i, *it.ID, *it.Hash, refs[i].hash, "graded")
		}
	}
	fetchErrs := make(readErrors, n)
	out := ScoreAnswer{Reward: mode, N: n, Results: make([]Result, n)}
	s.parallel(n, func(i int) {
		it := req.Items[i]
		res := Result{ID: *it.ID}
		if !refs[i].ok {
			res.Error = fmt.Sprintf("no record of the suite has the id %q", *it.ID)
			out.Results[i] = res
			return
		}
		rec, done, err := s.fetch(refs[i])
		if err != nil {
			fetchErrs[i] = err // the request fails
			return
		}
		defer done()
		sc := verify.ScoreResponse(ctx, rec, it.response(), mode)
		s.alarm(rec, sc)
		for _, item := range sc.Items {
			if item.Pass {
				res.Passed++
			} else {
				res.Failed++
			}
		}
		res.Score = &sc
		out.Results[i] = res
	})
	if err := fetchErrs.failed(s); err != nil {
		return nil, err
	}
	var sum float64
	for _, r := range out.Results {
		if r.Score == nil {
			out.Errors++
			continue
		}
		out.Scored++
		sum += r.Reward
		if r.IntegrityAlarm {
			out.IntegrityAlarms++
		}
	}
	if out.Scored > 0 {
		out.MeanReward = sum / float64(out.Scored)
	}
	if s.cur != nil {
		graded, allPass := make([]bool, n), make([]float64, n)
		for i, r := range out.Results {
			if r.Score != nil {
				graded[i], allPass[i] = true, float64(r.AllPass)
			}
		}
		s.cur.observe(refs, graded, allPass)
	}
	return out, nil
}

// alarm logs an integrity alarm loudly: a feasible answer beats the
// certified optimum, so the record's certificate or the checker is wrong.
// The score is answered as graded (with integrity_alarm set), never
// dropped.
func (s *Server) alarm(rec *domains.Record, sc verify.Score) {
	if sc.IntegrityAlarm {
		s.logger.Printf("serve: INTEGRITY ALARM: a feasible answer to %s has the objective %v, better than the certified optimum %v; the certificate or the checker is wrong", rec.ID, sc.Objective, rec.Reference.Objective)
	}
}

// parallel calls f(i) for i in [0, n) on up to s.workers goroutines
// (verify.Parallel). A panic in f is raised again in the caller once every
// goroutine is done, so that ServeHTTP recovers it.
func (s *Server) parallel(n int, f func(i int)) { verify.Parallel(n, s.workers, f) }

// decodeStrict decodes body, one JSON object and nothing after it, into
// v. Errors name the field and say what was wanted. (json.Unmarshal, not
// a json.Decoder: the body is already in memory, and the Decoder's
// incremental scan cost twice as much CPU on large batches.)
func decodeStrict(body []byte, v any) *requestError {
	if len(bytes.TrimSpace(body)) == 0 {
		return badRequest("the body is empty (want a JSON object)")
	}
	if err := json.Unmarshal(body, v); err != nil {
		return badRequest("%s", describeDecodeError(err))
	}
	return nil
}

// describeDecodeError says what is wrong with a body json.Unmarshal
// refused.
func describeDecodeError(err error) string {
	var (
		te *json.UnmarshalTypeError
		se *json.SyntaxError
	)
	switch {
	case errors.As(err, &te):
		if te.Field == "" {
			return fmt.Sprintf("the body is a JSON %s, want an object", te.Value)
		}
		return fmt.Sprintf("%q: want %s, got a JSON %s", te.Field, jsonType(te.Type), te.Value)
	case errors.As(err, &se):
		switch msg := se.Error(); {
		case strings.Contains(msg, "unexpected end of JSON input"):
			return "the body ends inside its JSON value"
		case strings.Contains(msg, "after top-level value"):
			return fmt.Sprintf("the body has more after its JSON object (at byte %d)", se.Offset)
		default:
			return fmt.Sprintf("not valid JSON at byte %d: %v", se.Offset, err)
		}
	}
	return "not valid JSON: " + err.Error()
}

// jsonType says a Go type of the request in JSON words.
func jsonType(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Slice:
		return "a list"
	case reflect.Struct:
		return "an object"
	case reflect.Int, reflect.Int64:
		return "an integer"
	case reflect.Uint64:
		return "an integer from 0 to 2^64-1"
	case reflect.Bool:
		return "true or false"
	case reflect.Array:
		return fmt.Sprintf("a list of %d", t.Len())
	}
	return t.String()
}

// errorBody is every error answer.
type errorBody struct {
	Error string `json:"error"`
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{msg})
}

// writeJSON writes v as the JSON answer with status.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		msg, _ := json.Marshal(errorBody{"encoding the answer: " + err.Error()})
		buf.Write(append(msg, '\n'))
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", fmt.Sprint(buf.Len()))
	w.WriteHeader(status)
	_, err := w.Write(buf.Bytes())
	return err
}
