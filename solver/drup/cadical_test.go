package drup_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/solver/drup"
)

// TestCadicalProofs: where cadical is installed (Debian: apt-get install
// cadical), its proofs of the same CNF files, text and binary DRAT, check
// with our checker; a proof cut short is rejected. Skipped without cadical.
func TestCadicalProofs(t *testing.T) {
	cadical, err := exec.LookPath("cadical")
	if err != nil {
		t.Skip("cadical is not installed")
	}
	in, err := jobshop.ReadFile(jobshopDir + "instances/ft06")
	if err != nil {
		t.Fatal(err)
	}
	cnfs := map[string]*drup.CNF{"pigeonhole-6": pigeonhole(6)}
	cnfs["ft06"], _ = refutation(t, in.Model(), []int64{55})
	dir := t.TempDir()
	for name, f := range cnfs {
		cnfFile := filepath.Join(dir, name+".cnf")
		w, err := os.Create(cnfFile)
		if err != nil {
			t.Fatal(err)
		}
		if err := drup.WriteCNF(w, f); err != nil {
			t.Fatal(err)
		}
		w.Close()
		for _, mode := range []struct {
			name string
			args []string
		}{{"text", []string{"--plain", "--binary=false"}}, {"binary", nil}} {
			proofFile := filepath.Join(dir, name+"."+mode.name+".drat")
			cmd := exec.Command(cadical, append(mode.args, "-q", cnfFile, proofFile)...)
			out, err := cmd.CombinedOutput()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 20 { // 20: UNSATISFIABLE
				t.Fatalf("%s: cadical: %v\n%s", name, err, out)
			}
			proof, err := os.ReadFile(proofFile)
			if err != nil {
				t.Fatal(err)
			}
			st, err := drup.Check(context.Background(), f, bytes.NewReader(proof), proofFile)
			if err != nil {
				t.Fatalf("%s (%s): %v", name, mode.name, err)
			}
			if st.Binary != (mode.name == "binary") {
				t.Fatalf("%s (%s): read as binary=%v", name, mode.name, st.Binary)
			}
			t.Logf("%s (%s): %d lemmas (%d RUP, %d RAT), %d deletions (%d kept) checked", name, mode.name, st.Lemmas, st.RUP, st.RAT, st.Deletions, st.Kept)
			// Cut before the empty clause: rejected.
			if mode.name == "text" {
				cut := proof[:len(proof)-len("0\n")]
				_, err := drup.Check(context.Background(), f, bytes.NewReader(cut), proofFile)
				var re *drup.RejectError
				if !errors.As(err, &re) {
					t.Fatalf("%s: proof without its empty clause: %v", name, err)
				}
			}
		}
	}
}
