package serve

import (
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"sync"

	"github.com/plancert/plancert/domains"
	"github.com/plancert/plancert/verify"
)

// DefaultCacheRecords is the default of Options.CacheRecords: about
// 180 MB of decoded records with their loaded instances and grading
// caches (about 11 KB each on a level-1 suite of every task,
// TestCachedRecordBytes; larger levels take more).
const DefaultCacheRecords = 16384

// suiteFile is a suite served from its file (Open): an index of its
// records, each the place of its line in the file and what the server
// needs of it before grading (its content hash, task and level), and a
// bounded cache of decoded records, read from the file by offset when a
// request names one that is not in it. Its index is read-only after
// openSuite; the cache is safe for concurrent use.
type suiteFile struct {
	f     *os.File
	name  string
	byID  map[string]int32 // the index of the record's entry
	ents  []fileEntry
	ids   []string // by entry
	tasks []string // task names, by fileEntry.task
	cache recordCache
}

// fileEntry is the index entry of one record of a suiteFile: about 80
// bytes with its hash, and the id in the index's map.
type fileEntry struct {
	off   int64  // of the line's first byte
	n     uint32 // bytes of the line
	sum   uint32 // CRC-32C of the line
	line  int32  // line number, for messages
	task  uint16 // in suiteFile.tasks
	level int8
	hash  string // the content hash
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// openSuite reads the suite in the file at path once, on workers
// goroutines: it checks every record as verify.ReadSuite does, grades its
// reference plan (referenceFailure), caches the first cacheRecords
// records (with their loaded instances) and indexes every one. A
// reference that fails is an integrity failure: after the whole file is
// read, a *ReferenceError names every such record (in id order). The
// file is kept open: records are read from it again, by offset, when
// they are graded. Errors name the file; ctx ending stops the reading
// (ctx.Err()).
func openSuite(ctx context.Context, path string, workers, cacheRecords int) (*suiteFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	s := &suiteFile{f: f, name: path, byID: map[string]int32{}}
	s.cache.init(cacheRecords)
	var (
		taskOf  = map[string]uint16{}
		pending []verify.SuiteLine // read, not yet graded
		fails   []*ReferenceFailure
	)
	// grade grades the references of pending in parallel, caching the
	// records of the first entries.
	grade := func() {
		first := int32(len(s.ents) - len(pending))
		fs := make([]*ReferenceFailure, len(pending))
		verify.Parallel(len(pending), workers, func(k int) {
			rec, i := slim(pending[k].Record), first+int32(k)
			if !s.cache.put(i, rec) {
				defer verify.Forget(rec)
			}
			fs[k] = referenceFailure(ctx, rec)
		})
		for _, f := range fs {
			if f != nil {
				fails = append(fails, f)
			}
		}
		clear(pending)
		pending = pending[:0]
	}
	_, err = verify.ScanSuite(f, workers, func(l verify.SuiteLine) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		r := l.Record
		if len(s.ents) == math.MaxInt32 || l.Line > math.MaxInt32 || len(l.Bytes) > math.MaxUint32 {
			return fmt.Errorf("line %d: the suite is larger than this server indexes (2^31 records and lines, lines under 4 GiB)", l.Line)
		}
		t, ok := taskOf[r.Task]
		if !ok {
			if len(s.tasks) > math.MaxUint16 {
				return fmt.Errorf("line %d: more than %d tasks", l.Line, math.MaxUint16+1)
			}
			t = uint16(len(s.tasks))
			taskOf[r.Task] = t
			s.tasks = append(s.tasks, r.Task)
		}
		s.byID[r.ID] = int32(len(s.ents))
		s.ids = append(s.ids, r.ID)
		s.ents = append(s.ents, fileEntry{off: l.Offset, n: uint32(len(l.Bytes)), sum: crc32.Checksum(l.Bytes, castagnoli),
			line: int32(l.Line), task: t, level: int8(min(max(r.Level, math.MinInt8), math.MaxInt8)), hash: r.Hash})
		l.Bytes = nil
		if pending = append(pending, l); len(pending) == workers*64 {
			grade()
		}
		return nil
	})
	if err == nil {
		grade()
		err = ctx.Err()
	}
	if err == nil {
		err = referenceError(fails, true)
	}
	if err != nil {
		s.close()
		var re *ReferenceError
		if errors.As(err, &re) || errors.Is(err, ctx.Err()) {
			return nil, err
		}
		return nil, fmt.Errorf("serve: %s: %w", path, err)
	}
	s.ents = slices.Clip(s.ents)
	s.ids = slices.Clip(s.ids)
	return s, nil
}

// slim returns the part of rec that grading reads (as read does): not
// the prompt, the certificate or the texts.
func slim(rec *domains.Record) *domains.Record {
	items := make([]domains.Item, len(rec.Checklist))
	for k, it := range rec.Checklist {
		items[k] = domains.Item{ID: it.ID, Tier: it.Tier, Constraint: it.Constraint, Kind: it.Kind}
	}
	return &domains.Record{ID: rec.ID, Hash: rec.Hash, Family: rec.Family, Task: rec.Task, Level: rec.Level,
		Instance: rec.Instance, Checklist: items, Reference: rec.Reference}
}

