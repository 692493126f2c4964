package verify_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver"
	"github.com/plancert/plancert/solver/sat"
	"github.com/plancert/plancert/verify"
)

var (
	recordsMu sync.Mutex
	records   []*domains.Record // certified records of seeds 1, 2, ...
	nextSeed  = uint64(1)
)

// certified returns k distinct certified meeting-planning records with the
// units availability, room-fit, buffer and self-check: those of the first
// seeds from 1 that the generator keeps.
func certified(tb testing.TB, k int) []*domains.Record {
	tb.Helper()
	recordsMu.Lock()
	defer recordsMu.Unlock()
	task, ok := domains.Lookup("meeting-planning")
	if !ok {
		tb.Fatal("meeting-planning is not registered")
	}
	for len(records) < k {
		if nextSeed > 100 {
			tb.Fatalf("only %d of seeds 1-100 are kept", len(records))
		}
		seed := nextSeed
		nextSeed++
		spec := domains.Spec{Task: task.ID, Subtask: "cross-team",
			Basic: []string{"availability", "room-fit"}, Medium: []string{"buffer", "self-check"}, Seed: seed}
		inst, err := task.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			tb.Fatal(err)
		}
		rec, err := gen.Certify(context.Background(), sat.Backend{}, task, inst, gen.Unique)
		var drop *gen.DropError
		if errors.As(err, &drop) {
			continue
		}
		if err != nil {
			tb.Fatalf("seed %d: %v", seed, err)
		}
		records = append(records, rec)
	}
	return records[:k]
}

// record returns the certified record number i (from 0).
func record(tb testing.TB, i int) *domains.Record { return certified(tb, i+1)[i] }

// reference wraps the record's plan in prose and a ```json fence.
func reference(rec *domains.Record) string {
	return "Let me place the meetings one by one, checking rooms {seats, equipment} and buffers.\n\n" +
		"Final schedule:\n```json\n" + string(rec.Reference.Plan) + "\n```\nThis meets every rule."
}

// plan is the agenda answer form.
type plan struct {
	Meetings []map[string]string `json:"meetings"`
	// Objective is the stated goal value (self-check).
	Objective int64 `json:"objective"`
}

