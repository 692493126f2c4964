package domains_test

import (
	"reflect"
	"testing"

	"github.com/plancert/plancert/domains"
)

func TestResults(t *testing.T) {
	items := []domains.Item{{ID: "format"}, {ID: "cover"}, {ID: "cover"}, {ID: "cost"}}
	res := domains.Pending(items)
	want := domains.Results{{ID: "format", Pass: true}, {ID: "cover", Pass: true}, {ID: "cover", Pass: true}, {ID: "cost", Pass: true}}
	if !reflect.DeepEqual(res, want) {
		t.Fatalf("Pending: %+v", res)
	}
	res.Set("cover", false, "two short")
	res.Set("missing", false, "no such item")
	want[1] = domains.Result{ID: "cover", Detail: "two short"}
	want[2] = want[1]
	if !reflect.DeepEqual(res, want) {
		t.Fatalf("Set: %+v", res)
	}
	out := res.FailAll("not JSON")
	for k := range out {
		if out[k].Pass || out[k].Detail != "not JSON" || out[k].ID != items[k].ID {
			t.Fatalf("FailAll: %+v", out)
		}
	}
	if &out[0] != &res[0] {
		t.Error("FailAll returned a copy, not the list itself")
	}
}
