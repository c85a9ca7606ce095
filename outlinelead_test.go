package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// A file that opens with a line naming its language (`<?php`, a
// shebang) and then its licence keeps the licence's first lines, as one
// without that line does: the outline's head skips comment blocks only
// in the code after the lead.
func TestOutlineKeepsTheLeadUnderAnOpeningLine(t *testing.T) {
	for _, opener := range []string{"<?php", "#!/usr/bin/env php", ""} {
		var b strings.Builder
		if opener != "" {
			b.WriteString(opener + "\n")
		}
		b.WriteString("/**\n * Copyright 2007 Example Inc.\n *\n * Licensed under the Apache License, Version 2.0.\n * You may obtain a copy of the License at\n *\n *     http://www.apache.org/licenses/LICENSE-2.0\n */\n\nnamespace app;\n\nclass Cache {\n")
		for i := range 300 {
			fmt.Fprintf(&b, "  /**\n   * Sets key %d.\n   */\n  public function set%d($key, $value) {\n    return $this->store[$key] = $value;\n  }\n\n", i, i)
		}
		b.WriteString("}\n")
		text := b.String()
		p, ok := planOutlineRead(ToolOutput{Tool: "Read", Text: text}, 2000)
		if !ok {
			t.Fatalf("%q: declined", opener)
		}
		out := render(text, p, marker{})
		want := "/**\n * Copyright 2007 Example Inc.\n"
		if opener != "" {
			want = opener + "\n" + want
		}
		if !strings.HasPrefix(out, want) {
			t.Errorf("%q: the lead is lost:\n%s", opener, out[:min(len(out), 400)])
		}
	}
}