func readPlan(t *testing.T, rec *domains.Record) plan {
	t.Helper()
	var p plan
	if err := json.Unmarshal(rec.Reference.Plan, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p plan) response() string {
	b, err := json.Marshal(p)
	if err != nil {
		panic(err)
	}
	return "```json\n" + string(b) + "\n```"
}

// shifted returns p with meeting i moved by delta 30-minute slots.
func (p plan) shifted(i, delta int) plan {
	q := plan{Objective: p.Objective}
	for _, m := range p.Meetings {
		c := map[string]string{}
		for k, v := range m {
			c[k] = v
		}
		q.Meetings = append(q.Meetings, c)
	}
	var h, m int
	fmt.Sscanf(q.Meetings[i]["start"], "%d:%d", &h, &m)
	t := h*60 + m + 30*delta
	q.Meetings[i]["start"] = fmt.Sprintf("%02d:%02d", t/60, t%60)
	return q
}

func kinds(rec *domains.Record) map[string]domains.ItemKind {
	out := map[string]domains.ItemKind{}
	for _, it := range rec.Checklist {
		out[it.ID] = it.Kind
	}
	return out
}

// consistent checks the invariants of a Score.
func consistent(t testing.TB, rec *domains.Record, s verify.Score, mode verify.RewardMode) {
	t.Helper()
	if s.ID != rec.ID || len(s.Items) != len(rec.Checklist) {
		t.Fatalf("score of %q with %d items for %q with %d", s.ID, len(s.Items), rec.ID, len(rec.Checklist))
	}
	passed, feasible := 0, s.Parsed
	for i, it := range s.Items {
		if it.ID != rec.Checklist[i].ID {
			t.Errorf("item %d is %q, checklist says %q", i, it.ID, rec.Checklist[i].ID)
		}
		if it.Pass {
			passed++
			if it.Detail != "" {
				t.Errorf("item %s passes with detail %q", it.ID, it.Detail)
			}
		} else {
			if it.Detail == "" {
				t.Errorf("item %s fails without a detail", it.ID)
			}
			if k := rec.Checklist[i].Kind; k != domains.KindObjective && k != domains.KindStated {
				feasible = false
			}
		}
	}
	all := 0
	if passed == len(s.Items) {
		all = 1
	}
	if s.AllPass != all || s.AvgPass != float64(passed)/float64(len(s.Items)) {
		t.Errorf("all_pass %d, avg_pass %v with %d of %d items passing", s.AllPass, s.AvgPass, passed, len(s.Items))
	}
	if (s.ErrorKind == "") != (all == 1) {
		t.Errorf("error kind %q with all_pass %d", s.ErrorKind, all)
	}
	if !s.Parsed && s.ErrorKind != verify.ErrorFormat {
		t.Errorf("not parsed, error kind %q", s.ErrorKind)
	}
	var want float64
	switch mode {
	case verify.RewardAvgPass:
		want = s.AvgPass
	case verify.RewardFeasible:
		if feasible {
			want = 1
		}
	default:
		want = float64(all)
	}
	if s.Reward != want {
		t.Errorf("%s reward %v, want %v", mode, s.Reward, want)
	}
	// An objective is computed exactly for answers that keep every rule
	// (format, coverage, feasibility), and never beats the certificate.
	if (s.Objective != nil) != (feasible && s.Parsed && s.ErrorKind != verify.ErrorChecker && rec.Reference.Feasible) {
		t.Errorf("objective %v with feasible=%v (error kind %q)", s.Objective, feasible, s.ErrorKind)
	}
	if s.IntegrityAlarm {
		t.Errorf("integrity alarm on a genuine record: objective %v, reference %v", s.Objective, rec.Reference.Objective)
	}
	if _, err := json.Marshal(s); err != nil {
		t.Error(err)
	}
}

func TestScoreReference(t *testing.T) {
	rec := record(t, 0)
	for _, mode := range verify.RewardModes {
		s := verify.ScoreResponse(context.Background(), rec, reference(rec), mode)
		consistent(t, rec, s, mode)
		if !s.Parsed || s.AllPass != 1 || s.AvgPass != 1 || s.Reward != 1 || s.ErrorKind != "" {
			t.Errorf("%s: reference scores %+v", mode, s)
		}
	}
	// Also bare, without a fence.
	if s := verify.ScoreResponse(context.Background(), rec, "Plan: "+string(rec.Reference.Plan), ""); s.AllPass != 1 {
		t.Errorf("bare reference scores %+v", s)
	}
}

func TestScoreShifted(t *testing.T) {
	rec := record(t, 0)
	ref := readPlan(t, rec)
	seen := map[verify.ErrorKind]bool{}
	for i := range ref.Meetings {
		for _, delta := range []int{-1, 1} {
			resp := ref.shifted(i, delta).response()
			for _, mode := range verify.RewardModes {
				s := verify.ScoreResponse(context.Background(), rec, resp, mode)
				consistent(t, rec, s, mode)
				if s.AllPass != 0 {
					t.Fatalf("meeting %d shifted by %d slot passes every item", i, delta)
				}
				if mode == verify.RewardAllPass {
					seen[s.ErrorKind] = true
				}
			}
		}
	}
	t.Logf("error kinds of the shifted plans: %v", seen)
	if !seen[verify.ErrorWrong] {
		t.Errorf("no shifted plan is a wrong assignment: %v", seen)
	}
}

func TestScoreErrorKinds(t *testing.T) {
	rec := record(t, 0)
	ref := readPlan(t, rec)
	kind := kinds(rec)

	stated := ref
	stated.Objective++
	dropped := ref
	dropped.Meetings = ref.Meetings[1:]
	renamed := ref.shifted(0, 0)
	renamed.Meetings[0]["room"] = strings.ToLower(renamed.Meetings[0]["room"])

	tests := []struct {
		name     string
		response string
		kind     verify.ErrorKind
		parsed   bool
		feasible float64 // reward in mode feasible
	}{
		{"no JSON", "I am sorry, I cannot plan this.", verify.ErrorFormat, false, 0},
		{"invalid block", "```json\n{\"meetings\": [}\n```", verify.ErrorFormat, false, 0},
		{"not the answer form", "```json\n{\"schedule\": []}\n```", verify.ErrorFormat, true, 0},
		{"a name not in the instance", renamed.response(), verify.ErrorFormat, true, 0},
		{"a meeting left out", dropped.response(), verify.ErrorOmitted, true, 0},
		{"wrong stated value", stated.response(), verify.ErrorStated, true, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, mode := range verify.RewardModes {
				s := verify.ScoreResponse(context.Background(), rec, tt.response, mode)
				consistent(t, rec, s, mode)
				if s.ErrorKind != tt.kind || s.Parsed != tt.parsed {
					t.Errorf("error kind %q, parsed %v; want %q, %v\n%+v", s.ErrorKind, s.Parsed, tt.kind, tt.parsed, s.Items)
				}
				if mode == verify.RewardFeasible && s.Reward != tt.feasible {
					t.Errorf("feasible reward %v, want %v", s.Reward, tt.feasible)
				}
			}
		})
	}

	// Without JSON every item fails with the extraction error.
	s := verify.ScoreResponse(context.Background(), rec, "no plan", "")
	for _, it := range s.Items {
		if it.Pass || it.Detail != verify.ErrNoJSON.Error() {
			t.Errorf("item %+v", it)
		}
	}
	// A wrong stated value fails only the stated-value item.
	s = verify.ScoreResponse(context.Background(), rec, stated.response(), "")
	for _, it := range s.Items {
		if it.Pass == (kind[it.ID] == domains.KindStated) {
			t.Errorf("wrong stated value: item %+v of kind %s", it, kind[it.ID])
		}
	}
}

