package headroom

// cutLittle reports whether a text of size bytes is cut by less than three
// times to fit limit. Such a text keeps most of itself, and a blind clip
// of it shows a long head: a plan there that samples alike lines where
// the clip's head runs on would keep less than the clip.
func cutLittle(size, limit int) bool { return 3*limit > size }

// growToClipHead extends the run of lines from lo (up to hi) over every
// line that starts before a blind clip's head of limit bytes would end,
// each cut at lineCap bytes, until one does not fit. The lines a plan
// picked for what they say before it keep their place; the run takes the
// room an even sample of alike lines after it would have had.
func growToClipHead(s *lineSel, lo, hi, limit, lineCap int) {
	end := clipHeadReach(limit)
	for i := lo; i < hi && s.at(i) < end; i++ {
		if !s.isKept(i) && !s.pickCapped(i, lineCap) {
			return
		}
	}
}

// clipHeadReach is where a blind clip's head of limit bytes ends:
// three quarters of the way. The limit is a planner's, the marker's room
// taken out: counting that room too took the head a few rows further in
// a table cut little, the few the sample needed to reach the rare rows
// past it.
func clipHeadReach(limit int) int { return limit * clipHeadEighths / 8 }

// clipTailReach is where a blind clip's tail of limit bytes starts in a
// text of size bytes: an eighth of the limit before its end.
func clipTailReach(size, limit int) int { return max(0, size-limit*clipTailEighths/8) }
