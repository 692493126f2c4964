//go:build faults && unix && !linux

package main

import (
	"errors"
	"testing"
)

// mountTmpfs is Linux's: elsewhere the full disk is RLIMIT_FSIZE's.
func mountTmpfs(*testing.T, string, int) error {
	return errors.New("tmpfs mounts are Linux's")
}

func remountTmpfs(string, int) error { return errors.New("tmpfs mounts are Linux's") }
