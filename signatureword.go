package headroom

// inSignature reports whether the word s[i:j] stands as a type in a
// code signature rather than as a failure said in words: an element of a
// bracketed list that opens on a name (`func(*Reader, error)`, a
// result list after one, `(int, error)`), or the result after such a list
// that ends the line or a list (`func() error`, `{ Unwrap() []error }`),
// behind any marks of a pointer or a slice. Symbol tables, stack
// frames and API listings name types this way on every row; a log says a
// failure in a phrase, or in brackets of its own (`(failed)`, `task
// (build) failed`), whose opening bracket follows a blank.
func inSignature(s string, i, j int) bool {
	if !endsListItem(s, j) {
		return false
	}
	i = typeMarksStart(s, i)
	switch {
	case i >= 1 && s[i-1] == '(':
		return opensCodeList(s, i-1)
	case i >= 2 && s[i-1] == ' ' && s[i-2] == ',':
		open := listOpen(s, i-2)
		return open >= 0 && opensCodeList(s, open)
	case i >= 2 && s[i-1] == ' ' && s[i-2] == ')':
		open := listOpen(s, i-2)
		return open >= 0 && open > 0 && isWordByte(s[open-1])
	}
	return false
}

// endsListItem reports whether the word ending at j ends a list's item:
// the line or the list ends there, or the next item follows.
func endsListItem(s string, j int) bool {
	if j == len(s) {
		return true
	}
	switch s[j] {
	case ')', ',', ';', '}', '\r':
		return true
	case ' ':
		return j+1 < len(s) && (s[j+1] == '}' || s[j+1] == ';')
	}
	return false
}

// typeMarksStart returns where the marks of a type that hold the word at
// i (`*error`, `[]error`, `[]*error`) start: i when there are none.
func typeMarksStart(s string, i int) int {
	for i > 0 {
		switch {
		case s[i-1] == '*':
			i--
		case i >= 2 && s[i-1] == ']' && s[i-2] == '[':
			i -= 2
		default:
			return i
		}
	}
	return i
}

// listOpen returns where the bracket opens whose list holds s[k] (a
// comma in it, or its closing bracket): the nearest '(' before k that no
// bracket closes between; -1 if none does on the line.
func listOpen(s string, k int) int {
	depth := 0
	if s[k] == ')' {
		k--
	}
	for ; k >= 0; k-- {
		switch s[k] {
		case ')':
			depth++
		case '(':
			if depth == 0 {
				return k
			}
			depth--
		}
	}
	return -1
}

// opensCodeList reports whether the bracket at open opens a list of
// code: it follows a name (`func(`, `Reader(`) or a list before it
// (`) (`), with no blank before a name.
func opensCodeList(s string, open int) bool {
	switch {
	case open >= 1 && isWordByte(s[open-1]):
		return true
	case open >= 2 && s[open-1] == ' ' && s[open-2] == ')':
		p := listOpen(s, open-2)
		return p > 0 && isWordByte(s[p-1])
	}
	return false
}
