package verify

import (
	"flag"
	"os"

	"github.com/plancert/plancert/domains"
)

// SetClaimCache turns the claim verdict cache on or off and returns what
// it was (for tests and benchmarks that compare).
func SetClaimCache(on bool) (was bool) {
	was, claimCache = claimCache, on
	return was
}

// AnswerLimits is answerLimits.
var AnswerLimits = answerLimits

var longFlag = flag.Bool("long", false, "run the long tests (also PLANCERT_LONG=1)")

// Long reports whether the long tests run: -long, or PLANCERT_LONG set
// (read here, not at init, so that the test cache notices it).
func Long() bool { return *longFlag || os.Getenv("PLANCERT_LONG") != "" }

// Cached says grading rec has cached its instance.
func Cached(rec *domains.Record) bool {
	_, ok := loaded.Load(rec)
	return ok
}
