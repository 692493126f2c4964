package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// errWriter writes to a buffered writer, keeping the first error.
type errWriter struct {
	w   *bufio.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

func (e *errWriter) flush() error {
	if e.err == nil {
		e.err = e.w.Flush()
	}
	return e.err
}

// header is the line naming the suite and the response sets.
func header(in *Input) string {
	return fmt.Sprintf("suite %s: %d records; responses: %s", in.Suite, in.Sets[0].Analysis.Records, strings.Join(setNames(in), ", "))
}

// setNames returns the names of the response sets, each after its column
// prefix when there are two ("A = name").
func setNames(in *Input) []string {
	out := make([]string, len(in.Sets))
	for k, s := range in.Sets {
		out[k] = s.Name
		if p := prefix(in, k); p != "" {
			out[k] = p + "= " + s.Name
		}
	}
	return out
}

// WriteText writes the report for a terminal: every table with aligned
// columns, titles underlined, no notes.
func WriteText(w io.Writer, in *Input) error {
	if err := in.check(); err != nil {
		return err
	}
	e := &errWriter{w: bufio.NewWriter(w)}
	e.printf("%s\n", header(in))
	for _, t := range tables(in) {
		e.printf("\n%s\n%s\n", t.title, strings.Repeat("-", utf8.RuneCountInString(t.title)))
		width := make([]int, len(t.head))
		for i, h := range t.head {
			width[i] = utf8.RuneCountInString(h)
		}
		for _, r := range t.rows {
			for i, c := range r {
				width[i] = max(width[i], utf8.RuneCountInString(c))
			}
		}
		line := func(cells []string) {
			var b strings.Builder
			for i, c := range cells {
				pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
				if i > 0 {
					b.WriteString("  ")
				}
				if t.right[i] {
					b.WriteString(pad + c)
				} else {
					b.WriteString(c + pad)
				}
			}
			e.printf("%s\n", strings.TrimRight(b.String(), " "))
		}
		line(t.head)
		for _, r := range t.rows {
			line(r)
		}
	}
	return e.flush()
}

// mdEscape escapes the characters that would break a Markdown table cell.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "*", `\*`, "_", `\_`, "`", "\\`").Replace(s)
}

// WriteMarkdown writes the report as Markdown (GitHub tables): a title, the
// suite and response sets, then every table with its note.
func WriteMarkdown(w io.Writer, in *Input) error {
	if err := in.check(); err != nil {
		return err
	}
	e := &errWriter{w: bufio.NewWriter(w)}
	e.printf("# plancert report\n\n")
	e.printf("Suite `%s`: %d records. Responses: %s.\n", strings.ReplaceAll(in.Suite, "`", "'"), in.Sets[0].Analysis.Records, mdEscape(strings.Join(setNames(in), ", ")))
	for _, t := range tables(in) {
		e.printf("\n## %s\n\n", t.title)
		if t.note != "" {
			e.printf("%s\n\n", mdEscape(t.note))
		}
		cells := make([]string, len(t.head))
		for i, h := range t.head {
			cells[i] = mdEscape(h)
		}
		e.printf("| %s |\n", strings.Join(cells, " | "))
		for i := range t.head {
			if t.right[i] {
				cells[i] = "--:"
			} else {
				cells[i] = ":--"
			}
		}
		e.printf("|%s|\n", strings.Join(cells, "|"))
		for _, r := range t.rows {
			for i, c := range r {
				cells[i] = mdEscape(c)
			}
			e.printf("| %s |\n", strings.Join(cells, " | "))
		}
	}
	return e.flush()
}
