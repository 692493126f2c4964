package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestCountValues: countValues counts the tokens of encoding/json's
// Decoder but for closing brackets (so keys too), on seeded random JSON
// texts.
func TestCountValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	texts := []string{`{}`, `[]`, `1`, `"a\"b\\"`, `{"a": [1, -2.5e3, true, false, null, "}{", {"b": {}}]}`, " [ 1 ,\n2\t] "}
	for range 2000 {
		var b strings.Builder
		randomValue(rng, &b, 0, rng.IntN(2) == 0)
		texts = append(texts, b.String())
	}
	for _, text := range texts {
		want := 0
		dec := json.NewDecoder(strings.NewReader(text))
		for {
			tok, err := dec.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			if d, ok := tok.(json.Delim); !ok || d == '{' || d == '[' {
				want++
			}
		}
		if got := countValues([]byte(text)); got != want {
			t.Fatalf("countValues(%s) = %d, want %d", text, got, want)
		}
	}
}

// TestClaimCacheBytes: the claim cache keeps at most maxClaimBytes of
// answers (claims may be up to an answer's size limit, over 1 MiB each).
func TestClaimCacheBytes(t *testing.T) {
	var c claimVerdicts
	res := []domains.Result{{ID: "conflict", Pass: true}}
	answer := strings.Repeat("x", 1<<20)
	for i := range 100 {
		c.put(claimID{answer: fmt.Sprint(i) + answer}, res)
		if c.bytes > maxClaimBytes {
			t.Fatalf("after %d claims of 1 MiB the cache holds %d bytes", i+1, c.bytes)
		}
	}
	if n := len(c.m); n == 0 || n*(1<<20) > maxClaimBytes {
		t.Errorf("the cache holds %d claims of 1 MiB", n)
	}
}