// TestScoreSuboptimal looks for a shifted plan that breaks no rule: it
// must fail only as suboptimal, and earn the feasible reward.
func TestScoreSuboptimal(t *testing.T) {
	for _, rec := range certified(t, 4) {
		ref := readPlan(t, rec)
		for i := range ref.Meetings {
			for _, delta := range []int{1, 2, 3} {
				p := ref.shifted(i, delta)
				s := verify.ScoreResponse(context.Background(), rec, p.response(), verify.RewardFeasible)
				if s.ErrorKind != verify.ErrorSuboptimal {
					continue
				}
				consistent(t, rec, s, verify.RewardFeasible)
				if s.Reward != 1 {
					t.Errorf("feasible but suboptimal plan: feasible reward %v", s.Reward)
				}
				if a := verify.ScoreResponse(context.Background(), rec, p.response(), verify.RewardAllPass); a.Reward != 0 {
					t.Errorf("suboptimal plan: allpass reward %v", a.Reward)
				}
				return
			}
		}
	}
	t.Skip("no shifted plan of the first 4 records is feasible and suboptimal")
}

// brokenInstance is an instance whose checker panics or misbehaves.
type brokenInstance struct {
	domains.Instance
	mode string
}

func (b brokenInstance) Check(context.Context, solver.Backend, json.RawMessage, domains.Reference) []domains.Result {
	switch b.mode {
	case "panic":
		var m map[string]int
		m["x"]++ // a nil map write panics
	case "short":
		return []domains.Result{{ID: "format", Pass: true}}
	}
	return nil
}

var registerBroken sync.Once

func TestScoreCheckerError(t *testing.T) {
	registerBroken.Do(func() {
		for _, mode := range []string{"panic", "short"} {
			domains.Register(&domains.Task{ID: "broken-" + mode, Family: domains.Scheduling,
				Load: func([]byte) (domains.Instance, error) { return brokenInstance{mode: mode}, nil }})
		}
		domains.Register(&domains.Task{ID: "broken-load", Family: domains.Scheduling,
			Load: func([]byte) (domains.Instance, error) { return nil, fmt.Errorf("bad instance") }})
	})
	base := record(t, 0)
	for _, task := range []string{"broken-panic", "broken-short", "broken-load"} {
		rec := *base
		rec.Task = task
		for _, mode := range verify.RewardModes {
			s := verify.ScoreResponse(context.Background(), &rec, reference(&rec), mode)
			if s.ErrorKind != verify.ErrorChecker || s.AllPass != 0 || s.AvgPass != 0 || s.Reward != 0 {
				t.Errorf("%s, %s: %+v", task, mode, s)
			}
			for _, it := range s.Items {
				if it.Pass || !strings.HasPrefix(it.Detail, "checker error: ") {
					t.Errorf("%s: item %+v", task, it)
				}
			}
		}
		t.Logf("%s: %s", task, verify.ScoreResponse(context.Background(), &rec, reference(&rec), "").Items[0].Detail)
	}
}

func TestParseRewardMode(t *testing.T) {
	for _, s := range []string{"", "allpass", "avgpass", "feasible"} {
		if _, err := verify.ParseRewardMode(s); err != nil {
			t.Error(err)
		}
	}
	if _, err := verify.ParseRewardMode("strict"); err == nil {
		t.Error("strict is accepted")
	}
}

