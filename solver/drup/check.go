package drup

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
)

// MaxFresh is how far beyond the formula's variables a proof's lemmas may
// number fresh variables (as RAT lemmas of extended resolution do).
const MaxFresh = 1 << 16

// RejectError says that a proof does not verify: the lemma at Line (a line
// of the proof, counting from 1) is neither RUP nor RAT, or the proof ends
// at Line without deriving the empty clause (Lemma is nil then).
type RejectError struct {
	Line   int
	Lemma  []int32
	Reason string
	// Binary says the proof is binary DRAT: Line counts its steps.
	Binary bool
}

func (e *RejectError) Error() string {
	where := "line"
	if e.Binary {
		where = "step"
	}
	if e.Lemma == nil {
		return fmt.Sprintf("drup: proof rejected at %s %d: %s", where, e.Line, e.Reason)
	}
	return fmt.Sprintf("drup: proof rejected at %s %d: lemma %v: %s", where, e.Line, e.Lemma, e.Reason)
}

// CheckStats is what a successful Check verified.
type CheckStats struct {
	// Lemmas counts the added clauses verified, the empty clause included;
	// RUP and RAT split them by the rule that verified them.
	Lemmas, RUP, RAT int
	// Deletions counts the deletion lines; Kept those ignored because the
	// clause is a unit or the reason of a top-level assignment (keeping a
	// clause never makes a wrong proof pass), Missing those naming a clause
	// that is not in the current set.
	Deletions, Kept, Missing int
	// EmptyLine is the line of the empty clause; Lines the lines read
	// (steps for a binary proof).
	EmptyLine, Lines int
	// Binary says the proof was binary DRAT.
	Binary bool
}

// Check verifies proof against f, reading the proof forward: every lemma
// must be RUP with respect to the clauses of f, the earlier lemmas and the
// deletions so far, or else RAT on its first literal; the empty clause must
// be derived. Reading stops at the empty clause. The proof is DRUP or DRAT,
// in text or in binary DRAT (detected from the first bytes: "a", or "d"
// not followed by a space); name labels syntax errors. A proof that does
// not verify is a *RejectError, returned with the stats of what was
// verified before it; an ill-formed one a *SyntaxError; when ctx ends,
// Check returns ctx.Err().
func Check(ctx context.Context, f *CNF, proof io.Reader, name string) (*CheckStats, error) {
	c := newChecker(f.NumVars)
	for _, cl := range f.Clauses {
		if err := checkLits(cl, f.NumVars); err != nil {
			return nil, err
		}
		c.add(cl)
	}
	br := bufio.NewReaderSize(proof, 1<<16)
	var pr proofReader
	if head, _ := br.Peek(2); isBinary(head) {
		pr = &binaryReader{br: br, file: name, limit: f.NumVars + MaxFresh}
	} else {
		pr = &textReader{lr: &lineReader{br: br, file: name}, limit: f.NumVars + MaxFresh}
	}
	st := &CheckStats{Binary: pr.binary()}
	for n := 1; ; n++ {
		del, lemma, line, err := pr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if n&1023 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if del {
			st.Deletions++
			switch c.delete(lemma) {
			case delKept:
				st.Kept++
			case delMissing:
				st.Missing++
			}
			continue
		}
		rule := c.verify(lemma)
		if rule == "" {
			st.Lines = pr.lines()
			return st, &RejectError{Line: line, Lemma: slices.Clone(lemma), Reason: c.why(lemma), Binary: pr.binary()}
		}
		st.Lemmas++
		if rule == "RUP" {
			st.RUP++
		} else {
			st.RAT++
		}
		if len(lemma) == 0 {
			st.EmptyLine, st.Lines = line, pr.lines()
			return st, nil
		}
		c.add(lemma)
	}
	st.Lines = pr.lines()
	return st, &RejectError{Line: pr.lines(), Reason: "the proof ends without deriving the empty clause", Binary: pr.binary()}
}

// isBinary says whether a proof starting with head is binary DRAT.
func isBinary(head []byte) bool {
	switch {
	case len(head) == 0:
		return false
	case head[0] == 'a':
		return true
	case head[0] == 'd' && len(head) > 1:
		return !isSpace(head[1]) && head[1] != '\n'
	}
	return false
}

// proofReader yields the steps of a proof: a lemma or a deletion, with its
// line (text) or step number (binary); io.EOF at the end.
type proofReader interface {
	next() (del bool, lemma []int32, line int, err error)
	lines() int
	binary() bool
}

