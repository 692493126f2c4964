package main

import (
	"os"
	"runtime/debug"
)

// solvingGCPercent is the garbage collector's target that gen and loop set
// when the user has not set GOGC. Certification allocates many short-lived
// clause and model buffers over a small live heap (tens of MB), so the
// default target of 100 collects often for little gain. Measured on 320
// mixed records at level 1 with one worker (BENCHMARKS.md, "GC target"):
// 400 takes about 12% less CPU than 100, for about 1.5× the peak RSS.
// Output bytes do not depend on it.
const solvingGCPercent = 400

// setSolvingGC raises the GC target to solvingGCPercent unless the
// environment sets GOGC, which always wins (GOGC=100 restores Go's
// default). It returns the target in force afterwards. The reward server
// and the graders keep Go's default: they hold a whole suite live, where a
// higher target would multiply the peak memory.
func setSolvingGC() int {
	if _, set := os.LookupEnv("GOGC"); set {
		old := debug.SetGCPercent(100)
		debug.SetGCPercent(old)
		return old
	}
	debug.SetGCPercent(solvingGCPercent)
	return solvingGCPercent
}
