package report

import (
	"bytes"
	"fmt"
	"image/color"
	"regexp"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/plancert/plancert/verify"
)

// series is one set of estimates over the categories of a chart. none,
// when set, marks the categories that have no estimate (no records): they
// get a "—" instead of a dot and an interval, as the tables show them.
type series struct {
	name string
	est  []verify.Estimate
	none []bool
}

// palette holds colours that stay apart for colour-blind readers (Okabe–Ito).
var palette = []color.Color{
	color.RGBA{0x00, 0x72, 0xb2, 0xff}, // blue
	color.RGBA{0xd5, 0x5e, 0x00, 0xff}, // vermillion
	color.RGBA{0x00, 0x9e, 0x73, 0xff}, // bluish green
	color.RGBA{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
}

// points is a series' estimates as points at (mean, y) with x errors.
type points struct {
	est []verify.Estimate
	y   []float64
}

func (p points) Len() int                    { return len(p.est) }
func (p points) XY(i int) (float64, float64) { return p.est[i].Mean, p.y[i] }
func (p points) XError(i int) (float64, float64) {
	return p.est[i].Mean - p.est[i].Lo, p.est[i].Hi - p.est[i].Mean
}

// sans sets a plot's text to Liberation Sans.
func sans(p *plot.Plot) {
	for _, s := range []*font.Font{&p.Title.TextStyle.Font, &p.X.Label.TextStyle.Font, &p.Y.Label.TextStyle.Font,
		&p.X.Tick.Label.Font, &p.Y.Tick.Label.Font, &p.Legend.TextStyle.Font} {
		s.Variant = "Sans"
	}
}

// percentTicks marks 0%, 25%, …, 100% on the x axis.
type percentTicks struct{}

func (percentTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for v := 0.0; v <= 1.0001; v += 0.25 {
		ts = append(ts, plot.Tick{Value: v, Label: fmt.Sprintf("%.0f%%", 100*v)})
	}
	for v := 0.125; v < 1; v += 0.25 {
		ts = append(ts, plot.Tick{Value: v})
	}
	return ts
}

// countTicks marks whole numbers on a count axis: steps of 1, 2, 5, 10,
// 20, 50, … with at most about six labels.
type countTicks struct{}

func (countTicks) Ticks(_, max float64) []plot.Tick {
	step := 1.0
	for i := 0; max/step > 6; i++ {
		step *= []float64{2, 2.5, 2}[i%3]
	}
	var ts []plot.Tick
	for v := 0.0; v <= max; v += step {
		ts = append(ts, plot.Tick{Value: v, Label: fmt.Sprintf("%.0f", v)})
	}
	return ts
}

// rowHeight is the height per category and series of a chart.
var rowHeight = vg.Points(13)

// chartWidth is the width of every chart.
var chartWidth = vg.Points(620)

// forest draws the estimates of each series per category as a dot with its
// interval, the first category on top, on a 0–100% axis.
func forest(title, xlabel string, cats []string, ss []series) (string, error) {
	p := plot.New()
	sans(p)
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.X.Min, p.X.Max = 0, 1
	p.X.Tick.Marker = percentTicks{}
	p.Add(plotter.NewGrid())
	n := len(cats)
	names := make([]string, n)
	for i, c := range cats {
		names[n-1-i] = c
	}
	p.NominalY(names...)
	// Room above the first category for the legend, one line per series.
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4+0.6*float64(len(ss))
	for k, s := range ss {
		off := 0.0
		if len(ss) > 1 {
			off = 0.15 * (float64(len(ss)-1) - 2*float64(k)) / float64(len(ss)-1)
		}
		var pts points
		var dashes plotter.XYLabels
		for i, e := range s.est {
			y := float64(n-1-i) + off
			if i < len(s.none) && s.none[i] {
				dashes.XYs = append(dashes.XYs, plotter.XY{X: 0.01, Y: y})
				dashes.Labels = append(dashes.Labels, "—")
				continue
			}
			pts.est = append(pts.est, e)
			pts.y = append(pts.y, y)
		}
		bars, err := plotter.NewXErrorBars(pts)
		if err != nil {
			return "", fmt.Errorf("report: chart %q: %w", title, err)
		}
		bars.Color = palette[k%len(palette)]
		bars.LineStyle.Width = vg.Points(1.5)
		bars.CapWidth = vg.Points(5)
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return "", fmt.Errorf("report: chart %q: %w", title, err)
		}
		sc.GlyphStyle.Color = palette[k%len(palette)]
		sc.GlyphStyle.Shape = glyph(k)
		sc.GlyphStyle.Radius = vg.Points(3.5)
		p.Add(bars, sc)
		p.Legend.Add(s.name, sc)
		if len(dashes.XYs) > 0 {
			l, err := plotter.NewLabels(dashes)
			if err != nil {
				return "", fmt.Errorf("report: chart %q: %w", title, err)
			}
			for i := range l.TextStyle {
				l.TextStyle[i].Font.Variant = "Sans"
				l.TextStyle[i].Color = palette[k%len(palette)]
				l.TextStyle[i].YAlign = draw.YCenter
			}
			p.Add(l)
		}
	}
	p.Legend.Top = true
	h := 90*vg.Points(1) + vg.Length(n*max(len(ss), 2)+2*len(ss))*rowHeight
	return svg(p, chartWidth, h)
}

