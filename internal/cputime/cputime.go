// Package cputime reads the CPU time of this process, for benchmarks
// that report work per CPU-second (a figure other load on a shared
// machine disturbs less than work per second of wall time).
package cputime

import "time"

// Process returns the CPU time (user and system, every thread) this
// process has used, or false when this system cannot tell.
func Process() (time.Duration, bool) { return process() }
