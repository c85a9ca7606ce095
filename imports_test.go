package headroom

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The root package imports only the standard library: a user who imports
// headroom pays for no tokenizer tables and no SDK.
func TestRootImportsOnlyStandardLibrary(t *testing.T) {
	files, _ := filepath.Glob("*.go")
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
			if first := strings.Split(path, "/")[0]; strings.Contains(first, ".") {
				t.Errorf("%s imports %s, which is not in the standard library", f, path)
			}
		}
	}
}
