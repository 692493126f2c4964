// Command plancert certifies constraint models exactly: a proven optimum, a
// checked answer to whether it is unique, and for an infeasible model a
// minimal set of conflicting constraint groups. See "plancert --help".
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], systemIO())
	stop()
	os.Exit(int(code))
}
