package trainset

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// CardSplit is one split of a Hugging Face dataset.
type CardSplit struct {
	Name    string // "train" or "test"
	Path    string // the parquet file, relative to the dataset directory (HFSplitPath)
	Records []Indexed
	Size    int64 // the parquet file's size in bytes
}

// Card is what a dataset card says besides its records.
type Card struct {
	Splits []CardSplit
	// License is a Hugging Face licence id ("mit", "cc-by-4.0", ...);
	// "unknown" says none was given.
	License  string
	Suite    string  // the suite's name as given to export
	SHA256   string  // hex SHA-256 of the suite file
	Fraction float64 // the test fraction (0: no test split)
	Command  string  // the command that wrote the dataset
	Version  string  // the plancert that wrote it ("devel", a module version, a commit)
}

// WriteCard writes the dataset card, README.md: YAML front matter with
// configs (a default config whose data_files name each split's file) and
// dataset_info (the features of HFRow, and per split num_examples and
// num_bytes, the Arrow size datasets records), the licence, task
// categories and tags; then what plancert is, how the records were
// certified, the columns, how to grade offline, the counts per family,
// task, level and status, and the command that wrote the dataset. The same
// card gives the same bytes.
func WriteCard(w io.Writer, c Card) error {
	feats, err := features(parquet.SchemaOf(HFRow{}))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	n := 0
	for _, s := range c.Splits {
		n += len(s.Records)
	}
	license := cmp.Or(c.License, "unknown")

	// The front matter.
	b.WriteString("---\n")
	fmt.Fprintf(&b, "license: %s\n", yamlScalar(license))
	b.WriteString("language:\n- en\n")
	b.WriteString("task_categories:\n- text-generation\n")
	b.WriteString("tags:\n- plancert\n- planning\n- constraint-satisfaction\n- synthetic\n- verifiable-rewards\n")
	fmt.Fprintf(&b, "size_categories:\n- %s\n", yamlScalar(sizeCategory(n)))
	b.WriteString("configs:\n- config_name: default\n  data_files:\n")
	for _, s := range c.Splits {
		fmt.Fprintf(&b, "  - split: %s\n    path: %s\n", yamlScalar(s.Name), yamlScalar(s.Path))
	}
	b.WriteString("dataset_info:\n  features:\n")
	writeFeatures(&b, feats, "  ")
	b.WriteString("  splits:\n")
	var download, size int64
	for _, s := range c.Splits {
		rows, err := HFRows(s.Records)
		if err != nil {
			return err
		}
		nb := arrowBytes(rows)
		fmt.Fprintf(&b, "  - name: %s\n    num_bytes: %d\n    num_examples: %d\n", yamlScalar(s.Name), nb, len(rows))
		download += s.Size
		size += nb
	}
	fmt.Fprintf(&b, "  download_size: %d\n  dataset_size: %d\n", download, size)
	b.WriteString("---\n\n")

	// The prose.
	fmt.Fprintf(&b, "# plancert: %s\n\n", mdText(c.Suite))
	fmt.Fprintf(&b, "%d planning problems whose answers are proven, made and certified by plancert\n", n)
	b.WriteString(`(the Go module github.com/plancert/plancert), with everything needed to grade
an answer exactly. Each problem asks for a plan (a schedule, an assignment,
a route, ...) as one JSON object; every instance is an exact constraint
model solved by a SAT solver, its checklist comes from the solver and is
checked by code, and no language model grades anything.

## How the records were certified

- **The optimum is proven** by the SAT solver at every level of the
  instance's lexicographic objective (` + "`certificate.objective`" + `, with the
  solver's deterministic counters in ` + "`certificate.stats`" + `). The prompt
  states the objective and its tie-breaks.
- **Uniqueness is checked**: the solver looks for a second optimal plan that
  differs on the answer. ` + "`certificate.unique`" + ` is true when there is none;
  when there is one, it is false and ` + "`certificate.witness`" + ` is that plan.
- **An infeasible instance** is explained by a minimal set of conflicting
  rules, ` + "`certificate.core`" + `: without any one of them the rest can be
  kept. The expected answer then says so (` + "`reference.plan`" + ` is
  ` + "`{\"feasible\": false, \"conflict\": [...]}`" + `).
- **The reference plan** (` + "`reference.plan`" + `) passes every item of the record's
  checklist: the record is checked when it is made, and plancert's reward
  server checks every reference again before it serves.

`)
	b.WriteString("| certificate | records |\n|---|---:|\n")
	for _, kv := range countBy(c.Splits, certKind) {
		fmt.Fprintf(&b, "| %s | %d |\n", kv.key, kv.n)
	}

	b.WriteString("\n## Splits\n\n| split | file | records |\n|---|---|---:|\n")
	for _, s := range c.Splits {
		fmt.Fprintf(&b, "| %s | `%s` | %d |\n", s.Name, s.Path, len(s.Records))
	}
	if c.Fraction > 0 {
		fmt.Fprintf(&b, "\nThe test split holds the fraction %s of the records with the smallest\nFNV-1a hash of their ids: the same suite always splits the same way.\n", strconv.FormatFloat(c.Fraction, 'g', -1, 64))
	}

	b.WriteString(`
## Columns

| column | type | what |
|---|---|---|
| ` + "`id`" + ` | string | the record id, ` + "`task/subtask/seed`" + ` |
| ` + "`hash`" + ` | string | the record's content hash (` + "`sha256:`" + ` and 32 hex digits): send it with the id, and a server whose record of that id differs refuses to grade |
| ` + "`index`" + ` | int64 | the record's line in the suite, from 0 |
| ` + "`family`, `task`, `subtask`" + ` | string | what kind of problem |
| ` + "`level`" + ` | int64 | the size level, 1 to 5 |
| ` + "`status`" + ` | string | ` + "`certificate.status`" + `: ` + "`optimal`" + ` or ` + "`infeasible`" + ` |
| ` + "`prompt`" + ` | list of {role, content} | one user message, the record's prompt (the conversational form TRL takes) |
| ` + "`record`" + ` | string | the whole record as JSON, its line in the suite exactly: instance, checklist, reference plan, certificate |

## Grading

The ` + "`record`" + ` column holds everything grading needs, so grading works
offline: written one per line, the records of a split are a plancert suite.

` + "```python" + `
from datasets import load_dataset

ds = load_dataset("path/to/this/dataset")   # or its Hub repository id
with open("suite.jsonl", "w", encoding="utf-8") as f:
    for row in ds["` + c.Splits[len(c.Splits)-1].Name + `"]:
        f.write(row["record"] + "\n")
` + "```" + `

` + "```sh" + `
plancert score --suite suite.jsonl --responses responses.jsonl   # one {"id", "response"} per line
plancert serve --suite suite.jsonl --addr 127.0.0.1:8000         # rewards over HTTP, by record id
` + "```" + `

The answer is the last fenced JSON block of a response (else its last
top-level JSON object); every checklist item is run on it. Rewards: allpass
(1 when every item passes), avgpass (the fraction that pass), feasible
(the format, coverage and feasibility items only).

## Contents

`)
	byTask := countBy(c.Splits, func(x Indexed) string { return string(x.Record.Family) + "\x00" + x.Record.Task })
	splitHeader(&b, c.Splits, "family | task")
	for _, kv := range byTask {
		fam, task, _ := strings.Cut(kv.key, "\x00")
		fmt.Fprintf(&b, "| %s | %s |%s\n", fam, task, splitCounts(c.Splits, kv, func(x Indexed) string { return string(x.Record.Family) + "\x00" + x.Record.Task }))
	}
	b.WriteString("\n")
	levelKey := func(x Indexed) string { return fmt.Sprintf("%d", max(x.Record.Level, 1)) }
	splitHeader(&b, c.Splits, "level")
	for _, kv := range countBy(c.Splits, levelKey) {
		fmt.Fprintf(&b, "| %s |%s\n", kv.key, splitCounts(c.Splits, kv, levelKey))
	}

	b.WriteString("\n## Provenance\n\n")
	fmt.Fprintf(&b, "Written by plancert %s with\n\n```sh\n%s\n```\n\n", mdText(c.Version), c.Command)
	fmt.Fprintf(&b, "from the suite `%s`, %d records", mdText(c.Suite), n)
	if c.SHA256 != "" {
		fmt.Fprintf(&b, ", SHA-256 %s", c.SHA256)
	}
	b.WriteString(`. Each record's
` + "`instance.spec`" + ` (task, subtask, rules, seed, level) regenerates its instance
byte for byte.

## Licence

`)
	if license == "unknown" {
		b.WriteString("None was given when the dataset was written (`license: unknown`).\n")
	} else {
		fmt.Fprintf(&b, "`%s`, as given when the dataset was written.\n", mdText(license))
	}
	_, err = w.Write(b.Bytes())
	return err
}

