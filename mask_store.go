package headroom

import "strings"

// Masked placeholders name the stored original, so a cleared output stays
// one retrieve call away. MaskObservations stays pure: the id of a
// compressed result is read from its own marker (Compress wrote it there
// when the store took the original), and the id of any other result is
// its content's [StoreID], named only when MaskOptions.Stored says the
// store holds it. Nothing is read from a store while masking.

// originalLead and originalTail frame the id in a placeholder's header:
// [Bash → 2,000 lines, 80,412 bytes; output cleared; original: headroom_retrieve {"id":"…"}]
const (
	originalLead = "original: " + RetrieveToolName + ` {"id":"`
	originalTail = `"}`
)

// retrieveLead is how a marker's retrieve hint names the id.
const retrieveLead = RetrieveToolName + ` with {"id":"`

// originalID returns the id a placeholder for content names: the one its
// marker names, else its content's when o.Stored says the store holds it,
// else "".
func (o MaskOptions) originalID(content string) string {
	if id := markerStoreID(content); id != "" {
		return id
	}
	if o.Stored != nil {
		if id := StoreID(content); o.Stored(id) {
			return id
		}
	}
	return ""
}

// markerStoreID returns the id the first headroom marker in s names as
// stored, or "". s may be a structured result whose compressed fields
// were spliced back as JSON strings, where the marker's quotes are
// escaped and its line starts after an escaped newline.
func markerStoreID(s string) string {
	if id := findMarkerID(s, retrieveLead, `"}`, "\n"); id != "" {
		return id
	}
	return findMarkerID(s, jsonRetrieveLead, `\"}`, `\n`)
}

// jsonRetrieveLead is retrieveLead inside a JSON string.
const jsonRetrieveLead = RetrieveToolName + ` with {\"id\":\"`

// findMarkerID finds lead followed by an id and tail, on a line (ended by
// eol) that a marker opens.
func findMarkerID(s, lead, tail, eol string) string {
	for off := 0; ; {
		i := strings.Index(s[off:], lead)
		if i < 0 {
			return ""
		}
		i += off
		idStart := i + len(lead)
		off = idStart
		m := strings.LastIndex(s[:i], markerPrefix)
		if m < 0 || strings.Contains(s[m:i], eol) || strings.Contains(s[m:i], "\n") {
			continue
		}
		if idEnd := idStart + StoreIDLen; strings.HasPrefix(s[min(idEnd, len(s)):], tail) && CheckStoreID(s[idStart:idEnd]) == nil {
			return s[idStart:idEnd]
		}
	}
}

// withOriginal adds the stored original's id to a placeholder's header.
func withOriginal(masked, id string) string {
	if id == "" {
		return masked
	}
	header, rest, multi := strings.Cut(masked, "\n")
	header = header[:len(header)-1] + "; " + originalLead + id + originalTail + "]"
	if multi {
		return header + "\n" + rest
	}
	return header
}

// splitOriginal splits the id a placeholder's ending names off it.
func splitOriginal(ending string) (base, id string) {
	base, note, ok := strings.Cut(ending, "; ")
	if !ok {
		return ending, ""
	}
	id = strings.TrimSuffix(strings.TrimPrefix(note, originalLead), originalTail)
	if CheckStoreID(id) != nil || originalLead+id+originalTail != note {
		return ending, ""
	}
	return base, id
}
