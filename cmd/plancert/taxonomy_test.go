package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestTaxonomyJSON: the JSON listing has every family in the taxonomy's
// order and, under each, exactly its registered tasks with their core,
// subtasks and pool as registered; --family keeps one family.
func TestTaxonomyJSON(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		families []domains.Family
	}{
		{"all", []string{"taxonomy", "--json"}, domains.Families},
		{"workforce", []string{"taxonomy", "--json", "--family", "workforce"}, []domains.Family{domains.Workforce}},
		{"routing", []string{"taxonomy", "--family", "routing", "--json"}, []domains.Family{domains.Routing}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runPlancert(t, "", tt.args...)
			if r.code != exitOK || r.stderr != "" {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			var got struct {
				Families []struct {
					Family domains.Family `json:"family"`
					Tasks  []domains.Task `json:"tasks"`
				} `json:"families"`
			}
			if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
				t.Fatalf("%v\n%s", err, r.stdout)
			}
			if len(got.Families) != len(tt.families) {
				t.Fatalf("%d families, want %d", len(got.Families), len(tt.families))
			}
			for k, f := range got.Families {
				if f.Family != tt.families[k] {
					t.Fatalf("family %d is %s, want %s", k, f.Family, tt.families[k])
				}
				var want []*domains.Task
				for _, tk := range domains.Tasks() {
					if tk.Family == f.Family {
						want = append(want, tk)
					}
				}
				if f.Tasks == nil || len(f.Tasks) != len(want) {
					t.Fatalf("%s: %d tasks listed (%v), %d registered", f.Family, len(f.Tasks), f.Tasks == nil, len(want))
				}
				for i, tk := range f.Tasks {
					w := want[i]
					if tk.ID != w.ID || tk.Name != w.Name || tk.Family != w.Family || tk.Core != w.Core ||
						len(tk.Subtasks) != len(w.Subtasks) || len(tk.Pool) != len(w.Pool) {
						t.Errorf("%s: listed %+v, registered %+v", w.ID, tk, *w)
						continue
					}
					for j, u := range tk.Pool {
						if u.ID != w.Pool[j].ID || u.Tier != w.Pool[j].Tier {
							t.Errorf("%s: pool unit %d is %s/%s, want %s/%s", w.ID, j, u.ID, u.Tier, w.Pool[j].ID, w.Pool[j].Tier)
						}
					}
				}
			}
		})
	}
}

// TestTaxonomyText: the text listing names every family (saying when it
// has no task), every registered task with its name, core and subtasks, and
// every unit of every pool; nothing else is called a task.
func TestTaxonomyText(t *testing.T) {
	r := runPlancert(t, "", "taxonomy")
	if r.code != exitOK || r.stderr != "" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	out := r.stdout
	byFamily := map[domains.Family]int{}
	for _, tk := range domains.Tasks() {
		byFamily[tk.Family]++
		if !strings.Contains(out, "  "+tk.ID+"  \""+tk.Name+"\"  core "+tk.Core+",") {
			t.Errorf("task %s is not listed", tk.ID)
		}
		for _, st := range tk.Subtasks {
			if !strings.Contains(out, "    - "+st.ID+": "+st.Title+"\n") {
				t.Errorf("%s: subtask %s is not listed", tk.ID, st.ID)
			}
		}
		if !strings.Contains(out, "core "+tk.Core+": pool of ") {
			t.Errorf("%s: the pool of core %s is not listed", tk.ID, tk.Core)
		}
		for _, u := range tk.Pool {
			if !strings.Contains(out, " "+u.ID+" ") {
				t.Errorf("%s: unit %s is not listed", tk.ID, u.ID)
			}
		}
	}
	listed := 0
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   ") && strings.Contains(line, "\"  core ") {
			listed++
		}
	}
	if listed != len(domains.Tasks()) {
		t.Errorf("%d task lines, %d tasks registered", listed, len(domains.Tasks()))
	}
	for _, f := range domains.Families {
		head := string(f) + ": no tasks registered yet\n"
		if n := byFamily[f]; n > 0 {
			head = fmt.Sprintf("%s: %d %s\n", f, n, plural(n, "task", "tasks"))
		}
		if !strings.Contains(out, head) {
			t.Errorf("no line %q", head)
		}
	}
}

// TestTaxonomyUsage: bad flags and arguments are usage errors (exit 2)
// that say what is wrong.
func TestTaxonomyUsage(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"unknown family", []string{"taxonomy", "--family", "cooking"}, `unknown family "cooking" (families: scheduling, allocation`},
		{"argument", []string{"taxonomy", "agenda"}, `taxonomy takes no arguments, got "agenda"`},
		{"unknown flag", []string{"taxonomy", "--yaml"}, "unknown flag: --yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runPlancert(t, "", tt.args...)
			if r.code != exitBadInput || !strings.Contains(r.stderr, tt.stderr) || r.stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", r.code, r.stdout, r.stderr, exitBadInput, tt.stderr)
			}
		})
	}
}
