package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/all" // registers every task family
)

type taxonomyOptions struct {
	IO *iostreams

	Family string
	JSON   bool
}

const taxonomyLong = `List what the registry holds: the families in the taxonomy's order, each
with its registered tasks (id, name, family, core model), their subtasks and
the constraint pool of each core, unit by unit in basic / medium / hard tiers
and the stateful layer. Only registered tasks are listed; a family without
any says so. With --json, one JSON object: {"families": [{"family", "tasks":
[task]}]}, a task with its id, name, family, core, subtasks (id, title,
likely and excluded units), levels (level, sizes: name, lo, hi; the ranges
its generator draws at each size level of "plancert gen --level") and pool
(id, tier, title, excludes, requires).`

const taxonomyExample = `  $ plancert taxonomy
  $ plancert taxonomy --family workforce
  $ plancert taxonomy --family scheduling --json`

func newTaxonomyCmd(ios *iostreams, runF func(*taxonomyOptions) error) *cobra.Command {
	opts := &taxonomyOptions{IO: ios}
	cmd := &cobra.Command{
		Use:     "taxonomy [--family F] [--json]",
		Short:   "List the registered families, tasks, subtasks and constraint pools",
		Long:    taxonomyLong,
		Example: taxonomyExample,
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			if opts.Family != "" && !slices.Contains(domains.Families, domains.Family(opts.Family)) {
				return usageErrorf("unknown family %q (families: %s)", opts.Family, familiesList)
			}
			if runF != nil {
				return runF(opts)
			}
			return runTaxonomy(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Family, "family", "", "list only this family ("+familiesList+")")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "write JSON instead of text")
	return cmd
}

// taxonomyFamily is one family of the listing with its registered tasks.
type taxonomyFamily struct {
	Family domains.Family  `json:"family"`
	Tasks  []*domains.Task `json:"tasks"`
}

// taxonomy returns the families (all, or only family) with their
// registered tasks, in registry order.
func taxonomy(family string) []taxonomyFamily {
	var out []taxonomyFamily
	tasks := domains.Tasks()
	for _, f := range domains.Families {
		if family != "" && string(f) != family {
			continue
		}
		tf := taxonomyFamily{Family: f, Tasks: []*domains.Task{}}
		for _, t := range tasks {
			if t.Family == f {
				tf.Tasks = append(tf.Tasks, t)
			}
		}
		out = append(out, tf)
	}
	return out
}

func runTaxonomy(opts *taxonomyOptions) error {
	fams := taxonomy(opts.Family)
	if opts.JSON {
		data, err := json.MarshalIndent(map[string]any{"families": fams}, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(opts.IO.Out, "%s\n", data)
		return err
	}
	return writeTaxonomy(opts.IO.Out, fams)
}

// writeTaxonomy writes the text form: per family its tasks and their
// subtasks, then the pool of each core once (and a task's own pool under
// the task when it differs from the first pool listed for its core).
func writeTaxonomy(w io.Writer, fams []taxonomyFamily) error {
	var b strings.Builder
	var cores []string
	pools := map[string][]domains.Unit{}
	for _, f := range fams {
		if len(f.Tasks) == 0 {
			fmt.Fprintf(&b, "%s: no tasks registered yet\n\n", f.Family)
			continue
		}
		fmt.Fprintf(&b, "%s: %d %s\n", f.Family, len(f.Tasks), plural(len(f.Tasks), "task", "tasks"))
		for _, t := range f.Tasks {
			fmt.Fprintf(&b, "  %s  %q  core %s, %d %s\n", t.ID, t.Name, t.Core, len(t.Subtasks), plural(len(t.Subtasks), "subtask", "subtasks"))
			for _, st := range t.Subtasks {
				fmt.Fprintf(&b, "    - %s: %s\n", st.ID, st.Title)
			}
			writeLevels(&b, "    ", t.Levels)
			first, seen := pools[t.Core]
			switch {
			case !seen:
				cores = append(cores, t.Core)
				pools[t.Core] = t.Pool
			case !slices.EqualFunc(first, t.Pool, func(x, y domains.Unit) bool { return x.ID == y.ID && x.Tier == y.Tier }):
				b.WriteString("    its own pool:\n")
				writePool(&b, "      ", t.Pool)
			}
		}
		b.WriteString("\n")
	}
	for _, c := range cores {
		fmt.Fprintf(&b, "core %s: pool of %d units\n", c, len(pools[c]))
		writePool(&b, "  ", pools[c])
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, strings.TrimSuffix(b.String(), "\n"))
	return err
}

// writeLevels writes a task's sizes per level, one level a line:
// "level 3: 8–12 activities, 2–3 days".
func writeLevels(b *strings.Builder, indent string, levels []domains.LevelSizes) {
	for _, l := range levels {
		parts := make([]string, len(l.Sizes))
		for k, s := range l.Sizes {
			parts[k] = fmt.Sprintf("%d %s", s.Lo, s.Name)
			if s.Hi != s.Lo {
				parts[k] = fmt.Sprintf("%d–%d %s", s.Lo, s.Hi, s.Name)
			}
		}
		fmt.Fprintf(b, "%slevel %d: %s\n", indent, l.Level, strings.Join(parts, ", "))
	}
}

// writePool writes a pool tier by tier, one unit a line: its id, title and
// declared compatibility.
func writePool(b *strings.Builder, indent string, pool []domains.Unit) {
	for _, tier := range []domains.Tier{domains.Basic, domains.Medium, domains.Hard, domains.Stateful} {
		var us []domains.Unit
		for _, u := range pool {
			if u.Tier == tier {
				us = append(us, u)
			}
		}
		if len(us) == 0 {
			continue
		}
		fmt.Fprintf(b, "%s%s:\n", indent, tier)
		for _, u := range us {
			fmt.Fprintf(b, "%s  %-22s %s", indent, u.ID, u.Title)
			if len(u.Requires) > 0 {
				fmt.Fprintf(b, "; requires %s", strings.Join(u.Requires, ", "))
			}
			if len(u.Excludes) > 0 {
				fmt.Fprintf(b, "; excludes %s", strings.Join(u.Excludes, ", "))
			}
			b.WriteString("\n")
		}
	}
}
