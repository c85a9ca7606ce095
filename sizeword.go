package headroom

import "strings"

// sizeWord returns the scale of a size's unit written as a word of its
// own after its number — lsd's `4.3 MB` and `552 KB`, webpack's
// `1.2 KiB` — a prefix of sizeUnits (k for K) then B or iB; 0 for any
// other word. A row's sizes of several units rank by size only once the
// unit scales its number: read bare, 552 KB would rank above 4.3 MB. A
// bare `B` is no prefix (its scale is one) and a letter alone is none:
// nm's `B` and `T` are symbol types, not units.
func sizeWord(f string) float64 {
	if len(f) < 2 || len(f) > 3 || f[len(f)-1] != 'B' {
		return 0
	}
	p := f[0]
	switch {
	case len(f) == 3 && (f[1] != 'i' || p == 'k'):
		return 0 // KiB, MiB, but no kiB
	case p == 'k':
		p = 'K' // kB
	}
	u := strings.IndexByte(sizeUnits, p)
	if u < 0 {
		return 0
	}
	return float64(uint64(1) << (10 * (u + 1)))
}
