package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// entry is one cache file: what was asked (without the API key) and the
// answer.
type entry struct {
	Key        string                     `json:"key"`
	Endpoint   string                     `json:"endpoint"`
	Model      string                     `json:"model"`
	Params     Params                     `json:"params"`
	Extra      map[string]json.RawMessage `json:"extra,omitempty"`
	Messages   []Message                  `json:"messages"`
	Sample     int                        `json:"sample"`
	Format     json.RawMessage            `json:"response_format,omitempty"`
	Completion *Completion                `json:"completion"`
}

// cachePath is the file of key k: CacheDir/k[:2]/k.json.
func (c *Client) cachePath(k string) string {
	return filepath.Join(c.cfg.CacheDir, k[:2], k+".json")
}

// cacheGet returns the cached answer of key k. A missing, unreadable or
// malformed entry is a miss (a new answer overwrites it).
func (c *Client) cacheGet(k string) (*Completion, bool) {
	if c.cfg.CacheDir == "" {
		return nil, false
	}
	data, err := os.ReadFile(c.cachePath(k))
	if err != nil {
		return nil, false
	}
	var e entry
	if json.Unmarshal(data, &e) != nil || e.Key != k || e.Completion == nil {
		return nil, false
	}
	e.Completion.Cached = true
	return e.Completion, true
}

// cachePut writes the entry of key k through a temporary file in the same
// directory, renamed into place, so that a reader never sees half of it.
//
// A writer killed before its rename (kill -9) leaves its temporary file,
// .k.<digits>.tmp; the next put of k (the rerun asks for k again, its entry
// being missing) removes those first. A put of k by another process at the
// same moment may lose its temporary file to that: its rename fails, and
// it writes the entry again, up to putAttempts times.
func (c *Client) cachePut(k string, messages []Message, sample int, format json.RawMessage, comp *Completion) error {
	if c.cfg.CacheDir == "" {
		return nil
	}
	path := c.cachePath(k)
	data, err := json.Marshal(entry{k, redactURL(c.cfg.Endpoint), c.cfg.Model, c.cfg.Params, c.cfg.ExtraBody, messages, sample, format, comp})
	if err != nil {
		return fmt.Errorf("llm: cache: %w", err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("llm: cache: %w", err)
	}
	removeStaleTemps(dir, k)
	for attempt := 1; ; attempt++ {
		err := writeRename(dir, path, k, append(data, '\n'))
		if err == nil {
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) || attempt == putAttempts {
			return fmt.Errorf("llm: cache: %w", err)
		}
	}
}

// putAttempts bounds the writes of one cache entry whose temporary file
// another process removed.
const putAttempts = 3

// writeRename writes data to a new temporary file in dir renamed onto path.
func writeRename(dir, path, k string, data []byte) error {
	f, err := os.CreateTemp(dir, "."+k+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(f.Name(), path)
	}
	if werr != nil {
		os.Remove(f.Name())
	}
	return werr
}

// removeStaleTemps removes the temporary files of key k in dir.
func removeStaleTemps(dir, k string) {
	names, err := filepath.Glob(filepath.Join(dir, "."+k+".*.tmp")) // k is hex: no pattern characters
	if err != nil {
		return
	}
	for _, name := range names {
		os.Remove(name)
	}
}
