package scheduling

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
)

// ---- required role (basic): every required role covered ----
//
// Some activities need a person in a role (Roles): each lists the people
// qualified for it, none of whom attends the activity. The answer names,
// under rolesKey, the person who takes each role; that person then attends
// the activity, and every person rule applies to them for it.
//
// The model has one Boolean per (role, qualified person), exactly one per
// role. "p attends i" is a literal: true for a listed attendee, the choice
// Boolean for a qualified person; the person-side constraints use the time
// literals of builder.ptimes, which for a qualified person are
// z ⇔ y ∧ choice. The units whose person-side model does not go through
// ptimes are excluded. After the goal and the tie-breaks, one level per
// role (in the order of Roles) minimises the chosen person's position in
// the qualified list, so the choice is unique.

const (
	unitRequiredRole = "required-role"
	// rolesKey is the answer key of the list of role choices.
	rolesKey = "roles"
)

// RoleNeed is an activity that needs a person in a role.
type RoleNeed struct {
	Activity  string   `json:"activity"`
	Role      string   `json:"role"`
	Qualified []string `json:"qualified"`
}

var roleWords = []string{"note-taker", "chair", "host"}

type requiredRole struct{}

func (requiredRole) Info() domains.Unit {
	return domains.Unit{ID: unitRequiredRole, Tier: domains.Basic, Title: "every required role covered",
		Excludes: []string{unitConsecutive, unitFragmentation, unitTimeZones, unitKeyPerson, unitReplanning,
			unitInfeasible, unitRoomFailure, unitBackupSlots}}
}

func groupRole(act string) string { return "role in " + act }

// roleIdx returns the activity index of each role need, or nil.
func (a *Agenda) roleIdx() []int {
	if len(a.Roles) == 0 || !a.has(unitRequiredRole) {
		return nil
	}
	out := make([]int, len(a.Roles))
	for k, r := range a.Roles {
		out[k] = a.actIndex(r.Activity)
	}
	return out
}

// roleSeat is 1 when activity i needs a role person (who takes a seat).
func (a *Agenda) roleSeat(i int) int {
	for _, k := range a.roleIdx() {
		if k == i {
			return 1
		}
	}
	return 0
}

// mayAttend returns the activities p attends or may attend in a role, in
// order.
func (a *Agenda) mayAttend(p string) []int {
	acts := a.attends(p)
	ri := a.roleIdx()
	if ri == nil {
		return acts
	}
	out := append([]int(nil), acts...)
	for k, i := range ri {
		for _, q := range a.Roles[k].Qualified {
			if q == p {
				out = append(out, i)
			}
		}
	}
	sort.Ints(out)
	return out
}

// Sample gives one or two activities a role, each with one to three
// qualified people among those not attending it (never a candidate of a
// recruitment skin). With a hidden schedule,
// the first qualified person of each (in draw order) keeps it valid under
// every rule drawn so far; an activity without such a person gets no role.
func (requiredRole) Sample(a *Agenda, r *rand.Rand) {
	a.Roles = nil
	n := min(len(a.Activities), 1+r.IntN(2))
	var added []int // activities whose hidden role person is added for now
	for _, i := range r.Perm(len(a.Activities)) {
		if len(a.Roles) == n {
			break
		}
		in := map[string]bool{}
		for _, p := range a.Activities[i].Attendees {
			in[p] = true
		}
		var cand []string
		for _, pi := range r.Perm(len(a.People)) {
			if p := a.People[pi].Name; !in[p] && !a.isCandidate(p) {
				cand = append(cand, p)
			}
		}
		if len(cand) == 0 {
			continue
		}
		first := -1
		for k, p := range cand {
			if a.planted == nil {
				first = k
				break
			}
			a.Activities[i].Attendees = append(a.Activities[i].Attendees, p)
			ok := a.plantedOK(a.planted, unitRequiredRole)
			a.Activities[i].Attendees = a.Activities[i].Attendees[:len(a.Activities[i].Attendees)-1]
			if ok {
				first = k
				break
			}
		}
		if first < 0 {
			continue
		}
		q := []string{cand[first]}
		rest := append(cand[:first:first], cand[first+1:]...)
		q = append(q, rest[:min(len(rest), r.IntN(3))]...)
		sortByOrder(q, a.People)
		a.Activities[i].Attendees = append(a.Activities[i].Attendees, cand[first])
		added = append(added, i)
		a.Roles = append(a.Roles, RoleNeed{Activity: a.Activities[i].Name, Role: roleWords[r.IntN(len(roleWords))], Qualified: q})
	}
	for _, i := range added {
		a.Activities[i].Attendees = a.Activities[i].Attendees[:len(a.Activities[i].Attendees)-1]
	}
	sort.Slice(a.Roles, func(x, y int) bool { return a.actIndex(a.Roles[x].Activity) < a.actIndex(a.Roles[y].Activity) })
}

