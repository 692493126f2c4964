//go:build faults && unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
)

// The load of TestFaultServeMix: at most serveRequests requests from
// serveClients connections at once, none started after serveBudget.
const (
	serveRequests = 2000
	serveClients  = 16
	serveBudget   = 20 * time.Second
	serveMaxBody  = 64 << 10
	serveMaxBatch = 64
)

// serveOutcome is what one request of the mix got.
type serveOutcome struct {
	kind    string // valid, malformed, oversized, slow
	what    string
	status  int // 0: no HTTP answer (the connection was closed)
	err     error
	latency time.Duration
	bad     string // a valid request whose answer is wrong
}

// TestFaultServeMix sends plancert serve, on 127.0.0.1, a seeded mix of
// valid requests (graded batches of reference plans and garbage, each
// reward checked), malformed ones (bad JSON, wrong fields, a body cut off
// by a closed connection, wrong method or path), oversized ones (a body
// over --max-body, a batch over --max-batch) and slow ones (a body or the
// headers trickled byte by byte): no answer is a 5xx, every valid request
// is answered right, and the latency of the valid requests is reported
// (p50 and p99; BENCHMARKS.md), with no timed assertion but a generous
// sanity bound.
func TestFaultServeMix(t *testing.T) {
	recs, _ := verifyFixture(t)
	url, stop, stderr := startServe(t, "--suite", fixtureSuite, "--max-body", fmt.Sprint(serveMaxBody),
		"--max-batch", fmt.Sprint(serveMaxBatch))
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v\n%s", err, stderr)
		}
	}()
	addr := strings.TrimPrefix(url, "http://")
	client := &http.Client{
		Transport: &http.Transport{MaxIdleConnsPerHost: serveClients, DisableCompression: true},
		Timeout:   2 * time.Minute,
	}

	rng := rand.New(rand.NewPCG(21, 3))
	type job struct {
		kind string
		seed uint64
	}
	jobs := make([]job, serveRequests)
	for i := range jobs {
		kind := "valid"
		switch p := rng.IntN(100); {
		case p < 15:
			kind = "malformed"
		case p < 22:
			kind = "oversized"
		case p < 24:
			kind = "slow"
		}
		jobs[i] = job{kind, rng.Uint64()}
	}
	start := time.Now()
	deadline := start.Add(serveBudget)
	outcomes := make([]serveOutcome, len(jobs))
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range jobs {
			if time.Now().After(deadline) {
				return
			}
			next <- i
		}
	}()
	var wg sync.WaitGroup
	sent := make([]bool, len(jobs))
	for range serveClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				sent[i] = true
				r := rand.New(rand.NewPCG(jobs[i].seed, 0))
				outcomes[i] = serveRequest(client, addr, url, recs, jobs[i].kind, r)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	counts := map[string]int{}
	statuses := map[string]map[int]int{}
	var latencies []time.Duration
	n := 0
	for i, o := range outcomes {
		if !sent[i] {
			continue
		}
		n++
		counts[o.kind]++
		if statuses[o.kind] == nil {
			statuses[o.kind] = map[int]int{}
		}
		statuses[o.kind][o.status]++
		switch {
		case o.status >= 500:
			t.Errorf("request %d (%s, %s): status %d", i, o.kind, o.what, o.status)
		case o.kind == "valid" && (o.status != http.StatusOK || o.bad != ""):
			t.Errorf("valid request %d (%s): status %d, %v %s", i, o.what, o.status, o.err, o.bad)
		case o.kind == "oversized" && o.status != http.StatusRequestEntityTooLarge && o.status != 0:
			t.Errorf("oversized request %d (%s): status %d, want 413", i, o.what, o.status)
		case o.kind == "malformed" && o.status != 0 && (o.status < 400 || o.status >= 500):
			t.Errorf("malformed request %d (%s): status %d, want 4xx", i, o.what, o.status)
		}
		if o.kind == "valid" {
			latencies = append(latencies, o.latency)
		}
	}
	if n < serveRequests/4 {
		t.Errorf("only %d requests sent in %v", n, serveBudget)
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))]
	}
	t.Logf("serve under the mix: %d requests in %v (%.0f/s) from %d connections: %v; statuses %v",
		n, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds(), serveClients, counts, statuses)
	t.Logf("latency of the %d valid requests: p50 %v, p99 %v, max %v",
		len(latencies), pct(0.50).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), pct(1).Round(time.Microsecond))
	if p99 := pct(0.99); p99 > 30*time.Second { // a sanity bound, not a benchmark
		t.Errorf("p99 latency of the valid requests %v, beyond 30 s", p99)
	}
	if s := stderr.String(); strings.Contains(s, "panic") {
		t.Errorf("serve logged a panic:\n%s", s)
	}
}

