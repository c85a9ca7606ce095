package headroom

import "github.com/headroom-go/headroom/internal/txt"

// keptWords words what a sequence plan keeps of its elements: the first
// shown, between (sorted indices of the picks after them and before last)
// and the last element, as "the first N, M spread between" and "the last"
// for a marker's "(kept … and …)". Picks joined to the head or to the last
// element are counted with them ("the first 101", "the last 59"), and
// picks that make one run of their own are "a run of M between": a
// marker says "spread" only of picks that are spread, so a reader does
// not go looking for samples of the middle that are not there.
func keptWords(shown int, between []int, last int) (first, end string) {
	lead := 0
	for lead < len(between) && between[lead] == shown+lead {
		lead++
	}
	trail := 0
	for trail < len(between)-lead && between[len(between)-1-trail] == last-1-trail {
		trail++
	}
	first, end = "the first", "the last"
	if n := shown + lead; n > 1 {
		first += " " + txt.Commas(n)
	}
	if trail > 0 {
		end += " " + txt.Commas(trail+1)
	}
	mid := between[lead : len(between)-trail]
	switch {
	case len(mid) == 0:
	case len(mid) > 1 && mid[len(mid)-1]-mid[0] == len(mid)-1:
		first += ", a run of " + txt.Commas(len(mid)) + " between"
	default:
		first += ", " + txt.Commas(len(mid)) + " spread between"
	}
	return first, end
}
