package headroom

// lastMatchReserve is the room a search without context that cannot show
// every file's first match keeps for the output's last match line, the
// last line of the last file, where a blind clip's tail ends: what
// showing it after that file's first adds. It is 0 when the last file
// has one match or the search has -C context (tailRoom keeps its tail),
// and when searchOptions.noLastReserve says so.
func (sp *searchPlanner) lastMatchReserve() int {
	files := sp.sc.files
	if sp.sc.context > 0 || sp.noLastReserve || len(files) == 0 {
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
