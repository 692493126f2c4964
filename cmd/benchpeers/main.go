// Command benchpeers runs plancert's SAT backend and peer solvers side by
// side on the same models and prints a table of solve-and-prove time per
// family, the ratio to plancert, and whether every answer agrees with
// plancert's certificate (status and objective vector). "make bench-peers"
// installs the peers (z3, minizinc, coinor-cbc, and CBC's library) with
// apt-get when missing and runs it from the repository root with the cbc
// build tag.
//
// Usage:
//
//	go run ./cmd/benchpeers [--timeout 60s] [--json] [--families jobshop,tsp,roster,roster-synth,agenda]
//	    [--peers sat,cbc-cli,z3,gecode] [--data testdata/external] [--jobshop ft06,la01,...]
//	    [--tsp-cities 8,9,10] [--agendas 2] [--seed 1]
//
// The peers are "sat" (plancert, in process), "sat-cg" (the same backend
// minimizing a one-level objective by unsatisfiable cores, OLL; models
// with more levels are solved as "sat" does), "cbc-cli" (COIN-OR CBC's
// command line on the LP export), "z3" (the SMT-LIB 2 export, z3's
// optimizer) and "gecode" (MiniZinc with Gecode on the MiniZinc export);
// built with the tag cbc, also "cbc" (plancert's in-process CBC backend,
// solver/cbc). A peer whose program is missing is left out with a note.
// The first peer is the reference. Progress goes to standard error, the
// table (Markdown) or the JSON report to standard output. Exit status 1
// when an answer disagrees with the reference or fails the model's Check
// (a peer that fails for a limit, such as a model too large for it, is
// only listed under the table), 2 for bad flags.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/plancert/plancert/internal/peers"
	"github.com/plancert/plancert/solver/sat"
)

// builtinPeers are the peers by name; files with build tags add to it
// (cbc.go: the in-process CBC backend).
var builtinPeers = map[string]func() (peers.Peer, error){
	"sat": func() (peers.Peer, error) { return peers.BackendPeer{Backend: sat.Backend{}}, nil },
	"sat-cg": func() (peers.Peer, error) {
		return peers.BackendPeer{Backend: sat.Backend{CoreGuided: true}, Label: "sat-cg"}, nil
	},
	"cbc-cli": func() (peers.Peer, error) { return peers.CBC(), nil },
	"z3":      func() (peers.Peer, error) { return peers.Z3(), nil },
	"gecode":  func() (peers.Peer, error) { return peers.Gecode(), nil },
}

// defaultData is the repository's copy of the benchmark data
// (testdata/external) as seen from the repository root, where "make
// bench-peers" runs benchpeers.
const defaultData = "testdata/external"

// defaultPeers is the default peer list; cbc.go inserts "cbc".
var defaultPeers = []string{"sat", "cbc-cli", "z3", "gecode"}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("benchpeers", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", time.Minute, "time limit per model and peer")
	asJSON := fs.Bool("json", false, "print the full report as JSON instead of the table")
	families := fs.String("families", strings.Join(peers.Families, ","), "families to run, comma-separated")
	peerList := fs.String("peers", strings.Join(defaultPeers, ","), "peers to run, comma-separated; the first is the reference")
	data := fs.String("data", defaultData, "the benchmark data folder (jobshop/, tsplib/); the default is the repository's copy, seen from the repository root")
	agendas := fs.Int("agendas", peers.DefaultSizes.AgendasPerTask, "certified agendas per scheduling task")
	seed := fs.Uint64("seed", peers.DefaultSizes.Seed, "seed of the random TSPs and the agenda specs")
	cities := fs.String("tsp-cities", joinInts(peers.DefaultSizes.RandomTSPs), "city counts of the random TSPs, comma-separated")
	jobshops := fs.String("jobshop", strings.Join(peers.DefaultSizes.JobShops, ","), "job-shop instances (files in DATA/jobshop/instances), comma-separated")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "benchpeers: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *timeout <= 0 || *agendas < 0 {
		fmt.Fprintln(stderr, "benchpeers: --timeout must be positive and --agendas not negative")
		return 2
	}
	sz := peers.DefaultSizes
	sz.AgendasPerTask, sz.Seed, sz.JobShops = *agendas, *seed, split(*jobshops)
	var err error
	if sz.RandomTSPs, err = parseInts(*cities); err != nil {
		fmt.Fprintf(stderr, "benchpeers: --tsp-cities: %v\n", err)
		return 2
	}
	var ps []peers.Peer
	for _, name := range split(*peerList) {
		mk, ok := builtinPeers[name]
		if !ok {
			fmt.Fprintf(stderr, "benchpeers: --peers: unknown peer %q\n", name)
			return 2
		}
		p, err := mk()
		if err == nil {
			err = p.Available()
		}
		if err != nil {
			fmt.Fprintf(stderr, "benchpeers: left out: %v\n", err)
			continue
		}
		ps = append(ps, p)
	}
	if len(ps) == 0 {
		fmt.Fprintln(stderr, "benchpeers: no peer can run")
		return 1
	}
	start := time.Now()
	insts, err := peers.Instances(ctx, split(*families), *data, sz)
	if err != nil {
		if _, serr := os.Stat(*data); serr != nil {
			err = fmt.Errorf("%w (no data folder %s: run from the repository root, or name the folder with --data)", err, *data)
		}
		fmt.Fprintf(stderr, "benchpeers: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "benchpeers: %d models built in %v; peers %s, timeout %v\n", len(insts), time.Since(start).Round(time.Millisecond), names(ps), *timeout)
	rep, err := peers.Bench(ctx, insts, ps, *timeout, func(r peers.Result) {
		status := r.Status.String()
		if r.Err != "" {
			status = "error: " + r.Err
		}
		fmt.Fprintf(stderr, "  %-8s %-42s %-8s %9.1f ms  %s %v\n", r.Family, r.Instance, r.Peer, r.WallMS, status, r.Objective)
	})
	if err != nil {
		fmt.Fprintf(stderr, "benchpeers: %v\n", err)
		return 1
	}
	if *asJSON {
		err = rep.WriteJSON(stdout)
	} else {
		err = rep.WriteTable(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "benchpeers: %v\n", err)
		return 1
	}
	for _, r := range rep.Results {
		if r.Integrity || (r.Reference != "" && !r.Agree) {
			return 1
		}
	}
	return 0
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func names(ps []peers.Peer) string {
	var n []string
	for _, p := range ps {
		n = append(n, p.Name())
	}
	return strings.Join(n, ", ")
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range split(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 3 {
			return nil, fmt.Errorf("%q is not a city count of at least 3", f)
		}
		out = append(out, n)
	}
	return out, nil
}
