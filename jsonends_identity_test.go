package headroom

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestIdentityKey checks which member keys name their element.
func TestIdentityKey(t *testing.T) {
	for key, want := range map[string]bool{
		"id": true, "_id": true, "node_id": true, "packageName": true, "ImportPath": true,
		"metadata_location": true, "source-file": true, "package.version": true, "Name": true,
		"source_FİLE": true, // İ lower-cases to i: the word is "file"
		"xpath":       false, "size": false, "files": false, "Profile": false, "paths": false,
	} {
		text := strconv.Quote(key)
		if got := identityKey(text, 0); got != want {
			t.Errorf("identityKey(%s) = %v, want %v", text, got, want)
		}
	}
}

// TestIdentityWordLowersTheLastWord checks identityWord against lower-casing
// the last word itself, on keys of separators, cases and runes whose lower
// case is longer or shorter than they are, or ASCII (İ, the Kelvin sign).
func TestIdentityWordLowersTheLastWord(t *testing.T) {
	parts := []string{"_", "-", ".", " ", "a", "B", "İ", "\u212a", "\xff", "Ω", "id", "Name", "PATH", "file", "Location", "versIon", "fİle", "\u212aey"}
	rapid.Check(t, func(t *rapid.T) {
		raw := strings.Join(rapid.SliceOfN(rapid.SampledFrom(parts), 0, 6).Draw(t, "parts"), "")
		want := slices.Contains(memberIdentityWords, strings.ToLower(lastWord(raw)))
		if got := identityWord(raw, strings.ToLower(raw)); got != want {
			t.Fatalf("identityWord(%q) = %v, want %v", raw, got, want)
		}
	})
}
