package headroom

import (
	"path"
	"strings"
)

// isTestPath reports whether a matched file's path names a test, by the
// naming conventions test runners key on: a base name with a _test,
// .test, .spec or _spec suffix before its extension or a test_ prefix
// (Go, Jest, RSpec, pytest), or a directory named test, tests, testdata,
// spec or __tests__. A search that cannot show every file prefers the
// others' lines: a test's match repeats what the code it tests says.
func isTestPath(p string) bool {
	// Split on either separator without allocating: the planner asks
	// for every file waiting, and a flood has a file a line.
	for p != "" {
		i := strings.IndexAny(p, "/\\")
		if i < 0 {
			break
		}
		switch p[:i] {
		case "test", "tests", "testdata", "spec", "__tests__":
			return true
		}
		p = p[i+1:]
	}
	stem := strings.TrimSuffix(p, path.Ext(p))
	for _, s := range testStemSuffixes {
		if strings.HasSuffix(stem, s) {
			return true
		}
	}
	return strings.HasPrefix(stem, "test_")
}

// testStemSuffixes end the stem of a test file's name.
var testStemSuffixes = []string{"_test", ".test", ".spec", "_spec"}

// pendingOrder orders the files still waiting for a first line once the
// first lines have their share (pending, positions in files): the
// others' before tests (isTestPath), stably, so that the spread order
// stays within each. Tests left out are named with their counts in the
// index.
func pendingOrder(files []*searchFile, pending []int32) {
	tests := make([]int32, 0, len(pending))
	k := 0
	for _, i := range pending {
		if isTestPath(files[i].path) {
			tests = append(tests, i)
			continue
		}
		pending[k] = i
		k++
	}
	copy(pending[k:], tests)
}
