package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/gen/loop"
	"github.com/plancert/plancert/llm"
	"github.com/plancert/plancert/llm/eval"
	"github.com/plancert/plancert/solver/sat"
	"github.com/plancert/plancert/verify"
)

type loopOptions struct {
	IO *iostreams

	Task        string
	Responder   string
	Cmd         string
	K           int
	PerturbSeed uint64
	RespTimeout time.Duration
	N           int
	Seed        uint64
	Out         string
	Trace       string
	Determinacy string
	Timeout     time.Duration
	System      string
	LLM         llmFlags
	Params      loop.Params
}

const loopLong = `Run the closed difficulty loop of PlanningBench (eq. 1) on one task.

Each step draws a certified instance at the current size level with the
current tier counts (basic, medium, hard), asks the responder, and grades
its answer exactly. When the responder solves it (All-pass), the tier
probabilities become p <- normalize(p * exp(eta * [-alpha, beta, gamma])),
the total M grows by one (at most 6), and the next counts are the point of
{1,2,3}x{0,1,2}x{0,1} nearest to M*p. An instance solved at M = 6 moves the
task up one size level (from --level up to --max-level), where the tiers
start again from p = (0.6, 0.3, 0.1), M = 3. When the responder fails,
nothing changes and the instance is kept.

Responders: reference, perturbed and command as in "plancert respond", and
endpoint: a model behind an OpenAI-compatible chat completions API
(--endpoint, --model and the other endpoint flags of "plancert eval"; the
prompt is the user message, after --system when given).

` + llmFlagsHelp + `

--out receives the kept instances (records, JSONL); --trace receives one
line per step: {"step", "task", "id", "level", "counts", "p", "m",
"solved", "kept", "next", "dropped"}. Both are written through temporary
files; Ctrl-C keeps every finished step.

Exit codes:
  0  every step ran
  1  interrupted (the finished steps are kept), a draw or a responder
     failed, or an I/O error
  2  usage error (unknown flag or task, a bad --level or --max-level, a
     responder without its flags)`

const loopExample = `  # A responder that always solves: the counts climb toward harder tiers,
  # then the level rises (level 2 at step 5, level 3 at step 9)
  $ plancert loop --task meeting-planning --responder reference --n 10 --out /tmp/kept.jsonl --trace /tmp/trace.jsonl

  # One that never does: the counts stay where they start, every instance is kept
  $ plancert loop --task meeting-planning --responder perturbed --n 10 --out /tmp/kept.jsonl --trace /tmp/trace.jsonl

  # A model behind a local vLLM server, starting at size level 2
  $ plancert loop --task meeting-planning --responder endpoint --endpoint http://localhost:8000/v1 --model Qwen/Qwen3-8B --temperature 0 --level 2 --n 40 --out /tmp/kept.jsonl --trace /tmp/trace.jsonl`

