package commute_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/domains/route/commute"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
	"github.com/plancert/plancert/solver/sat"
)

// data is the part of a Commute instance the brute-force oracle
// reads (through the instance's JSON, so the oracle shares no code with
// the model or the checker).
type data struct {
	Stops []string `json:"stops"`
	Lines []struct {
		Name  string `json:"name"`
		Stops []int  `json:"stops"`
		Fare  int64  `json:"fare"`
	} `json:"lines"`
	Runs []struct {
		Line  int     `json:"line"`
		Times []int64 `json:"times"`
	} `json:"runs"`
	Walks []struct {
		A, B    int
		Minutes int64
	} `json:"walks"`
	MaxWalk    int64                    `json:"max_walk"`
	Earliest   int64                    `json:"earliest"`
	Deadline   int64                    `json:"deadline"`
	Transfer   []int64                  `json:"transfer"`
	Budget     int64                    `json:"budget"`
	MaxChanges *int                     `json:"max_changes"`
	Avoid      *int                     `json:"avoid"`
	ClosedRaw  *struct{ Line, Pos int } `json:"closed"`
	Current    [][3]int                 `json:"current"`
	Backup     bool                     `json:"backup"`
}

// bLeg is a leg of the oracle: a ride (run, board and alight positions) or
// a walk (Run = -1) from stop A to stop B.
type bLeg struct {
	Run, I, J int
	A, B      int
	Minutes   int64
}

func (d *data) walkMin(a, b int) (int64, bool) {
	for _, w := range d.Walks {
		if w.A == a && w.B == b || w.A == b && w.B == a {
			return w.Minutes, true
		}
	}
	return 0, false
}

// allTrips lists every sequence of legs from stop 0 to stop 1 with at
// least one ride: rides boarded no earlier than one gets to the stop, no
// two walks or two rides of one run in a row, walks along links.
func (d *data) allTrips() [][]bLeg {
	var out [][]bLeg
	var seq []bLeg
	var dfs func(at int, t int64, rode bool)
	dfs = func(at int, t int64, rode bool) {
		if at == 1 && rode {
			out = append(out, slices.Clone(seq))
		}
		lastWalk := len(seq) > 0 && seq[len(seq)-1].Run < 0
		if !lastWalk {
			for s := range d.Stops {
				if w, ok := d.walkMin(at, s); ok && s != at {
					seq = append(seq, bLeg{Run: -1, A: at, B: s, Minutes: w})
					if rode {
						dfs(s, t+w, rode)
					} else {
						dfs(s, 0, rode)
					}
					seq = seq[:len(seq)-1]
				}
			}
		}
		for k, r := range d.Runs {
			if len(seq) > 0 && seq[len(seq)-1].Run == k {
				continue
			}
			l := d.Lines[r.Line]
			for i := range r.Times {
				if l.Stops[i] != at || rode && r.Times[i] < t {
					continue
				}
				for j := i + 1; j < len(r.Times); j++ {
					seq = append(seq, bLeg{Run: k, I: i, J: j, A: at, B: l.Stops[j]})
					dfs(l.Stops[j], r.Times[j], true)
					seq = seq[:len(seq)-1]
				}
			}
		}
	}
	dfs(0, 0, false)
	return out
}

// bVerdict is the oracle's view of a trip: totals and whether each rule
// (by checklist item ID) is kept.
type bVerdict struct {
	leave, arrival, rides, fare, walk, sumDep, kept int64
	keeps                                           map[string]bool
}

