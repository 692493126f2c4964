package verify

import (
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Parallel calls f(i) for every i in [0, n) on up to workers goroutines
// (in the caller's goroutine when workers ≤ 1), taking the indexes in
// order, and returns when every call has returned. A panic in f is raised
// again in the caller, with the stack of the goroutine it came from, once
// every goroutine is done, so that a caller's recover (an HTTP handler's,
// a C entry point's) sees it. The reward server and the in-process
// library grade batches with it.
func Parallel(n, workers int, f func(i int)) {
	workers = min(workers, n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var (
		next     atomic.Int64
		wg       sync.WaitGroup
		panicked atomic.Value
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					panicked.CompareAndSwap(nil, fmt.Sprintf("%v\n%s", p, debug.Stack()))
				}
			}()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
	if p := panicked.Load(); p != nil {
		panic(p)
	}
}
