package itinerary

// SetMaxStops caps the number of stops of generated itineraries (0: no
// cap) and returns a function that restores the previous cap; the
// brute-force tests use it to keep every plan listable.
func SetMaxStops(n int) (restore func()) {
	old := maxStops
	maxStops = n
	return func() { maxStops = old }
}