type keyCount struct {
	key string
	n   int
}

// countBy counts the records of every split by key, in key order (levels
// numerically).
func countBy(splits []CardSplit, key func(Indexed) string) []keyCount {
	m := map[string]int{}
	for _, s := range splits {
		for _, x := range s.Records {
			m[key(x)]++
		}
	}
	out := make([]keyCount, 0, len(m))
	for k, v := range m {
		out = append(out, keyCount{k, v})
	}
	slices.SortFunc(out, func(a, b keyCount) int {
		ai, aerr := strconv.Atoi(a.key)
		bi, berr := strconv.Atoi(b.key)
		if aerr == nil && berr == nil {
			return cmp.Compare(ai, bi)
		}
		return strings.Compare(a.key, b.key)
	})
	return out
}

// splitHeader writes the header of a table of counts: the key columns,
// records, and a column per split when there are several.
func splitHeader(b *bytes.Buffer, splits []CardSplit, keys string) {
	fmt.Fprintf(b, "| %s | records |", keys)
	align := strings.Repeat("---|", strings.Count(keys, "|")+1) + "---:|"
	if len(splits) > 1 {
		for _, s := range splits {
			fmt.Fprintf(b, " %s |", s.Name)
			align += "---:|"
		}
	}
	fmt.Fprintf(b, "\n|%s\n", align)
}

