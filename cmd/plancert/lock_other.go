//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package main

import "os"

// lockHeld says whether lockFile can lock files here: not on this system,
// so two gens to the same --out are not kept apart.
const lockHeld = false

// lockFile does nothing on this system (no flock).
func lockFile(*os.File) error { return nil }
