package llm_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/plancert/plancert/llm"
)

// A client of an OpenAI-compatible server (here a stand-in that always
// answers "Paris"), with an answer cache: the second call makes no request.
func Example() {
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		io.WriteString(w, `{"model": "m", "choices": [{"message": {"role": "assistant", "content": "Paris"}, "finish_reason": "stop"}]}`)
	}))
	defer srv.Close()

	dir := exampleDir()
	defer os.RemoveAll(dir)
	temp := 0.0
	c, err := llm.New(llm.Config{
		Endpoint: srv.URL + "/v1",
		Model:    "qwen3-8b",
		Params:   llm.Params{Temperature: &temp, MaxTokens: 64},
		CacheDir: dir,
	})
	if err != nil {
		panic(err)
	}
	msgs := []llm.Message{{Role: "user", Content: "The capital of France?"}}
	for range 2 {
		comp, err := c.Complete(context.Background(), msgs, 0)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s (cached %v)\n", comp.Content, comp.Cached)
	}
	fmt.Println("requests:", calls)
	// Output:
	// Paris (cached false)
	// Paris (cached true)
	// requests: 1
}

func exampleDir() string {
	dir, err := os.MkdirTemp("", "llm-example-")
	if err != nil {
		panic(err)
	}
	return dir
}
