// Package scheduling is the Scheduling and Timetabling family: the agenda
// core (timed activities on a day × slot grid with people and rooms) with
// its constraint pool, and the task skins over it.
//
// A task's instance is an *Agenda. Its model has one Boolean per placement
// (activity, day, start, room), exactly one per activity; the answer
// variables are those placements, so two plans are the same plan when every
// activity has the same day, start and room. The goal is the sum of
// priority × end index; stated tie-break levels (room order, then weighted
// start order) are added only when the optimum is otherwise not unique.
package scheduling
