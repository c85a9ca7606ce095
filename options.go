package headroom

// Budget bounds.
const (
	// DefaultMaxBytes is the budget of a Headroom built with no budget option.
	DefaultMaxBytes = 16000
	// MinBudgetBytes is the smallest byte budget New accepts: room for the
	// marker and a little content on each side of it.
	MinBudgetBytes = 256
)
