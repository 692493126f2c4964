package itinerary

// SetItinMaxStops caps the number of stops of generated itineraries (0: no
// cap) and returns a function that restores the previous cap; the
// brute-force tests use it to keep every plan listable.
func SetItinMaxStops(n int) (restore func()) {
	old := itinMaxStops
	itinMaxStops = n
	return func() { itinMaxStops = old }
}