func newLoopCmd(ios *iostreams, runF func(context.Context, *loopOptions) error) *cobra.Command {
	opts := &loopOptions{IO: ios, Params: loop.DefaultParams}
	cmd := &cobra.Command{
		Use:     "loop --task T --responder R --n N --out FILE --trace FILE",
		Short:   "Raise difficulty in a closed loop while a responder keeps solving",
		Long:    loopLong,
		Example: loopExample,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return runLoop(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Task, "task", "", "the task (kebab case, e.g. meeting-planning)")
	addResponderFlags(f, &opts.Responder, &opts.Cmd, &opts.K, &opts.PerturbSeed, &opts.RespTimeout)
	f.Lookup("responder").Usage = "reference, greedy, perturbed, command or endpoint"
	f.IntVar(&opts.N, "n", 50, "number of steps")
	f.Uint64Var(&opts.Seed, "seed", 1, "seed of the instances")
	f.StringVar(&opts.Out, "out", "", "where to write the kept instances (JSONL)")
	f.StringVar(&opts.Trace, "trace", "", "where to write the trace (JSONL)")
	f.StringVar(&opts.Determinacy, "determinacy", "unique", "unique, value or any")
	f.DurationVar(&opts.Timeout, "timeout", time.Minute, "time limit to certify one instance")
	addLoopParamFlags(f, &opts.Params, "")
	f.StringVar(&opts.System, "system", "", "system message sent before each prompt (--responder endpoint)")
	addLLMFlags(f, &opts.LLM, "llm-seed")
	return cmd
}

func (o *loopOptions) validate() error {
	switch {
	case o.Task == "":
		return usageErrorf("--task is required")
	case o.Out == "" || o.Trace == "":
		return usageErrorf("--out and --trace are required")
	case o.N < 1:
		return usageErrorf("--n must be at least 1, got %d", o.N)
	}
	if _, ok := domains.Lookup(o.Task); !ok {
		return usageErrorf("unknown task %q", o.Task)
	}
	if _, err := gen.ParseDeterminacy(o.Determinacy); err != nil {
		return usageErrorf("%v", err)
	}
	if err := checkLoopParams(o.Params, ""); err != nil {
		return err
	}
	if o.Responder == "endpoint" {
		return o.LLM.validate()
	}
	if set := o.LLM.changedFlags(); len(set) > 0 {
		return usageErrorf("%s only apply to --responder endpoint", strings.Join(set, ", "))
	}
	_, err := newResponder(o.Responder, o.Cmd, o.K, o.PerturbSeed, o.RespTimeout)
	return err
}

// addLoopParamFlags adds the flags of the loop's parameters (eq. 1's
// eta, alpha, beta, gamma and the levels), each name after prefix: "" for
// plancert loop, "curriculum-" for plancert serve --generate.
func addLoopParamFlags(f *pflag.FlagSet, p *loop.Params, prefix string) {
	f.Float64Var(&p.Eta, prefix+"eta", loop.DefaultParams.Eta, "step size eta")
	f.Float64Var(&p.Alpha, prefix+"alpha", loop.DefaultParams.Alpha, "rate at which basic loses weight")
	f.Float64Var(&p.Beta, prefix+"beta", loop.DefaultParams.Beta, "rate at which medium gains weight")
	f.Float64Var(&p.Gamma, prefix+"gamma", loop.DefaultParams.Gamma, "rate at which hard gains weight")
	f.IntVar(&p.Level0, prefix+"level", loop.DefaultParams.Level0, fmt.Sprintf("size level to start at, 1..%d", domains.Levels))
	f.IntVar(&p.LevelMax, prefix+"max-level", loop.DefaultParams.LevelMax, fmt.Sprintf("highest size level to climb to, --%slevel..%d", prefix, domains.Levels))
}

// checkLoopParams refuses the parameters of addLoopParamFlags(prefix)
// that loop.Params does not take, naming the flags.
func checkLoopParams(p loop.Params, prefix string) error {
	if p.Eta <= 0 || p.Alpha < 0 || p.Beta < 0 || p.Gamma < 0 {
		return usageErrorf("--%[1]seta must be positive and --%[1]salpha, --%[1]sbeta, --%[1]sgamma not negative", prefix)
	}
	if err := p.Check(); err != nil || p.Level0 < 1 {
		return usageErrorf("--%[1]slevel %[2]d and --%[1]smax-level %[3]d must satisfy 1 <= --%[1]slevel <= --%[1]smax-level <= %[4]d", prefix, p.Level0, p.LevelMax, domains.Levels)
	}
	return nil
}

// responder returns the loop's responder: endpoint's model, or one of
// newResponder's.
func (o *loopOptions) responder() (loop.Responder, error) {
	if o.Responder != "endpoint" {
		return newResponder(o.Responder, o.Cmd, o.K, o.PerturbSeed, o.RespTimeout)
	}
	client, err := o.LLM.client()
	if err != nil {
		return nil, err
	}
	return modelResponder{client: client, system: o.System}, nil
}

// modelResponder asks a model through an OpenAI-compatible endpoint, as
// eval does: the prompt is the user message, after the system message.
type modelResponder struct {
	client *llm.Client
	system string
}

func (m modelResponder) Name() string { return "endpoint " + m.client.Model() }

// Respond returns the model's answer; an answer cut at the token limit
// is no answer (it fails, as eval scores it 0, whatever its text).
func (m modelResponder) Respond(ctx context.Context, rec *domains.Record) (string, error) {
	comp, err := m.client.Complete(ctx, eval.Messages(m.system, rec.Prompt), 0)
	if err != nil {
		return "", err
	}
	if comp.Truncated() {
		return "", nil
	}
	return comp.Content, nil
}

func runLoop(ctx context.Context, opts *loopOptions) error {
	setSolvingGC()
	t, _ := domains.Lookup(opts.Task)
	det, _ := gen.ParseDeterminacy(opts.Determinacy)
	r, err := opts.responder()
	if err != nil {
		return err
	}
	mk := func(ctx context.Context, t *domains.Task, level int, c [3]int, seed uint64) (*domains.Record, string, error) {
		spec, err := gen.SampleLevelCounts(t, seed, level, c[0], c[1], c[2])
		if err != nil {
			return nil, "", err
		}
		cctx, cancel := context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
		inst, err := gen.NewInstance(cctx, sat.Backend{}, t, spec)
		if err != nil {
			return nil, "", err
		}
		rec, err := gen.Certify(cctx, sat.Backend{}, t, inst, det)
		var drop *gen.DropError
		if errors.As(err, &drop) {
			return nil, drop.Reason, nil
		}
		return rec, "", err
	}
	score := func(rec *domains.Record, resp string) bool {
		return verify.ScoreResponse(ctx, rec, resp, verify.RewardAllPass).AllPass == 1
	}
	var final loop.State
	steps, solved, kept := 0, 0, 0
	var runErr error
	traceErr := writeFileAtomic(opts.Trace, interrupted, func(tw io.Writer) error {
		return writeFileAtomic(opts.Out, interrupted, func(ow io.Writer) error {
			tenc := json.NewEncoder(tw)
			var err error
			final, err = loop.Run(ctx, t, opts.Params, opts.N, opts.Seed, mk, r, score, func(st loop.Step, rec *domains.Record) error {
				steps++
				if st.Solved {
					solved++
				}
				if rec != nil {
					kept++
					line, err := rec.Encode() // with its content hash
					if err != nil {
						return err
					}
					if _, err := ow.Write(line); err != nil {
						return err
					}
				}
				fmt.Fprintf(opts.IO.ErrOut, "loop: step %d level %d counts %v %s\n", st.Step, st.Level, st.Counts, map[bool]string{true: "solved", false: "failed, kept"}[st.Solved])
				return tenc.Encode(st)
			})
			runErr = err
			return err
		})
	})
	fmt.Fprintf(opts.IO.ErrOut, "loop: %d steps, %d solved, %d kept; level now %d, counts %v (p = %.3f, M = %d)\n",
		steps, solved, kept, final.Level, final.Counts, final.P, final.M)
	if errors.Is(runErr, context.Canceled) {
		return errInterrupted
	}
	if traceErr != nil && !errors.Is(traceErr, context.Canceled) {
		return traceErr
	}
	return nil
}
