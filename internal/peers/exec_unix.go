//go:build unix

package peers

import (
	"os/exec"
	"syscall"
	"time"
)

// killGroup runs cmd in its own process group and, when its context ends,
// sends SIGTERM to the group; a process still running two seconds later is
// killed. minizinc runs the solver in a process group of its own and stops
// it on SIGTERM (a SIGKILL would leave it running).
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
	cmd.WaitDelay = 2 * time.Second
}
