package headroom

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// esbuildBlock is one of esbuild's `Could not resolve` blocks: its head,
// its location and source excerpt, and its hint last.
func esbuildBlock(name, file, hint string) string {
	return fmt.Sprintf("✘ [ERROR] Could not resolve %q\n\n    %s:4:17:\n      4 │ var x = require('%s')\n        ╵                  ~~~~\n\n  %s\n\n", name, file, name, hint)
}

const builtinHint = `The package "fs" wasn't found on the file system but is built into node. Are you trying to bundle for node? You can use "--platform=node" to do that, which will remove this error.`

// Among more failures than can all be told, alike but for what they
// name, the one whose hint differs is kept whole with its location and
// excerpt, wherever it sits, and the last failure keeps its location.
func TestOddFailureKeptWhole(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		limit := rapid.SampledFrom([]int{4000, 8000, 16000}).Draw(t, "limit")
		// More failures than their first lines and gaps can tell in limit.
		n := rapid.IntRange(limit/40, limit/20).Draw(t, "n")
		odd := rapid.IntRange(1, min(n-2, oddScanMax-1)).Draw(t, "odd") // within the blocks read
		var b strings.Builder
		for k := range n {
			name, file := fmt.Sprintf("mod%d", k), fmt.Sprintf("node_modules/p%d/index.js", k)
			hint := builtinHint
			if k == odd {
				name, hint = "optional-dep", `You can mark the path "optional-dep" as external to exclude it from the bundle, which will remove this error.`
			}
			b.WriteString(esbuildBlock(name, file, hint))
		}
		fmt.Fprintf(&b, "%d errors\n", n)
		text := b.String()
		p, ok := planLog(text, limit, logOptions{})
		if !ok {
			t.Fatal("declined")
		}
		out := render(text, p, marker{what: p.what, hint: p.hint})
		for _, want := range []string{
			"✘ [ERROR] Could not resolve \"optional-dep\"\n\n    node_modules/p" + fmt.Sprint(odd) + "/index.js:4:17:\n      4 │ var x = require('optional-dep')",
			"You can mark the path \"optional-dep\" as external",
			fmt.Sprintf("    node_modules/p%d/index.js:4:17:\n", n-1),
			fmt.Sprintf("%d errors", n),
		} {
			if !strings.Contains(out, want) {
				t.Fatalf("lost %q in\n%s", want, out)
			}
		}
	})
}

// The shape that tells failures alike masks what they name, and only
// that.
func TestAppendMaskedShape(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{`✘ [ERROR] Could not resolve "fs"`, `✘ [ERROR] Could not resolve "node:path"`},
		{`src/a.c:12:5: error: 'x' undeclared`, `lib/b/c.c:7:1: error: 'yy' undeclared`},
	} {
		if x, y := string(appendMasked(nil, c.a)), string(appendMasked(nil, c.b)); x != y {
			t.Errorf("%q and %q differ: %q, %q", c.a, c.b, x, y)
		}
	}
	for _, c := range []struct{ a, b string }{
		{`  The package "fs" wasn't found on the file system`, `  You can mark the path "fs" as external`},
		{`error: x undeclared`, `error: x redefined`},
	} {
		if x, y := string(appendMasked(nil, c.a)), string(appendMasked(nil, c.b)); x == y {
			t.Errorf("%q and %q have one shape %q", c.a, c.b, x)
		}
	}
}
