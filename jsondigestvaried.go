package headroom

// A naming member names an element only when its value is the element's
// own: dpkg's status records are named by "Version" (an identity key),
// yet three of thirty hold "1.8.1-1", and the digest of each shows that
// line alone — which version, not which package. Their first member,
// "Package", differs in every one. Where the elements' naming members
// repeat their values among the siblings and one key's values differ in
// every element that holds it, that key names the elements too: its line
// joins their digests, before or after the naming ones as the input has
// them.

// namesEach reports whether the key of the elements' most varied string
// member (varied, quoted) names each element of the sample: its values
// all differ (distinct of held), while no naming member's do — every
// key identityKey names, of those the sample holds at its top level,
// repeats a value (idDistinct below idHeld). At least four elements
// must hold it.
func namesEach(varied string, distinct, held map[string]int, idDistinct, idHeld map[string]int) bool {
	if varied == "" || held[varied] < 4 || distinct[varied] < held[varied] || len(idHeld) == 0 {
		return false
	}
	for key, n := range idHeld {
		if key == varied || idDistinct[key] >= n {
			return false // a naming member that names each already
		}
	}
	return true
}
