package scheduling

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

// TestTaskSkins checks every subtask of the family: its Likely units are
// pool units, its instances fit a prompt (sizes of the task brief) and
// name things once, and two seeds certify with the base units.
func TestTaskSkins(t *testing.T) {
	if testing.Short() {
		t.Skip("certifies two instances per subtask")
	}
	n := map[domains.Family]int{}
	for _, tk := range agendaTasks() {
		n[tk.Family]++
		for _, st := range tk.Subtasks {
			name := tk.ID + "/" + st.ID
			for id, w := range st.Likely {
				if _, ok := tk.Unit(id); !ok || w <= 1 {
					t.Errorf("%s: Likely %q: %v (want a pool unit with weight > 1)", name, id, w)
				}
			}
			kept := 0
			for seed := uint64(1); seed <= 2; seed++ {
				spec := domains.Spec{Task: tk.ID, Subtask: st.ID, Seed: seed, Basic: []string{unitAvailability, unitRoomFit}}
				inst, err := tk.Generate(context.Background(), sat.Backend{}, spec, rand.New(rand.NewPCG(seed, 0)))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				checkSizes(t, name, inst.(*Agenda))
				_, err = gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
				var drop *gen.DropError
				switch {
				case errors.As(err, &drop):
				case err != nil:
					t.Fatalf("%s/%d: %v", name, seed, err)
				default:
					kept++
				}
			}
			if kept == 0 {
				t.Errorf("%s: seeds 1 and 2 both dropped", name)
			}
		}
	}
	// Every skin of this core is in the registry, in a family of the
	// taxonomy, and the Scheduling family has at least one (the counts
	// come from the registry, so adding a skin changes no test).
	if len(agendaTasks()) != len(registered) {
		t.Errorf("%d agenda skins registered here, %d in the registry", len(registered), len(agendaTasks()))
	}
	for f := range n {
		if !slices.Contains(domains.Families, f) {
			t.Errorf("an agenda task has family %q, which is not in the taxonomy", f)
		}
	}
	if n[domains.Scheduling] == 0 {
		t.Errorf("agenda tasks registered per family: %v, want at least one Scheduling task", n)
	}
}

// TestSkinData checks the skin data that the registry does not carry:
// excluded units are pool units and not made likely, fixed tags name
// activities of the subtask, and a subtask gives no tags for a cooldown it
// excludes.
func TestSkinData(t *testing.T) {
	for _, tk := range registered {
		for _, st := range tk.Subtasks {
			name := tk.ID + "/" + st.ID
			ex := map[string]bool{}
			for _, id := range st.Exclude {
				found := false
				for _, u := range pool {
					found = found || u.Info().ID == id
				}
				if !found || st.Likely[id] > 0 {
					t.Errorf("%s: excluded unit %q is not a pool unit, or is likely", name, id)
				}
				ex[id] = true
			}
			for act := range st.Tags {
				found := false
				for _, n := range st.Activities {
					found = found || n == act
				}
				if !found {
					t.Errorf("%s: tag for unknown activity %q", name, act)
				}
			}
			if ex[unitCooldown] && (st.Tags != nil || st.TagPool != nil || st.Voc.Tag != "") {
				t.Errorf("%s: tags for an excluded cooldown", name)
			}
			if !ex[unitCooldown] && st.Voc.Tag == "" {
				t.Errorf("%s: cooldown without a tag noun", name)
			}
			if st.Voc.Person == "" || st.Voc.Attendees == "" {
				t.Errorf("%s: no Person or Attendees word", name)
			}
		}
	}
}

func checkSizes(t *testing.T, name string, a *Agenda) {
	t.Helper()
	d, s, r := len(a.Days), a.Slots, len(a.Rooms)
	if d > 3 || s > 10 || r > 3 || d*s*r > 60 {
		t.Errorf("%s: grid %d days × %d slots × %d rooms is too big", name, d, s, r)
	}
	if k := len(a.Activities); k < 3 || k > 6 {
		t.Errorf("%s: %d activities", name, k)
	}
	if k := len(a.People); k < 2 || k > 6 {
		t.Errorf("%s: %d people", name, k)
	}
	if a.SlotMin == 60 && a.DayStart%60 != 0 {
		t.Errorf("%s: hourly slots from %s", name, a.clock(0))
	}
	for _, w := range []string{a.Voc.Activity, a.Voc.Activities, a.Voc.Room} {
		if w == "day" || w == "start" || w == "objective" || w == "" {
			t.Errorf("%s: vocabulary word %q clashes with the answer's keys", name, w)
		}
	}
	if !strings.HasSuffix(a.Voc.Intro, " below.") {
		t.Errorf("%s: intro does not end with the instruction", name)
	}
	seen := map[string]bool{}
	for _, x := range a.Activities {
		if x.Duration < 1 || x.Duration > 3 || len(x.Attendees) < 1 || len(x.Attendees) > 4 {
			t.Errorf("%s: %s: %d slots, %d attendees", name, x.Name, x.Duration, len(x.Attendees))
		}
		if strings.Contains(x.Name, " and ") || strings.Contains(x.Name, ":") {
			t.Errorf("%s: %q reads badly inside a rule sentence", name, x.Name)
		}
		seen[x.Name] = true
	}
	for _, p := range a.People {
		seen[p.Name] = true
	}
	for _, rm := range a.Rooms {
		seen[rm.Name] = true
	}
	if len(seen) != len(a.Activities)+len(a.People)+len(a.Rooms) {
		t.Errorf("%s: a name is used twice", name)
	}
}
