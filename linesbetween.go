package headroom

import "github.com/headroom-go/headroom/internal/txt"

// A run over a list of items writes one row an item (zstd -t -v's
// `crypto/tls/handshake_server.go.zst: 31880 bytes`, a checker's `path:
// OK`) and a failure where an item failed; the failure may name its item
// badly or not at all (zstd shortens it to its last twenty characters:
// `_server_tls13.go.zst : Decoding error`). The rows either side say
// where in the list it fell, and so which item it was: a reader asks for
// them next.

// betweenItemRows reports whether line i of s sits between two rows that
// each open with an item's name (see itemPrefix), neither of which says
// a failure itself: a failure among a list's rows, not inside a block.
func betweenItemRows(s *lineSel, i int) bool {
	if i <= 0 || i+1 >= s.n() {
		return false
	}
	above, below := s.line(i-1), s.line(i+1)
	return itemPrefix(above) != "" && itemPrefix(below) != "" &&
		!hasFailureSignal(above) && !hasFailureSignal(below)
}

// itemRowsKept words the item rows kept around failure lines.
func itemRowsKept(k int) string {
	if k == 0 {
		return ""
	}
	return txt.Plural(k, "item row") + " around them, "
}
