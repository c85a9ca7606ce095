package headroom

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The longest hidden runs get their middles while a pick fits the room:
// each pick priced by the cost function, which stops it.
func TestFillGaps(t *testing.T) {
	cost := func(sel []int) int { return 10 * len(sel) }
	sel, c := fillGaps([]int{0, 9}, 0, 10, 20, 40, cost)
	assert.Equal(t, []int{0, 3, 5, 9}, sel)
	assert.Equal(t, 40, c)

	sel, c = fillGaps([]int{0, 9}, 0, 10, 20, 29, cost)
	assert.Equal(t, []int{0, 9}, sel, "no room for one more")
	assert.Equal(t, 20, c)

	// The run after the last pick counts, and so does the one before the
	// first after shown.
	sel, _ = fillGaps([]int{5}, 5, 20, 10, 20, cost)
	assert.Equal(t, []int{5, 13}, sel)
	sel, _ = fillGaps(nil, 2, 4, 0, 100, cost)
	assert.Equal(t, []int{2, 3}, sel, "every hidden child picked, then none left")
}