// read reads and decodes the record of entry i from the file, keeping
// what grading needs (id, task, family, level, instance, checklist ids
// and kinds, reference): not the prompt, the certificate or the texts.
// A line that is not what it was when the suite was indexed (the file was
// changed or replaced since) is an error, never graded.
func (s *suiteFile) read(i int32) (*domains.Record, error) {
	e := &s.ents[i]
	buf := make([]byte, e.n)
	if _, err := s.f.ReadAt(buf, e.off); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("serve: %s: reading line %d again: %w", s.name, e.line, err)
	}
	if crc32.Checksum(buf, castagnoli) != e.sum {
		return nil, fmt.Errorf("serve: %s: line %d is not what it was when the server read the suite (the file was changed or replaced since): restart the server on the suite to serve", s.name, e.line)
	}
	var g gradedRecord
	if err := json.Unmarshal(buf, &g); err != nil {
		return nil, fmt.Errorf("serve: %s: line %d: %w", s.name, e.line, err)
	}
	if g.ID != s.ids[i] {
		return nil, fmt.Errorf("serve: %s: line %d holds %q, indexed as %q", s.name, e.line, g.ID, s.ids[i])
	}
	return slim(&domains.Record{ID: g.ID, Hash: e.hash, Family: g.Family, Task: g.Task, Level: g.Level,
		Instance: g.Instance, Checklist: g.Checklist, Reference: g.Reference}), nil
}

// gradedRecord is the part of a record that grading reads (and the
// checklist's texts, which slim drops): the prompt and the certificate
// are not decoded.
type gradedRecord struct {
	ID        string            `json:"id"`
	Family    domains.Family    `json:"family"`
	Task      string            `json:"task"`
	Level     int               `json:"level"`
	Instance  json.RawMessage   `json:"instance"`
	Checklist []domains.Item    `json:"checklist"`
	Reference domains.Reference `json:"reference"`
}

// get returns the record of entry i, from the cache or read from the
// file (and then cached), pinned: it stays in the cache, and so do its
// loaded instance and caches in verify, until release(i) is called as
// many times as get. Concurrent gets of one record read it once.
func (s *suiteFile) get(i int32) (*domains.Record, error) {
	return s.cache.get(i, s.read)
}

// release unpins a record that get returned.
func (s *suiteFile) release(i int32) { s.cache.release(i) }

func (s *suiteFile) close() error { return s.f.Close() }

// recordCache holds up to max decoded records, the least recently used
// dropped first (and verify.Forget frees what grading cached of them).
// A pinned record is never dropped: the cache holds more than max only
// while more are pinned (a request's records are pinned while it is
// graded). Safe for concurrent use.
type recordCache struct {
	mu  sync.Mutex
	max int
	m   map[int32]*cachedRecord
	lru list.List // of the unpinned *cachedRecord, the most recently used first
}

type cachedRecord struct {
	i     int32
	rec   *domains.Record
	err   error
	ready chan struct{} // closed once rec or err is set
	pins  int
	elem  *list.Element // in lru when unpinned
}

func (c *recordCache) init(max int) {
	c.max = max
	c.m = map[int32]*cachedRecord{}
}

func (c *recordCache) get(i int32, read func(int32) (*domains.Record, error)) (*domains.Record, error) {
	c.mu.Lock()
	e := c.m[i]
	if e != nil {
		c.pin(e)
		c.mu.Unlock()
		<-e.ready
		if e.err != nil {
			return nil, e.err // e is dropped: nothing to release
		}
		return e.rec, nil
	}
	e = &cachedRecord{i: i, ready: make(chan struct{}), pins: 1}
	c.m[i] = e
	c.mu.Unlock()
	e.rec, e.err = read(i)
	close(e.ready)
	if e.err != nil {
		c.mu.Lock()
		if c.m[i] == e {
			delete(c.m, i) // the next get reads it again
		}
		c.mu.Unlock()
		return nil, e.err
	}
	c.mu.Lock()
	c.evict()
	c.mu.Unlock()
	return e.rec, nil
}

// put caches rec as the record of entry i, unpinned, when the cache has
// room and no record of i; it reports whether it did.
func (c *recordCache) put(i int32, rec *domains.Record) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= c.max || c.m[i] != nil {
		return false
	}
	e := &cachedRecord{i: i, rec: rec, ready: make(chan struct{})}
	close(e.ready)
	e.elem = c.lru.PushFront(e)
	c.m[i] = e
	return true
}

// pin takes e out of the lru list. c.mu is held.
func (c *recordCache) pin(e *cachedRecord) {
	if e.pins == 0 && e.elem != nil {
		c.lru.Remove(e.elem)
		e.elem = nil
	}
	e.pins++
}

func (c *recordCache) release(i int32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.m[i]
	if e == nil || e.pins == 0 {
		return // a failed read, dropped already
	}
	e.pins--
	if e.pins == 0 {
		e.elem = c.lru.PushFront(e)
		c.evict()
	}
}

// evict drops the least recently used unpinned records while the cache
// holds more than max. c.mu is held.
func (c *recordCache) evict() {
	for len(c.m) > c.max && c.lru.Len() > 0 {
		e := c.lru.Remove(c.lru.Back()).(*cachedRecord)
		delete(c.m, e.i)
		verify.Forget(e.rec)
	}
}

// len returns the records cached.
func (c *recordCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// defaultWorkers is the number of goroutines that index a suite.
func defaultWorkers(workers int) int {
	if workers > 0 {
		return workers
	}
	return runtime.GOMAXPROCS(0)
}