func FuzzScoreResponse(f *testing.F) {
	rec := record(f, 0)
	ref := reference(rec)
	f.Add(ref)
	f.Add("garbage \x00\xff{{]]")
	f.Add(ref[:len(ref)/2])
	f.Add("```json\n" + string(rec.Reference.Plan[:len(rec.Reference.Plan)-7]))
	f.Add(strings.Repeat("[{", 200) + strings.Repeat("}]", 200))
	f.Add(strings.Repeat("{\"meetings\":", 50) + "[]" + strings.Repeat("}", 50))
	f.Add(`{"feasible": false, "conflict": ["availability of Ana"]}`)
	f.Add(`{"meetings": [{"meeting": 1, "day": null}], "objective": 1e400}`)
	f.Add(`{"meetings": null, "objective": "3"}`)
	f.Fuzz(func(t *testing.T, response string) {
		for _, mode := range verify.RewardModes {
			s := verify.ScoreResponse(context.Background(), rec, response, mode)
			consistent(t, rec, s, mode)
			if s.ErrorKind == verify.ErrorChecker {
				t.Fatalf("checker error on %q: %s", response, s.Items[0].Detail)
			}
		}
	})
}

// TestScoreInfeasible grades answers to an instance that has no schedule:
// the certified conflict passes (checked by the solver); a schedule and a
// made-up rule name fail.
func TestScoreInfeasible(t *testing.T) {
	task, _ := domains.Lookup("meeting-planning")
	var rec *domains.Record
	for seed := uint64(1); rec == nil && seed <= 50; seed++ {
		spec := domains.Spec{Task: task.ID, Subtask: "cross-team",
			Basic: []string{"availability", "room-fit"}, Hard: []string{"infeasibility"}, Seed: seed}
		inst, err := task.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			continue
		}
		r, err := gen.Certify(context.Background(), sat.Backend{}, task, inst, gen.Unique)
		if err == nil && !r.Reference.Feasible {
			rec = r
		}
	}
	if rec == nil {
		t.Skip("no infeasible meeting-planning record in seeds 1-50")
	}
	s := verify.ScoreResponse(context.Background(), rec, "No schedule exists.\n```json\n"+string(rec.Reference.Plan)+"\n```", "")
	consistent(t, rec, s, "")
	if s.AllPass != 1 {
		t.Errorf("the certified conflict scores %+v", s)
	}
	bogus := `{"feasible": false, "conflict": ["no such rule"]}`
	if s := verify.ScoreResponse(context.Background(), rec, bogus, ""); s.AllPass != 0 || s.ErrorKind != verify.ErrorWrong {
		t.Errorf("a made-up rule scores %+v", s)
	}
	other := record(t, 0)
	if s := verify.ScoreResponse(context.Background(), rec, string(other.Reference.Plan), ""); s.AllPass != 0 || s.ErrorKind == "" {
		t.Errorf("a schedule scores %+v", s)
	}
}

// infeasibleRecord certifies the instance of task drawn with seed, which
// must be infeasible with a conflict of at least rules rules.
func infeasibleRecord(t *testing.T, task string, seed uint64, rules int) *domains.Record {
	t.Helper()
	tk, _ := domains.Lookup(task)
	spec, err := gen.SampleSpec(tk, seed)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
	if err != nil || rec.Reference.Feasible || len(rec.Reference.Conflict) < rules {
		t.Fatalf("%s seed %d: want an infeasible record with a conflict of %d rule(s) or more (%v)", task, seed, rules, err)
	}
	return rec
}

// TestClaimCache: grading the same claimed conflict twice gives the same
// score (the second from the cache), whitespace in the answer does not
// matter, a verdict that depended on time (ctx already ended: the claim is
// undecided) is not kept, so the next grading with time proves the claim.
func TestClaimCache(t *testing.T) {
	rec := infeasibleRecord(t, "educational-resource-planning", 13063601391977507079, 1)
	claim, _ := json.Marshal(map[string]any{"feasible": false, "conflict": rec.Reference.Conflict})
	spaced := strings.ReplaceAll(string(claim), ",", " ,  ")

	done, cancel := context.WithCancel(context.Background())
	cancel()
	if s := verify.ScoreResponse(done, rec, string(claim), ""); s.AllPass != 0 {
		t.Fatalf("a claim graded without time passed: %+v", s)
	}
	first := verify.ScoreResponse(context.Background(), rec, string(claim), "")
	if first.AllPass != 1 {
		t.Fatalf("after an undecided grading, the certified conflict scores %+v", first)
	}
	for _, resp := range []string{string(claim), spaced} {
		again := verify.ScoreResponse(done, rec, resp, "") // from the cache: no solve needed
		if fmt.Sprint(again) != fmt.Sprint(first) {
			t.Errorf("%s: graded again %+v, first %+v", resp, again, first)
		}
	}
	wrong := `{"feasible": false, "conflict": ["no such rule"]}`
	a, b := verify.ScoreResponse(context.Background(), rec, wrong, ""), verify.ScoreResponse(context.Background(), rec, wrong, "")
	if a.AllPass != 0 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("a made-up rule: %+v then %+v", a, b)
	}
}

