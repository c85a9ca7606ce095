package txt

// DigitsAt returns how many ASCII digits start s[i:].
func DigitsAt(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] >= '0' && s[i+n] <= '9' {
		n++
	}
	return n
}

// Atoi parses the ASCII digits of s, saturating rather than overflowing;
// ok is false when s is empty or holds anything else.
func Atoi(s string) (n int, ok bool) {
	if s == "" {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		if n < 1<<40 {
			n = n*10 + int(c-'0')
		}
	}
	return n, true
}
