//go:build !cbc

package cbc_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/solver/cbc"
)

// TestNotBuilt: without the cbc tag, every entry point says how to build
// with CBC.
func TestNotBuilt(t *testing.T) {
	if cbc.Available() {
		t.Fatal("Available without the cbc tag")
	}
	if b, err := cbc.New(); b != nil || !errors.Is(err, cbc.ErrNotBuilt) {
		t.Fatalf("New: %v %v", b, err)
	}
	if _, err := (cbc.Backend{}).Load(encode.NewModel()); !errors.Is(err, cbc.ErrNotBuilt) {
		t.Fatalf("Load: %v", err)
	}
	if msg := cbc.ErrNotBuilt.Error(); !strings.HasPrefix(msg, "cbc: ") || !strings.Contains(msg, "-tags cbc") || !strings.Contains(msg, "make build-cbc") {
		t.Fatalf("message does not say how to build: %q", msg)
	}
}
