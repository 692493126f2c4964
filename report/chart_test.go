package report

import (
	"fmt"
	"image/color"
	"strings"
	"testing"

	"github.com/plancert/plancert/verify"
)

// TestUnitsChartEmptyGroup: a unit that every record able to take it
// sampled has no "without" group; the chart draws no interval for it (it
// drew [0, 100%]) but a "—", as the table shows.
func TestUnitsChartEmptyGroup(t *testing.T) {
	row := func(n int, e verify.Estimate) verify.Row {
		return verify.Row{Records: n, N: n, AllPassed: int(e.Mean * float64(n)), AllPass: e, AvgPass: e}
	}
	in := &Input{Suite: "s", Sets: []Set{{Name: "a", Analysis: verify.Analysis{Units: []verify.UnitRow{
		{Unit: "u1", Tier: "basic", With: row(4, verify.Estimate{Mean: 0.5, Lo: 0.2, Hi: 0.8}), Without: row(3, verify.Estimate{Mean: 1. / 3, Lo: 0.1, Hi: 0.8})},
		{Unit: "u2", Tier: "basic", With: row(7, verify.Estimate{Mean: 3. / 7, Lo: 0.2, Hi: 0.7})},
	}}}}}
	cs, err := charts(in)
	if err != nil {
		t.Fatal(err)
	}
	var units string
	for _, c := range cs {
		if c.id == "units" {
			units = string(c.svg)
		}
	}
	if units == "" {
		t.Fatal("no units chart")
	}
	// An interval is a line and two caps in its series' colour.
	stroke := func(c color.Color) string {
		r, g, b, _ := c.RGBA()
		return fmt.Sprintf("stroke:#%02X%02X%02X;stroke-width:1.5", r>>8, g>>8, b>>8)
	}
	if n := strings.Count(units, stroke(palette[0])); n != 2*3 {
		t.Errorf("%d strokes of the sampled series, want 6 (two intervals)", n)
	}
	if n := strings.Count(units, stroke(palette[1])); n != 1*3 {
		t.Errorf("%d strokes of the without series, want 3 (one interval; none for u2)", n)
	}
	if n := strings.Count(units, ">—</text>"); n != 1 {
		t.Errorf("%d dashes, want 1 (u2 without)", n)
	}
}
