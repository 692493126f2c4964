package verbalize

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestFacts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		instance string
		text     string
		want     string // facts as "kind:text@path", comma-separated
	}{
		{"names and numbers shown",
			`{"rooms": [{"name": "Oak", "seats": 3}, {"name": "Pine", "seats": 12}]}`,
			"Oak has 3 seats and Pine has 12.",
			"name:Oak@rooms.0.name,number:3@rooms.0.seats,name:Pine@rooms.1.name,number:12@rooms.1.seats"},
		{"values not shown are not facts",
			`{"seed": 1234567, "slot": 30, "intro": "hello", "name": "Oak"}`,
			"Oak, 30-minute slots.",
			"name:Oak@name,number:30@slot"},
		{"a number inside a word or a longer number is not shown",
			`{"a": 2, "b": 3, "c": 5, "d": 1, "e": 0}`,
			"M2 meets in room 23 at 09:00 or 1.5 hours",
			""},
		{"decimals and negatives",
			`{"a": 1.5, "b": -4, "c": 2}`,
			"it takes 1.5 hours, -4 degrees, 2.",
			"number:1.5@a,number:-4@b,number:2@c"},
		{"names need word boundaries and exact case",
			`{"x": "Ana", "y": "Eli", "z": "Bo"}`,
			"Anabel and eli and Bo.",
			"name:Bo@z"},
		{"long strings are text, not names",
			`{"intro": "You are planning meetings for a small company", "who": "M2 Vendor call"}`,
			"You are planning meetings for a small company. M2 Vendor call at 10.",
			"name:M2 Vendor call@who"},
		{"each value once, first path; keys and booleans never",
			`{"b": ["Oak", "Oak"], "a": {"Oak": true, "n": 7}, "c": 7}`,
			"Oak 7 true",
			"number:7@a.n,name:Oak@b.0"},
		{"quoted phrases of the text, after the instance's facts",
			`{"who": "Oak"}`,
			`Rule "room fit of Oak": Oak has room. Rule "Oak" again, and "" and "the cap".`,
			"name:Oak@who,quoted:room fit of Oak@text,quoted:the cap@text"},
		{"unicode names",
			`{"p": "Zoë", "q": "Łukasz"}`,
			"Zoë meets Łukasz; Zoëa is someone else.",
			"name:Zoë@p,name:Łukasz@q"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			facts, err := Facts(json.RawMessage(tc.instance), tc.text)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range facts {
				got = append(got, fmt.Sprintf("%s:%s@%s", f.Kind, f.Text, f.Path))
			}
			if g := strings.Join(got, ","); g != tc.want {
				t.Errorf("facts\n got %s\nwant %s", g, tc.want)
			}
			if miss := Missing(facts, tc.text); len(miss) != 0 {
				t.Errorf("the text misses its own facts: %v", miss)
			}
		})
	}
	if _, err := Facts(json.RawMessage(`{"a": `), "x"); err == nil {
		t.Error("no error for a broken instance")
	}
}

func TestMissing(t *testing.T) {
	facts := []Fact{{Kind: Name, Text: "M2 Vendor call"}, {Kind: Number, Text: "12"}, {Kind: Name, Text: "Oak"}}
	for _, tc := range []struct {
		prose string
		want  string
	}{
		{"The M2 Vendor call needs Oak with 12 seats.", ""},
		{"The M2 vendor call needs Oak with 12 seats.", `name "M2 Vendor call"`},
		{"The M2 Vendor call needs Oaks with 120 seats.", `number "12", name "Oak"`},
		{"The M2 Vendor call needs Oak with twelve seats.", `number "12"`},
	} {
		var got []string
		for _, f := range Missing(facts, tc.prose) {
			got = append(got, fmt.Sprintf("%s %q", f.Kind, f.Text))
		}
		if g := strings.Join(got, ", "); g != tc.want {
			t.Errorf("Missing(%q) = %s, want %s", tc.prose, g, tc.want)
		}
	}
}

func TestSkeleton(t *testing.T) {
	inst := json.RawMessage(`{"rooms": [{"name": "Oak", "seats": 3, "open": true}], "seed": 99, "label": "Oak", "n": null}`)
	facts, err := Facts(inst, "Oak has 3 seats")
	if err != nil {
		t.Fatal(err)
	}
	skel, err := Skeleton(inst, facts)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"label":"<name>","n":null,"rooms":[{"name":"<name>","open":true,"seats":"<number>"}],"seed":99}`
	if string(skel) != want {
		t.Errorf("skeleton\n got %s\nwant %s", skel, want)
	}
}

func TestCanonical(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		equal bool
	}{
		{`{"a": 1, "b": [1, 2]}`, `{"b":[1,2],"a":1}`, true},
		{`{"a": 2}`, `{"a": 2.0}`, true},
		{`{"a": 2}`, `{"a": 2e0}`, true},
		{`{"a": 0.5}`, `{"a": 5e-1}`, true},
		{`{"a": 0.50}`, `{"a": 0.5}`, true},
		{`{"a": 10451216379200822465}`, `{"a": 10451216379200822465}`, true},
		{`{"a": 10451216379200822465}`, `{"a": 10451216379200822464}`, false},
		{`{"a": 2}`, `{"a": "2"}`, false},
		{`{"a": [1, 2]}`, `{"a": [2, 1]}`, false},
		{`{"a": 1}`, `{"a": 1, "b": null}`, false},
		{`{"a": "x"}`, `{"a": "x "}`, false},
	} {
		ca, err := Canonical([]byte(tc.a))
		if err != nil {
			t.Fatal(err)
		}
		cb, err := Canonical([]byte(tc.b))
		if err != nil {
			t.Fatal(err)
		}
		if (string(ca) == string(cb)) != tc.equal {
			t.Errorf("Canonical(%s) = %s, Canonical(%s) = %s; want equal %v", tc.a, ca, tc.b, cb, tc.equal)
		}
	}
	if _, err := Canonical([]byte(`{"a": 1} {"b": 2}`)); err == nil {
		t.Error("two values accepted")
	}
}

func TestSplit(t *testing.T) {
	const schema = `{"x": [...]}`
	for _, tc := range []struct {
		prompt, problem, answer string
		ok                      bool
	}{
		{"Intro.\n\nRules.\n\n**Answer** like this:\n```json\n" + schema + "\n```\nDone.",
			"Intro.\n\nRules.", "\n\n**Answer** like this:\n```json\n" + schema + "\n```\nDone.", true},
		{"No schema here.\n\nAt all.", "", "", false},
		{schema + "\n\nafter", "", "", false},
		{"One paragraph " + schema, "", "", false},
	} {
		p, a, ok := Split(tc.prompt, schema)
		if p != tc.problem || a != tc.answer || ok != tc.ok {
			t.Errorf("Split(%q) = %q, %q, %v", tc.prompt, p, a, ok)
		}
	}
}
