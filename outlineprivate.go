package headroom

import "strings"

// privateLevel returns how many underscores open the name a declaration
// line declares — the identifier before its parameter list, or before
// the `:`, `=` or `{` that ends its head (`def _init_read_gz(self):`,
// `class _Stream:`, `function Parser:_get_usage()`, `__git_ps1 ()`) —
// the convention many languages share for a private name; 0 for a public
// name, a `__dunder__` one, or a line whose name is not found so.
func privateLevel(l string) int {
	t := strings.TrimSpace(l)
	start, end := declNameSpan(t)
	name := t[start:end]
	k := 0
	for k < len(name) && name[k] == '_' {
		k++
	}
	if k == len(name) || k >= 2 && strings.HasSuffix(name, "__") {
		return 0
	}
	return k
}

// declNameSpan returns where in l the name privateLevel reads sits.
func declNameSpan(l string) (start, end int) {
	end = strings.IndexByte(l, '(')
	if end < 0 {
		end = strings.IndexAny(l, ":={")
	}
	if end < 0 {
		end = len(l)
	}
	for end > 0 && (l[end-1] == ' ' || l[end-1] == '\t') {
		end--
	}
	start = end
	for start > 0 && isIdentByte(l[start-1]) && l[start-1] != '$' {
		start--
	}
	return start, end
}
