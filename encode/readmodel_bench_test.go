package encode

import (
	"bytes"
	"fmt"
	"testing"
)

// bigModel is a model of n Boolean variables and n linear constraints over
// windows of 4 of them, with one objective level: about 160 bytes of JSON
// per constraint.
func bigModel(n int) *Model {
	m := NewModel()
	vs := make([]Var, n)
	for i := range vs {
		vs[i] = m.NewBool(fmt.Sprintf("x%d", i))
	}
	for i := range n {
		ts := make([]Term, 4)
		for k := range ts {
			ts[k] = Term{Var: vs[(i+k)%n], Coef: int64(k + 1)}
		}
		m.AddLinear(ts, LE, 6).Named(fmt.Sprintf("c%d", i))
	}
	ts := make([]Term, n)
	for i := range ts {
		ts[i] = Term{Var: vs[i], Coef: int64(i%7 + 1)}
	}
	m.Maximize(ts...)
	return m
}

// BenchmarkReadModel reads the generic JSON form of a model with 10,000
// constraints (plancert audit's input). Reported: constraints per second.
func BenchmarkReadModel(b *testing.B) {
	var buf bytes.Buffer
	if err := WriteModel(&buf, bigModel(10000)); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadModel(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(10000*float64(b.N)/b.Elapsed().Seconds(), "constraints/s")
}