func glyph(k int) draw.GlyphDrawer {
	switch k % 3 {
	case 1:
		return draw.BoxGlyph{}
	case 2:
		return draw.TriangleGlyph{}
	}
	return draw.CircleGlyph{}
}

// bars draws counts per category as horizontal bars, one colour per series.
func bars(title, xlabel string, cats []string, names []string, counts [][]float64) (string, error) {
	p := plot.New()
	sans(p)
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.X.Min = 0
	p.Add(plotter.NewGrid())
	n := len(cats)
	rev := make([]string, n)
	for i, c := range cats {
		rev[n-1-i] = c
	}
	p.NominalY(rev...)
	w := vg.Points(24) / vg.Length(len(names))
	top := 1.0
	for _, cs := range counts {
		for _, c := range cs {
			top = max(top, c)
		}
	}
	p.X.Max = top * 1.05
	p.X.Tick.Marker = countTicks{}
	if len(names) > 1 {
		// Room above the first category for the legend.
		p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4+0.6*float64(len(names))
	}
	for k, name := range names {
		vals := make(plotter.Values, n)
		for i := range cats {
			vals[n-1-i] = counts[k][i]
		}
		b, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return "", fmt.Errorf("report: chart %q: %w", title, err)
		}
		b.Horizontal = true
		b.Color = palette[k%len(palette)]
		b.LineStyle.Width = 0
		b.Offset = w * (vg.Length(len(names)-1)/2 - vg.Length(k))
		p.Add(b)
		if len(names) > 1 {
			p.Legend.Add(name, b)
		}
	}
	p.Legend.Top = true
	h := 90*vg.Points(1) + vg.Length(n+len(names))*vg.Points(30)
	return svg(p, chartWidth, h)
}

// xmlProlog matches what precedes the <svg> element in vgsvg's output.
var xmlProlog = regexp.MustCompile(`(?s)\A.*?(<svg\b)`)

// svg draws p on an SVG canvas of size w×h and returns the <svg> element,
// ready to be inlined in HTML (no XML prolog, fonts not embedded).
func svg(p *plot.Plot, w, h vg.Length) (string, error) {
	c := vgsvg.NewWith(vgsvg.UseWH(w, h), vgsvg.EmbedFonts(false))
	p.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", fmt.Errorf("report: drawing the chart %q: %w", p.Title.Text, err)
	}
	return xmlProlog.ReplaceAllString(b.String(), "$1"), nil
}
