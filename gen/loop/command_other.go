//go:build !unix

package loop

import "os/exec"

// killGroupOnCancel leaves cmd as it is: without Unix process groups a
// cancelled command's shell is killed (exec's default) and WaitDelay
// bounds the wait for its children's output.
func killGroupOnCancel(cmd *exec.Cmd) {}
