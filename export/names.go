package export

import (
	"strconv"
	"strings"

	"github.com/plancert/plancert/encode"
)

// Names returns the names that format f gives the variables of m in its
// files, indexed by encode.Var. A name is kept when the format allows it;
// otherwise every character the format does not allow becomes "_", a name
// that is a keyword of the format (or starts like a number) gets the prefix
// "v_", and a name already taken gets the suffix "_2", "_3", ... in the
// order of the variables. Helper variables that a writer adds are named
// after the model's variables, so they never take a model variable's name.
// DIMACS has no names; for it Names returns the model's names unchanged.
func Names(m *encode.Model, f Format) []string {
	nm := newNamer(f)
	out := make([]string, len(m.Vars))
	for i, vi := range m.Vars {
		if f == DIMACS {
			out[i] = vi.Name
			continue
		}
		out[i] = nm.name(vi.Name)
	}
	return out
}

// namer hands out unique names valid in one format.
type namer struct {
	format Format
	taken  map[string]bool
}

func newNamer(f Format) *namer { return &namer{format: f, taken: map[string]bool{}} }

// name returns a fresh valid name derived from base.
func (n *namer) name(base string) string {
	s := n.sanitize(base)
	if n.taken[s] {
		for k := 2; ; k++ {
			t := s + "_" + strconv.Itoa(k)
			if !n.taken[t] {
				s = t
				break
			}
		}
	}
	n.taken[s] = true
	return s
}

// maxNameLen bounds names: CPLEX LP allows 255 characters.
const maxNameLen = 200

func (n *namer) sanitize(base string) string {
	var b strings.Builder
	switch n.format {
	case SMT2:
		for _, r := range base {
			if r == '|' || r == '\\' || r < ' ' || r == 0x7f {
				r = '_'
			}
			b.WriteRune(r)
		}
	default: // LP, MZN: ASCII letters, digits and underscores
		for _, r := range base {
			if r < 0x80 && (isLetter(byte(r)) || isDigit(byte(r)) || r == '_') {
				b.WriteRune(r)
			} else {
				b.WriteByte('_')
			}
		}
	}
	s := b.String()
	if len(s) > maxNameLen {
		s = strings.ToValidUTF8(s[:maxNameLen], "_")
	}
	if n.needsPrefix(s) {
		s = "v_" + s
	}
	return s
}

func (n *namer) needsPrefix(s string) bool {
	if s == "" {
		return true
	}
	switch n.format {
	case LP:
		// A name starts with a letter; "e12" would read as an exponent.
		if !isLetter(s[0]) || ((s[0] == 'e' || s[0] == 'E') && (len(s) == 1 || isDigit(s[1]))) {
			return true
		}
		return lpReserved[strings.ToLower(s)]
	case MZN:
		return !isLetter(s[0]) || mznReserved[s]
	case SMT2:
		// Symbols starting with '@' or '.' are reserved for solvers; a
		// quoted symbol |and| is the symbol and itself.
		return s[0] == '@' || s[0] == '.' || isDigit(s[0]) || smtReserved[s]
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// The keywords of each format (LP compared in lower case), and for
// MiniZinc and SMT-LIB the functions a written model calls, which a
// variable must not shadow.
var (
	lpReserved = set(`minimize maximize minimise maximise min max subject to st s.t. such that
		bound bounds general generals gen integer integers int binary binaries bin end free
		infinity inf sos semi semis semi-continuous sec`)
	mznReserved = set(`ann annotation any array bool case constraint default diff div else elseif
		endif enum false float function if in include int intersect let list maybe mod not of op
		opt output par predicate record satisfy set solve string subset superset symdiff test
		then true tuple type union var where xor minimize maximize
		sum max min bool2int alldifferent all_different disjunctive circuit table forall exists
		array1d array2d show show_int abs count index_set fix`)
	smtReserved = set(`_ ! as let exists forall match par NUMERAL DECIMAL STRING and or not xor => =
		ite distinct true false Int Bool Real + - * div mod abs <= >= < > assert check-sat
		declare-const declare-fun define-fun get-value get-model minimize maximize set-option
		set-logic push pop exit`)
)

// smtSymbol renders a sanitized SMT-LIB name: bare when it is a simple
// symbol, else quoted with bars.
func smtSymbol(s string) string {
	simple := s != ""
	for i := 0; i < len(s) && simple; i++ {
		c := s[i]
		simple = isLetter(c) || isDigit(c) || strings.IndexByte("~!@$%^&*_-+=<>.?/", c) >= 0
	}
	if simple {
		return s
	}
	return "|" + s + "|"
}

// nameIndex maps each model variable's name in format f to the variable.
func nameIndex(m *encode.Model, f Format) map[string]encode.Var {
	idx := map[string]encode.Var{}
	for i, n := range Names(m, f) {
		idx[n] = encode.Var(i)
	}
	return idx
}
