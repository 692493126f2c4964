//go:build cgo

// Command libplancert is the C shared library that the Python package
// plancert loads with ctypes: plancert's graders in the calling process,
// with no server and no subprocess. Build it with "make python":
//
//	CGO_ENABLED=1 go build -buildmode=c-shared -o python/plancert/libplancert.so ./python/libplancert
//
// Every function but plancert_version returns a JSON text allocated with
// malloc, which the caller frees with plancert_free; an error is
// {"error": "..."}, never a crash. Strings come with their lengths in
// bytes (a response may hold NUL bytes). The functions are safe to call
// from many threads at once. The logic, tested without cgo, is
// internal/pylib.
//
//	int   plancert_version(void);
//	char *plancert_load_suite(const char *name, const char *data, int64_t n);
//	char *plancert_free_suite(int64_t handle);
//	char *plancert_score_id(int64_t handle, const char *id, int64_t id_n,
//	                        const char *response, int64_t response_n, const char *reward);
//	char *plancert_score_batch(int64_t handle, const char *request, int64_t n);
//	char *plancert_score(const char *record, int64_t record_n,
//	                     const char *response, int64_t response_n, const char *reward);
//	void  plancert_free(char *p);
//
// The library is built with cgo, which the rest of plancert does not
// need: with CGO_ENABLED=0 this package has no files to build.
package main

/*
#include <stdint.h>
#include <stdlib.h>
*/
import "C"

import (
	"unsafe"

	"github.com/plancert/plancert/internal/pylib"
)

func main() {}

// bytesOf copies the n bytes at p into Go memory (C.GoBytes takes an
// int32 length).
func bytesOf(p *C.char, n C.int64_t) []byte {
	if n <= 0 || p == nil {
		return nil
	}
	return append([]byte(nil), view(p, n)...)
}

// stringOf copies the n bytes at p into a Go string.
func stringOf(p *C.char, n C.int64_t) string {
	if n <= 0 || p == nil {
		return ""
	}
	return string(view(p, n))
}

// view is the n bytes at p, in C memory.
func view(p *C.char, n C.int64_t) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(p)), int(n))
}

// cstring returns answer as a C string for plancert_free. A JSON text has
// no NUL byte (one in a string is escaped).
func cstring(answer []byte) *C.char { return C.CString(string(answer)) }

//export plancert_version
func plancert_version() C.int { return C.int(pylib.Version) }

//export plancert_load_suite
func plancert_load_suite(name, data *C.char, n C.int64_t) *C.char {
	return cstring(pylib.LoadSuite(C.GoString(name), bytesOf(data, n)))
}

//export plancert_free_suite
func plancert_free_suite(handle C.int64_t) *C.char {
	return cstring(pylib.FreeSuite(int64(handle)))
}

//export plancert_score_id
func plancert_score_id(handle C.int64_t, id *C.char, idN C.int64_t, response *C.char, responseN C.int64_t, reward *C.char) *C.char {
	return cstring(pylib.ScoreID(int64(handle), stringOf(id, idN), stringOf(response, responseN), C.GoString(reward)))
}

//export plancert_score_batch
func plancert_score_batch(handle C.int64_t, request *C.char, n C.int64_t) *C.char {
	return cstring(pylib.ScoreBatch(int64(handle), bytesOf(request, n)))
}

//export plancert_score
func plancert_score(record *C.char, recordN C.int64_t, response *C.char, responseN C.int64_t, reward *C.char) *C.char {
	return cstring(pylib.Score(bytesOf(record, recordN), stringOf(response, responseN), C.GoString(reward)))
}

//export plancert_free
func plancert_free(p *C.char) { C.free(unsafe.Pointer(p)) }
