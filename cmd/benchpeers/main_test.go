package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

func runBench(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--bogus"}, 2, "flag provided but not defined: -bogus"},
		{[]string{"extra"}, 2, `benchpeers: unexpected argument "extra"`},
		{[]string{"--peers", "sat,gurobi"}, 2, `benchpeers: --peers: unknown peer "gurobi"`},
		{[]string{"--timeout", "0s"}, 2, "--timeout must be positive"},
		{[]string{"--tsp-cities", "2"}, 2, `--tsp-cities: "2" is not a city count of at least 3`},
		{[]string{"--families", "vrp", "--peers", "sat"}, 1, `benchpeers: peers: unknown family "vrp"`},
		{[]string{"--families", "jobshop", "--jobshop", "nope", "--peers", "sat"}, 1, "nope: no such file"},
	} {
		code, _, stderr := runBench(append(tc.args, "--data", "../../testdata/external")...)
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d with %q", tc.args, code, stderr, tc.code, tc.msg)
		}
	}
}

// TestDefaultData: the default --data is the repository's copy seen from
// the repository root; from elsewhere (here, the package directory) the
// error says so.
func TestDefaultData(t *testing.T) {
	code, _, stderr := runBench("--families", "jobshop", "--jobshop", "ft06", "--peers", "sat")
	if code != 1 || !strings.Contains(stderr, "no data folder testdata/external: run from the repository root, or name the folder with --data") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestRun: ft06 through plancert and z3 (when installed): the table and
// the JSON report say both proved 55.
func TestRun(t *testing.T) {
	peerList := "sat"
	if _, err := exec.LookPath("z3"); err == nil && !testing.Short() {
		peerList = "sat,z3"
	}
	args := []string{"--data", "../../testdata/external", "--families", "jobshop", "--jobshop", "ft06", "--peers", peerList}
	code, stdout, stderr := runBench(args...)
	if code != 0 || !strings.HasPrefix(stdout, "| family | models | "+strings.ReplaceAll(peerList, ",", " | ")+" |\n") || !strings.Contains(stdout, "| jobshop | 1 |") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	code, stdout, _ = runBench(append(args, "--json")...)
	var rep struct {
		Results []struct {
			Peer      string  `json:"peer"`
			Status    string  `json:"status"`
			Objective []int64 `json:"objective"`
			Agree     bool    `json:"agree"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d, %v:\n%s", code, err, stdout)
	}
	for _, r := range rep.Results {
		if r.Status != "optimal" || len(r.Objective) != 1 || r.Objective[0] != 55 || !r.Agree {
			t.Errorf("%+v", r)
		}
	}
	if len(rep.Results) != strings.Count(peerList, ",")+1 {
		t.Errorf("%d results for peers %s", len(rep.Results), peerList)
	}
}
