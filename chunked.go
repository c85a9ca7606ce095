package headroom

// chunkShift sets the length of a chunk of a chunked: 4,096 values.
const chunkShift = 12

// A chunked is a list grown by appending that never copies what it holds:
// its values sit in chunks of 4,096, so that growing it allocates one
// more chunk rather than a larger array and a copy. A slice grown by
// appending holds, while it grows, its old array and a new one up to a
// quarter larger; the line planner's tables of a text of short distinct
// lines grow to a million values, and that copy was a tenth of the peak.
type chunked[T any] struct {
	chunks [][]T
	n      int
}

// len returns the number of values.
func (c *chunked[T]) len() int { return c.n }

// push appends v. The first chunk grows by appending, as a slice does,
// so that a small list costs what a slice would.
func (c *chunked[T]) push(v T) {
	switch {
	case c.n < 1<<chunkShift:
		if c.n == 0 {
			c.chunks = append(c.chunks, nil)
		}
		c.chunks[0] = append(c.chunks[0], v)
	case c.n&(1<<chunkShift-1) == 0:
		c.chunks = append(c.chunks, make([]T, 1<<chunkShift))
		c.chunks[c.n>>chunkShift][0] = v
	default:
		c.chunks[c.n>>chunkShift][c.n&(1<<chunkShift-1)] = v
	}
	c.n++
}

// at returns a pointer to value i, below len.
func (c *chunked[T]) at(i int) *T {
	return &c.chunks[i>>chunkShift][i&(1<<chunkShift-1)]
}

// get returns value i, below len.
func (c *chunked[T]) get(i int) T { return *c.at(i) }

// appendTo appends the values to dst, in order, and returns the extended
// slice: given room for them, a list gathered in chunks becomes one slice
// in a single copy.
func (c *chunked[T]) appendTo(dst []T) []T {
	for k, ch := range c.chunks {
		dst = append(dst, ch[:min(len(ch), c.n-k<<chunkShift)]...)
	}
	return dst
}
