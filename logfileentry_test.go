package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// TestLogKeepsTheFailingFilesEntry: a compiler's one error at the top of
// a run that then lists 300 files it read, each with why on the line
// under it, keeps the failing file's own entry and its reason.
func TestLogKeepsTheFailingFilesEntry(t *testing.T) {
	var b strings.Builder
	b.WriteString("src/mod/f187.ts(22,16): error TS2552: Cannot find name 'strng'. Did you mean 'string'?\n")
	for i := range 300 {
		fmt.Fprintf(&b, "src/mod/f%03d.ts\n  Imported via './f%03d' from file 'src/mod/f%03d.ts'\n", i, i, (i*7+3)%300)
	}
	b.WriteString("Files:     300\n")
	text := b.String()
	want := "src/mod/f187.ts\n  Imported via './f187' from file 'src/mod/f112.ts'\n"
	if !strings.Contains(text, want) {
		t.Fatalf("test text lacks %q", want)
	}
	code := 2
	for _, limit := range []int{4000, 16000} {
		p, ok := planLog(text, limit, logOptions{exitCode: &code})
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		if out := render(text, p, marker{}); !strings.Contains(out, want) {
			t.Errorf("limit %d: the failing file's entry lost:\n%s", limit, out)
		}
	}
}

func TestFailureFile(t *testing.T) {
	for l, want := range map[string]string{
		"node_modules/@types/node/net.d.ts(336,33): error TS2552: x": "node_modules/@types/node/net.d.ts",
		"a.c:59:5: error: expected ';'":                              "a.c",
		"src/lib.rs:12: warning":                                     "src/lib.rs",
		"error: could not compile":                                   "",
		"Makefile:(3) oops":                                          "",
		"a b.c:3: error":                                             "",
		"12:30: error":                                               "",
		"x":                                                          "",
	} {
		if got := failureFile(l); got != want {
			t.Errorf("failureFile(%q) = %q, want %q", l, got, want)
		}
	}
}

func TestFileEntriesIsTheFirstLineAlone(t *testing.T) {
	text := "a/b.ts(1,2): error TS1: x\nsee a/b.ts\na/b.ts  \n  why\na/b.ts\n"
	lines := scanLog(text)
	blocks := formBlocks(lines, text)
	var told []int32
	for k := range blocks {
		told = append(told, int32(k))
	}
	got := fileEntries(lines, blocks, told)
	if len(got) != 1 || got[0] != 2 {
		t.Errorf("fileEntries = %v, want [2]", got)
	}
}