func (d *data) judge(trip []bLeg) bVerdict {
	v := bVerdict{keeps: map[string]bool{}}
	cur := map[[3]int]bool{}
	for _, c := range d.Current {
		cur[c] = true
	}
	transferOK, avoidOK, closureOK := true, true, true
	var t int64
	for k, l := range trip {
		if l.Run < 0 {
			v.walk += l.Minutes
			t += l.Minutes
			continue
		}
		r := d.Runs[l.Run]
		dep, arr := r.Times[l.I], r.Times[l.J]
		if v.rides == 0 {
			v.leave = dep
			if k > 0 {
				v.leave -= trip[k-1].Minutes
			}
		} else if p := trip[k-1]; p.Run >= 0 && d.Transfer != nil && d.Runs[p.Run].Times[p.J]+d.Transfer[l.A] > dep {
			transferOK = false
		}
		v.rides++
		v.fare += d.Lines[r.Line].Fare
		v.sumDep += dep
		if cur[[3]int{l.Run, l.I, l.J}] {
			v.kept++
		}
		if d.Avoid != nil && r.Line == *d.Avoid {
			avoidOK = false
		}
		if c := d.ClosedRaw; c != nil && r.Line == c.Line && l.I <= c.Pos && c.Pos < l.J {
			closureOK = false
		}
		t = arr
	}
	v.arrival = t
	if d.Deadline > 0 {
		v.keeps["arrival-deadline"] = v.arrival <= d.Deadline
	}
	if d.Earliest > 0 {
		v.keeps["earliest-departure"] = v.leave >= d.Earliest
	}
	if d.Transfer != nil {
		v.keeps["transfer-time"] = transferOK
	}
	if d.Budget > 0 {
		v.keeps["fare-budget"] = v.fare <= d.Budget
	}
	if d.MaxChanges != nil {
		v.keeps["transfer-limit"] = v.rides-1 <= int64(*d.MaxChanges)
	}
	if d.Avoid != nil {
		v.keeps["avoided-line"] = avoidOK
	}
	if d.Walks != nil {
		v.keeps["walking-limit"] = v.walk <= d.MaxWalk
	}
	if d.ClosedRaw != nil {
		v.keeps["line-closure"] = closureOK
	}
	return v
}

func (v bVerdict) feasible() bool {
	for _, ok := range v.keeps {
		if !ok {
			return false
		}
	}
	return true
}

func hhmm(m int64) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

// answer writes a trip in the answer form with the oracle's totals (a
// backup trip with the backup unit: the trip itself, which fails it).
func (d *data) answer(trip []bLeg) json.RawMessage { return d.answerPair(trip, trip) }

// answerPair writes a main trip and, with the backup unit, its backup.
func (d *data) answerPair(trip, backup []bLeg) json.RawMessage {
	v := d.judge(trip)
	m := map[string]any{"legs": d.legsOf(trip), "arrival": hhmm(v.arrival), "changes": v.rides - 1, "fare": v.fare}
	if d.Backup {
		m["backup"] = map[string]any{"legs": d.legsOf(backup), "arrival": hhmm(d.judge(backup).arrival)}
	}
	b, _ := json.Marshal(m)
	return b
}

// backupOK reports whether bk backs up trip: it keeps every rule, shares
// no ride with trip and rides no run of trip's first line.
func (d *data) backupOK(trip, bk []bLeg) bool {
	if !d.judge(bk).feasible() {
		return false
	}
	first := -1
	for _, l := range trip {
		if l.Run >= 0 {
			first = d.Runs[l.Run].Line
			break
		}
	}
	for _, l := range bk {
		if l.Run < 0 {
			continue
		}
		if d.Runs[l.Run].Line == first {
			return false
		}
		for _, m := range trip {
			if m.Run == l.Run && m.I == l.I && m.J == l.J {
				return false
			}
		}
	}
	return true
}

// legsOf writes legs in the answer form.
func (d *data) legsOf(trip []bLeg) []map[string]string {
	var legs []map[string]string
	for _, l := range trip {
		if l.Run < 0 {
			legs = append(legs, map[string]string{"line": "walk", "from": d.Stops[l.A], "to": d.Stops[l.B]})
			continue
		}
		r := d.Runs[l.Run]
		legs = append(legs, map[string]string{"line": d.Lines[r.Line].Name, "from": d.Stops[l.A], "depart": hhmm(r.Times[l.I]), "to": d.Stops[l.B], "arrive": hhmm(r.Times[l.J])})
	}
	return legs
}

// key is the objective vector for minimisation at every level of a trip
// (and its backup, nil without the unit): (−kept,) arrival, rides, fare,
// −leave, sum of departures, each level main then backup.
func (d *data) key(v bVerdict, bk *bVerdict) []int64 {
	vs := []bVerdict{v}
	if bk != nil {
		vs = append(vs, *bk)
	}
	var k []int64
	if d.Current != nil {
		k = append(k, -v.kept)
	}
	for l := range 5 {
		for _, x := range vs {
			k = append(k, []int64{x.arrival, x.rides, x.fare, -x.leave, x.sumDep}[l])
		}
	}
	return k
}

