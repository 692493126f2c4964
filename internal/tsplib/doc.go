// Package tsplib reads symmetric travelling-salesman instances and tours in
// the TSPLIB format (G. Reinelt, "TSPLIB — A Traveling Salesman Problem
// Library", ORSA J. Computing 3(4), 1991; format and distance functions in
// TSPLIB95's documentation, testdata/external/tsplib/tsplib95.pdf).
//
// Supported: EDGE_WEIGHT_TYPE EUC_2D, CEIL_2D, ATT and GEO with a
// NODE_COORD_SECTION, and EXPLICIT with EDGE_WEIGHT_FORMAT FULL_MATRIX,
// UPPER_ROW, LOWER_ROW, UPPER_DIAG_ROW or LOWER_DIAG_ROW; a
// DISPLAY_DATA_SECTION is skipped (it is for drawing only). GEO follows the
// TSPLIB95 code: PI = 3.141592, deg = (int) x, min = x − deg, and
// d = (int) (6378.388·acos(…) + 1.0); with these rules burma14, ulysses16
// and ulysses22 have their published optima. Anything else is an error
// naming the file, the line and the reason.
//
// ReadVRPTW reads LKH-3's TSPLIB-style CVRPTW files (the Solomon
// 25-customer instances in testdata/external/vrptw): FLOOR_2D travel times
// (floor of SCALE times the Euclidean distance), with time windows and
// service times multiplied by SCALE as LKH-3 does.
package tsplib
