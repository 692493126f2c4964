package verify_test

import (
	"fmt"

	"github.com/plancert/plancert/verify"
)

// Two models answered the same 30 problems; 1 was passed only by the first,
// 9 only by the second. The exact McNemar test asks how surprising so
// uneven a split of the 10 discordant pairs is if both are equally good.
func ExampleMcNemarExact() {
	fmt.Println(verify.McNemarExact(1, 9))
	// Output: 0.021484375
}

// The Avg-pass of five records, with the Student t 95% interval over them.
func ExampleTInterval() {
	e := verify.TInterval([]float64{0.5, 0.75, 0.25, 1, 0.5}, 0, 1)
	fmt.Printf("%.2f [%.4f, %.4f]\n", e.Mean, e.Lo, e.Hi)
	// Output: 0.60 [0.2461, 0.9539]
}

// Per record, the sum of the paired differences A − B and their number;
// the same seed gives the same interval.
func ExamplePairedBootstrap() {
	sums := []float64{0.25, 0, -0.5, 0.125, 0.375, 0, 0.25, -0.125}
	counts := []int{1, 1, 1, 1, 1, 1, 1, 1}
	lo, hi := verify.PairedBootstrap(sums, counts, 10000, 1)
	lo2, hi2 := verify.PairedBootstrap(sums, counts, 10000, 1)
	fmt.Println(lo <= 0.046875 && 0.046875 <= hi, lo == lo2 && hi == hi2)
	// Output: true true
}
