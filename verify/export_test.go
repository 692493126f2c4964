package verify

import "github.com/plancert/plancert/domains"

// SetClaimCache turns the claim verdict cache on or off and returns what
// it was (for tests and benchmarks that compare).
func SetClaimCache(on bool) (was bool) {
	was, claimCache = claimCache, on
	return was
}

// Cached says grading rec has cached its instance.
func Cached(rec *domains.Record) bool {
	_, ok := loaded.Load(rec)
	return ok
}
