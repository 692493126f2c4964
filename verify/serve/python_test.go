package serve_test

import (
	"context"
	"encoding/json"
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
// compute_score once per response, the TRL reward function once per batch
// (completions as strings, then as chat messages); an unknown id must
// raise. Cases come on standard input, results go to standard output.
const pythonDriver = `
import json, sys
sys.path.insert(0, sys.argv[1])
import plancert_verl, plancert_trl
cases = json.load(sys.stdin)
ids = [c["id"] for c in cases]
texts = [c["response"] for c in cases]
out = {
    "verl": [plancert_verl.compute_score("plancert/scheduling", c["response"], c["id"], {"id": c["id"], "index": i})
             for i, c in enumerate(cases)],
    "trl": plancert_trl.plancert_reward(prompts=[[{"role": "user", "content": "p"}]] * len(cases), completions=texts, id=ids),
    "trl_messages": plancert_trl.plancert_reward(prompts=["p"] * len(cases),
        completions=[[{"role": "assistant", "content": t}] for t in texts], id=ids, completion_ids=[[1]] * len(cases)),
}
for name, call in [("verl_unknown", lambda: plancert_verl.compute_score("plancert", "x", "no/such/id")),
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
			cmd.Env = append(os.Environ(), "PLANCERT_URL="+ts.URL, "PLANCERT_REWARD="+string(mode), "PYTHONDONTWRITEBYTECODE=1")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("python3: %v\n%s", err, stderr.String())
			}
			var got struct {
				Verl        []float64 `json:"verl"`
				TRL         []float64 `json:"trl"`
				TRLMessages []float64 `json:"trl_messages"`
				VerlUnknown string    `json:"verl_unknown"`
				TRLUnknown  string    `json:"trl_unknown"`
			}
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("python3 printed %q: %v", out, err)
			}
			for name, rewards := range map[string][]float64{"verl": got.Verl, "trl": got.TRL, "trl_messages": got.TRLMessages} {
				if len(rewards) != len(cases) {
					t.Fatalf("%s: %d rewards for %d cases", name, len(rewards), len(cases))
				}
				for i, c := range cases {
					want := verify.ScoreResponse(context.Background(), recs[i/3], c.Response, mode).Reward
					if rewards[i] != want {
						t.Errorf("%s case %d (%s): reward %v, want %v", name, i, c.ID, rewards[i], want)
					}
				}
			}
			for name, msg := range map[string]string{"verl": got.VerlUnknown, "trl": got.TRLUnknown} {
				if !strings.Contains(msg, `no record of the suite has the id "no/such/id"`) {
					t.Errorf("%s with an unknown id: %q, want a RuntimeError naming it", name, msg)
				}
			}
		})
	}
}
