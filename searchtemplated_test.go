package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// A checker's findings in one template are its report, not matches;
// findings that each open with their own word, and grep's lines of
// files, are search output.
func TestSearchDeclinesTemplatedFindings(t *testing.T) {
	lines := func(f func(i int) string) string {
		var b strings.Builder
		for i := range 60 {
			b.WriteString(f(i))
			b.WriteByte('\n')
		}
		return b.String()
	}
	kinds := []string{"function", "variable", "method", "attribute"}
	cases := []struct {
		name string
		text string
		want bool
	}{
		{"vulture", "pkg/mod.py:197: expected ':' at \"def f(self)\"\n" + lines(func(i int) string {
			return fmt.Sprintf("pkg/m%d.py:%d: unused %s 'name%d' (60%% confidence)", i/7, 10+i, kinds[i%4], i)
		}) + "[exit status 1]\n", false},
		{"codespell", lines(func(i int) string {
			return fmt.Sprintf("./lib/m%d.pm:%d: typo%d ==> fix%d", i/5, 10+i, i, i)
		}), true},
		{"grep", lines(func(i int) string {
			return fmt.Sprintf("src/f%d.go:%d:\treturn fmt.Errorf(\"bad %d\")", i/5, 10+i, i)
		}), true},
		{"grep one blank, then code", lines(func(i int) string {
			return fmt.Sprintf("src/f%d.c:%d: * @return %d", i/5, 10+i, i)
		}), true},
		// A third of the lines no message: a grep of which some lines
		// open with one blank and a word.
		{"some messages", lines(func(i int) string {
			if i%3 == 0 {
				return fmt.Sprintf("doc/f%d.txt:%d:\tunused %d", i/5, 10+i, i)
			}
			return fmt.Sprintf("doc/f%d.txt:%d: unused %d", i/5, 10+i, i)
		}), true},
	}
	for _, c := range cases {
		sc := scanSearch(c.text, 8)
		if got := sc.isSearch(false); got != c.want {
			t.Errorf("%s: isSearch = %v, want %v (matches %d, messages %d, vote %d)", c.name, got, c.want, sc.matches, sc.messages, sc.messageVote)
		}
	}
}
