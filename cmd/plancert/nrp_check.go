package main

import (
	"context"
	"fmt"

	"github.com/plancert/plancert/internal/nrp"
	"github.com/plancert/plancert/solver"
)

// nrpCheckLine is the JSON form of a checked certificate.
type nrpCheckLine struct {
	File        string `json:"file"`
	Certificate string `json:"certificate"`
	Checked     bool   `json:"checked"`
	K           int64  `json:"k"`
	RootBound   int64  `json:"root_bound"`
	TreeBound   *int64 `json:"tree_bound,omitempty"`
	Shortfall   *int64 `json:"shortfall,omitempty"`
	Bound       int64  `json:"bound"`
}

// checkNRPCertificate re-checks the certificate at o.CheckCertificate
// against the instance in file from scratch (nrp.Certificate.Check: every
// employee's pricing minimum, the cover term, every leaf of a
// branch-and-price tree, and the shortfall certificate behind a cut) and
// prints the lower bound it proves. A
// certificate that cannot be read is bad input (exit 2); one that does not
// check is an integrity failure (exit 4).
func checkNRPCertificate(ctx context.Context, o *nrpOptions, file string, in *nrp.Instance) error {
	c, err := nrp.ReadCertificate(o.CheckCertificate)
	if err != nil {
		return &inputError{o.CheckCertificate, err}
	}
	if c.Instance != in.Name {
		return &inputError{o.CheckCertificate, fmt.Errorf("field instance: the certificate is for %q, not %q", c.Instance, in.Name)}
	}
	if err := c.Check(ctx, in); err != nil {
		if ctx.Err() != nil {
			return &fileError{file, err}
		}
		return &fileError{file, &solver.IntegrityError{Backend: "lagrange", What: "certificate " + o.CheckCertificate, Err: err}}
	}
	line := nrpCheckLine{File: file, Certificate: o.CheckCertificate, Checked: true, K: c.K, RootBound: c.Bound, Bound: c.Bound}
	if c.Tree != nil {
		tb := c.TreeBound
		line.TreeBound = &tb
		line.Bound = max(line.Bound, tb)
	}
	if c.Short != nil {
		m := c.Short.Proven()
		line.Shortfall = &m
	}
	if o.JSON {
		if err := writeJSONLine(o.IO.Out, line); err != nil {
			return &fileError{file, err}
		}
		return nil
	}
	how := "root bound"
	if line.TreeBound != nil {
		how = fmt.Sprintf("root bound %d, branch-and-price tree", c.Bound)
	}
	if line.Shortfall != nil {
		how += fmt.Sprintf(", shortfall cut ≥ %d", *line.Shortfall)
	}
	fmt.Fprintf(o.IO.Out, "%s: certificate %s checks: penalty ≥ %d (%s, K = %d)\n", file, o.CheckCertificate, line.Bound, how, c.K)
	return nil
}
