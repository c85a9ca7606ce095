package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// A warning repeated in the log's head, which the plan grows as a clip's
// would, is shown in its place: the first reads as the log wrote it, with
// no (×N) for a repeat that stands below it, and a repeat left out is
// still counted.
func TestLogHeadShowsRepeatedWarningsInPlace(t *testing.T) {
	var b strings.Builder
	for i := range 2 {
		fmt.Fprintf(&b, "WARNING: red() is deprecated.\n\n  frame %d\n  at line %d\n\n", i, 10*i)
	}
	for i := range 60 {
		fmt.Fprintf(&b, "compiling module %d of 60 with its options and its inputs\n", i)
	}
	b.WriteString("error: Only 2 arguments allowed, but 3 were passed.\n  at _modal.scss 227\n")
	text := b.String()
	p, ok := planLog(text, 2000, logOptions{})
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	if !strings.HasPrefix(out, "WARNING: red() is deprecated.\n\n  frame 0\n") {
		t.Errorf("the first warning is not as the log wrote it:\n%s", out)
	}
	if strings.Count(out, "WARNING: red() is deprecated.\n") != 2 || strings.Contains(out, "(×") {
		t.Errorf("the repeat is not shown in its place, or still counted:\n%s", out)
	}
	if !strings.Contains(out, "error: Only 2 arguments allowed") {
		t.Errorf("lost the error:\n%s", out)
	}

	// At a limit the repeat's place does not fit, the first counts it.
	var many strings.Builder
	many.WriteString("WARNING: red() is deprecated.\n")
	for i := range 200 {
		fmt.Fprintf(&many, "compiling module %d of 200 with its options and its inputs\n", i)
	}
	many.WriteString("WARNING: red() is deprecated.\nerror: Only 2 arguments allowed, but 3 were passed.\n")
	text = many.String()
	if p, ok = planLog(text, 1500, logOptions{}); !ok {
		t.Fatal("declined")
	}
	out = render(text, p, marker{what: p.what, hint: p.hint})
	if strings.Count(out, "WARNING: red() is deprecated.") == 1 && !strings.Contains(out, "WARNING: red() is deprecated. (×2)") {
		t.Errorf("a repeat left out is not counted:\n%s", out)
	}
}
