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
// stored, or "".
func markerStoreID(s string) string {
	for off := 0; ; {
		i := strings.Index(s[off:], retrieveLead)
		if i < 0 {
			return ""
		}
		i += off
		lineStart := strings.LastIndexByte(s[:i], '\n') + 1
		idStart := i + len(retrieveLead)
		if strings.HasPrefix(s[lineStart:], markerPrefix) && idStart+StoreIDLen+2 <= len(s) &&
			s[idStart+StoreIDLen:idStart+StoreIDLen+2] == `"}` && CheckStoreID(s[idStart:idStart+StoreIDLen]) == nil {
			return s[idStart : idStart+StoreIDLen]
		}
		off = idStart
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
