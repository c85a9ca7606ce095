package headroom

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestLookupEnds(t *testing.T) {
	lines := []string{
		`execve("/usr/bin/ruby", ["ruby"], 0x7ffd /* 35 vars */) = 0`,
		`openat(AT_FDCWD, "/usr/local/lib/site_ruby/json/ext/generator.rb", O_RDONLY) = -1 ENOENT (No such file or directory)`,
		`openat(AT_FDCWD, "/usr/local/lib/site_ruby/json/ext/generator.so", O_RDONLY) = -1 ENOENT (No such file or directory)`,
		`openat(AT_FDCWD, "/usr/lib/ruby/3.1.0/json/ext/generator.so", O_RDONLY) = 5`, // 3: a search's end
		`newfstatat(5, "", {st_mode=S_IFREG|0644, st_size=38984, ...}, AT_EMPTY_PATH) = 0`,
		`openat(AT_FDCWD, "/etc/app/one.conf", O_RDONLY) = -1 ENOENT (No such file or directory)`,
		`openat(AT_FDCWD, "/etc/app/two.conf", O_RDONLY) = -1 ENOENT (No such file or directory)`,
		`openat(AT_FDCWD, "/etc/app/three.conf", O_RDONLY) = 3`, // another name: no end
		`newfstatat(AT_FDCWD, "/etc/perl/Getopt/Long.pmc", 0x7fff, 0) = -1 ENOENT (No such file or directory)`,
		`newfstatat(AT_FDCWD, "/etc/perl/Getopt/Long.pm", 0x7fff, 0) = -1 ENOENT (No such file or directory)`,
		`newfstatat(AT_FDCWD, "/usr/share/perl/Getopt/Long.pmc", 0x7fff, 0) = -1 ENOENT (No such file or directory)`,
		`newfstatat(AT_FDCWD, "/usr/share/perl/Getopt/Long.pm", {st_mode=S_IFREG|0644, ...}, 0) = 0`, // 11: an end, three tries
		`openat(AT_FDCWD, "/etc/app/solo.conf", O_RDONLY) = -1 ENOENT (No such file or directory)`,
		`openat(AT_FDCWD, "/usr/share/app/solo.conf", O_RDONLY) = 3`, // one try: no search
		`close(3) = 0`,
	}
	text := strings.Join(lines, "\n") + "\n"
	n := lineCount(text)
	sh := readShapes(text, n, 0, len(text), 2*len(text), leadsExact(len(text)))
	s := newLineSel(text, 1<<20, lineGaps(n))
	got := lookupEnds(s, sh)
	want := []lookupEnd{{at: 3, tries: 2}, {at: 11, tries: 3}}
	if len(got) != len(want) {
		t.Fatalf("lookupEnds = %v, want %v", got, want)
	}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("lookupEnds[%d] = %v, want %v", k, got[k], want[k])
		}
	}
}

// Every end lookupEnds gives follows lookupRunMin failure lines or more,
// the line before it among them, and makes their call on their name.
func TestLookupEndsProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		calls := []string{"openat(AT_FDCWD, ", "newfstatat(AT_FDCWD, ", "stat("}
		names := []string{`"/a/x.so"`, `"/b/x.so"`, `"/c/y.pm"`, `"/d/y.pmc"`, `"z"`}
		results := []string{" = 3", " = 0", " = -1 ENOENT (No such file or directory)", " = -1 EACCES (Permission denied)"}
		k := rapid.IntRange(0, 60).Draw(t, "lines")
		var b strings.Builder
		for i := range k {
			b.WriteString(rapid.SampledFrom(calls).Draw(t, "call") + rapid.SampledFrom(names).Draw(t, "name") + ")" + rapid.SampledFrom(results).Draw(t, "result"))
			if i < k-1 {
				b.WriteByte('\n')
			}
		}
		text := b.String()
		if text == "" {
			return
		}
		n := lineCount(text)
		sh := readShapes(text, n, 0, len(text), 2*len(text), leadsExact(len(text)))
		fail := map[int]bool{}
		for x := range sh.fails.len() {
			fail[int(sh.fails.get(x).i)] = true
		}
		s := newLineSel(text, 1<<20, lineGaps(n))
		for _, e := range lookupEnds(s, sh) {
			if fail[e.at] || e.tries < lookupRunMin {
				t.Fatalf("end %v: a failure, or too few tries", e)
			}
			for j := e.at - e.tries; j < e.at; j++ {
				if !fail[j] {
					t.Fatalf("end %v: line %d is no failure", e, j)
				}
			}
			if !sameLookup(s.line(e.at-1), s.line(e.at)) {
				t.Fatalf("end %v: %q does not look up what %q did", e, s.line(e.at), s.line(e.at-1))
			}
		}
	})
}

func FuzzSameLookup(f *testing.F) {
	f.Add(`openat(AT_FDCWD, "/a/b.so", O_RDONLY) = -1 ENOENT`, `openat(AT_FDCWD, "/c/b.so", O_RDONLY) = 3`)
	f.Add(`x("/"`, `x("/"")`)
	f.Fuzz(func(t *testing.T, a, b string) {
		if sameLookup(a, b) != sameLookup(b, a) {
			t.Errorf("sameLookup(%q, %q) is not symmetric", a, b)
		}
		if name, ok := quotedBase(a); ok && (name == "" || strings.ContainsAny(name, "/\".")) {
			t.Errorf("quotedBase(%q) = %q", a, name)
		}
	})
}
