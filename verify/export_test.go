package verify

// SetClaimCache turns the claim verdict cache on or off and returns what
// it was (for tests and benchmarks that compare).
func SetClaimCache(on bool) (was bool) {
	was, claimCache = claimCache, on
	return was
}
