package headroom

// tailKeepsFloor reports whether a spread of one run that leaves a clip's
// tail its room (runsAround), keeping split elements, is taken over the
// run alone, keeping head: when it keeps as many, or when it keeps at
// least floor, what the pipeline's clip of the same budget keeps between
// the same ends (pipelineClipElements). A run alone sits right after the
// head, so it shows one stretch of the start twice as long; the tail
// shows the end of the stream, where a clip shows it, and a tail of long
// elements (gron's last paths, a list's closing records) keeps fewer of
// them but no fewer than the clip would: the clip's count is what a
// reader seeking any element can count on, its end what the reader of a
// clip sees. floor <= 0 asks for no floor.
func tailKeepsFloor(split, head, floor int) bool {
	return split >= head || floor > 0 && split >= floor
}
