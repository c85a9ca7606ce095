package headroom

// An array cut by less than two times (as a flat map is in
// sequenceHeadRoom) keeps most of itself, and a blind clip of it shows a
// long head run of whole elements: three quarters of the budget
// (clipHeadReach). The sequence plan's head of two fifths, with a spread
// after it, keeps fewer of the first elements than that clip, and what a
// reader sought there (a JSON Patch's uid bump two elements past the
// head) is lost for single picks further on. So such an array's head
// reaches as far as the clip's, less the room its rare picks past it
// take: an element that holds a rare value (rareValueElems) still
// displaces the head's last ones, as a failure does (withJSONSignals
// plans in what it leaves). A stream of documents keeps its spread: each
// document is a command's record (go mod download's modules), sampled
// for the one sought, where the corpus lost three facts past the clip's
// head to a long head run and gained none.

// clipHeadRoom returns the head room of a sequence of elems cut little
// to fit limit, and the room its rare picks past that head take: the
// elements of rare (rarest first) that start after it, each whole with a
// gap note, in up to a rareValueShare'th of the limit, each taken from
// the head's room.
func clipHeadRoom(elems [][2]int, rare []int, limit int) (head, rareRoom int) {
	room := limit - sequenceNoteRoom
	head = clipHeadReach(room)
	last := len(elems) - 1
	for _, i := range rare {
		if i < 1 || i >= last || elems[i][0] < head-rareRoom {
			continue
		}
		if c := elems[i+1][0] - elems[i][0] + rareNoteRoom; rareRoom+c <= room/rareValueShare {
			rareRoom += c
		}
	}
	return head - rareRoom, rareRoom
}

// rareNoteRoom is what a gap note before a rare pick costs, at most.
const rareNoteRoom = 40