type textReader struct {
	lr    *lineReader
	limit int
	toks  [][]byte
	pos   int // next token of toks
	lemma []int32
}

func (t *textReader) lines() int   { return t.lr.line }
func (t *textReader) binary() bool { return false }

func (t *textReader) next() (bool, []int32, int, error) {
	t.lemma = t.lemma[:0]
	del, open, start := false, false, 0
	for {
		for t.pos < len(t.toks) {
			tok := t.toks[t.pos]
			t.pos++
			if !open {
				start = t.lr.line
				if t.pos == 1 && tok[0] == 'c' {
					t.pos = len(t.toks) // comment line
					break
				}
				if string(tok) == "d" {
					del, open = true, true
					continue
				}
			}
			l, ok := parseLit(tok)
			if !ok {
				return false, nil, 0, t.lr.errorf("%q is not a literal", tok)
			}
			open = true
			if l == 0 {
				return del, t.lemma, start, nil
			}
			if int(abs(l)) > t.limit {
				return false, nil, 0, t.lr.errorf("literal %d: variable %d is more than %d beyond the formula's %d variables", l, abs(l), MaxFresh, t.limit-MaxFresh)
			}
			t.lemma = append(t.lemma, l)
		}
		line, err := t.lr.next()
		if err == io.EOF {
			if open {
				return false, nil, 0, &SyntaxError{File: t.lr.file, Line: t.lr.line, Reason: "the last lemma is not ended by 0"}
			}
			return false, nil, 0, io.EOF
		}
		if err != nil {
			return false, nil, 0, fmt.Errorf("drup: reading %s: %w", t.lr.file, err)
		}
		var bad byte
		var ok bool
		if t.toks, bad, ok = fields(line, t.toks); !ok {
			return false, nil, 0, t.lr.errorf("byte 0x%02x is not printable ASCII in a text proof", bad)
		}
		t.pos = 0
	}
}

// binaryReader reads binary DRAT: 'a' or 'd', then literals as variable-
// length unsigned integers 2v (v) or 2v+1 (-v), 7 bits a byte, low bits
// first, ended by 0.
type binaryReader struct {
	br    *bufio.Reader
	file  string
	limit int
	step  int
	lemma []int32
}

func (b *binaryReader) lines() int   { return b.step }
func (b *binaryReader) binary() bool { return true }

func (b *binaryReader) errorf(format string, args ...any) error {
	return &SyntaxError{File: b.file, Line: b.step, Binary: true, Reason: fmt.Sprintf(format, args...)}
}

func (b *binaryReader) next() (bool, []int32, int, error) {
	op, err := b.br.ReadByte()
	if err == io.EOF {
		return false, nil, 0, io.EOF
	}
	if err != nil {
		return false, nil, 0, fmt.Errorf("drup: reading %s: %w", b.file, err)
	}
	b.step++
	if op != 'a' && op != 'd' {
		return false, nil, 0, b.errorf("byte 0x%02x where a binary proof step starts with 'a' or 'd'", op)
	}
	b.lemma = b.lemma[:0]
	for {
		var u uint64
		for shift := uint(0); ; shift += 7 {
			c, err := b.br.ReadByte()
			if err == io.EOF {
				return false, nil, 0, b.errorf("the proof ends inside a step")
			}
			if err != nil {
				return false, nil, 0, fmt.Errorf("drup: reading %s: %w", b.file, err)
			}
			if shift > 28 {
				return false, nil, 0, b.errorf("a literal longer than 32 bits")
			}
			u |= uint64(c&0x7f) << shift
			if c&0x80 == 0 {
				break
			}
		}
		if u == 0 {
			return op == 'd', b.lemma, b.step, nil
		}
		v := u >> 1
		if v == 0 || v > uint64(b.limit) {
			return false, nil, 0, b.errorf("literal code %d: variable %d is not in 1..%d", u, v, b.limit)
		}
		l := int32(v)
		if u&1 == 1 {
			l = -l
		}
		b.lemma = append(b.lemma, l)
	}
}

func checkLits(cl []int32, nvars int) error {
	for _, l := range cl {
		if l == 0 || l < -MaxVars || l > MaxVars || int(abs(l)) > nvars {
			return fmt.Errorf("drup: clause %v: literal %d is not in 1..%d or its negation", cl, l, nvars)
		}
	}
	return nil
}

// Literals inside the checker and the solver: 2v for v, 2v+1 for -v.
type lit = uint32

func toLit(l int32) lit {
	if l < 0 {
		return lit(-l)<<1 | 1
	}
	return lit(l) << 1
}

