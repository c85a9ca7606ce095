package headroom

import "strings"

// declsShaped reports whether text reads as a list of declarations
// whatever its first line says: of its first non-blank lines (twenty or
// more, codeBlockLines at most), those at the top level (not indented)
// number ten or more, and two in three of them open with a declaration
// word (declRank), of two kinds or more (a type and a value, say), and
// say what they declare: a type after a colon, a value after `=`,
// parameters or a body. A dump that names declarations (python -m
// pyclbr's `def name 140`) says none of that, and is a table. An
// interface that a compiler prints (ocamlc -i's `type`/`val`/`module`
// lines), an OCaml or F# signature file, a Standard ML signature or a
// Haskell module's `name :: type` lines are such lists, with no brace to
// tell them as codeBlocksShaped does; the lines that continue a
// declaration are indented under it. A log or a report opens its lines
// with other words.
func declsShaped(text string) bool {
	var lines, top, decls int
	var kinds [outlineRanks]bool
	for rest := text; rest != "" && lines < codeBlockLines; {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		line = trimBlankRight(line)
		if line == "" {
			continue
		}
		lines++
		if line[0] == ' ' || line[0] == '\t' {
			continue
		}
		top++
		if r := declRank(line); r >= 1 && r <= 3 && strings.ContainsAny(line, ":=({") {
			decls++
			kinds[r-1] = true
		}
	}
	k := 0
	for _, seen := range kinds {
		if seen {
			k++
		}
	}
	return lines >= 20 && top >= 10 && decls*3 >= top*2 && k >= 2
}

// wrapOpenings end a declaration whose type goes on below it, on lines
// indented deeper: OCaml's and F#'s `val make_printf :`, a module's
// `module Size :` over its `sig`. Not `::`: an Erlang `-type t() ::`
// over its alternatives takes the room of three other types.
var wrapOpenings = []string{" :"}

// wrapMax bounds the lines below a declaration that go with it.
const wrapMax = 4

// wrapLeads adds to leads, for each declaration of ranks that ends with
// one of wrapOpenings, the lines indented deeper right below it (wrapMax
// at most): `val fmt_ebb_of_string :` names a function, the line under it
// says what it takes and gives, and the name alone takes room a line
// with its type would use better.
func wrapLeads(ranks [outlineRanks][]int, content func(int) string, n int, leads declLeads) declLeads {
	for _, r := range ranks {
		for _, i := range r {
			l := trimBlankRight(content(i))
			wraps := false
			for _, p := range wrapOpenings {
				wraps = wraps || strings.HasSuffix(l, p)
			}
			if !wraps {
				continue
			}
			w, _ := indentOf(l)
			for j := i + 1; j < n && j <= i+wrapMax; j++ {
				u := content(j)
				wu, _ := indentOf(u)
				if wu <= w || wu == len(trimBlankRight(u)) {
					break
				}
				if leads == nil {
					leads = declLeads{}
				}
				leads[i] = append(leads[i], j)
			}
		}
	}
	return leads
}
