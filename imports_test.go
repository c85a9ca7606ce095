package headroom

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const modulePath = "github.com/headroom-go/headroom"

// The root package imports only the standard library and this module's
// internal packages, which import only the standard library in turn: a
// user who imports headroom pays for no tokenizer tables and no SDK.
func TestRootImportsOnlyStandardLibrary(t *testing.T) {
	seen := map[string]bool{}
	var walk func(dir string)
	walk = func(dir string) {
		if seen[dir] {
			return
		}
		seen[dir] = true
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		if len(files) == 0 {
			t.Errorf("%s: no Go files", dir)
		}
		fset := token.NewFileSet()
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			ast, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range ast.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if rest, ok := strings.CutPrefix(path, modulePath+"/internal/"); ok {
					walk(filepath.Join("internal", filepath.FromSlash(rest)))
					continue
				}
				if first := strings.Split(path, "/")[0]; strings.Contains(first, ".") {
					t.Errorf("%s imports %s, which is not in the standard library", f, path)
				}
			}
		}
	}
	walk(".")
}
