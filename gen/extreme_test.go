package gen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
	"github.com/plancert/plancert/verify"
)

// extremes replace one number of a reference answer: values that wrap or
// saturate integer arithmetic, a negative, a float beyond int64 and a
// fraction.
var extremes = []string{"9223372036854775807", "-9223372036854775808", "4611686018427387904", "-4611686018427387904", "-1", "1e300", "2.5"}

// clockExtremes replace one clock time ("09:00") of a reference answer:
// hours that overflow minutes in int64, negative, past midnight, and
// minutes past the hour.
var clockExtremes = []string{`"153722867280912930:00"`, `"99999999999999999999:00"`, `"-01:00"`, `"25:00"`, `"09:99"`}

var clock = regexp.MustCompile(`^[0-9][0-9]:[0-9][0-9]$`)

// TestExtremeNumbersNeverPass replaces, one at a time, every number and
// every clock time of the certified reference answer of each task (seeds
// 1–3, 1 in -short) by each of the extremes, grades the result as a
// response (verify.ScoreResponse, the reward path) and requires that
// some checklist item then fails: a grader whose fields take any number
// would let such an answer through, and a model trained on its rewards
// would learn to send it. The untouched reference must pass every item,
// so that a grader failing everything cannot make the test hold. It also
// adds 2^62 to each run of four consecutive integers of an answer, so
// that a sum over those four in int64 wraps back to its old value. (Every
// checker here bounds its numbers where it parses them: flow's counts by
// 1,000, quantity's by 1,000,000; neither bound alone is what makes these
// variants fail, since the later checks catch them too.)
func TestExtremeNumbersNeverPass(t *testing.T) {
	seeds := uint64(3)
	if testing.Short() {
		seeds = 1
	}
	total := 0
	for _, tk := range domains.Tasks() {
		variants, records, wraps := 0, 0, 0
		for seed := uint64(1); seed <= seeds; seed++ {
			spec, err := gen.SampleSpec(tk, seed)
			if err != nil {
				t.Fatal(err)
			}
			inst, err := gen.NewInstance(context.Background(), sat.Backend{}, tk, spec)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
			var drop *gen.DropError
			if errors.As(err, &drop) {
				continue
			}
			if err != nil {
				t.Fatalf("%s seed %d: %v", tk.ID, seed, err)
			}
			if !rec.Reference.Feasible {
				continue
			}
			records++
			// Graded as a response, the way a model's answer is.
			allPass := func(raw json.RawMessage) bool {
				return verify.ScoreResponse(context.Background(), rec, string(raw), verify.RewardAllPass).AllPass == 1
			}
			if !allPass(rec.Reference.Plan) {
				t.Fatalf("%s seed %d: the reference itself does not pass every item", tk.ID, seed)
			}
			var plan any
			if err := json.Unmarshal(rec.Reference.Plan, &plan); err != nil {
				t.Fatal(err)
			}
			leaves := leafPaths(plan, "")
			// Four numbers raised by 2^62 each: any int64 sum of all four
			// wraps around to its old value.
			var nums []string
			for _, l := range leaves {
				if !l.clock {
					nums = append(nums, l.path)
				}
			}
			for i := 0; i+4 <= len(nums); i++ {
				raw := rec.Reference.Plan
				for _, p := range nums[i : i+4] {
					raw = addAt(raw, p, 1<<62)
				}
				variants++
				wraps++
				if allPass(raw) {
					t.Errorf("%s seed %d: the reference with 2^62 added to %v passes every item:\n%s", tk.ID, seed, nums[i:i+4], raw)
				}
			}
			for _, leaf := range leaves {
				xs := extremes
				if leaf.clock {
					xs = clockExtremes
				}
				path := leaf.path
				for _, x := range xs {
					raw := replaceAt(rec.Reference.Plan, path, x)
					variants++
					if allPass(raw) {
						t.Errorf("%s seed %d: the reference with %s at %s passes every item:\n%s", tk.ID, seed, x, path, raw)
					}
				}
			}
		}
		t.Logf("%s: %d variants of %d reference answers", tk.ID, variants, records)
		if wraps > 0 {
			t.Logf("%s: %d of them add 2^62 to four numbers", tk.ID, wraps)
		}
		total += variants
	}
	if total == 0 {
		t.Error("no number or clock time in any reference answer")
	}
}

// leaf is the path (like .plan[2].start) of a number or a clock time.
type leaf struct {
	path  string
	clock bool
}

// leafPaths lists the numbers and clock times in v, in a fixed order.
func leafPaths(v any, at string) []leaf {
	var out []leaf
	switch x := v.(type) {
	case float64:
		out = append(out, leaf{at, false})
	case string:
		if clock.MatchString(x) {
			out = append(out, leaf{at, true})
		}
	case []any:
		for i, e := range x {
			out = append(out, leafPaths(e, fmt.Sprintf("%s[%d]", at, i))...)
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			out = append(out, leafPaths(x[k], at+"."+k)...)
		}
	}
	return out
}

// replaceAt returns the JSON text raw with the value at path replaced by
// the literal x (kept verbatim, so that 9223372036854775807 is not
// rounded by float64).
func replaceAt(raw json.RawMessage, path, x string) json.RawMessage {
	return mapAt(raw, path, func(any) any { return json.RawMessage(x) })
}

// addAt returns raw with d added to the integer at path (a value that is
// not an integer stays as it is).
func addAt(raw json.RawMessage, path string, d int64) json.RawMessage {
	return mapAt(raw, path, func(v any) any {
		n, err := v.(json.Number).Int64()
		if err != nil {
			return v
		}
		return json.Number(fmt.Sprint(n + d))
	})
}

// mapAt returns raw with the value at path (as leafPaths names it)
// replaced by f of it; numbers are read as json.Number, so that they
// keep every digit.
func mapAt(raw json.RawMessage, path string, f func(any) any) json.RawMessage {
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		panic(err)
	}
	var walk func(v any, at string) any
	walk = func(v any, at string) any {
		if at == path {
			return f(v)
		}
		switch y := v.(type) {
		case []any:
			for i := range y {
				y[i] = walk(y[i], fmt.Sprintf("%s[%d]", at, i))
			}
		case map[string]any:
			for k := range y {
				y[k] = walk(y[k], at+"."+k)
			}
		}
		return v
	}
	out, err := json.Marshal(walk(v, ""))
	if err != nil {
		panic(err)
	}
	return out
}
