package headroom

// searchOptions tunes planSearch; the zero value means the defaults.
type searchOptions struct {
	perFile int // first matches shown per file; 0 means 5
	lineCap int // bytes of one match line shown; 0 means the default
}

// planSearch plans grep/rg/git-grep output, or declines (ok == false) when
// text is not clearly search-shaped. limit is the bytes the items may take.
// TODO(search planner): not built yet; declines everything.
func planSearch(text string, limit int, o searchOptions) (p plan, ok bool) {
	return plan{}, false
}
