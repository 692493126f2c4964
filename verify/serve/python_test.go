package serve_test

import (
	"context"
	"encoding/json"
	"math"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plancert/plancert/verify"
	"github.com/plancert/plancert/verify/serve"
)

// pythonDriver imports the examples and calls them as verl and TRL would:
// compute_score once per response, compute_score_batch once per batch as
// verl's BatchRewardManager calls it, the TRL reward function once per
// batch (completions as strings, then as chat messages, then mixed with
// rows of another data source, with log_metric and log_extra); an
// unknown id must raise. Cases come on standard input, results go to
// standard output.
const pythonDriver = `
import json, sys
sys.path.insert(0, sys.argv[1])
import plancert_verl, plancert_trl
cases = json.load(sys.stdin)
ids = [c["id"] for c in cases]
texts = [c["response"] for c in cases]
metrics, extra = {}, {}
mixed_ids = [None] + ids + [None]
mixed_sources = ["gsm8k"] + ["plancert/scheduling"] * len(ids) + ["gsm8k"]
out = {
    "verl": [plancert_verl.compute_score("plancert/scheduling", c["response"], c["id"], {"id": c["id"], "index": i})
             for i, c in enumerate(cases)],
    "verl_batch": plancert_verl.compute_score_batch(data_sources=["plancert/scheduling"] * len(cases), solution_strs=texts,
        ground_truths=ids, extra_infos=[{"id": i, "rollout_reward_scores": {}} for i in ids]),
    "trl": plancert_trl.plancert_reward(prompts=[[{"role": "user", "content": "p"}]] * len(cases), completions=texts, id=ids),
    "trl_messages": plancert_trl.plancert_reward(prompts=["p"] * len(cases),
        completions=[[{"role": "assistant", "content": t}] for t in texts], id=ids, completion_ids=[[1]] * len(cases)),
    "trl_mixed": plancert_trl.plancert_reward(prompts=["p"] * len(mixed_ids), completions=["x"] + texts + ["y"],
        id=mixed_ids, data_source=mixed_sources, trainer_state=None,
        log_metric=lambda name, value: metrics.__setitem__(name, value),
        log_extra=lambda column, values: extra.__setitem__(column, values)),
}
out["metrics"], out["extra"] = metrics, extra
for name, call in [("verl_unknown", lambda: plancert_verl.compute_score("plancert", "x", "no/such/id")),
                   ("verl_batch_unknown", lambda: plancert_verl.compute_score_batch(["plancert"], ["x"], ["no/such/id"], [{}])),
                   ("trl_unknown", lambda: plancert_trl.plancert_reward(["p"], ["x"], id=["no/such/id"]))]:
    try:
        call()
        out[name] = "no error"
    except RuntimeError as e:
        out[name] = str(e)
print(json.dumps(out))
`

