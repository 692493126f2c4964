package serve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/verify"
	"github.com/plancert/plancert/verify/serve"
)

var (
	suite32Once sync.Once
	suite32     []byte
	suite32Err  error
)

// suite32Lines returns the lines of a 32-task suite, as "plancert gen
// --n 32 --seed 1" writes them (made once per test binary).
func suite32Lines(t testing.TB) []byte {
	t.Helper()
	suite32Once.Do(func() {
		var buf bytes.Buffer
		_, suite32Err = gen.Run(context.Background(), gen.Options{Tasks: domains.Tasks(), N: 32, Seed: 1, Workers: 2, Timeout: time.Minute}, &buf, nil, nil)
		suite32 = buf.Bytes()
	})
	if suite32Err != nil {
		t.Fatal(suite32Err)
	}
	return suite32
}

// suite32Records returns the records of suite32Lines, freshly decoded.
func suite32Records(t testing.TB) []*domains.Record {
	t.Helper()
	recs, err := verify.ReadSuite(bytes.NewReader(suite32Lines(t)))
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// writeCopies writes to path n records: the records of base in turn,
// copy k > 0 of a record renumbered with the id "<id>/copy-k" (and its
// hash made again), as a large suite for the memory test. It returns
// the bytes written.
func writeCopies(t testing.TB, path string, base []*domains.Record, n int) int64 {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	var size int64
	for i := range n {
		r := *base[i%len(base)]
		if k := i / len(base); k > 0 {
			r.ID = fmt.Sprintf("%s/copy-%d", r.ID, k)
		}
		line, err := r.Encode()
		if err != nil {
			t.Fatal(err)
		}
		m, err := f.Write(line)
		if err != nil {
			t.Fatal(err)
		}
		size += int64(m)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return size
}

func openServer(t testing.TB, path string, opts serve.Options) *serve.Server {
	t.Helper()
	if opts.ErrorLog == nil {
		opts.ErrorLog = log.New(io.Discard, "", 0)
	}
	s, err := serve.Open(context.Background(), path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// mixRequests returns requests of every grading endpoint over recs: per
// record its reference, a perturbed plan and a claim of infeasibility,
// an unknown id, labels with the record's hash and with another.
func mixRequests(t testing.TB, recs []*domains.Record) map[string]string {
	var items []map[string]string
	var rr serve.RewardRequest
	for i, r := range recs {
		claim := "```json\n{\"feasible\": false, \"conflict\": [\"deadline\"]}\n```"
		for k, resp := range []string{reference(r), perturbed(t, r, uint64(i)), claim} {
			items = append(items, map[string]string{"id": r.ID, "response": resp, "hash": r.Hash})
			rr.Query = append(rr.Query, r.Prompt+resp)
			rr.Prompts = append(rr.Prompts, r.Prompt)
			label := r.ID + serve.LabelHashSep + r.Hash
			if (i+k)%7 == 3 {
				label = r.ID + serve.LabelHashSep + "sha256:00000000000000000000000000000000"
			}
			rr.Labels = append(rr.Labels, label)
		}
	}
	items = append(items, map[string]string{"id": "no/such/id", "response": "{}"})
	return map[string]string{
		"/v1/score":   mustJSON(t, map[string]any{"items": items, "reward": "avgpass"}),
		"/get_reward": mustJSON(t, rr),
	}
}

// TestOpenAnswersAsNew: a server of a suite file (Open, a cache of 3
// records, so that records are dropped and read again) answers every
// request byte for byte as a server of the same records in memory (New):
// each record's reference, a perturbed plan and a claim, an unknown id,
// labels with the record's hash and with another; twice over, and a
// /healthz. The file starts with a byte order mark and has blank lines.
func TestOpenAnswersAsNew(t *testing.T) {
	lines := suite32Lines(t)
	path := filepath.Join(t.TempDir(), "suite.jsonl")
	file := append([]byte("\uFEFF\n"), bytes.ReplaceAll(lines, []byte("\n"), []byte("\n\n"))...)
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	recs := suite32Records(t)
	mem := newServer(t, recs, serve.Options{Workers: 2})
	disk := openServer(t, path, serve.Options{Workers: 2, CacheRecords: 3})
	for _, s := range []*serve.Server{mem, disk} {
		if err := s.Warm(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	reqs := mixRequests(t, recs)
	for pass := range 2 {
		for _, path := range []string{"/v1/score", "/get_reward"} {
			wantCode, want := do(t, mem, "POST", path, reqs[path])
			gotCode, got := do(t, disk, "POST", path, reqs[path])
			if wantCode != 200 || gotCode != wantCode || !bytes.Equal(got, want) {
				t.Fatalf("pass %d, %s: from the file %d %.300s\nin memory %d %.300s", pass, path, gotCode, got, wantCode, want)
			}
		}
	}
	_, want := do(t, mem, "GET", "/healthz", "")
	if _, got := do(t, disk, "GET", "/healthz", ""); !bytes.Equal(got, want) {
		t.Errorf("/healthz from the file %s, in memory %s", got, want)
	}
}

// TestOpenFileChanged: a line changed after the suite was read (same
// length, other bytes) fails the request that needs it with 500, naming
// the line, when it is read again; the other records are still graded; a
// truncated file fails as well.
func TestOpenFileChanged(t *testing.T) {
	recs := suite32Records(t)
	path := filepath.Join(t.TempDir(), "suite.jsonl")
	writeCopies(t, path, recs, len(recs))
	s := openServer(t, path, serve.Options{CacheRecords: 1})
	score := func(r *domains.Record) (int, []byte) {
		return do(t, s, "POST", "/v1/score", mustJSON(t, map[string]any{"items": []map[string]string{{"id": r.ID, "response": reference(r)}}}))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The cache holds the first record: the second is read again.
	second := bytes.IndexByte(data, '\n') + 1
	at := second + bytes.Index(data[second:], []byte(`"prompt":"`)) + len(`"prompt":"`) + 3
	data[at] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, body := score(recs[1]); code != 500 || !strings.Contains(string(body), "line 2 is not what it was when the server read the suite") {
		t.Errorf("a changed line: %d %s", code, body)
	}
	if code, body := score(recs[2]); code != 200 || !strings.Contains(string(body), `"all_pass":1`) {
		t.Errorf("an unchanged line: %d %s", code, body)
	}
	if err := os.Truncate(path, int64(len(data)/2)); err != nil {
		t.Fatal(err)
	}
	if code, body := score(recs[len(recs)-1]); code != 500 || !strings.Contains(string(body), "reading line 32 again: unexpected EOF") {
		t.Errorf("a truncated file: %d %s", code, body)
	}
}

// TestOpenErrors: Open names the file and, for a bad record, the line and
// field, as verify.ReadSuite does.
func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	good := strings.SplitAfter(string(suite32Lines(t)), "\n")[0]
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		path string
		opts serve.Options
		msg  string
	}{
		{filepath.Join(dir, "none.jsonl"), serve.Options{}, "no such file or directory"},
		{write("empty.jsonl", "\n"), serve.Options{}, "empty.jsonl: the suite has no records"},
		{write("dup.jsonl", good+good), serve.Options{}, `dup.jsonl: line 2: field "id": `},
		{write("bad.jsonl", good+"{\"id\": 1}\n"), serve.Options{}, `bad.jsonl: line 2: field "id": want a string, got a number`},
		{write("ok.jsonl", good), serve.Options{CacheRecords: -1}, "CacheRecords is -1"},
		{write("ok.jsonl", good), serve.Options{Reward: "best"}, "is not allpass, avgpass or feasible"},
	}
	for _, tt := range tests {
		s, err := serve.Open(context.Background(), tt.path, tt.opts)
		if err == nil || !strings.HasPrefix(err.Error(), "serve: ") || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Open(%s, %+v) = %v, want %q", filepath.Base(tt.path), tt.opts, err, tt.msg)
		}
		if s != nil {
			s.Close()
		}
	}
}

// residentBytes returns the heap in use after a collection.
func residentBytes() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestResidentBytesPerRecord: a server of a suite file holds at most
// 4,096 bytes per record (heap in use after a collection, less the heap
// before it was opened), every record read, checked and indexed (Open),
// and a batch graded that names up to 4,096 records spread over the
// suite, with a cache of 64 records. The suite is a 32-task suite copied
// to 2,048 records (16,384 with -long; PLANCERT_SERVE_RECORDS=N sets it,
// e.g. 1000000 with -long -timeout 2h for a suite of 7.8 GB; with
// PLANCERT_SERVE_SUITE=FILE the suite is written to FILE and kept).
// Logged: the bytes per record, the start-up time (Open) and, on Linux,
// the peak resident memory of the test process.
func TestResidentBytesPerRecord(t *testing.T) {
	n := 2048
	if long() {
		n = 16384
	}
	if v := os.Getenv("PLANCERT_SERVE_RECORDS"); v != "" {
		if _, err := fmt.Sscan(v, &n); err != nil || n < 1 {
			t.Fatalf("PLANCERT_SERVE_RECORDS=%q: want a number of records", v)
		}
	}
	const cache = 64
	base := suite32Records(t)
	path := filepath.Join(t.TempDir(), "suite.jsonl")
	if p := os.Getenv("PLANCERT_SERVE_SUITE"); p != "" {
		path = p // kept, for plancert serve --suite
	}
	size := writeCopies(t, path, base, n)
	before := residentBytes()
	start := time.Now()
	s := openServer(t, path, serve.Options{CacheRecords: cache})
	opened := time.Since(start)
	indexed := residentBytes()
	m := min(n, 4096)
	var items []map[string]string
	for j := range m {
		i := j * n / m
		r := base[i%len(base)]
		id := r.ID
		if k := i / len(base); k > 0 {
			id = fmt.Sprintf("%s/copy-%d", id, k)
		}
		items = append(items, map[string]string{"id": id, "response": reference(r)})
	}
	body := mustJSON(t, map[string]any{"items": items})
	items = nil
	code, answer := do(t, s, "POST", "/v1/score", body)
	if code != 200 || !strings.Contains(string(answer), fmt.Sprintf(`"scored":%d,"errors":0,"mean_reward":1,`, m)) {
		t.Fatalf("a batch of %d records: %d %.300s", m, code, answer)
	}
	body, answer = "", nil
	after := residentBytes()
	runtime.KeepAlive(s)
	perRecord := float64(int64(after)-int64(before)) / float64(n)
	peak := ""
	if status, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, l := range strings.Split(string(status), "\n") {
			if strings.HasPrefix(l, "VmHWM:") || strings.HasPrefix(l, "VmRSS:") {
				peak += "; " + strings.Join(strings.Fields(l), " ")
			}
		}
	}
	t.Logf("%d records (%.1f MB): %.0f bytes per record resident (the index and a cache of %d: %.0f bytes per record after Open); Open (every record checked, its reference graded) %v%s",
		n, float64(size)/1e6, perRecord, cache, float64(int64(indexed)-int64(before))/float64(n), opened.Round(time.Millisecond), peak)
	if perRecord > 4096 {
		t.Errorf("%.0f bytes per record resident, want at most 4,096", perRecord)
	}
}

// TestCachedRecordBytes logs the bytes a cached record takes (decoded,
// with its loaded instance and grading caches) on the 32-task suite:
// the heap in use with a cache that holds all of them, less the index,
// over the records. It fails above 64 KB, far over what it measures, so
// that DefaultCacheRecords' memory, which the documentation gives, stays
// about right.
func TestCachedRecordBytes(t *testing.T) {
	recs := suite32Records(t)
	n := 512
	path := filepath.Join(t.TempDir(), "suite.jsonl")
	writeCopies(t, path, recs, n)
	before := residentBytes()
	cold := openServer(t, path, serve.Options{CacheRecords: 1})
	index := residentBytes()
	hot := openServer(t, path, serve.Options{CacheRecords: n}) // every record cached as it is read
	all := residentBytes()
	runtime.KeepAlive(cold)
	runtime.KeepAlive(hot)
	idx := int64(index) - int64(before)
	perCached := float64(int64(all)-int64(index)-idx) / float64(n)
	t.Logf("%d records: index %.0f bytes per record, a cached record %.0f bytes", n, float64(idx)/float64(n), perCached)
	if perCached > 64<<10 {
		t.Errorf("a cached record takes %.0f bytes", perCached)
	}
}

// TestOpenReferences: Open grades every reference as it reads the suite:
// a record whose reference plan fails its checklist is named in a
// *serve.ReferenceError (in id order, every such record), and no server
// is made; a context that has ended stops it.
func TestOpenReferences(t *testing.T) {
	recs := suite32Records(t)
	var broken []*domains.Record
	for _, i := range []int{5, 2} {
		bad := *recs[i]
		bad.ID = fmt.Sprintf("zz-broken-%d", i)
		bad.Reference.Plan = json.RawMessage(`{}`)
		broken = append(broken, &bad)
	}
	path := filepath.Join(t.TempDir(), "suite.jsonl")
	writeCopies(t, path, append(recs, broken...), len(recs)+2)
	s, err := serve.Open(context.Background(), path, serve.Options{CacheRecords: 4})
	var re *serve.ReferenceError
	if s != nil || !errors.As(err, &re) || len(re.Failures) != 2 || re.Failures[0].ID != "zz-broken-2" || re.Failures[1].ID != "zz-broken-5" {
		t.Fatalf("Open with broken references = %v, %v", s, err)
	}
	if !strings.HasPrefix(err.Error(), `serve: the certified reference of zz-broken-2 fails item "`) || !strings.HasSuffix(err.Error(), "(and 1 other record(s))") {
		t.Errorf("message %q", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if s, err := serve.Open(ctx, path, serve.Options{}); s != nil || err != context.Canceled {
		t.Errorf("Open after the context ended = %v, %v; want context.Canceled", s, err)
	}
}

// BenchmarkCachedOrRead: grading reference answers by /v1/score (batches
// of 64 distinct records) on a server of a 32-task suite copied to 512
// records, with a cache that holds every record (hot) and with a cache of
// one (every record read again from the file, decoded and its instance
// loaded before it is graded: cold). Reported: microseconds per response.
func BenchmarkCachedOrRead(b *testing.B) {
	base := suite32Records(b)
	const n = 512
	path := filepath.Join(b.TempDir(), "suite.jsonl")
	writeCopies(b, path, base, n)
	var bodies []string
	for j := 0; j < n; j += 64 {
		var items []map[string]string
		for i := j; i < j+64; i++ {
			r := base[i%len(base)]
			id := r.ID
			if k := i / len(base); k > 0 {
				id = fmt.Sprintf("%s/copy-%d", id, k)
			}
			items = append(items, map[string]string{"id": id, "response": reference(r)})
		}
		bodies = append(bodies, mustJSON(b, map[string]any{"items": items}))
	}
	for _, c := range []struct {
		name  string
		cache int
	}{{"hot", n}, {"cold", 1}} {
		b.Run(c.name, func(b *testing.B) {
			s := openServer(b, path, serve.Options{CacheRecords: c.cache})
			k := 0
			start := time.Now()
			for b.Loop() {
				if code, body := do(b, s, "POST", "/v1/score", bodies[k%len(bodies)]); code != 200 || !strings.Contains(string(body), `"errors":0,"mean_reward":1,`) {
					b.Fatalf("%d %.300s", code, body)
				}
				k++
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/float64(b.N*64), "µs/response")
		})
	}
}
