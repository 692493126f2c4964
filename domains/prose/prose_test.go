package prose_test

import (
	"fmt"
	"testing"

	"github.com/plancert/plancert/domains/prose"
)

func TestProse(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{prose.Capital(""), ""},
		{prose.Capital("van"), "Van"},
		{prose.An("apple"), "an apple"},
		{prose.An("van"), "a van"},
		{prose.An(""), "a "},
		{prose.An("hour"), "an hour"},
		{prose.An("Hour 1"), "an Hour 1"},
		{prose.An("hospital"), "a hospital"},
		{prose.An("unit"), "a unit"},
		{prose.An("unused bay"), "an unused bay"},
		{prose.An("user"), "a user"},
		{prose.An("one-off"), "a one-off"},
		{prose.An("EU customer"), "an EU customer"},
		{prose.An("euro"), "a euro"},
		{prose.An("SKU"), "a SKU"},
		{prose.JoinAnd(nil), ""},
		{prose.JoinAnd([]string{"a"}), "a"},
		{prose.JoinAnd([]string{"a", "b"}), "a and b"},
		{prose.JoinAnd([]string{"a", "b", "c"}), "a, b and c"},
		{prose.JoinWith([]string{"a", "b", "c"}, "or"), "a, b or c"},
		{prose.QuoteList([]string{"b", "a"}), `"a", "b"`},
		{prose.QuoteList(nil), ""},
		{prose.Quoted([]string{"b", "a"}), `"b", "a"`},
		{prose.QuoteAnd([]string{"b", "a", "c"}), `"b", "a" and "c"`},
		{prose.QuoteAnd(nil), ""},
		{prose.Plural(1, "van", "vans"), "van"},
		{prose.Plural(0, "van", "vans"), "vans"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func ExampleJoinAnd() {
	fmt.Println(prose.JoinAnd([]string{"Ana", "Ben", "Cleo"}))
	fmt.Println(prose.An("exit"), "and", prose.An("door"))
	// Output:
	// Ana, Ben and Cleo
	// an exit and a door
}

func TestTable(t *testing.T) {
	if got, want := prose.Row([]string{"a", "b"}), "| a | b |\n"; got != want {
		t.Errorf("Row = %q, want %q", got, want)
	}
	if got, want := prose.Head([]string{"a", "b"}), "| a | b |\n| --- | --- |\n"; got != want {
		t.Errorf("Head = %q, want %q", got, want)
	}
}
