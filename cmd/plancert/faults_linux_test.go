//go:build faults && linux

package main

import (
	"errors"
	"strconv"
	"syscall"
	"testing"
)

// mountTmpfs mounts a tmpfs of size bytes on dir, unmounted at the end of
// the test.
func mountTmpfs(t *testing.T, dir string, size int) error {
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+strconv.Itoa(size)); err != nil {
		return err
	}
	t.Cleanup(func() {
		err := syscall.Unmount(dir, 0)
		if errors.Is(err, syscall.EBUSY) {
			err = syscall.Unmount(dir, syscall.MNT_DETACH)
		}
		if err != nil {
			t.Errorf("unmount %s: %v", dir, err)
		}
	})
	return nil
}

// remountTmpfs gives the tmpfs on dir size bytes, keeping its files.
func remountTmpfs(dir string, size int) error {
	return syscall.Mount("tmpfs", dir, "tmpfs", syscall.MS_REMOUNT, "size="+strconv.Itoa(size))
}