// TestPythonExamples runs examples/plancert_verl.py and
// examples/plancert_trl.py with the system python3 (standard library only)
// against a live server: every reward must be verify.ScoreResponse's, in
// the mode PLANCERT_REWARD selects.
func TestPythonExamples(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not on PATH: the Python examples are not run")
	}
	examples, err := filepath.Abs("../../examples")
	if err != nil {
		t.Fatal(err)
	}
	recs := readSuite(t)
	ts := httptest.NewServer(newServer(t, recs, serve.Options{}))
	defer ts.Close()

	type tcase struct {
		ID       string `json:"id"`
		Response string `json:"response"`
	}
	var cases []tcase
	for i, rec := range recs {
		cases = append(cases, tcase{rec.ID, reference(rec)}, tcase{rec.ID, perturbed(t, rec, uint64(i))}, tcase{rec.ID, "no plan"})
	}
	in, _ := json.Marshal(cases)
	for _, mode := range []verify.RewardMode{"", verify.RewardAvgPass, verify.RewardFeasible} {
		t.Run("mode="+string(mode), func(t *testing.T) {
			cmd := exec.Command(python, "-c", pythonDriver, examples)
			cmd.Stdin = strings.NewReader(string(in))
			cmd.Env = append(os.Environ(), "PLANCERT_URL="+ts.URL, "PLANCERT_SUITE=", "PLANCERT_REWARD="+string(mode), "PYTHONDONTWRITEBYTECODE=1")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("python3: %v\n%s", err, stderr.String())
			}
			type verlScore struct {
				Score     float64          `json:"score"`
				AllPass   int              `json:"all_pass"`
				AvgPass   float64          `json:"avg_pass"`
				ErrorKind verify.ErrorKind `json:"error_kind"`
			}
			var got struct {
				Verl        []verlScore        `json:"verl"`
				VerlBatch   []verlScore        `json:"verl_batch"`
				TRL         []float64          `json:"trl"`
				TRLMessages []float64          `json:"trl_messages"`
				TRLMixed    []*float64         `json:"trl_mixed"`
				Metrics     map[string]float64 `json:"metrics"`
				Extra       map[string][]any   `json:"extra"`
				VerlUnknown string             `json:"verl_unknown"`
				VerlBatchUn string             `json:"verl_batch_unknown"`
				TRLUnknown  string             `json:"trl_unknown"`
			}
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("python3 printed %q: %v", out, err)
			}
			want := make([]verify.Score, len(cases))
			var allPass, avgPass, parsed float64
			for i, c := range cases {
				want[i] = verify.ScoreResponse(context.Background(), recs[i/3], c.Response, mode)
				allPass += float64(want[i].AllPass) / float64(len(cases))
				avgPass += want[i].AvgPass / float64(len(cases))
				if want[i].Parsed {
					parsed += 1 / float64(len(cases))
				}
			}
			for name, scores := range map[string][]verlScore{"verl": got.Verl, "verl_batch": got.VerlBatch} {
				if len(scores) != len(cases) {
					t.Fatalf("%s: %d scores for %d cases", name, len(scores), len(cases))
				}
				for i, w := range want {
					if g := (verlScore{w.Reward, w.AllPass, w.AvgPass, w.ErrorKind}); scores[i] != g {
						t.Errorf("%s case %d (%s): %+v, want %+v", name, i, cases[i].ID, scores[i], g)
					}
				}
			}
			for name, rewards := range map[string][]float64{"trl": got.TRL, "trl_messages": got.TRLMessages} {
				if len(rewards) != len(cases) {
					t.Fatalf("%s: %d rewards for %d cases", name, len(rewards), len(cases))
				}
				for i, w := range want {
					if rewards[i] != w.Reward {
						t.Errorf("%s case %d (%s): reward %v, want %v", name, i, cases[i].ID, rewards[i], w.Reward)
					}
				}
			}
			// The mixed batch: None for the rows of another data source,
			// the metrics over plancert's rows, the columns on every row.
			if n := len(got.TRLMixed); n != len(cases)+2 || got.TRLMixed[0] != nil || got.TRLMixed[n-1] != nil {
				t.Fatalf("trl_mixed: %d rewards %v, want None first and last", n, got.TRLMixed)
			}
			for i, w := range want {
				if r := got.TRLMixed[i+1]; r == nil || *r != w.Reward {
					t.Errorf("trl_mixed case %d: reward %v, want %v", i, r, w.Reward)
				}
			}
			for name, w := range map[string]float64{"plancert/all_pass": allPass, "plancert/avg_pass": avgPass, "plancert/parsed": parsed} {
				if g, ok := got.Metrics[name]; !ok || math.Abs(g-w) > 1e-9 {
					t.Errorf("log_metric %s: %v (logged: %t), want %v", name, g, ok, w)
				}
			}
			if kinds := got.Extra["plancert_error_kind"]; len(kinds) != len(cases)+2 || kinds[0] != nil || kinds[1] != string(want[0].ErrorKind) {
				t.Errorf("log_extra plancert_error_kind: %v", kinds)
			}
			if avg := got.Extra["plancert_avg_pass"]; len(avg) != len(cases)+2 || avg[len(avg)-1] != nil || avg[2] != want[1].AvgPass {
				t.Errorf("log_extra plancert_avg_pass: %v", avg)
			}
			for name, msg := range map[string]string{"verl": got.VerlUnknown, "verl_batch": got.VerlBatchUn, "trl": got.TRLUnknown} {
				if !strings.Contains(msg, `no record of the suite has the id "no/such/id"`) {
					t.Errorf("%s with an unknown id: %q, want a RuntimeError naming it", name, msg)
				}
			}
		})
	}
}
