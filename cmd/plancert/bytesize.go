package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/plancert/plancert/encode"
)

// byteSize is a flag value in bytes, written as a number with an optional
// unit: B; KiB, MiB, GiB, TiB (powers of 1024, also K, M, G, T); KB, MB,
// GB, TB (powers of 1000). A space before the unit is allowed.
type byteSize int64

func (b *byteSize) Set(s string) error {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' && r != 'e' && r != 'E' && r != '+' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = strings.TrimSpace(t[:i]), strings.TrimSpace(t[i:])
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) {
		return fmt.Errorf("%q is not a size: want a number of bytes with an optional unit (B, KiB, MiB, GiB, TiB, KB, MB, GB, TB), e.g. 16GiB", s)
	}
	mult, ok := map[string]float64{
		"": 1, "b": 1,
		"k": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mib": 1 << 20, "g": 1 << 30, "gib": 1 << 30, "t": 1 << 40, "tib": 1 << 40,
		"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
	}[strings.ToLower(unit)]
	if !ok {
		return fmt.Errorf("%q: unknown unit %q: want B, KiB, MiB, GiB, TiB, KB, MB, GB or TB", s, unit)
	}
	if f*mult >= math.MaxInt64 {
		return fmt.Errorf("%q is too large", s)
	}
	*b = byteSize(f * mult)
	return nil
}

func (b *byteSize) String() string { return strings.ReplaceAll(encode.FormatBytes(int64(*b)), " ", "") }

func (b *byteSize) Type() string { return "size" }
