package headroom

import (
	"fmt"
	"strings"
	"testing"
)

// A banner is words, a blank and a rule of one mark to the line's end.
func TestEndsInBannerRule(t *testing.T) {
	cases := map[string]bool{
		"TASK [Copy the script library] ************************": true,
		"PLAY RECAP *********":                 true,
		"==== test session starts ====":        true,
		"--- a/file.go ---":                    true,
		"TASK [x]***":                          false, // no blank before the rule
		"****************":                     false, // a rule alone names nothing
		"x = a ** b":                           false,
		"changed: [localhost] => (item=a.tcl)": false,
		"  3 | if (a-- ) --":                   false,
	}
	for l, want := range cases {
		if got := endsInBannerRule(l); got != want {
			t.Errorf("endsInBannerRule(%q) = %v, want %v", l, got, want)
		}
	}
}

// A loop's one failed item, told with the banner of the task it failed
// in, before the long alike result lines of the log's tail take the room.
func TestPlanLogTellsFailureWithItsBanner(t *testing.T) {
	var b strings.Builder
	b.WriteString("PLAY [stage] *******************************************************************\n\n")
	for task := range 4 {
		fmt.Fprintf(&b, "TASK [Stage part %d of the library] ******************************************\n", task)
		for item := range 10 {
			if task == 2 && item == 4 {
				fmt.Fprintf(&b, "failed: [localhost] (item=pacakge.tcl) => {\"changed\": false, \"msg\": \"Could not find or access 'pacakge.tcl'\"}\n")
				continue
			}
			fmt.Fprintf(&b, "changed: [localhost] => (item=part%d/file%d.tcl) => {\"changed\": true, \"checksum\": \"%040d\", \"dest\": \"/srv/stage/part%d/file%d.tcl\", \"size\": %d}\n", task, item, task*100+item, task, item, 1000+item)
		}
		b.WriteString("\n")
	}
	b.WriteString("PLAY RECAP *********************************************************************\nlocalhost                  : ok=3    changed=1    unreachable=0    failed=1    skipped=0\n")
	text := b.String()
	two := 2
	p, ok := planLog(text, 1800, logOptions{exitCode: &two})
	if !ok {
		t.Fatal("declined")
	}
	out := render(text, p, marker{what: p.what, hint: p.hint})
	for _, want := range []string{"TASK [Stage part 2 of the library] ***", "failed: [localhost] (item=pacakge.tcl)", "failed=1"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
}