// unitSets are the unit sets of the brute-force test: each unit
// alone (with what it requires) and several together.
var unitSets = [][]string{{}, {"arrival-deadline"}, {"earliest-departure"}, {"transfer-time"}, {"fare-budget"}, {"max-transfers"}, {"avoid-line"}, {"walking"},
	{"line-closure"}, {"arrival-deadline", "infeasibility"}, {"arrival-deadline", "earliest-departure", "transfer-time", "infeasibility"},
	{"arrival-deadline", "walking", "fare-budget", "infeasibility"}, {"earliest-departure", "transfer-time", "max-transfers", "avoid-line", "walking"},
	{"arrival-deadline", "transfer-time", "fare-budget", "walking", "line-closure"}, {"backup-route"}, {"arrival-deadline", "earliest-departure", "transfer-time", "backup-route"},
	{"fare-budget", "max-transfers", "avoid-line", "walking", "backup-route"}}

// bruteSeeds are the seeds per unit set and subtask of the brute-force
// test.
var bruteSeeds = familytest.Levels{Short: 1, Default: 2, Long: 3}

// TestFamilyBrute: for every unit of the pool (alone and together), on
// seeded instances of every subtask (2 seeds; 1 with -short, 3 with
// PLANCERT_LONG=1), full enumeration of the trips with an oracle written
// from the instance's JSON agrees with the SAT certificate at every
// tie-break level (familytest.Brute: status, optimum vector, uniqueness,
// the certified plan passes every item), and each rule's checklist item
// passes exactly when the trip keeps that rule. Each outcome (infeasible,
// unique, tied before the tie-breaks) occurs at least twice.
func TestFamilyBrute(t *testing.T) {
	routetest.Brute{Sets: unitSets, Seeds: bruteSeeds.N(), Plans: "trips", Run: bruteCase}.Sweep(t, commute.Commuting())
}

// bruteCase compares the enumeration of one seeded instance with the
// certificates of its model at every tie-break level.
func bruteCase(t *testing.T, c routetest.Case, n *routetest.Tally) {
	inst, name := c.Inst, c.Name
	var d data
	routetest.Decode(t, inst, &d)
	per := 1 // objective levels per stated level: 2 with a backup
	if d.Backup {
		per = 2
	}
	base := per
	if d.Current != nil {
		base++
	}
	// maxed: the levels the certificate maximises (kept rides, leaving
	// time), which the oracle's key holds negated.
	maxed := func(i int) bool { return d.Current != nil && i == 0 || i >= base+2*per && i < base+3*per }
	dummy := domains.Reference{Feasible: true, Objective: []int64{-1}}
	var keys [][]int64 // the feasible plans' full vectors, in the certificate's form
	trips := 0
	all := d.allTrips()
	backups := [][]bLeg{nil}
	if d.Backup {
		backups = all
	}
	for i, trip := range all {
		v := d.judge(trip)
		for j, bk := range backups {
			ok := v.feasible()
			var bv *bVerdict
			if d.Backup {
				x := d.judge(bk)
				bv = &x
				ok = ok && d.backupOK(trip, bk)
			}
			if ok {
				k := d.key(v, bv)
				for l := range k {
					if maxed(l) {
						k[l] = -k[l]
					}
				}
				keys = append(keys, k)
			}
			if d.Backup && (i*len(all)+j)%7 != 0 {
				continue // the checker on a sample of the pairs
			}
			trips++
			for _, r := range inst.Check(context.Background(), sat.Backend{}, d.answerPair(trip, bk), dummy) {
				if want, ok := v.keeps[r.ID]; ok && r.Pass != want {
					t.Fatalf("%s: trip %v: item %s pass=%v, oracle %v", name, trip, r.ID, r.Pass, want)
				}
				if r.ID == "backup-route" && r.Pass != d.backupOK(trip, bk) {
					t.Fatalf("%s: trip %v backup %v: item %s pass=%v", name, trip, bk, r.ID, r.Pass)
				}
				if (r.ID == "route" || r.ID == "format" || r.ID == "stated") && !r.Pass {
					t.Fatalf("%s: trip %v: item %s fails: %s", name, trip, r.ID, r.Detail)
				}
			}
		}
	}
	better := routetest.Better(maxed)
	routetest.Levels(t, name, inst, base, base+4*per, per, func(level int) (int, int) {
		o := &familytest.Optima{Better: better}
		for _, k := range keys {
			o.Add(k[:level])
		}
		familytest.Brute{Name: fmt.Sprintf("%s level %d", name, level), Inst: inst, Optima: o}.Agree(t)
		return o.Feasible, o.Count
	}, n)
	n.Plans += trips
}
