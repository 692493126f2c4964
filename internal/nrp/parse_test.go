package nrp

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// tiny is a small valid instance: 7 days, 2 shift types, 2 employees.
const tiny = `# comment
SECTION_HORIZON
7

SECTION_SHIFTS
# ShiftID, Length in mins, Shifts which cannot follow this shift | separated
E,480,
L,600,E

SECTION_STAFF
A,E=7|L=3,2400,960,3,2,2,1
B,E=0|L=7,2400,0,5,1,1,0

SECTION_DAYS_OFF
A,0,3
B,6

SECTION_SHIFT_ON_REQUESTS
A,1,E,2

SECTION_SHIFT_OFF_REQUESTS
B,2,L,3

SECTION_COVER
0,E,1,100,1
0,L,1,100,1
1,E,2,50,2
`

func TestParse(t *testing.T) {
	in, err := Parse(strings.NewReader(tiny), "tiny.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := &Instance{
		Name:    "tiny.txt",
		Horizon: 7,
		Shifts:  []Shift{{ID: "E", Minutes: 480}, {ID: "L", Minutes: 600, NotNext: []int{0}}},
		Staff: []Staff{
			{ID: "A", MaxShifts: []int{7, 3}, MaxMinutes: 2400, MinMinutes: 960, MaxConsecutive: 3, MinConsecutive: 2, MinDaysOff: 2, MaxWeekends: 1},
			{ID: "B", MaxShifts: []int{0, 7}, MaxMinutes: 2400, MinMinutes: 0, MaxConsecutive: 5, MinConsecutive: 1, MinDaysOff: 1, MaxWeekends: 0},
		},
		DaysOff: [][]int{{0, 3}, {6}},
		On:      []Request{{Staff: 0, Day: 1, Shift: 0, Weight: 2}},
		Off:     []Request{{Staff: 1, Day: 2, Shift: 1, Weight: 3}},
		Cover:   []Cover{{0, 0, 1, 100, 1}, {0, 1, 1, 100, 1}, {1, 0, 2, 50, 2}},
	}
	if !reflect.DeepEqual(in, want) {
		t.Errorf("Parse:\ngot  %+v\nwant %+v", in, want)
	}
}

// TestParseBenchmarkFiles reads the instances of the data directory and
// checks the counts of PROVENANCE.txt (days, staff, shift types, requests).
func TestParseBenchmarkFiles(t *testing.T) {
	for _, c := range []struct {
		file                   string
		days, staff, shifts, r int
	}{
		{"Instance1.txt", 14, 8, 1, 26},
		{"Instance2.txt", 14, 14, 2, 62},
		{"Instance3.txt", 14, 20, 3, 64},
		{"Instance6.txt", 28, 18, 3, 135},
		{"Instance9.txt", 28, 36, 4, 232},
	} {
		in, err := ReadFile(dataFile(t, c.file))
		if err != nil {
			t.Fatal(err)
		}
		if in.Horizon != c.days || len(in.Staff) != c.staff || len(in.Shifts) != c.shifts || len(in.On)+len(in.Off) != c.r {
			t.Errorf("%s: %d days, %d staff, %d shift types, %d requests; want %d, %d, %d, %d",
				c.file, in.Horizon, len(in.Staff), len(in.Shifts), len(in.On)+len(in.Off), c.days, c.staff, c.shifts, c.r)
		}
		if len(in.Cover) != c.days*c.shifts {
			t.Errorf("%s: %d cover lines, want one per day and shift type (%d)", c.file, len(in.Cover), c.days*c.shifts)
		}
	}
}

