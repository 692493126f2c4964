package commute_test

import (
	"testing"

	"github.com/plancert/plancert/domains/route/commute"
	"github.com/plancert/plancert/internal/familytest"
	"github.com/plancert/plancert/internal/routetest"
)

// TestLoadErrors: a malformed instance file is refused with the
// field and the reason (routetest.LoadErrors).
func TestLoadErrors(t *testing.T) {
	tk := commute.Commuting()
	inst := familytest.Instance(t, tk, familytest.NewSpec(t, tk, "morning-commute", 3, "transfer-time", "walking", "line-closure"))
	routetest.LoadErrors(t, tk, inst, []routetest.Broken{
		{Field: "levels", Value: 5, Want: "levels: 5 is outside 0..4"},
		{Field: "current", Value: [][3]int{{0, 1, 0}}, Want: "current[0]: [0 1 0] is not a ride of the timetable"},
		{Field: "closed", Value: nil, Want: "want both a closed section and a current plan"},
		{Field: "transfer", Value: []int{1}, Want: "transfer: 1 times for"},
		{Field: "runs", Value: []map[string]any{{"line": 0, "times": []int{500, 400}}}, Want: "runs[0]"},
		{Field: "walks", Value: []map[string]any{{"a": 0, "b": 1, "minutes": 5}}, Want: "walks[0]"},
		{Field: "stops", Value: []string{"x"}, Want: "stops: 1 stops"},
		{Field: "walks", Value: []map[string]any{{"a": 0, "b": 2, "minutes": 5}, {"a": 2, "b": 0, "minutes": 6}}, Want: "walks[1]: a second link"},
		{Field: "avoid", Value: 99, Want: "avoid: 99 is not a line"},
	})
}