func fromLit(p lit) int32 {
	if p&1 == 1 {
		return -int32(p >> 1)
	}
	return int32(p >> 1)
}

// checker is the clause set of a forward proof check, with its top-level
// assignment closed under unit propagation.
type checker struct {
	vals    []int8    // per literal: 1 true, -1 false, 0 unassigned
	reason  []int32   // per variable: the clause that implied it at top level, or -1
	trail   []lit     // true literals, top-level ones first
	qhead   int       // trail[:qhead] is propagated
	cls     []clause  // every clause ever added
	watches [][]int32 // per literal: the clauses watching it
	top     bool      // the top level is in conflict: the set is refuted by propagation

	// The index for deletions, built at the first one: clauses by the
	// hash of their literal set, chained through clause.next.
	index map[uint64]int32
	mark  []uint32 // per literal: stamp when in the clause being deleted
	stamp uint32
	query []lit
}

type clause struct {
	lits    []lit
	key     uint64
	next    int32 // the next clause with the same key, or -1
	deleted bool
}

const noReason = -1

func newChecker(nvars int) *checker {
	c := &checker{}
	c.grow(nvars)
	return c
}

// grow makes room for variables up to n.
func (c *checker) grow(n int) {
	for len(c.reason) <= n {
		c.reason = append(c.reason, noReason)
		c.vals = append(c.vals, 0, 0)
		c.watches = append(c.watches, nil, nil)
		c.mark = append(c.mark, 0, 0)
	}
}

func (c *checker) val(p lit) int8 { return c.vals[p] }

func (c *checker) assign(p lit, why int32) {
	c.vals[p] = 1
	c.vals[p^1] = -1
	c.reason[p>>1] = why
	c.trail = append(c.trail, p)
}

// key hashes a set of literals (given without repetitions) in any order.
func key(lits []lit) uint64 {
	var h uint64
	for _, p := range lits {
		x := uint64(p) + 0x9e3779b97f4a7c15 // splitmix64
		x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
		x = (x ^ x>>27) * 0x94d049bb133111eb
		h += x ^ x>>31
	}
	return h
}

// indexClause enters clause id into the deletion index.
func (c *checker) indexClause(id int32) {
	cl := &c.cls[id]
	cl.key = key(cl.lits)
	head, ok := c.index[cl.key]
	if !ok {
		head = -1
	}
	cl.next = head
	c.index[cl.key] = id
}

// add adds a clause (an original or a verified lemma) and propagates at
// top level.
func (c *checker) add(cl []int32) {
	maxv := 0
	for _, l := range cl {
		maxv = max(maxv, int(abs(l)))
	}
	c.grow(maxv)
	lits := make([]lit, 0, len(cl))
	for _, l := range cl {
		p := toLit(l)
		if slices.Contains(lits, p) {
			continue
		}
		if slices.Contains(lits, p^1) {
			return // a tautology: always true, never needed
		}
		lits = append(lits, p)
	}
	id := int32(len(c.cls))
	c.cls = append(c.cls, clause{lits: lits, next: -1})
	if c.index != nil {
		c.indexClause(id)
	}
	if c.top {
		return
	}
	// Move the literals that are not false to the front.
	n := 0
	for i, p := range lits {
		if c.val(p) != -1 {
			lits[n], lits[i] = lits[i], lits[n]
			n++
		}
	}
	switch {
	case n == 0:
		c.top = true
		return
	case n == 1 && c.val(lits[0]) == 0:
		c.assign(lits[0], id)
	}
	if len(lits) >= 2 {
		c.watches[lits[0]] = append(c.watches[lits[0]], id)
		c.watches[lits[1]] = append(c.watches[lits[1]], id)
	}
	if !c.propagate() {
		c.top = true
	}
}

type delResult int

const (
	delDone delResult = iota
	delKept
	delMissing
)