// Model adds the choice Booleans and exactly one per role.
func (requiredRole) Model(b *builder) {}

// roleVars adds the choice variables (called by build before the rules).
func (b *builder) roleVars() {
	a := b.a
	ri := a.roleIdx()
	if ri == nil {
		return
	}
	b.choice = make([][]encode.Var, len(ri))
	b.z = map[zkey]encode.Lit{}
	for k, i := range ri {
		var ls []encode.Lit
		for _, p := range a.Roles[k].Qualified {
			v := b.newBool(fmt.Sprintf("role[%s|%s]", a.Activities[i].Name, p))
			b.choice[k] = append(b.choice[k], v)
			ls = append(ls, v.Lit())
		}
		b.m.AddExactly(ls, 1).Named(groupRole(a.Activities[i].Name))
	}
}

type zkey struct {
	p string
	i int
	t tkey
}

// choiceLit returns the literal "p takes the role of activity i", ok false
// when p does not (or cannot) take a role in i.
func (b *builder) choiceLit(p string, i int) (encode.Lit, bool) {
	for k, ai := range b.a.roleIdx() {
		if ai != i || b.choice == nil {
			continue
		}
		for x, q := range b.a.Roles[k].Qualified {
			if q == p {
				return b.choice[k][x].Lit(), true
			}
		}
	}
	return encode.Lit{}, false
}

// ptimes is times for person p's attendance of activity i: the time
// literals when p is a listed attendee, and z ⇔ y ∧ choice when p may
// take i's role.
func (b *builder) ptimes(p string, i int, f func(day, start, dur int) bool) []encode.Lit {
	c, ok := b.choiceLit(p, i)
	if !ok {
		return b.times(i, f)
	}
	var out []encode.Lit
	for _, k := range b.a.timeKeys(i) {
		d, s := k.day, k.start
		if !f(d, s, k.dur) {
			continue
		}
		key := zkey{p, i, k}
		z, ok := b.z[key]
		if !ok {
			y := b.y[i][k].Lit()
			z = b.newBool(fmt.Sprintf("z[%s|%s|%s|%s]", p, b.a.Activities[i].Name, b.a.Days[d], b.a.clock(s))).Lit()
			g := groupRole(b.a.Activities[i].Name)
			b.m.AddAtLeast([]encode.Lit{z.Not(), y}, 1).Named(fmt.Sprintf("%s: %s at %d.%d a", g, p, d, s)).InGroup(g)
			b.m.AddAtLeast([]encode.Lit{z.Not(), c}, 1).Named(fmt.Sprintf("%s: %s at %d.%d b", g, p, d, s)).InGroup(g)
			b.m.AddAtLeast([]encode.Lit{z, y.Not(), c.Not()}, 1).Named(fmt.Sprintf("%s: %s at %d.%d c", g, p, d, s)).InGroup(g)
			b.z[key] = z
		}
		out = append(out, z)
	}
	return out
}

// roleLevels adds one level per role: the chosen person's position.
func (b *builder) roleLevels() {
	for _, vs := range b.choice {
		var t []encode.Term
		for x, v := range vs {
			t = append(t, encode.Term{Var: v, Coef: int64(x)})
		}
		b.m.Minimize(t...)
	}
}

func (requiredRole) Rules(a *Agenda) []rule {
	var out []rule
	for _, rn := range a.Roles {
		who := fmt.Sprintf("one of: %s (in this order of preference)", strings.Join(rn.Qualified, ", "))
		if len(rn.Qualified) == 1 {
			who = "who must be " + rn.Qualified[0]
		}
		out = append(out, rule{Name: groupRole(rn.Activity), Text: fmt.Sprintf("%s needs a %s, %s. The %s attends %s, and every rule about %s applies to them for it.",
			rn.Activity, rn.Role, who, rn.Role, rn.Activity, a.Voc.attendees())})
	}
	return out
}

func (requiredRole) Items(a *Agenda) []domains.Item {
	if len(a.Roles) == 0 {
		return nil
	}
	return []domains.Item{domains.FeasibilityItem(unitRequiredRole, unitRequiredRole, domains.Basic, fmt.Sprintf("Every required role is taken by a qualified %s, who attends that %s.", a.Voc.person(), a.Voc.Activity))}
}

// Check: the role choices are parsed by parseRoles, the person rules are
// checked on the agenda with the qualified role persons added, and a
// role given to a person not qualified for it fails the unit's item
// (unqualified).
func (requiredRole) Check(*Agenda, *answer, fails) {}

