package domains

// Results are the results of a checklist, in item order. A checker starts
// from Pending and fails the items an answer breaks.
type Results []Result

// Pending returns one passing result per item of items, in order.
func Pending(items []Item) Results {
	res := make(Results, len(items))
	for k, it := range items {
		res[k] = Result{ID: it.ID, Pass: true}
	}
	return res
}

// Set gives every result with the given item ID that outcome and detail;
// an ID that is not in the list changes nothing.
func (r Results) Set(id string, pass bool, detail string) {
	for k := range r {
		if r[k].ID == id {
			r[k].Pass, r[k].Detail = pass, detail
		}
	}
}

// FailAll fails every result with the same detail (an answer that cannot
// be read fails every item) and returns r.
func (r Results) FailAll(detail string) []Result {
	for k := range r {
		r[k].Pass, r[k].Detail = false, detail
	}
	return r
}