// hostile are responses of about n bytes that cost much to grade when
// grading is not linear: braces that never close, and valid answers of
// many small values or one large one.
func hostile(n int) map[string]string {
	entry := `{"meeting": "M1", "day": "Tue", "start": "09:00", "room": "Oak"}, `
	return map[string]string{
		"open braces":     strings.Repeat("{", n),
		"open keys":       strings.Repeat(`{"a":`, n/5),
		"json block of {": "```json\n" + strings.Repeat("{", n) + "\n```",
		"long plan":       "```json\n{\"meetings\": [" + strings.Repeat(entry, n/len(entry)) + "{}]}\n```",
		"bare long plan":  "{\"meetings\": [" + strings.Repeat(entry, n/len(entry)) + "{}]}",
		"empty objects":   "```json\n{\"meetings\": [" + strings.Repeat("{},", n/3) + "{}]}\n```",
		"numbers":         "```json\n{\"meetings\": [" + strings.Repeat("1,", n/2) + "1]}\n```",
		"long conflict":   "```json\n{\"feasible\": false, \"conflict\": [" + strings.Repeat(`"availability of Ivo", `, n/22) + "\"x\"]}\n```",
		"long string":     "```json\n{\"meetings\": [{\"meeting\": \"" + strings.Repeat("M", n) + "\"}]}\n```",
	}
}

// TestScoreHostileMemory: grading a hostile response of 5 MB (50 MB with
// -long) allocates at most twice its size, and fails every item as a
// format error. Before the object scan was one pass, 5 MB of '{'
// allocated 52 bytes per byte; before answers had size limits, a list of
// 5 MB of {} allocated 126.
func TestScoreHostileMemory(t *testing.T) {
	n := 5 << 20
	if verify.Long() {
		n = 50 << 20
	}
	rec := record(t, 0)
	if s := verify.ScoreResponse(context.Background(), rec, reference(rec), ""); s.AllPass != 1 { // loads the instance
		t.Fatalf("the reference scores %+v", s)
	}
	for name, text := range hostile(n) {
		var s verify.Score
		allocs := allocated(func() { s = verify.ScoreResponse(context.Background(), rec, text, "") })
		if allocs > 2*uint64(len(text)) {
			t.Errorf("%s: grading %d bytes allocated %d (%.1f per byte)", name, len(text), allocs, float64(allocs)/float64(len(text)))
		}
		if s.AvgPass != 0 || s.ErrorKind != verify.ErrorFormat {
			t.Errorf("%s: avg_pass %v, error kind %q; want 0, format", name, s.AvgPass, s.ErrorKind)
		}
	}
}

// allocated returns the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestScoreSizeLimits: an answer at the size limits of its record is
// graded as any other (the reference padded with white space, or with an
// extra field of values, still passes); one byte or one value more fails
// every item as too large.
func TestScoreSizeLimits(t *testing.T) {
	rec := record(t, 0)
	maxBytes, maxValues := verify.AnswerLimits(rec)
	plan := strings.TrimSuffix(string(rec.Reference.Plan), "}")
	padded := func(size int) string { // the plan, size bytes
		return plan + strings.Repeat(" ", size-len(plan)-1) + "}"
	}
	planValues := 0
	dec := json.NewDecoder(strings.NewReader(string(rec.Reference.Plan)))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if d, ok := tok.(json.Delim); !ok || d == '{' || d == '[' {
			planValues++
		}
	}
	withValues := func(values int) string { // the plan and a list of notes, values in all
		return plan + `, "notes": [` + strings.Repeat("0,", values-planValues-3) + "0]}"
	}
	for _, tt := range []struct {
		name   string
		answer string
		pass   bool
	}{
		{"bytes at the limit", padded(maxBytes), true},
		{"a byte over", padded(maxBytes + 1), false},
		{"values at the limit", withValues(maxValues), true},
		{"a value over", withValues(maxValues + 1), false},
	} {
		s := verify.ScoreResponse(context.Background(), rec, "```json\n"+tt.answer+"\n```", "")
		if tt.pass {
			if s.AllPass != 1 {
				t.Errorf("%s: %+v", tt.name, s)
			}
			continue
		}
		if s.AvgPass != 0 || s.Parsed || s.ErrorKind != verify.ErrorFormat || !strings.HasPrefix(s.Items[0].Detail, verify.ErrTooLarge.Error()+": ") {
			t.Errorf("%s: %+v", tt.name, s)
		}
	}
}

