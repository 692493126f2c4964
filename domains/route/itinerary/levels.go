package itinerary

import "github.com/plancert/plancert/domains/route"

var levels = route.Grow[vocab]{}
