package headroom

import (
	"bytes"
	"encoding/json"
	"strings"
)

// A jsonField is one top-level string member of a JSON object.
type jsonField struct {
	key        string // decoded
	start, end int    // the value's string literal, quotes included, in the content
	value      string // decoded
}

// stringFields returns the top-level string members of content, in order,
// when content is a valid JSON object with at least one; ok is false for
// anything else, which is then treated as plain text.
func stringFields(content string) (fields []jsonField, ok bool) {
	i := skipSpace(content, 0)
	if i >= len(content) || content[i] != '{' || !json.Valid([]byte(content)) {
		return nil, false
	}
	i++
	for {
		i = skipSpace(content, i)
		if content[i] == '}' {
			break
		}
		keyEnd := stringEnd(content, i)
		var key string
		if json.Unmarshal([]byte(content[i:keyEnd]), &key) != nil {
			return nil, false
		}
		i = skipSpace(content, keyEnd)
		i = skipSpace(content, i+1) // past ':'
		end := valueEnd(content, i)
		if content[i] == '"' {
			var v string
			if json.Unmarshal([]byte(content[i:end]), &v) != nil {
				return nil, false
			}
			fields = append(fields, jsonField{key: key, start: i, end: end, value: v})
		}
		i = skipSpace(content, end)
		if content[i] == ',' {
			i++
		}
	}
	return fields, len(fields) > 0
}

// The scanners below walk JSON already checked by json.Valid, so they need
// not handle malformed input; they stop at the end of s regardless.

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index just past the string literal starting at i.
func stringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(s)
}

// valueEnd returns the index just past the JSON value starting at i.
func valueEnd(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	switch s[i] {
	case '"':
		return stringEnd(s, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '"':
				j = stringEnd(s, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(s)
	}
	j := i
	for j < len(s) && !strings.ContainsRune(",}] \t\r\n", rune(s[j])) {
		j++
	}
	return j
}

// quoteJSON encodes s as a JSON string literal without HTML escaping, so
// that <, > and & in tool output stay as they were.
func quoteJSON(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// spliceFields returns content with the values of the given fields
// replaced by the JSON encodings of repl (same order); every other byte —
// keys, order, spacing, escapes of untouched values — is kept.
func spliceFields(content string, fields []jsonField, repl []string) string {
	var b strings.Builder
	pos := 0
	for i, f := range fields {
		b.WriteString(content[pos:f.start])
		b.WriteString(quoteJSON(repl[i]))
		pos = f.end
	}
	b.WriteString(content[pos:])
	return b.String()
}