// TestParseErrors feeds defective files and checks the error names the
// line, section, field and reason.
func TestParseErrors(t *testing.T) {
	// edit replaces the first occurrence of old in tiny.
	edit := func(old, new string) string {
		if !strings.Contains(tiny, old) {
			t.Fatalf("test table: %q not in tiny", old)
		}
		return strings.Replace(tiny, old, new, 1)
	}
	for _, c := range []struct {
		name, text string
		line       int
		section    string
		field      string
		reason     string
	}{
		{"unknown section", edit("SECTION_COVER", "SECTION_COVERS"), 24, "", "", `unknown section "SECTION_COVERS"`},
		{"repeated section", tiny + "SECTION_HORIZON\n7\n", 28, "SECTION_HORIZON", "", "section repeated (first at line 2)"},
		{"data before sections", "7\n" + tiny, 1, "", "", "data before the first SECTION_ line"},
		{"missing section", tiny[:strings.Index(tiny, "SECTION_COVER")], 0, "SECTION_COVER", "", "missing section"},
		{"empty horizon", edit("SECTION_HORIZON\n7\n", "SECTION_HORIZON\n"), 2, "SECTION_HORIZON", "", "section has no data lines"},
		{"horizon not a number", edit("\n7\n", "\nseven\n"), 3, "SECTION_HORIZON", "days", `not an integer: "seven"`},
		{"horizon zero", edit("\n7\n", "\n0\n"), 3, "SECTION_HORIZON", "days", "at least one day"},
		{"shift field count", edit("E,480,\n", "E,480\n"), 7, "SECTION_SHIFTS", "", "want 3 comma-separated fields"},
		{"shift length", edit("E,480,", "E,-5,"), 7, "SECTION_SHIFTS", "LengthInMinutes", "negative: -5"},
		{"shift twice", edit("L,600,E", "E,600,E"), 8, "SECTION_SHIFTS", "ShiftID", `shift type "E" defined twice`},
		{"unknown follower", edit("L,600,E", "L,600,N"), 8, "SECTION_SHIFTS", "ShiftIDs that cannot follow", `unknown shift type "N"`},
		{"max shifts syntax", edit("A,E=7|L=3", "A,E7|L=3"), 11, "SECTION_STAFF", "MaxShifts", `want ShiftID=max, got "E7"`},
		{"max shifts missing type", edit("A,E=7|L=3", "A,E=7"), 11, "SECTION_STAFF", "MaxShifts", `no maximum for shift type "L"`},
		{"max shifts unknown type", edit("A,E=7|L=3", "A,E=7|N=3"), 11, "SECTION_STAFF", "MaxShifts", `unknown shift type "N"`},
		{"staff field count", edit("A,E=7|L=3,2400,960,3,2,2,1", "A,E=7|L=3,2400,960,3,2,2"), 11, "SECTION_STAFF", "", "want 8 comma-separated fields"},
		{"staff number", edit("2400,960,3,2,2,1", "2400,960,3,x,2,1"), 11, "SECTION_STAFF", "MinConsecutiveShifts", `not an integer: "x"`},
		{"staff twice", edit("B,E=0", "A,E=0"), 12, "SECTION_STAFF", "ID", `employee "A" defined twice`},
		{"day off unknown employee", edit("B,6", "Z,6"), 16, "SECTION_DAYS_OFF", "EmployeeID", `unknown employee "Z"`},
		{"day off outside horizon", edit("B,6", "B,7"), 16, "SECTION_DAYS_OFF", "day 1", "day 7 outside the horizon 0..6"},
		{"day off without days", edit("B,6", "B"), 16, "SECTION_DAYS_OFF", "", "want EmployeeID and at least one day"},
		{"on request shift", edit("A,1,E,2", "A,1,X,2"), 19, "SECTION_SHIFT_ON_REQUESTS", "ShiftID", `unknown shift type "X"`},
		{"off request weight", edit("B,2,L,3", "B,2,L,three"), 22, "SECTION_SHIFT_OFF_REQUESTS", "Weight", `not an integer: "three"`},
		{"off request fields", edit("B,2,L,3", "B,2,L"), 22, "SECTION_SHIFT_OFF_REQUESTS", "", "want 4 comma-separated fields"},
		{"cover twice", edit("1,E,2,50,2", "0,E,2,50,2"), 27, "SECTION_COVER", "ShiftID", `day 0 shift "E" covered twice (first at line 25)`},
		{"cover day", edit("1,E,2,50,2", "9,E,2,50,2"), 27, "SECTION_COVER", "Day", "day 9 outside the horizon"},
		{"cover weight", edit("1,E,2,50,2", "1,E,2,50,-2"), 27, "SECTION_COVER", "WeightForOver", "negative: -2"},
		{"cover weight too large", edit("1,E,2,50,2", "1,E,2,50,9223372036854775807"), 27, "SECTION_COVER", "WeightForOver", "too large: 9223372036854775807 (at most 10000000)"},
		{"horizon too long", edit("\n7\n", "\n20000\n"), 3, "SECTION_HORIZON", "days", "too long: 20000 days (at most 10000)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(c.text), "bad.txt")
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("want a *ParseError, got %v", err)
			}
			if pe.File != "bad.txt" || pe.Line != c.line || pe.Section != c.section || pe.Field != c.field || !strings.Contains(pe.Reason, c.reason) {
				t.Errorf("got %#v\nwant line %d, section %q, field %q, reason containing %q", pe, c.line, c.section, c.field, c.reason)
			}
			if !strings.HasPrefix(err.Error(), "nrp: bad.txt") {
				t.Errorf("message %q does not start with the package and file", err)
			}
		})
	}
}

func TestParseErrorMessage(t *testing.T) {
	e := &ParseError{File: "f.txt", Line: 12, Section: "SECTION_STAFF", Field: "MaxShifts", Reason: "no maximum for shift type \"L\""}
	if got, want := e.Error(), `nrp: f.txt:12: SECTION_STAFF: field MaxShifts: no maximum for shift type "L"`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
