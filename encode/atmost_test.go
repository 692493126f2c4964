package encode

import (
	"fmt"
	"strings"
	"testing"
)

// TestAtMostTooLargeIsAnError: an at-most-k whose totalizer passes its
// clause limit is an error naming the limit (here a limit of 10,000 and
// 400 literals with k = 200; by default 20 million, e.g. 10,000 literals
// and k = 5,000); before, the error was dropped and Lower panicked with an
// index out of range. The estimate stays an upper bound.
func TestAtMostTooLargeIsAnError(t *testing.T) {
	defer func(old int) { maxTotalizerClauses = old }(maxTotalizerClauses)
	maxTotalizerClauses = 10_000
	m := NewModel()
	lits := make([]Lit, 400)
	for i := range lits {
		lits[i] = m.NewBool(fmt.Sprintf("b%d", i)).Lit()
	}
	m.AddAtMost(lits, 200).Named("half")
	var log Log
	_, err := LowerContext(t.Context(), m, &log, 0)
	if err == nil || !strings.Contains(err.Error(), `constraint "half": totalizer needs more than 10000 clauses`) {
		t.Fatalf("got %v, want the totalizer's limit", err)
	}
	if est := Estimate(m); int64(len(log.Clauses)) > est.Clauses {
		t.Errorf("%d clauses before the error, the estimate says at most %d", len(log.Clauses), est.Clauses)
	}
}
