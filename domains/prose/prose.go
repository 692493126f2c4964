// Package prose holds the small English helpers that every core's prompt,
// checklist and checker share: articles, capitals, lists joined with "and"
// and quoted name lists. One home, so that a fix to the grammar (an
// article, a list) reaches every task at once.
//
// The helpers work on ASCII words, which is what the vocabularies hold;
// none of them panics.
package prose

import (
	"fmt"
	"sort"
	"strings"
)

// Capital returns s with its first byte upper-cased ("" stays "").
func Capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// An returns w with its indefinite article: "an" before a vowel sound,
// "a" otherwise ("an apple", "a van"). The sound, not the letter, decides
// for the words whose first letter says otherwise: "an hour", "an honest",
// "a unit", "a user", "a one-off", "a euro" (an initialism keeps the rule
// of its letter: "an EU customer", "a SKU").
func An(w string) string {
	l := strings.ToLower(w)
	if len(w) >= 2 && isUpper(w[0]) && isUpper(w[1]) {
		// An initialism ("EU", "SKU") keeps the rule of its first letter.
		l = ""
	}
	for _, p := range silentH {
		if strings.HasPrefix(l, p) {
			return "an " + w
		}
	}
	for _, p := range voicedVowel {
		if strings.HasPrefix(l, p) {
			return "a " + w
		}
	}
	if w != "" && strings.ContainsRune("aeiouAEIOU", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// silentH are the beginnings of words with a silent h ("an hour");
// voicedVowel those of words that begin with a vowel letter and a
// consonant sound ("a unit", "a one-off"), but not "an unused" or "an
// unimportant".
var (
	silentH     = []string{"hour", "honest", "honour", "honor", "heir"}
	voicedVowel = []string{"unit", "union", "unique", "univers", "uniform", "use", "usu", "uti", "one", "once", "eu", "ewe"}
)

// JoinAnd joins xs as a list in prose: "a", "a and b", "a, b and c".
func JoinAnd(xs []string) string { return JoinWith(xs, "and") }

// JoinWith joins xs as a list in prose with word before the last item:
// "a", "a or b", "a, b or c" (no serial comma).
func JoinWith(xs []string, word string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + word + " " + xs[len(xs)-1]
}

// quote returns the names of ns, each quoted as Go quotes strings.
func quote(ns []string) []string {
	q := make([]string, len(ns))
	for i, n := range ns {
		q[i] = fmt.Sprintf("%q", n)
	}
	return q
}

// QuoteList returns the names of ns, each quoted as Go quotes strings,
// sorted and joined with ", ": the form a checker's detail uses to name
// rules (`"a", "b"`).
func QuoteList(ns []string) string {
	q := quote(ns)
	sort.Strings(q)
	return strings.Join(q, ", ")
}

// Quoted returns the names of ns quoted and joined with ", " in their
// order (`"b", "a"`).
func Quoted(ns []string) string { return strings.Join(quote(ns), ", ") }

// QuoteAnd returns the names of ns quoted and joined as a list in prose,
// in their order (`"b", "a" and "c"`).
func QuoteAnd(ns []string) string { return JoinAnd(quote(ns)) }

// Row is one row of a Markdown table: "| a | b |" and a newline.
func Row(cells []string) string { return "| " + strings.Join(cells, " | ") + " |\n" }

// Head is the head of a Markdown table: the row of heads and the
// separator row, "| a | b |\n| --- | --- |\n".
func Head(heads []string) string {
	dashes := make([]string, len(heads))
	for i := range dashes {
		dashes[i] = "---"
	}
	return Row(heads) + Row(dashes)
}

// Plural returns one when n is 1 and many otherwise.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
