package serve

import (
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/domains"
)

func newTestServer(t *testing.T, opts Options) *Server {
	t.Helper()
	opts.ErrorLog = log.New(io.Discard, "", 0)
	s, err := New([]*domains.Record{{ID: "x"}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSlotsBoundGrading: with one slot, a request whose body has come
// waits while another is graded, and is graded once that one is answered.
func TestSlotsBoundGrading(t *testing.T) {
	s := newTestServer(t, Options{MaxConcurrent: 1})
	graded, release := make(chan string, 2), make(chan struct{})
	s.mux.HandleFunc("/block", s.post(func(_ context.Context, body []byte) (any, *requestError) {
		graded <- string(body)
		<-release
		return map[string]string{"body": string(body)}, nil
	}))
	answered := make(chan int, 2)
	for _, body := range []string{"first", "second"} {
		go func() {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("POST", "/block", strings.NewReader(body)))
			answered <- rec.Code
		}()
		if body == "first" {
			<-graded // the first holds the slot
		}
	}
	select {
	case b := <-graded:
		t.Fatalf("%q was graded while the other held the only slot", b)
	case <-time.After(300 * time.Millisecond):
	}
	close(release)
	<-graded
	for range 2 {
		if code := <-answered; code != 200 {
			t.Errorf("status %d", code)
		}
	}
}

// TestBudget: bytes are taken while there are enough, a taker waits for
// bytes given back, and gives up at its deadline or when its context ends.
func TestBudget(t *testing.T) {
	b := newBudget(100)
	far := time.Now().Add(time.Minute)
	if !b.acquire(context.Background(), 60, far) {
		t.Fatal("60 of 100 bytes not taken")
	}
	if b.acquire(context.Background(), 50, time.Now().Add(50*time.Millisecond)) {
		t.Fatal("50 bytes taken with 40 free")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if b.acquire(ctx, 50, far) {
		t.Fatal("50 bytes taken with 40 free, the context ended")
	}
	go func() {
		time.Sleep(50 * time.Millisecond)
		b.release(60)
	}()
	if !b.acquire(context.Background(), 50, far) {
		t.Fatal("50 bytes not taken once 60 were given back")
	}
	if b.free != 50 {
		t.Errorf("%d bytes free, want 50", b.free)
	}
}

// TestBodiesWaitForRoom: bodies in memory are bounded by MaxConcurrent ×
// MaxBodyBytes. A body that does not fit waits until the bodies before it
// are answered; one that never fits is refused with 503 at its deadline.
func TestBodiesWaitForRoom(t *testing.T) {
	for _, grace := range []time.Duration{200 * time.Millisecond, time.Minute} {
		s := newTestServer(t, Options{MaxConcurrent: 1, MaxBodyBytes: 100, BodyGrace: grace})
		if s.bodies.total != 100 {
			t.Fatalf("a budget of %d bytes, want 100", s.bodies.total)
		}
		graded, release := make(chan struct{}, 2), make(chan struct{})
		s.mux.HandleFunc("/block", s.post(func(context.Context, []byte) (any, *requestError) {
			graded <- struct{}{}
			<-release
			return "ok", nil
		}))
		post := func(body string) *httptest.ResponseRecorder {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("POST", "/block", strings.NewReader(body)))
			return rec
		}
		first := make(chan int, 1)
		go func() { first <- post(strings.Repeat(" ", 80)).Code }()
		<-graded // 80 bytes held until the answer
		if grace < time.Second {
			rec := post(strings.Repeat(" ", 30))
			var e errorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || rec.Code != http.StatusServiceUnavailable || !strings.Contains(e.Error, "holds as many request bodies as it may (100 bytes") {
				t.Errorf("a body over the room left: %d %s", rec.Code, rec.Body)
			}
			close(release)
			<-first
			continue
		}
		second := make(chan int, 1)
		go func() { second <- post(strings.Repeat(" ", 30)).Code }()
		time.Sleep(50 * time.Millisecond) // it waits for room
		close(release)
		if a, b := <-first, <-second; a != 200 || b != 200 {
			t.Errorf("statuses %d and %d, want 200 and 200", a, b)
		}
		if s.bodies.free != 100 {
			t.Errorf("%d bytes free after the answers, want 100", s.bodies.free)
		}
	}
}
