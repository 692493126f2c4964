package familytest

import (
	"encoding/json"
	"strings"
	"testing"
)

// LoadCase is one broken instance of a load-error test (LoadErrors): the
// good instance decoded into a T (a pointer to the core's instance type,
// or map[string]any), changed by Edit and encoded again; or, when From is
// set, the good instance's JSON with its first From replaced by To (From
// must occur in it); or else the bytes Data as they are. Loading it must
// fail with an error that contains Want.
type LoadCase[T any] struct {
	Name     string
	Edit     func(v T)
	From, To string
	Data     string
	Want     string
}

// LoadErrors is the load-error test of a core: good (an instance's JSON)
// loads; each case, in a subtest of its name, fails to load with an error
// that starts with prefix and contains the case's Want.
func LoadErrors[T any](t *testing.T, load func(data []byte) error, good []byte, prefix string, cases []LoadCase[T]) {
	t.Helper()
	if err := load(good); err != nil {
		t.Fatalf("a generated instance does not load: %v", err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			data := []byte(c.Data)
			if c.From != "" {
				if data = []byte(strings.Replace(string(good), c.From, c.To, 1)); string(data) == string(good) {
					t.Fatalf("%q is not in %s", c.From, good)
				}
			}
			if c.Edit != nil {
				var v T
				if err := json.Unmarshal(good, &v); err != nil {
					t.Fatal(err)
				}
				c.Edit(v)
				var err error
				if data, err = json.Marshal(v); err != nil {
					t.Fatal(err)
				}
			}
			err := load(data)
			if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), c.Want) {
				t.Fatalf("error %v, want one starting %q and naming %q", err, prefix, c.Want)
			}
		})
	}
}
