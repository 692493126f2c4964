package serve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/verify/serve"
)

// serveOn runs s.Serve on a free port of 127.0.0.1 until the test ends and
// returns its address.
func serveOn(t *testing.T, s *serve.Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return ln.Addr().String()
}

// slowUpload opens a connection to addr that sends the headers of a POST
// to path with a body of n bytes, then the body one byte every interval
// until the connection is closed (at the end of the test at the latest).
// It returns the connection.
func slowUpload(t *testing.T, addr, path string, n int, interval time.Duration) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", path, addr, n)
	go func() {
		for range n {
			if _, err := conn.Write([]byte{' '}); err != nil {
				return
			}
			time.Sleep(interval)
		}
	}()
	return conn
}

// answered says the server has written something to conn (an answer, or
// it closed it), waiting at most wait.
func answered(conn net.Conn, wait time.Duration) bool {
	conn.SetReadDeadline(time.Now().Add(wait))
	defer conn.SetReadDeadline(time.Time{})
	var b [1]byte
	_, err := conn.Read(b[:])
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// TestSlowUploadsDoNotStarve: 32 uploads that send a byte every 200 ms
// hold no grading slot while their bodies come (there are 4), so a valid
// request sent meanwhile is answered at once: within 1 s, or 10 times
// what it takes alone on a loaded machine, and before any slow upload is
// answered (with the default limits they are cut after 10 s). When the
// slots were taken before the bodies were read, the valid request waited
// for the slow uploads, up to 5 minutes.
func TestSlowUploadsDoNotStarve(t *testing.T) {
	recs := readSuite(t)
	s := newServer(t, recs, serve.Options{})
	addr := serveOn(t, s)
	url := "http://" + addr + "/v1/score"
	body := mustJSON(t, map[string]any{"items": []map[string]string{{"id": recs[0].ID, "response": reference(recs[0])}}})
	client := &http.Client{Timeout: 15 * time.Second}
	post := func() (time.Duration, error) {
		start := time.Now()
		resp, err := client.Post(url, "application/json", strings.NewReader(body))
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		if err == nil && (resp.StatusCode != 200 || !strings.Contains(string(data), `"reward":1`)) {
			err = fmt.Errorf("status %d: %s", resp.StatusCode, data)
		}
		return time.Since(start), err
	}
	alone, err := post()
	if err != nil {
		t.Fatal(err)
	}

	var conns []net.Conn
	for range 32 {
		conns = append(conns, slowUpload(t, addr, "/v1/score", 1000, 200*time.Millisecond))
	}
	time.Sleep(500 * time.Millisecond) // the server reads their headers and first bytes
	took, err := post()
	if err != nil {
		t.Fatalf("the valid request, with 32 slow uploads under way: %v", err)
	}
	if limit := max(time.Second, 10*alone); took > limit {
		t.Errorf("the valid request took %v with 32 slow uploads under way (%v alone), want at most %v", took, alone, limit)
	}
	for i, c := range conns {
		if answered(c, time.Millisecond) {
			t.Errorf("slow upload %d was answered before the valid request was; the test's premise fails", i)
			break
		}
	}
	t.Logf("alone %v, with 32 slow uploads under way %v", alone, took)
}

// readAnswer reads the server's answer on conn (within 10 s) and returns
// its status and its error message.
func readAnswer(t *testing.T, conn net.Conn) (int, string) {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	defer resp.Body.Close()
	var e struct{ Error string }
	if err := json.NewDecoder(resp.Body).Decode(&e); err != nil {
		t.Fatalf("status %d, the answer is not JSON: %v", resp.StatusCode, err)
	}
	return resp.StatusCode, e.Error
}

// TestSlowUploadRefused: a body that comes slower than MinBodyRate (after
// BodyGrace), or not within BodyTimeout, is refused with 408 and says why.
func TestSlowUploadRefused(t *testing.T) {
	recs := readSuite(t)
	for _, tt := range []struct {
		name     string
		opts     serve.Options
		interval time.Duration // between the bytes sent
		want     string
	}{
		{"too slow", serve.Options{MinBodyRate: 100, BodyGrace: 100 * time.Millisecond}, 200 * time.Millisecond,
			"the request body came slower than 100 bytes/s ("},
		{"too long", serve.Options{BodyGrace: time.Minute, BodyTimeout: 500 * time.Millisecond}, 50 * time.Millisecond,
			"the request body did not come within 500ms ("},
	} {
		t.Run(tt.name, func(t *testing.T) {
			addr := serveOn(t, newServer(t, recs, tt.opts))
			start := time.Now()
			code, msg := readAnswer(t, slowUpload(t, addr, "/v1/score", 1000, tt.interval))
			if code != http.StatusRequestTimeout || !strings.HasPrefix(msg, tt.want) {
				t.Errorf("status %d, %q; want 408, %q…", code, msg, tt.want)
			}
			t.Logf("after %v: %s", time.Since(start).Round(time.Millisecond), msg)
		})
	}
}
