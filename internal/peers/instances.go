package peers

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/encode"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/internal/jobshop"
	"github.com/plancert/plancert/internal/roster"
	"github.com/plancert/plancert/internal/tsplib"
	"github.com/plancert/plancert/solver/sat"

	// The scheduling family registers its tasks.
	_ "github.com/plancert/plancert/domains/all" // registers every task family
)

// Instance is one benchmark model of a family.
type Instance struct {
	Family string
	Name   string
	Model  *encode.Model
}

// The benchmark families.
const (
	FamilyJobShop = "jobshop"
	FamilyTSP     = "tsp"
	FamilyRoster  = "roster"
	FamilyAgenda  = "agenda"
)

// Families lists the families in table order.
var Families = []string{FamilyJobShop, FamilyTSP, FamilyRoster, FamilyAgenda}

// Sizes says which instances to make.
type Sizes struct {
	// JobShops are the job-shop instances, files in jobshop/instances.
	JobShops []string
	// RandomTSPs are the city counts of seeded random Euclidean TSPs
	// (besides burma14 from TSPLIB).
	RandomTSPs []int
	// RosterSeeds are the seeds of 8-staff rosters.
	RosterSeeds []uint64
	// AgendasPerTask is the number of certified agendas per scheduling task.
	AgendasPerTask int
	// Seed seeds the random TSPs and the agenda specs.
	Seed uint64
}

// DefaultSizes are the sizes of "make bench-peers": job shop ft06 and
// la01–la05, burma14 and random TSPs of 8, 9 and 10 cities, three 8-staff
// rosters and two certified agendas per scheduling task.
var DefaultSizes = Sizes{
	JobShops:       []string{"ft06", "la01", "la02", "la03", "la04", "la05"},
	RandomTSPs:     []int{8, 9, 10},
	RosterSeeds:    []uint64{1, 2, 3},
	AgendasPerTask: 2,
	Seed:           1,
}

// Instances builds the instances of the named families. dataDir is the
// shared data folder (with jobshop/instances and tsplib/burma14.tsp).
func Instances(ctx context.Context, families []string, dataDir string, sz Sizes) ([]Instance, error) {
	var out []Instance
	for _, f := range families {
		var is []Instance
		var err error
		switch f {
		case FamilyJobShop:
			is, err = jobShops(dataDir, sz.JobShops)
		case FamilyTSP:
			is, err = tsps(dataDir, sz)
		case FamilyRoster:
			for _, s := range sz.RosterSeeds {
				is = append(is, Instance{FamilyRoster, fmt.Sprintf("roster-8-%d", s), roster.Model(8, s)})
			}
		case FamilyAgenda:
			is, err = agendas(ctx, sz)
		default:
			return nil, fmt.Errorf("peers: unknown family %q (want one of %v)", f, Families)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, is...)
	}
	return out, nil
}

func jobShops(dataDir string, names []string) ([]Instance, error) {
	var out []Instance
	for _, n := range names {
		in, err := jobshop.ReadFile(filepath.Join(dataDir, "jobshop", "instances", n))
		if err != nil {
			return nil, err
		}
		out = append(out, Instance{FamilyJobShop, n, in.Model()})
	}
	return out, nil
}

func tsps(dataDir string, sz Sizes) ([]Instance, error) {
	t, err := tsplib.Read(filepath.Join(dataDir, "tsplib", "burma14.tsp"))
	if err != nil {
		return nil, err
	}
	out := []Instance{{FamilyTSP, t.Name, TSPModel(t.Dist)}}
	for _, n := range sz.RandomTSPs {
		r := rand.New(rand.NewPCG(sz.Seed, uint64(n)))
		out = append(out, Instance{FamilyTSP, fmt.Sprintf("rand%d-%d", n, sz.Seed), TSPModel(RandomTSP(n, r))})
	}
	return out, nil
}

// agendas certifies scheduling instances at default difficulty (specs
// drawn with the taxonomy's priors, determinacy "unique") until each task
// has AgendasPerTask of them, and returns their final models (with the
// stated tie-breaks). Dropped instances are skipped.
func agendas(ctx context.Context, sz Sizes) ([]Instance, error) {
	var out []Instance
	for _, t := range domains.Tasks() {
		if t.Family != domains.Scheduling {
			continue
		}
		kept := 0
		for i := 0; kept < sz.AgendasPerTask; i++ {
			if i >= 50*sz.AgendasPerTask {
				return nil, fmt.Errorf("peers: %s: fewer than %d of %d specs certified", t.ID, sz.AgendasPerTask, i)
			}
			spec, err := gen.SampleSpec(t, gen.SpecSeed(sz.Seed, i))
			if err != nil {
				return nil, err
			}
			inst, err := gen.NewInstance(t, spec)
			if err != nil {
				return nil, err
			}
			var drop *gen.DropError
			if _, err := gen.Certify(ctx, sat.Backend{}, t, inst, gen.Unique); errors.As(err, &drop) {
				continue
			} else if err != nil {
				return nil, err
			}
			m, err := inst.Model()
			if err != nil {
				return nil, err
			}
			out = append(out, Instance{FamilyAgenda, gen.RecordID(spec), m})
			kept++
		}
	}
	return out, nil
}
