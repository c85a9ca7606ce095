// Package wiretest is the fake provider the adapters' wire tests and
// offline examples talk to: an httptest server that answers each request
// with the next scripted reply and records every request body, so a test
// can compare what the real SDK client put on the wire from one turn to
// the next.
package wiretest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
)

// Server is a scripted provider.
type Server struct {
	*httptest.Server
	mu      sync.Mutex
	replies []string
	bodies  [][]byte
	paths   []string
}

// New starts a server that answers the n-th POST with replies[n] (JSON,
// status 200) and any request past the script with a 500.
func New(replies ...string) *Server {
	s := &Server{replies: replies}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	n := len(s.bodies)
	s.bodies = append(s.bodies, body)
	s.paths = append(s.paths, r.URL.Path)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if n >= len(s.replies) {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, `{"error":{"type":"api_error","message":"the script has %d replies, this is request %d"}}`, len(s.replies), n+1)
		return
	}
	io.WriteString(w, s.replies[n])
}

// Bodies returns the request bodies received so far, in order.
func (s *Server) Bodies() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.bodies...)
}

// Paths returns the request paths received so far, in order.
func (s *Server) Paths() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.paths...)
}

// Array returns the elements of the top-level array key of a JSON request
// body (the "messages" of a chat request, the "input" of a Responses
// request) as the exact bytes the client sent.
func Array(body []byte, key string) ([]json.RawMessage, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		return nil, err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(top[key], &items); err != nil {
		return nil, fmt.Errorf("wiretest: %q: %w", key, err)
	}
	return items, nil
}

// FirstDiff returns the index of the first element of next that differs,
// byte for byte, from the element at the same index of prev, len(prev)
// when next starts with all of prev, and -1 when next equals prev.
func FirstDiff(prev, next []json.RawMessage) int {
	for i := range prev {
		if i >= len(next) || !bytes.Equal(prev[i], next[i]) {
			return i
		}
	}
	if len(next) == len(prev) {
		return -1
	}
	return len(prev)
}
