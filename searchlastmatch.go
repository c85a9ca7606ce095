package headroom

// lastMatchReserve is the room a search without context that cannot show
// every file's first match keeps for the output's last match line, the
// last line of the last file, where a blind clip's tail ends: what
// showing it after that file's first adds. It is 0 when the last file
// has one match or the search has -C context (tailRoom keeps its tail),
// and when searchOptions.noLastReserve says so.
func (sp *searchPlanner) lastMatchReserve() int {
	if sp.sc.context > 0 || sp.noLastReserve {
		return 0
	}
	return sp.lastMatchCost()
}

// lastMatchCost is what showing the output's last match line after its
// file's first adds: 0 when the last file has one match.
func (sp *searchPlanner) lastMatchCost() int {
	files := sp.sc.files
	if len(files) == 0 {
		return 0
	}
	f := files[len(files)-1]
	if f.sample.len() < 2 {
		return 0
	}
	shown := f.shown
	f.shown = 1
	c := sp.nextCost(f)
	f.shown = shown
	return c
}

// contextTailReserve is the room a search with -C context that cannot
// show every file's first match keeps for what a blind clip's tail shows:
// the output's last match, as its file's second line, and the context
// lines around it in the clip's tail (tailRoom, which counts the match
// line's bytes but not what showing it adds to its file's count note).
// It is 0 without context, in a search cut little, or when no file has
// a line there. When the last file has one match, that match is its
// first line, which the first lines cost and the rounds cannot show: the
// reserve keeps only the context above it (a reserve of the line's own
// bytes left a further file's first line out at a small limit, and the
// room unused).
func (sp *searchPlanner) contextTailReserve() int {
	if sp.sc.context == 0 || sp.noLastReserve {
		return 0
	}
	r := sp.tailRoom()
	if f := sp.sc.files; len(f) > 0 && f[len(f)-1].sample.len() < 2 {
		r -= keepLine(sp.text, f[len(f)-1].sample.line(0)).size()
	}
	if r <= 0 {
		return 0
	}
	return r + sp.lastMatchCost()
}
