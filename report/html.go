package report

import (
	"bufio"
	"fmt"
	"html/template"
	"io"

	"github.com/plancert/plancert/verify"
)

// chart is one SVG chart, placed after the table with the same id.
type chart struct {
	id  string
	svg template.HTML
}

// charts draws the charts of in: All-pass and Avg-pass per response set,
// the error kinds, every breakdown but subtask, and the units of the first
// response set (with against without).
func charts(in *Input) ([]chart, error) {
	var out []chart
	add := func(id, svg string, err error) error {
		if err != nil {
			return err
		}
		out = append(out, chart{id, template.HTML(svg)}) // drawn by gonum/plot from our own numbers and labels
		return nil
	}

	var cats []string
	var all, avg []verify.Estimate
	for _, s := range in.Sets {
		cats = append(cats, s.Name)
		all = append(all, s.Analysis.AllPass)
		avg = append(avg, s.Analysis.AvgPass)
	}
	svg, err := forest("All-pass and Avg-pass", "share of responses / of items (95% interval)", cats,
		[]series{{name: "All-pass (Wilson)", est: all}, {name: "Avg-pass (t over records)", est: avg}})
	if err := add("summary", svg, err); err != nil {
		return nil, err
	}

	var kinds []string
	var kindOf []verify.ErrorKind
	seen := map[verify.ErrorKind]bool{}
	for _, s := range in.Sets {
		for _, r := range s.Analysis.Errors {
			if !seen[r.Kind] && r.Primary > 0 {
				seen[r.Kind] = true
				kindOf = append(kindOf, r.Kind)
			}
		}
	}
	counts := make([][]float64, len(in.Sets))
	var names []string
	for k, s := range in.Sets {
		names = append(names, s.Name)
		counts[k] = make([]float64, len(kindOf))
		for i, kind := range kindOf {
			for _, r := range s.Analysis.Errors {
				if r.Kind == kind {
					counts[k][i] = float64(r.Primary)
				}
			}
		}
	}
	for _, k := range kindOf {
		kinds = append(kinds, errorLabel(k))
	}
	if len(kinds) > 0 {
		svg, err := bars("Failed responses by error kind (first match)", "failed responses", kinds, names, counts)
		if err := add("errors", svg, err); err != nil {
			return nil, err
		}
	}

	for i, b := range in.Sets[0].Analysis.Breakdowns {
		if b.By == "subtask" {
			continue
		}
		var cats []string
		for _, r := range b.Rows {
			cats = append(cats, r.Key)
		}
		var ss []series
		for _, s := range in.Sets {
			var e []verify.Estimate
			for _, r := range s.Analysis.Breakdowns[i].Rows {
				e = append(e, r.AllPass)
			}
			name := "All-pass"
			if len(in.Sets) > 1 {
				name = s.Name
			}
			ss = append(ss, series{name: name, est: e})
		}
		if len(in.Sets) == 1 {
			var e []verify.Estimate
			for _, r := range b.Rows {
				e = append(e, r.AvgPass)
			}
			ss = append(ss, series{name: "Avg-pass", est: e})
		}
		title := "All-pass by " + b.By
		if len(in.Sets) == 1 {
			title = "All-pass and Avg-pass by " + b.By
		}
		svg, err := forest(title, "95% interval", cats, ss)
		if err := add(breakdownID(b.By), svg, err); err != nil {
			return nil, err
		}
	}

	if us := in.Sets[0].Analysis.Units; len(us) > 0 {
		var cats []string
		with := series{name: "sampled"}
		without := series{name: "could have been, was not"}
		for _, u := range us {
			cats = append(cats, fmt.Sprintf("%s (%s)", u.Unit, u.Tier))
			// A group without responses has no estimate: "—", as in the table.
			for _, g := range []struct {
				s   *series
				row verify.Row
			}{{&with, u.With}, {&without, u.Without}} {
				g.s.est = append(g.s.est, g.row.AllPass)
				g.s.none = append(g.s.none, g.row.N == 0)
			}
		}
		title := "All-pass with and without each unit"
		if len(in.Sets) > 1 {
			title += " (" + in.Sets[0].Name + ")"
		}
		svg, err := forest(title, "95% Wilson interval", cats, []series{with, without})
		if err := add("units", svg, err); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// cellView and sectionView are what the page template shows.
type cellView struct {
	Text  string
	Right bool
}

type sectionView struct {
	ID, Title, Note string
	Head            []cellView
	Rows            [][]cellView
	Chart           template.HTML
}

type pageView struct {
	Suite    string
	Records  int
	Sets     []string
	Sections []sectionView
}

var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>plancert report: {{.Suite}}</title>
<style>
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #1b1b1b; background: #fff; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; }
p.note { color: #444; max-width: 60em; font-size: 0.92em; }
p.meta { color: #444; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { border: 1px solid #d0d0d0; padding: 0.25em 0.6em; }
th { background: #f2f2f2; text-align: left; }
td.r, th.r { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr:nth-child(even) td { background: #fafafa; }
figure { margin: 0.8em 0; }
figure svg { max-width: 100%; height: auto; }
nav a { margin-right: 0.8em; }
</style>
</head>
<body>
<h1>plancert report</h1>
<p class="meta">Suite <code>{{.Suite}}</code>: {{.Records}} records. Responses:{{range $i, $s := .Sets}}{{if $i}},{{end}} {{$s}}{{end}}.</p>
<nav>{{range .Sections}}<a href="#{{.ID}}">{{.Title}}</a> {{end}}</nav>
{{- range .Sections}}
<section id="{{.ID}}">
<h2>{{.Title}}</h2>
{{if .Note}}<p class="note">{{.Note}}</p>
{{end -}}
{{if .Chart}}<figure>
{{.Chart}}
</figure>
{{end -}}
<table>
<thead><tr>{{range .Head}}<th{{if .Right}} class="r"{{end}}>{{.Text}}</th>{{end}}</tr></thead>
<tbody>
{{range .Rows}}<tr>{{range .}}<td{{if .Right}} class="r"{{end}}>{{.Text}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
</section>
{{- end}}
</body>
</html>
`))

// WriteHTML writes the report as one self-contained HTML page: inline CSS,
// the tables with their notes, and an inline SVG chart above every table
// that has one. The page loads nothing and runs no script.
func WriteHTML(w io.Writer, in *Input) error {
	if err := in.check(); err != nil {
		return err
	}
	cs, err := charts(in)
	if err != nil {
		return err
	}
	byID := map[string]template.HTML{}
	for _, c := range cs {
		byID[c.id] = c.svg
	}
	v := pageView{Suite: in.Suite, Records: in.Sets[0].Analysis.Records}
	v.Sets = setNames(in)
	for _, t := range tables(in) {
		sv := sectionView{ID: t.id, Title: t.title, Note: t.note, Chart: byID[t.id]}
		for i, h := range t.head {
			sv.Head = append(sv.Head, cellView{h, t.right[i]})
		}
		for _, r := range t.rows {
			row := make([]cellView, len(r))
			for i, c := range r {
				row[i] = cellView{c, t.right[i]}
			}
			sv.Rows = append(sv.Rows, row)
		}
		v.Sections = append(v.Sections, sv)
	}
	bw := bufio.NewWriter(w)
	if err := pageTemplate.Execute(bw, v); err != nil {
		return fmt.Errorf("report: writing the HTML page: %w", err)
	}
	return bw.Flush()
}