// delete removes one copy of cl unless it is a unit or the reason of a
// top-level assignment.
func (c *checker) delete(cl []int32) delResult {
	if c.index == nil {
		c.index = make(map[uint64]int32, len(c.cls))
		for id := range c.cls {
			if !c.cls[id].deleted {
				c.indexClause(int32(id))
			}
		}
	}
	c.stamp++
	c.query = c.query[:0]
	for _, l := range cl {
		if int(abs(l)) >= len(c.reason) {
			return delMissing // no clause has a fresh variable
		}
		p := toLit(l)
		if c.mark[p] != c.stamp {
			c.mark[p] = c.stamp
			c.query = append(c.query, p)
		}
	}
	k := key(c.query)
	prev := int32(-1)
	for id, ok := c.index[k]; ok && id >= 0; prev, id = id, c.cls[id].next {
		lits := c.cls[id].lits
		if len(lits) != len(c.query) || slices.ContainsFunc(lits, func(p lit) bool { return c.mark[p] != c.stamp }) {
			continue
		}
		if len(lits) <= 1 || (c.val(lits[0]) == 1 && c.reason[lits[0]>>1] == id) {
			return delKept
		}
		// Unchain it.
		if prev < 0 {
			if next := c.cls[id].next; next >= 0 {
				c.index[k] = next
			} else {
				delete(c.index, k)
			}
		} else {
			c.cls[prev].next = c.cls[id].next
		}
		c.cls[id].deleted = true
		c.cls[id].lits = nil // watches drop it when they meet it
		return delDone
	}
	return delMissing
}

// propagate runs unit propagation from qhead; false on a conflict.
func (c *checker) propagate() bool {
	for c.qhead < len(c.trail) {
		fl := c.trail[c.qhead] ^ 1 // the literal that became false
		c.qhead++
		ws := c.watches[fl]
		i, j := 0, 0
		for i < len(ws) {
			id := ws[i]
			i++
			lits := c.cls[id].lits
			if lits == nil {
				continue // deleted
			}
			if lits[0] == fl {
				lits[0], lits[1] = lits[1], fl
			}
			if c.val(lits[0]) == 1 {
				ws[j] = id
				j++
				continue
			}
			moved := false
			for k := 2; k < len(lits); k++ {
				if c.val(lits[k]) != -1 {
					lits[1], lits[k] = lits[k], fl
					c.watches[lits[1]] = append(c.watches[lits[1]], id)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = id
			j++
			if c.val(lits[0]) == -1 {
				j += copy(ws[j:], ws[i:])
				c.watches[fl] = ws[:j]
				return false
			}
			c.assign(lits[0], id)
		}
		c.watches[fl] = ws[:j]
	}
	return true
}

// backtrack undoes the assignments after the first n of the trail.
func (c *checker) backtrack(n int) {
	for _, p := range c.trail[n:] {
		c.vals[p], c.vals[p^1] = 0, 0
		c.reason[p>>1] = noReason
	}
	c.trail = c.trail[:n]
	c.qhead = n
}

// rup says whether assigning the negation of every literal of the clauses
// and propagating gives a conflict.
func (c *checker) rup(parts ...[]int32) bool {
	if c.top {
		return true
	}
	mark := len(c.trail)
	defer c.backtrack(mark)
	for _, cl := range parts {
		for _, l := range cl {
			if int(abs(l)) >= len(c.reason) {
				continue // a fresh variable: unassigned, and propagation cannot use it
			}
			p := toLit(l)
			switch c.val(p) {
			case 1:
				return true
			case 0:
				c.assign(p^1, noReason)
			}
		}
	}
	return !c.propagate()
}

// verify returns "RUP" or "RAT" when lemma is one, "" when neither.
func (c *checker) verify(lemma []int32) string {
	if c.rup(lemma) {
		return "RUP"
	}
	if len(lemma) > 0 && c.rat(lemma) {
		return "RAT"
	}
	return ""
}

// rat says whether lemma is a resolution asymmetric tautology on its first
// literal p: every resolvent with a clause containing ¬p is a tautology or
// RUP.
func (c *checker) rat(lemma []int32) bool {
	p := lemma[0]
	if int(abs(p)) >= len(c.reason) {
		return true // no clause mentions a fresh variable
	}
	np := toLit(-p)
	var rest []int32
	for id := range c.cls {
		cl := &c.cls[id]
		if cl.deleted || !slices.Contains(cl.lits, np) {
			continue
		}
		rest = rest[:0]
		taut := false
		for _, q := range cl.lits {
			if q == np {
				continue
			}
			if slices.Contains(lemma, -fromLit(q)) {
				taut = true
				break
			}
			rest = append(rest, fromLit(q))
		}
		if !taut && !c.rup(lemma, rest) {
			return false
		}
	}
	return true
}

// why explains a rejection.
func (c *checker) why(lemma []int32) string {
	if len(lemma) == 0 {
		return "the empty clause does not follow by unit propagation from the clauses so far"
	}
	return fmt.Sprintf("not implied by unit propagation (RUP) from the clauses so far, and not RAT on its first literal %d", lemma[0])
}
