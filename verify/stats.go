package verify

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// McNemarExact returns the two-sided p-value of the exact McNemar test for
// b pairs where only the first of two paired outcomes is a success and c
// pairs where only the second is: under the null hypothesis that both are
// equally likely to succeed, B ~ Binomial(b+c, 1/2), and
//
//	p = min(1, 2·P(B ≤ min(b, c)))
//
// (the doubled smaller tail; the binomial is symmetric), computed in exact
// integer arithmetic up to 20,000 discordant pairs and rounded once, in
// log space beyond. Concordant pairs
// carry no information and are not arguments. With no discordant pair the
// p-value is 1. It panics on a negative count.
func McNemarExact(b, c int) float64 {
	if b < 0 || c < 0 {
		panic("verify: McNemarExact of a negative count")
	}
	n, k := b+c, min(b, c)
	if n == 0 || 2*k == n {
		return 1
	}
	if n <= exactMcNemarMax {
		// 2·Σ_{i≤k} C(n,i) / 2^n in exact integers, rounded once.
		sum, term := new(big.Int), big.NewInt(1)
		for i := 0; i <= k; i++ {
			sum.Add(sum, term)
			term.Mul(term, big.NewInt(int64(n-i)))
			term.Quo(term, big.NewInt(int64(i+1)))
		}
		p, _ := new(big.Rat).SetFrac(sum.Lsh(sum, 1), new(big.Int).Lsh(big.NewInt(1), uint(n))).Float64()
		return math.Min(1, p)
	}
	// Beyond that, P(B ≤ k) = Σ_{i≤k} C(n,i)/2^n is summed in log space
	// from the largest term (i = k) down, so that no term underflows
	// before the sum does; the relative error is about 1e-13.
	lgn, _ := math.Lgamma(float64(n + 1))
	logTerm := func(i int) float64 {
		a, _ := math.Lgamma(float64(i + 1))
		b, _ := math.Lgamma(float64(n - i + 1))
		return lgn - a - b - float64(n)*math.Ln2
	}
	top := logTerm(k)
	sum := 0.0
	for i := k; i >= 0; i-- {
		t := math.Exp(logTerm(i) - top)
		sum += t
		if t < 1e-17*sum {
			break
		}
	}
	return math.Min(1, 2*math.Exp(top)*sum)
}

// exactMcNemarMax is the largest number of discordant pairs for which
// McNemarExact sums the binomial tail in exact integers.
const exactMcNemarMax = 20000

// TInterval returns the mean of xs with the Student t 95% interval
// mean ± t(0.975, n−1)·s/√n, s the sample standard deviation, clipped to
// [lo, hi] (the range the values can take). With fewer than two values
// the interval is [lo, hi]; with no values the mean is 0 too.
func TInterval(xs []float64, lo, hi float64) Estimate {
	n := len(xs)
	if n == 0 {
		return Estimate{0, lo, hi}
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(n)
	if n < 2 {
		return Estimate{mean, lo, hi}
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(n-1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(0.975)
	half := t * sd / math.Sqrt(float64(n))
	return Estimate{mean, math.Max(lo, mean-half), math.Min(hi, mean+half)}
}

// PairedBootstrap returns the percentile 95% interval of the mean paired
// difference over clusters, by resampling clusters with replacement: sums
// and counts hold, per cluster (a record), the sum of its paired
// differences and their number, and each resample's statistic is
// Σ sums / Σ counts over the drawn clusters. The resamples are drawn from
// a PCG generator seeded with seed: the same arguments give the same
// interval. The interval runs from the resample value at rank
// ⌊0.025·R⌋ to the one at rank ⌈0.975·R⌉−1 (from 0, sorted). It panics
// when the slices differ in length, a count is negative, or resamples < 1.
// With no clusters, or no pairs at all, it returns 0, 0.
func PairedBootstrap(sums []float64, counts []int, resamples int, seed uint64) (lo, hi float64) {
	if len(sums) != len(counts) || resamples < 1 {
		panic("verify: PairedBootstrap: bad arguments")
	}
	total := 0
	for _, c := range counts {
		if c < 0 {
			panic("verify: PairedBootstrap: negative count")
		}
		total += c
	}
	m := len(sums)
	if m == 0 || total == 0 {
		return 0, 0
	}
	rng := rand.New(rand.NewPCG(seed, 0x706c616e63657274)) // "plancert"
	stats := make([]float64, 0, resamples)
	for len(stats) < resamples {
		var s float64
		n := 0
		for range m {
			j := rng.IntN(m)
			s += sums[j]
			n += counts[j]
		}
		if n == 0 {
			continue // only clusters without pairs were drawn: no statistic
		}
		stats = append(stats, s/float64(n))
	}
	slices.Sort(stats)
	r := float64(resamples)
	return stats[int(math.Floor(0.025*r))], stats[int(math.Ceil(0.975*r))-1]
}