// serveRequest sends one request of kind and returns what it got.
func serveRequest(client *http.Client, addr, url string, recs []*domains.Record, kind string, r *rand.Rand) serveOutcome {
	o := serveOutcome{kind: kind}
	post := func(path, ctype string, body io.Reader) *http.Response {
		req, err := http.NewRequest(http.MethodPost, url+path, body)
		if err != nil {
			o.err = err
			return nil
		}
		req.Header.Set("Content-Type", ctype)
		resp, err := client.Do(req)
		if err != nil {
			o.err = err
			return nil
		}
		o.status = resp.StatusCode
		return resp
	}
	switch kind {
	case "valid":
		k := 1 + r.IntN(8)
		var items []map[string]string
		var want []float64
		for range k {
			rec := recs[r.IntN(len(recs))]
			resp, w := "I cannot plan this. {", 0.0
			if r.IntN(2) == 0 {
				resp, w = "Here is the plan.\n```json\n"+string(rec.Reference.Plan)+"\n```\n", 1
			}
			items = append(items, map[string]string{"id": rec.ID, "response": resp})
			want = append(want, w)
		}
		var got []float64
		t0 := time.Now()
		if r.IntN(2) == 0 {
			o.what = fmt.Sprintf("/v1/score, %d items", k)
			body, _ := json.Marshal(map[string]any{"items": items})
			resp := post("/v1/score", "application/json", bytes.NewReader(body))
			if resp == nil {
				return o
			}
			var ans struct {
				Results []struct {
					Reward float64 `json:"reward"`
				} `json:"results"`
			}
			err := json.NewDecoder(resp.Body).Decode(&ans)
			resp.Body.Close()
			o.latency = time.Since(t0)
			if err != nil {
				o.bad = "answer: " + err.Error()
				return o
			}
			for _, res := range ans.Results {
				got = append(got, res.Reward)
			}
		} else {
			o.what = fmt.Sprintf("/get_reward, %d queries", k)
			var rr struct {
				Query   []string `json:"query"`
				Prompts []string `json:"prompts"`
				Labels  []string `json:"labels"`
			}
			for _, it := range items {
				rec := recs[slices.IndexFunc(recs, func(x *domains.Record) bool { return x.ID == it["id"] })]
				rr.Query = append(rr.Query, rec.Prompt+it["response"])
				rr.Prompts = append(rr.Prompts, rec.Prompt)
				rr.Labels = append(rr.Labels, rec.ID)
			}
			body, _ := json.Marshal(rr)
			resp := post("/get_reward", "application/json", bytes.NewReader(body))
			if resp == nil {
				return o
			}
			var ans struct {
				Rewards []float64 `json:"rewards"`
			}
			err := json.NewDecoder(resp.Body).Decode(&ans)
			resp.Body.Close()
			o.latency = time.Since(t0)
			if err != nil {
				o.bad = "answer: " + err.Error()
				return o
			}
			got = ans.Rewards
		}
		if !slices.Equal(got, want) && o.status == http.StatusOK {
			o.bad = fmt.Sprintf("rewards %v, want %v", got, want)
		}
		return o
	case "malformed":
		bodies := []struct{ what, path, body string }{
			{"not JSON", "/v1/score", `{"items": [{"id": `},
			{"items not a list", "/v1/score", `{"items": {"id": "x"}}`},
			{"an item without a response", "/v1/score", `{"items": [{"id": "` + recs[0].ID + `"}]}`},
			{"an unknown reward mode", "/v1/score", `{"items": [], "reward": "bogus"}`},
			{"labels of another length", "/get_reward", `{"query": ["a", "b"], "prompts": ["a", "b"], "labels": ["x"]}`},
			{"an unknown label", "/get_reward", `{"query": ["a"], "prompts": ["a"], "labels": ["no-such-id"]}`},
			{"binary garbage", "/get_reward", "\x00\xff\xfe{[\x01"},
			{"unknown path", "/v2/score", `{}`},
		}
		switch c := r.IntN(len(bodies) + 2); c {
		case len(bodies):
			o.what = "GET /v1/score"
			resp, err := client.Get(url + "/v1/score")
			if err != nil {
				o.err = err
				return o
			}
			o.status = resp.StatusCode
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		case len(bodies) + 1:
			o.what = "a body cut off by a closed connection"
			o.status, o.err = rawRequest(addr, "POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"items\": [", 0, true)
		default:
			b := bodies[c]
			o.what = b.what
			if resp := post(b.path, "application/json", strings.NewReader(b.body)); resp != nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}
		return o
	case "oversized":
		if r.IntN(2) == 0 {
			o.what = "a body over --max-body"
			big := `{"items": [{"id": "` + recs[0].ID + `", "response": "` + strings.Repeat("x", serveMaxBody+r.IntN(serveMaxBody)) + `"}]}`
			if resp := post("/v1/score", "application/json", strings.NewReader(big)); resp != nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		} else {
			o.what = "a batch over --max-batch"
			items := make([]map[string]string, serveMaxBatch+1+r.IntN(10))
			for i := range items {
				items[i] = map[string]string{"id": recs[0].ID, "response": "no"}
			}
			body, _ := json.Marshal(map[string]any{"items": items})
			if resp := post("/v1/score", "application/json", bytes.NewReader(body)); resp != nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}
		return o
	case "slow":
		body := `{"items": [{"id": "` + recs[0].ID + `", "response": "no plan"}]}`
		gap := time.Duration(2+r.IntN(5)) * time.Millisecond
		if r.IntN(2) == 0 {
			o.what = fmt.Sprintf("a body trickled, a byte every %v", gap)
			o.status, o.err = rawRequest(addr, fmt.Sprintf("POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n", len(body))+body, gap, false)
		} else {
			o.what = fmt.Sprintf("headers trickled, a byte every %v, then given up", gap)
			o.status, o.err = rawRequest(addr, "POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/js", gap, true)
		}
		return o
	}
	panic("unknown kind " + kind)
}

// rawRequest writes req to a new connection to addr, a byte every gap when
// gap > 0, and returns the status of the answer; with abandon it closes
// the connection after writing instead of reading one.
func rawRequest(addr, req string, gap time.Duration, abandon bool) (int, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	if gap == 0 {
		if _, err := io.WriteString(conn, req); err != nil {
			return 0, err
		}
	} else {
		for i := range len(req) {
			if _, err := conn.Write([]byte{req[i]}); err != nil {
				return 0, err
			}
			time.Sleep(gap)
		}
	}
	if abandon {
		return 0, nil
	}
	conn.SetReadDeadline(time.Now().Add(2 * time.Minute))
	var status int
	line, err := io.ReadAll(io.LimitReader(conn, 64))
	if _, serr := fmt.Sscanf(string(line), "HTTP/1.1 %d", &status); serr != nil {
		return 0, fmt.Errorf("answer %q: %v %v", line, serr, err)
	}
	return status, nil
}
