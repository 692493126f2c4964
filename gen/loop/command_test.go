package loop_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen/loop"
)

// TestCommandTimeoutKillsChildren: at the timeout the command's whole
// process group is killed, so that a shell whose child sleeps does not
// keep the responder waiting until the child is done (20 s before the
// fix). The bound is loose for a loaded machine.
func TestCommandTimeoutKillsChildren(t *testing.T) {
	c := loop.Command{Cmd: "sleep 20; echo hi", Timeout: 200 * time.Millisecond}
	start := time.Now()
	resp, err := c.Respond(context.Background(), &domains.Record{ID: "r", Prompt: "p"})
	if took := time.Since(start); took >= 10*time.Second {
		t.Errorf("took %v, want well under the 20 s of the child", took)
	}
	if err == nil || !strings.Contains(err.Error(), "timed out after 200ms") {
		t.Errorf("got %q, %v; want a timeout error", resp, err)
	}
}

// TestCommandAnswers: the prompt goes to standard input and standard
// output is the response; a failing command's error says its status and
// standard error.
func TestCommandAnswers(t *testing.T) {
	rec := &domains.Record{ID: "r", Prompt: "the prompt"}
	resp, err := loop.Command{Cmd: "tr a-z A-Z", Timeout: time.Minute}.Respond(context.Background(), rec)
	if err != nil || resp != "THE PROMPT" {
		t.Errorf("got %q, %v; want THE PROMPT", resp, err)
	}
	_, err = loop.Command{Cmd: "echo boom >&2; exit 3", Timeout: time.Minute}.Respond(context.Background(), rec)
	if err == nil || !strings.Contains(err.Error(), "exit status 3") || !strings.Contains(err.Error(), "boom") {
		t.Errorf("got %v; want the exit status and standard error", err)
	}
}
