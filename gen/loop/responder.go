package loop

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"sort"
	"strings"
	"time"

	"github.com/plancert/plancert/domains"
)

// Reference answers with the certified reference plan in a ```json block.
type Reference struct{}

// Name returns "reference".
func (Reference) Name() string { return "reference" }

// Respond returns the reference plan.
func (Reference) Respond(_ context.Context, rec *domains.Record) (string, error) {
	return "```json\n" + string(rec.Reference.Plan) + "\n```\n", nil
}

// Greedy answers with the task's greedy baseline plan (domains.Greedy) in a
// ```json block: a one-pass heuristic of the core, no search. A task
// without one is an error.
type Greedy struct{}

// Name returns "greedy".
func (Greedy) Name() string { return "greedy" }

// Respond returns the greedy plan of the record's instance.
func (Greedy) Respond(_ context.Context, rec *domains.Record) (string, error) {
	_, inst, err := rec.Load()
	if err != nil {
		return "", fmt.Errorf("loop: %s: %w", rec.ID, err)
	}
	g, ok := inst.(domains.Greedy)
	if !ok {
		return "", fmt.Errorf("loop: task %s has no greedy baseline", rec.Task)
	}
	return "```json\n" + string(g.Greedy()) + "\n```\n", nil
}

// Perturbed answers with the reference plan after K seeded mutations of
// distinct values (a string replaced by another value of the same key
// elsewhere in the plan, or changed when there is none; a number moved by
// one), so the answer always differs from the reference. With a unique
// optimum, any changed plan fails.
type Perturbed struct {
	K    int
	Seed uint64
}

// Name returns "perturbed".
func (Perturbed) Name() string { return "perturbed" }

// Respond mutates the reference plan; the mutations depend only on Seed
// and the record ID.
func (p Perturbed) Respond(_ context.Context, rec *domains.Record) (string, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(rec.Reference.Plan))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "", fmt.Errorf("loop: reference plan of %s: %w", rec.ID, err)
	}
	h := uint64(14695981039346656037)
	for _, c := range []byte(rec.ID) {
		h = (h ^ uint64(c)) * 1099511628211
	}
	r := rand.New(rand.NewPCG(p.Seed, h))
	// K distinct leaves, each changed once to a different value, so the
	// answer always differs from the reference.
	var leaves []*leaf
	collect(&v, "", &leaves)
	cand := mutable(leaves)
	for _, i := range r.Perm(len(cand))[:min(max(1, p.K), len(cand))] {
		mutate(cand[i], leaves, r)
	}
	out, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return "```json\n" + string(out) + "\n```\n", nil
}

// leaf is a string or number inside a decoded JSON value, with a setter.
type leaf struct {
	key     string
	val     any
	set     func(any)
	inArray bool // an element of a list (a set: permuting it changes nothing)
}

func collect(v *any, key string, out *[]*leaf) {
	switch x := (*v).(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			child := x[k]
			collectChild(&child, k, out, func(n any) { x[k] = n })
		}
	case []any:
		for i := range x {
			collectChild(&x[i], key, out, func(n any) { x[i] = n })
			if n := len(*out); n > 0 {
				if l := (*out)[n-1]; l.val == x[i] {
					l.inArray = true
				}
			}
		}
	}
}

func collectChild(v *any, key string, out *[]*leaf, set func(any)) {
	switch (*v).(type) {
	case string, json.Number:
		*out = append(*out, &leaf{key: key, val: *v, set: set})
	case map[string]any, []any:
		collect(v, key, out)
	}
}

// mutable returns the leaves worth changing: not those of an identity key
// (a string key whose values are all different, like the names of the
// listed activities: changing one only makes a duplicate), unless there is
// nothing else.
func mutable(leaves []*leaf) []*leaf {
	count := map[string]int{}
	distinct := map[string]map[any]bool{}
	for _, l := range leaves {
		if _, ok := l.val.(string); !ok {
			continue
		}
		count[l.key]++
		if distinct[l.key] == nil {
			distinct[l.key] = map[any]bool{}
		}
		distinct[l.key][l.val] = true
	}
	var out, fallback []*leaf
	for _, l := range leaves {
		if x, ok := l.val.(string); ok {
			if count[l.key] > 1 && len(distinct[l.key]) == count[l.key] {
				continue
			}
			if !isClock(x) && !l.inArray && len(distinct[l.key]) < 2 {
				// No other value of this key to take: changing it
				// would only make an unknown name.
				fallback = append(fallback, l)
				continue
			}
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		out = fallback
	}
	if len(out) == 0 {
		return leaves
	}
	return out
}

// isClock reports whether s looks like an HH:MM time.
func isClock(s string) bool {
	var h, m int
	if len(s) != 5 || s[2] != ':' {
		return false
	}
	_, err := fmt.Sscanf(s, "%02d:%02d", &h, &m)
	return err == nil
}

func mutate(l *leaf, all []*leaf, r *rand.Rand) {
	switch x := l.val.(type) {
	case json.Number:
		n, err := x.Int64()
		if err != nil {
			l.set(json.Number("0"))
			return
		}
		if r.IntN(2) == 0 {
			n++
		} else {
			n--
		}
		l.set(json.Number(fmt.Sprint(n)))
	case string:
		if isClock(x) { // an hour later or earlier
			var h, m int
			fmt.Sscanf(x, "%02d:%02d", &h, &m)
			t := h*60 + m + 60
			if r.IntN(2) == 0 && t >= 120 {
				t -= 120
			}
			l.set(fmt.Sprintf("%02d:%02d", (t/60)%24, t%60))
			return
		}
		if l.inArray {
			l.set(x + " (changed)")
			return
		}
		var others []string
		for _, o := range all {
			if s, ok := o.val.(string); ok && o.key == l.key && s != x {
				others = append(others, s)
			}
		}
		if len(others) > 0 {
			l.set(others[r.IntN(len(others))])
		} else {
			l.set(x + " (changed)")
		}
	}
}

// Command runs a shell command per prompt: the prompt on its standard
// input, the response read from its standard output, within Timeout (zero:
// no limit). The command runs in its own process group (on Unix), and at
// the timeout or when ctx ends the whole group is killed, so that a
// command that starts children (sh -c 'sleep 20; echo hi') does not
// outlive its limit; after that, at most WaitDelay more is spent waiting
// for its output to close.
type Command struct {
	Cmd     string
	Timeout time.Duration
}

// WaitDelay bounds the wait for a killed command's standard output and
// error to close: a process that left the command's process group (by
// setsid, say) and still holds them is not waited for beyond it.
const WaitDelay = 2 * time.Second

// Name returns "command".
func (Command) Name() string { return "command" }

// Respond runs the command.
func (c Command) Respond(ctx context.Context, rec *domains.Record) (string, error) {
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "sh", "-c", c.Cmd)
	killGroupOnCancel(cmd)
	cmd.WaitDelay = WaitDelay
	cmd.Stdin = bytes.NewReader([]byte(rec.Prompt))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return "", fmt.Errorf("command timed out after %v", c.Timeout)
		}
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		msg := strings.TrimSpace(errb.String())
		if len(msg) > 200 {
			msg = msg[:200]
		}
		if msg == "" {
			return "", fmt.Errorf("command failed: %v", err)
		}
		return "", fmt.Errorf("command failed: %v: %s", err, msg)
	}
	return out.String(), nil
}