// unqualified fails the required-role item on f for each role of roles
// (parseRoles) given to a person not qualified for it.
func (a *Agenda) unqualified(raw json.RawMessage, roles []int, f fails) {
	var obj map[string]json.RawMessage
	_ = json.Unmarshal(raw, &obj)
	var es []map[string]string
	_ = json.Unmarshal(obj[rolesKey], &es)
	for k, x := range roles {
		if x >= 0 {
			continue
		}
		rn := a.Roles[k]
		for _, e := range es {
			if e[a.Voc.Activity] == rn.Activity {
				f.Add(unitRequiredRole, fmt.Sprintf("%s is not qualified to be the %s of %s", e["person"], rn.Role, rn.Activity))
			}
		}
	}
}

// parseRoles reads the role choices: the position of the chosen person in
// each role's qualified list, in the order of Roles, -1 for a person of
// the problem not qualified for it (a broken rule, see unqualified); a
// message when a role is missing or listed twice, or names someone who
// is not a person of the problem (a form the answer cannot be read in).
func (a *Agenda) parseRoles(raw json.RawMessage) ([]int, string) {
	var obj map[string]json.RawMessage
	_ = json.Unmarshal(raw, &obj)
	var es []map[string]string
	if err := json.Unmarshal(obj[rolesKey], &es); err != nil || es == nil {
		return nil, fmt.Sprintf("%q must be a list of {%q: ..., \"person\": ...}", rolesKey, a.Voc.Activity)
	}
	got := make([]int, len(a.Roles))
	named := make([]bool, len(a.Roles))
	for k := range got {
		got[k] = -1
	}
	people := a.personIndex()
	for _, e := range es {
		name, p := e[a.Voc.Activity], e["person"]
		k := -1
		for x, rn := range a.Roles {
			if rn.Activity == name {
				k = x
			}
		}
		if k < 0 {
			return nil, fmt.Sprintf("%s: %q needs no role", rolesKey, name)
		}
		if named[k] {
			return nil, fmt.Sprintf("%s: %q is listed twice", rolesKey, name)
		}
		named[k] = true
		if _, ok := people[p]; !ok {
			return nil, fmt.Sprintf("%s: %q is not one of the %s", rolesKey, p, orDefault(a.Voc.People, "people"))
		}
		got[k] = slices.Index(a.Roles[k].Qualified, p)
	}
	for k, ok := range named {
		if !ok {
			return nil, fmt.Sprintf("%s: no %s is named for %s", rolesKey, a.Roles[k].Role, a.Roles[k].Activity)
		}
	}
	return got, ""
}

// withRoles returns a copy of a in which each role's chosen person is an
// attendee of its activity and no role remains (so every unit's check
// applies to the role persons); a role given to a person not qualified
// for it (-1) adds no one.
func (a *Agenda) withRoles(roles []int) *Agenda {
	c := *a
	c.cache = nil
	c.Roles = nil
	c.Activities = append([]Activity(nil), a.Activities...)
	for k, i := range a.roleIdx() {
		if roles[k] < 0 {
			continue
		}
		att := append([]string(nil), c.Activities[i].Attendees...)
		c.Activities[i].Attendees = append(att, a.Roles[k].Qualified[roles[k]])
	}
	return &c
}

// roleValues returns the role levels of the choices.
func roleValues(roles []int) []int64 {
	out := make([]int64, len(roles))
	for k, x := range roles {
		out[k] = int64(x)
	}
	return out
}

// decodeRoles reads the role choices of a solution.
func (a *Agenda) decodeRoles(asg encode.Assignment) ([]int, error) {
	out := make([]int, len(a.rvars))
	for k, vs := range a.rvars {
		out[k] = -1
		for x, v := range vs {
			if int(v) < len(asg) && asg[v] == 1 {
				out[k] = x
			}
		}
		if out[k] < 0 {
			return nil, fmt.Errorf("scheduling: no %s for %q in the solution", a.Roles[k].Role, a.Roles[k].Activity)
		}
	}
	return out, nil
}

// rolesJSON writes the ", "roles": [...]" part of an answer.
func (a *Agenda) rolesJSON(roles []int) string {
	var es []string
	for k, x := range roles {
		es = append(es, fmt.Sprintf("{%q: %q, \"person\": %q}", a.Voc.Activity, a.Roles[k].Activity, a.Roles[k].Qualified[x]))
	}
	return fmt.Sprintf(", %q: [%s]", rolesKey, strings.Join(es, ", "))
}

// roleActs returns the names of the activities that need a role.
func (a *Agenda) roleActs() []string {
	var out []string
	for _, rn := range a.Roles {
		out = append(out, rn.Activity)
	}
	return out
}

// encodeRoles writes the answer of the required-role unit: the schedule,
// then the role choices.
func (a *Agenda) encodeRoles(pl []placement, roles []int) json.RawMessage {
	var b strings.Builder
	a.writePlan(&b, pl, a.goal(pl))
	b.WriteString(a.rolesJSON(roles) + "}")
	return json.RawMessage(b.String())
}
