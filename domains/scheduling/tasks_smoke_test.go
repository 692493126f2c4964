package scheduling_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
	_ "github.com/plancert/plancert/domains/scheduling"
	"github.com/plancert/plancert/gen"
	"github.com/plancert/plancert/solver/sat"
)

func TestTasksSmoke(t *testing.T) {
	units := strings.Split(os.Getenv("UNITS"), ",")
	if os.Getenv("UNITS") == "" {
		units = []string{"availability", "room-fit"}
	}
	nseed := uint64(20)
	if os.Getenv("NSEED") != "" {
		fmt.Sscan(os.Getenv("NSEED"), &nseed)
	}
	for _, tk := range domains.Tasks() {
		if tk.Family != domains.Scheduling {
			continue
		}
		printed := false
		for _, st := range tk.Subtasks {
			kept, dropped := 0, 0
			reasons := map[string]int{}
			var total, worst, cpu time.Duration
			for seed := uint64(1); seed <= nseed; seed++ {
				spec := domains.Spec{Task: tk.ID, Subtask: st.ID, Seed: seed}
				for _, u := range units {
					uu, _ := tk.Unit(u)
					switch uu.Tier {
					case domains.Basic:
						spec.Basic = append(spec.Basic, u)
					case domains.Medium:
						spec.Medium = append(spec.Medium, u)
					case domains.Hard:
						spec.Hard = append(spec.Hard, u)
					default:
						spec.Stateful = append(spec.Stateful, u)
					}
				}
				inst, err := tk.Generate(spec, rand.New(rand.NewPCG(seed, 0)))
				if err != nil {
					t.Fatal(err)
				}
				t0 := time.Now()
				c0 := cpuTime()
				rec, err := gen.Certify(context.Background(), sat.Backend{}, tk, inst, gen.Unique)
				d := time.Since(t0)
				cpu += cpuTime() - c0
				total += d
				worst = max(worst, d)
				var de *gen.DropError
				switch {
				case errors.As(err, &de):
					dropped++
					reasons[de.Reason]++
				case err != nil:
					t.Fatalf("%s/%s/%d: %v", tk.ID, st.ID, seed, err)
				default:
					kept++
					if !printed && os.Getenv("PROMPTS") != "" {
						printed = true
						fmt.Printf("\n===== %s / %s / seed %d =====\n%s\nREFERENCE %s\n", tk.ID, st.ID, seed, rec.Prompt, rec.Reference.Plan)
					}
				}
			}
			fmt.Printf("%-30s %-22s kept %2d dropped %2d  mean %6.1f ms  cpu %6.1f ms  max %6.1f ms  %v\n", tk.ID, st.ID, kept, dropped,
				float64(total.Microseconds())/1000/float64(nseed), float64(cpu.Microseconds())/1000/float64(nseed), float64(worst.Microseconds())/1000, reasons)
		}
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
