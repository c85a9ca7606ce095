package headroom

import (
	"fmt"
	"testing"
)

// TestIsTestPath checks the test-file conventions isTestPath knows.
func TestIsTestPath(t *testing.T) {
	for p, want := range map[string]bool{
		"./internal/spew/dump_test.go": true,
		"src/app.spec.ts":              true,
		"lib/foo.test.js":              true,
		"spec/models/user_spec.rb":     true,
		"tests/test_api.py":            true,
		"pkg/testdata/in.txt":          true,
		`C:\work\tests\a.cs`:           true,
		"a/__tests__/b.js":             true,
		"./optimizer/sum_array.go":     false,
		"testutil/testutil.go":         false,
		"contest/main.go":              false,
		"latest.go":                    false,
		"attest_x.go":                  false,
	} {
		if got := isTestPath(p); got != want {
			t.Errorf("isTestPath(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestPendingOrder checks the order files wait in for a first line:
// non-test files, then tests; the input order within each.
func TestPendingOrder(t *testing.T) {
	files := []*searchFile{
		{path: "a_test.go", count: 5},
		{path: "b.go", count: 5},
		{path: "c_test.go", count: 1},
		{path: "d.go", count: 1},
		{path: "e.go", count: 1},
		{path: "f.go", count: 2},
	}
	pending := []int32{0, 1, 2, 3, 4, 5}
	pendingOrder(files, pending)
	if got, want := fmt.Sprint(pending), "[1 3 4 5 0 2]"; got != want {
		t.Fatalf("order %s, want %s", got, want)
	}
}
