package serve

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/plancert/plancert/domains"
)

// TestRecordCache: the cache holds at most max unpinned records, the
// least recently used dropped first; a pinned record is never dropped
// (the cache holds more while more are pinned); concurrent gets of one
// record read it once; a failed read is not kept.
func TestRecordCache(t *testing.T) {
	var reads [8]atomic.Int32
	fail := atomic.Bool{}
	read := func(i int32) (*domains.Record, error) {
		reads[i].Add(1)
		if fail.Load() {
			return nil, errors.New("no")
		}
		return &domains.Record{ID: fmt.Sprint(i)}, nil
	}
	var c recordCache
	c.init(2)
	get := func(i int32) *domains.Record {
		r, err := c.get(i, read)
		if err != nil || r.ID != fmt.Sprint(i) {
			t.Fatalf("get(%d) = %v, %v", i, r, err)
		}
		return r
	}
	r0 := get(0)
	c.release(0)
	get(1)
	c.release(1)
	if get(0) != r0 || reads[0].Load() != 1 {
		t.Fatalf("record 0 read %d times", reads[0].Load())
	}
	c.release(0) // 0 is now the most recently used
	get(2)
	c.release(2) // drops 1
	if c.len() != 2 {
		t.Fatalf("%d records cached, want 2", c.len())
	}
	get(1)
	if reads[1].Load() != 2 {
		t.Errorf("record 1 read %d times, want 2 (dropped, then read again)", reads[1].Load())
	}
	// 1 is pinned: 3 and 4 drop the others, never 1.
	get(3)
	get(4)
	c.release(3)
	c.release(4)
	if c.len() != 2 {
		t.Errorf("%d records cached, want 2", c.len())
	}
	if get(1); reads[1].Load() != 2 {
		t.Errorf("a pinned record was dropped")
	}
	c.release(1)
	c.release(1)

	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			get(5)
			c.release(5)
		}()
	}
	wg.Wait()
	if reads[5].Load() != 1 {
		t.Errorf("record 5 read %d times by 16 concurrent gets, want once", reads[5].Load())
	}

	fail.Store(true)
	for k := range 2 {
		if r, err := c.get(6, read); err == nil || r != nil {
			t.Fatalf("a failed read: %v, %v", r, err)
		}
		if reads[6].Load() != int32(k+1) {
			t.Errorf("a failed read was kept")
		}
	}
	if n := c.len(); n != 2 {
		t.Fatalf("%d records cached, want 2", n)
	}
	if c.put(7, &domains.Record{ID: "7"}) || c.len() != 2 {
		t.Errorf("put into a full cache")
	}
}
