package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// leakReport writes a memcheck leak report over n distinct loss records,
// each with a three-frame stack, under valgrind's banner.
func leakReport(n int) string {
	var b strings.Builder
	b.WriteString("==77== Memcheck, a memory error detector\n==77== Copyright (C) 2002-2022, and GNU GPL'd, by Julian Seward et al.\n" +
		"==77== Using Valgrind-3.19.0 and LibVEX; rerun with -h for copyright info\n==77== Command: ./prog --input data.txt\n==77== \n" +
		"==77== HEAP SUMMARY:\n==77==     in use at exit: 9,000 bytes in 90 blocks\n==77== \n")
	for k := range n {
		fmt.Fprintf(&b, "==77== %d bytes in 1 blocks are definitely lost in loss record %d of %d\n", 8*(k+1), k+1, n)
		fmt.Fprintf(&b, "==77==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)\n")
		fmt.Fprintf(&b, "==77==    by 0x1%05X: make_node_%d (prog.c:%d)\n==77==    by 0x10A1B2: main (prog.c:9)\n==77== \n", k, k, 20+k)
	}
	fmt.Fprintf(&b, "==77== LEAK SUMMARY:\n==77==    definitely lost: 9,000 bytes in %d blocks\n==77== \n==77== ERROR SUMMARY: %d errors from %d contexts (suppressed: 0 from 0)\n", n, n, n)
	return b.String()
}

func TestRunHeader(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       int
	}{
		{"valgrind banner", leakReport(3), 3},
		{"echoed shell command", "$ make check\ncc -c a.c\na.c:1:2: error: expected ';'\n", 0},
		{"debugger", "Reading symbols from perl...\nStarting program: /usr/bin/perl w.pl\nx at w.pl line 3.\n", 1},
		{"invocation label", "tool 1.2\nInvocation: tool --all src\nsrc/a:3: error: bad\n", 1},
		{"after the first failure", "a.c:1:2: error: expected ';'\nCommand: make\n", -1},
		{"a long line is a dump", "Command: " + strings.Repeat("x", runHeaderMax) + "\na.c:1:2: error: bad\n", -1},
		{"a label and no command", "$ \nCommand:  \na.c:1:2: error: bad\n", -1},
		{"no header", "building\na.c:1:2: error: bad\n", -1},
	} {
		lines := scanLog(c.text)
		if got := runHeader(lines, formBlocks(lines, c.text)); got != c.want {
			t.Errorf("%s: runHeader = %d, want %d", c.name, got, c.want)
		}
	}
}

// A run's header is kept even when more distinct findings crowd the log
// than its limit holds: which program they are about.
func TestRunHeaderKeptWhenCrowded(t *testing.T) {
	text := leakReport(120)
	for _, limit := range []int{2000, 4000, 16000} {
		p, ok := planLog(text, limit, logOptions{})
		if !ok {
			t.Fatalf("limit %d: declined", limit)
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		if !strings.Contains(out, "==77== Command: ./prog --input data.txt\n") {
			t.Errorf("limit %d: the run's Command line is lost", limit)
		}
	}
}
