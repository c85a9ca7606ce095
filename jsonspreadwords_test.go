package headroom

import "testing"

// The words for what a sequence plan keeps count runs joined to the head
// or the last with them, and say "spread" only of spread picks.
func TestKeptWords(t *testing.T) {
	for _, c := range []struct {
		shown   int
		between []int
		last    int
		want    string
	}{
		{1, nil, 10, "the first and the last"},
		{3, nil, 10, "the first 3 and the last"},
		{3, []int{3, 4, 5}, 20, "the first 6 and the last"},
		{3, []int{17, 18, 19}, 20, "the first 3 and the last 4"},
		{3, []int{3, 4, 18, 19}, 20, "the first 5 and the last 3"},
		{3, []int{8, 9, 10}, 20, "the first 3, a run of 3 between and the last"},
		{3, []int{6, 10, 14}, 20, "the first 3, 3 spread between and the last"},
		{3, []int{3, 10, 19}, 20, "the first 4, 1 spread between and the last 2"},
	} {
		first, end := keptWords(c.shown, c.between, c.last)
		if got := first + " and " + end; got != c.want {
			t.Errorf("keptWords(%d, %v, %d) = %q, want %q", c.shown, c.between, c.last, got, c.want)
		}
	}
}
