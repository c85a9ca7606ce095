package headroom

import "strings"

// indentLandmarks returns the landmarks of a text nested by indentation
// (an AST or object dump, a deep configuration): the lines at its
// shallowest indent that many lines share, the children of its root,
// each with the line below it when it ends in an opening bracket and
// that one is deeper (what names the node: `FunctionDef(` over
// `name='getopt',`). It returns nil unless
// three lines in four are indented, the text nests six levels deep or
// more, and there are four landmarks or more, none of them more than one
// line in eight, half of them opening a node with a bracket at their
// end, as a dump's do.
func indentLandmarks(s *lineSel) []int {
	const maxIndent = 64
	var count [maxIndent + 1]int
	n := s.n()
	indented, lines := 0, 0
	indent := func(i int) int {
		l := s.line(i)
		w := 0
		for w < len(l) && w < maxIndent && l[w] == ' ' {
			w++
		}
		if w == len(l) || l[w] == '\r' {
			return -1 // blank
		}
		return w
	}
	for i := range n {
		w := indent(i)
		if w < 0 {
			continue
		}
		lines++
		if w > 0 {
			indented++
		}
		count[w]++
		// Every line left indented could not make three in four: a
		// trace or a blame, which start at the margin, is read for its
		// first quarter only.
		if unindented := lines - indented; indented+n-1-i < 3*unindented {
			return nil
		}
	}
	levels := 0
	for _, c := range count {
		if c > 0 {
			levels++
		}
	}
	if lines == 0 || indented*4 < lines*3 || levels < 6 {
		return nil
	}
	level := -1
	for w, c := range count {
		if c >= 4 {
			level = w
			break
		}
	}
	if level < 0 || count[level]*8 > lines {
		return nil
	}
	var out []int
	opens := 0
	for i := range n {
		if indent(i) != level {
			continue
		}
		out = append(out, i)
		if l := strings.TrimRight(s.line(i), " \r"); l != "" && strings.IndexByte("([{", l[len(l)-1]) >= 0 {
			opens++
			if i+1 < n && indent(i+1) > level {
				out = append(out, i+1)
			}
		}
	}
	if opens*2 < count[level] {
		return nil // lines that name themselves (javap's methods): the rare-shape stage finds them
	}
	return out
}
