package serve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/cputime"
	"github.com/plancert/plancert/verify"
	"github.com/plancert/plancert/verify/serve"
)

// loadSuite writes a 32-task suite of 64 records (as "plancert gen --n
// 64 --seed 1") to a file and returns its path and records.
func loadSuite(b *testing.B) (string, []*domains.Record) {
	b.Helper()
	var buf bytes.Buffer
	sum, err := gen.Run(context.Background(), gen.Options{Tasks: domains.Tasks(), N: 64, Seed: 1, Workers: 2, Timeout: time.Minute}, &buf, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "suite.jsonl")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	recs, err := verify.ReadSuite(&buf)
	if err != nil {
		b.Fatalf("%v (summary %+v)", err, sum)
	}
	return path, recs
}

// loadBodies returns k request bodies of size responses each, for
// endpoint ("/v1/score" or "/get_reward"): the mix a trainer sends,
// cycling over the records, in turn a record's reference answer, a plan
// with one seeded mutation (a broken plan) and a claim of infeasibility
// (of the rules of its certified conflict, or a made-up one). want is the
// number of rewards of 1 in each body, from verify.ScoreResponse.
func loadBodies(b *testing.B, recs []*domains.Record, endpoint string, k, size int) (bodies [][]byte, want []int) {
	b.Helper()
	for j := range k {
		var (
			items []map[string]string
			rr    serve.RewardRequest
			ones  int
		)
		for i := range size {
			n := j*size + i
			rec := recs[(n/3)%len(recs)]
			var resp string
			switch n % 3 {
			case 0:
				resp = reference(rec)
			case 1:
				resp = perturbed(b, rec, uint64(n))
			default:
				names := []string{"deadline"}
				if !rec.Reference.Feasible {
					names = rec.Reference.Conflict
				}
				resp = "```json\n" + mustJSON(b, map[string]any{"feasible": false, "conflict": names}) + "\n```"
			}
			if verify.ScoreResponse(context.Background(), rec, resp, verify.RewardAllPass).Reward == 1 {
				ones++
			}
			items = append(items, map[string]string{"id": rec.ID, "response": resp})
			rr.Query = append(rr.Query, rec.Prompt+resp)
			rr.Prompts = append(rr.Prompts, rec.Prompt)
			rr.Labels = append(rr.Labels, rec.ID)
		}
		var v any = map[string]any{"items": items}
		if endpoint == "/get_reward" {
			v = rr
		}
		body, err := json.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		bodies = append(bodies, body)
		want = append(want, ones)
	}
	return bodies, want
}

// post sends body and returns the answer.
func post(client *http.Client, url string, body []byte) ([]byte, error) {
	resp, err := client.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("status %d: %.200s", resp.StatusCode, data)
	}
	return data, nil
}

// countOnes returns the number of rewards of 1 in an answer of either
// endpoint to a batch of size responses.
func countOnes(data []byte, size int) (int, error) {
	var ans struct {
		Rewards []float64 `json:"rewards"`
		Results []struct {
			Reward float64 `json:"reward"`
		} `json:"results"`
	}
	if err := json.Unmarshal(data, &ans); err != nil {
		return 0, err
	}
	ones := 0
	for _, r := range ans.Rewards {
		if r == 1 {
			ones++
		}
	}
	for _, r := range ans.Results {
		if r.Reward == 1 {
			ones++
		}
	}
	if n := len(ans.Rewards) + len(ans.Results); n != size {
		return 0, fmt.Errorf("%d results for %d responses", n, size)
	}
	return ones, nil
}

// BenchmarkServeLoad is the reward server under a bounded load on
// loopback, serving a 32-task suite of 64 records from its file (Open, as
// "plancert serve" does; the default cache holds every record):
// `clients` goroutines each POST one batch of `batch` responses at a time
// (the mix of loadBodies: reference answers, broken plans, claims of
// infeasibility) until b.N batches are answered; batches of 1,024 from
// 1, 2 and 4 clients, and of 32 from 8. The 8 distinct batches are first
// sent once and their rewards checked against verify.ScoreResponse; every
// timed answer must then be byte for byte the checked answer to the same
// batch (grading is deterministic), so the client does not parse answers
// while the clock runs. Reported: responses scored per second, and the
// 50th and 99th percentile of the batch latency (request sent to answer
// read) in milliseconds; and responses per CPU-second of the process
// (client and server together, which share the machine's cores), a
// figure that other load on the machine disturbs less.
func BenchmarkServeLoad(b *testing.B) {
	file, recs := loadSuite(b)
	s := openServer(b, file, serve.Options{})
	ts := httptest.NewServer(s)
	defer ts.Close()
	for _, endpoint := range []string{"/v1/score", "/get_reward"} {
		for _, load := range []struct{ batch, clients int }{{1024, 1}, {1024, 2}, {1024, 4}, {32, 8}} {
			batch, clients := load.batch, load.clients
			bodies, want := loadBodies(b, recs, endpoint, 8, batch)
			b.Run(fmt.Sprintf("%s/batch=%d/clients=%d", path.Base(endpoint), batch, clients), func(b *testing.B) {
				client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
				defer client.CloseIdleConnections()
				// Warm up (every instance loaded once) and check.
				answers := make([][]byte, len(bodies))
				for j, body := range bodies {
					data, err := post(client, ts.URL+endpoint, body)
					if err != nil {
						b.Fatal(err)
					}
					ones, err := countOnes(data, batch)
					if err != nil {
						b.Fatal(err)
					}
					if ones != want[j] {
						b.Fatalf("batch %d: %d rewards of 1, want %d", j, ones, want[j])
					}
					answers[j] = data
				}
				var (
					mu        sync.Mutex
					latencies []time.Duration
					failed    error
					next      = make(chan int)
					wg        sync.WaitGroup
				)
				b.ResetTimer()
				cpu0, cpuOK := cputime.Process()
				start := time.Now()
				for range clients {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for j := range next {
							k := j % len(bodies)
							t0 := time.Now()
							data, err := post(client, ts.URL+endpoint, bodies[k])
							d := time.Since(t0)
							if err == nil && !bytes.Equal(data, answers[k]) {
								err = fmt.Errorf("batch %d: the answer differs from the checked answer to the same batch", j)
							}
							mu.Lock()
							latencies = append(latencies, d)
							if err != nil && failed == nil {
								failed = err
							}
							mu.Unlock()
						}
					}()
				}
				for j := range b.N {
					next <- j
				}
				close(next)
				wg.Wait()
				elapsed := time.Since(start)
				cpu1, _ := cputime.Process()
				b.StopTimer()
				if failed != nil {
					b.Fatal(failed)
				}
				slices.Sort(latencies)
				pct := func(p float64) float64 {
					i := min(len(latencies)-1, int(p*float64(len(latencies))))
					return float64(latencies[i]) / float64(time.Millisecond)
				}
				b.ReportMetric(float64(b.N*batch)/elapsed.Seconds(), "responses/s")
				b.ReportMetric(pct(0.50), "p50-ms")
				b.ReportMetric(pct(0.99), "p99-ms")
				if cpuOK {
					// Throughput per CPU-second of the whole process
					// (server and client): less sensitive to other
					// processes on the machine than responses/s.
					b.ReportMetric(float64(b.N*batch)/(cpu1-cpu0).Seconds(), "responses/cpu-s")
				}
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
