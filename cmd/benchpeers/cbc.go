//go:build cbc

package main

import (
	"slices"

	"github.com/plancert/plancert/internal/peers"
	"github.com/plancert/plancert/solver/cbc"
)

// With the cbc build tag, plancert's in-process CBC backend (solver/cbc)
// is the peer "cbc", run right after the SAT backend.
func init() {
	builtinPeers["cbc"] = func() (peers.Peer, error) {
		b, err := cbc.New()
		if err != nil {
			return nil, err
		}
		return peers.BackendPeer{Backend: b}, nil
	}
	defaultPeers = slices.Insert(defaultPeers, 1, "cbc")
}