func splitCounts(splits []CardSplit, kv keyCount, key func(Indexed) string) string {
	out := fmt.Sprintf(" %d |", kv.n)
	if len(splits) > 1 {
		for _, s := range splits {
			k := 0
			for _, x := range s.Records {
				if key(x) == kv.key {
					k++
				}
			}
			out += fmt.Sprintf(" %d |", k)
		}
	}
	return out
}

// certKind says what a record's certificate proves.
func certKind(x Indexed) string {
	c := x.Record.Certificate
	switch {
	case c.Status == "optimal" && c.Unique != nil && *c.Unique:
		return "optimal, unique"
	case c.Status == "optimal" && c.Unique != nil:
		return "optimal, not unique (a second optimal plan is the witness)"
	case c.Status == "infeasible":
		return "infeasible (a minimal conflicting set of rules)"
	}
	return cmp.Or(c.Status, "(none)")
}

// sizeCategory is the Hugging Face size category of n records.
func sizeCategory(n int) string {
	bounds := []struct {
		max  int
		name string
	}{{1_000, "n<1K"}, {10_000, "1K<n<10K"}, {100_000, "10K<n<100K"}, {1_000_000, "100K<n<1M"}, {10_000_000, "1M<n<10M"}}
	for _, b := range bounds {
		if n < b.max {
			return b.name
		}
	}
	return "10M<n<100M"
}

// writeFeatures writes features in the YAML form of datasets'
// Features._to_yaml_list: a value as dtype, a list as list (its element's
// dtype, or its element's fields), a struct as struct.
func writeFeatures(b *bytes.Buffer, fs []feature, indent string) {
	for _, f := range fs {
		fmt.Fprintf(b, "%s- name: %s\n", indent, yamlScalar(f.name))
		writeFeatureType(b, f, indent+"  ")
	}
}

func writeFeatureType(b *bytes.Buffer, f feature, indent string) {
	switch {
	case f.list != nil && f.list.dtype != "":
		fmt.Fprintf(b, "%slist: %s\n", indent, f.list.dtype)
	case f.list != nil && f.list.fields != nil:
		fmt.Fprintf(b, "%slist:\n", indent)
		writeFeatures(b, f.list.fields, indent)
	case f.list != nil:
		fmt.Fprintf(b, "%slist:\n", indent)
		writeFeatureType(b, *f.list, indent+"  ")
	case f.fields != nil:
		fmt.Fprintf(b, "%sstruct:\n", indent)
		writeFeatures(b, f.fields, indent)
	default:
		fmt.Fprintf(b, "%sdtype: %s\n", indent, f.dtype)
	}
}

var yamlPlain = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]*(/[A-Za-z0-9_.-]+)*$`)

// yamlScalar is s as a YAML scalar: plain when it is a name YAML reads as a
// string, else double-quoted (JSON's escapes are YAML's).
func yamlScalar(s string) string {
	switch strings.ToLower(s) {
	case "y", "n", "yes", "no", "true", "false", "on", "off", "null":
	default:
		if yamlPlain.MatchString(s) {
			return s
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// mdText is s with the characters that Markdown tables and code spans
// treat specially replaced.
func mdText(s string) string {
	return strings.NewReplacer("`", "'", "|", "/", "\n", " ", "\r", " ").Replace(s)
}
