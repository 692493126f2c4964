//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package main

import (
	"errors"
	"os"
	"syscall"
)

// lockHeld says whether lockFile can lock files here.
const lockHeld = true

// lockFile takes an exclusive lock on f, without waiting: errLocked when
// another open file (of any process) holds it. The kernel releases the lock
// when the process ends, however it ends (kill -9 included).
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}