// TestForget: grading caches the record's instance; Forget drops it, and
// grading again loads it again with the same grade.
func TestForget(t *testing.T) {
	rec := *record(t, 0) // a copy: a pointer no other test grades
	want := verify.ScoreResponse(context.Background(), &rec, reference(&rec), "")
	if !verify.Cached(&rec) {
		t.Fatal("grading did not cache the instance")
	}
	verify.Forget(&rec)
	if verify.Cached(&rec) {
		t.Fatal("Forget left the instance cached")
	}
	if got := verify.ScoreResponse(context.Background(), &rec, reference(&rec), ""); !reflect.DeepEqual(got, want) || want.AllPass != 1 {
		t.Errorf("after Forget: %+v, want %+v", got, want)
	}
	verify.Forget(&rec)
}

// TestCachesSameScores: on the answers of BenchmarkScoreMix (a 32-task
// suite; reference, perturbed and claim answers), grading with the caches
// on — cold, then warm — gives byte for byte the scores of grading with
// them off.
func TestCachesSameScores(t *testing.T) {
	jobs := scoreMix(t)
	score := func(j mixJob) string {
		b, err := json.Marshal(verify.ScoreResponse(context.Background(), j.rec, j.resp, verify.RewardAvgPass))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	was := verify.SetClaimCache(false)
	defer verify.SetClaimCache(was)
	want := make([]string, len(jobs))
	for i, j := range jobs {
		want[i] = score(j)
		verify.Forget(j.rec)
	}
	verify.SetClaimCache(true)
	claims := 0
	for pass := range 2 {
		for i, j := range jobs {
			if got := score(j); got != want[i] {
				t.Fatalf("pass %d, %s: with the caches\n%s\nwithout\n%s", pass, j.rec.ID, got, want[i])
			}
			if pass == 0 && strings.Contains(j.resp, `"explanation"`) {
				claims++
			}
		}
	}
	if claims == 0 {
		t.Fatal("the mix has no claims")
	}
}

// TestConflictSetCache: once a claimed conflict is proven for a record, a
// claim of the same rules in another answer (another order, other text)
// is judged from the record's cache, without a solve: it passes even
// with no time left, while a claim of other rules is undecided then.
func TestConflictSetCache(t *testing.T) {
	rec := infeasibleRecord(t, "resource-scheduling", 16927702878152763607, 2) // gen --n 640 --seed 1: a conflict of three rules
	claim := func(names []string, why string) string {
		b, _ := json.Marshal(map[string]any{"feasible": false, "conflict": names, "why": why})
		return string(b)
	}
	names := rec.Reference.Conflict
	if s := verify.ScoreResponse(context.Background(), rec, claim(names, "first"), ""); s.AllPass != 1 {
		t.Fatalf("the certified conflict scores %+v", s)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	reversed := slices.Clone(names)
	slices.Reverse(reversed)
	if s := verify.ScoreResponse(done, rec, claim(append(reversed, names[0]), "second"), ""); s.AllPass != 1 {
		t.Errorf("the same rules in another order, with no time left: %+v", s)
	}
	if s := verify.ScoreResponse(done, rec, claim(names[:1], "third"), ""); s.AllPass != 0 || !strings.Contains(fmt.Sprint(s.Items), domains.ConflictUndecided) {
		t.Errorf("another set of rules, with no time left: %+v", s)
	}
	verify.Forget(rec)
	if s := verify.ScoreResponse(done, rec, claim(reversed, "fourth"), ""); s.AllPass != 0 {
		t.Errorf("after Forget, with no time left: %+v", s)
	}
}
