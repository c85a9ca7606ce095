package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/headroom-go/headroom"
)

// The round trip the README shows: compress with -store, read the id
// from -stats, print the original back byte for byte.
func TestStoreAndGet(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "originals")
	in := "\xff\x00 odd bytes first\n" + strings.Repeat("a line of plain output that goes on\n", 3000) + "the end"
	out, errs, code := runCLI(t, in, "-tool", "Bash", "-max-bytes", "2000", "-store", dir, "-stats")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var st compressStats
	if err := json.Unmarshal([]byte(errs), &st); err != nil {
		t.Fatalf("-stats: %q", errs)
	}
	if st.ID != headroom.StoreID(in) || !strings.Contains(out, `{"id":"`+st.ID+`"}`) || len(out) > 2000 {
		t.Fatalf("stats id %q; output %d bytes:\n%s", st.ID, len(out), out)
	}
	got, errs, code := runCLI(t, "", "get", "-store", dir, st.ID)
	if code != 0 || got != in {
		t.Fatalf("get: exit %d (%s), %d bytes, want the %d put", code, errs, len(got), len(in))
	}
	// Flags after the id, a part of the original.
	got, _, code = runCLI(t, "", "get", st.ID, "-store", dir, "-lines", "2:3")
	if code != 0 || got != "a line of plain output that goes on\na line of plain output that goes on\n" {
		t.Errorf("-lines 2:3: exit %d, %q", code, got)
	}
	got, _, code = runCLI(t, "", "get", "-store", dir, "-grep", "end$", st.ID)
	if code != 0 || got != "3002:the end\n" {
		t.Errorf("-grep: exit %d, %q", code, got)
	}
	got, _, code = runCLI(t, "", "get", "-store", dir, "-max-bytes", "600", st.ID)
	if code != 0 || len(got) > 600 || !strings.Contains(got, "Ask for less") {
		t.Errorf("-max-bytes 600: exit %d, %d bytes:\n%s", code, len(got), got)
	}
}

func TestGetErrors(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(filepath.Dir(dir), "outside-"+filepath.Base(dir))
	if err := os.WriteFile(outside, []byte("not yours\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(outside)
	id := headroom.StoreID("never stored")
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"get", "-store", dir, id}, "unknown id"},
		{[]string{"get", "-store", dir, "../" + filepath.Base(outside)}, "invalid id"},
		{[]string{"get", "-store", dir, "/etc/passwd"}, "invalid id"},
		{[]string{"get", "-store", dir, strings.ToUpper(id)}, "invalid id"},
		{[]string{"get", "-store", filepath.Join(dir, "nope"), id}, "no store directory"},
		{[]string{"get", "-store", dir, id, "-lines", "3:1"}, "invalid range"},
		{[]string{"get", id}, "required"},
		{[]string{"get", "-store", dir}, "required"},
		{[]string{"get", "-store", dir, id, id}, "one id only"},
	} {
		out, errs, code := runCLI(t, "", tc.args...)
		if code == 0 || out != "" || !strings.Contains(errs, tc.says) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want non-zero and %q", tc.args, code, out, errs, tc.says)
		}
	}
}

// A store directory that cannot be made is an error, before anything is
// read. (A path under a regular file: root can write anywhere else.)
func TestStoreDirUnusable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runCLI(t, strings.Repeat("x\n", 5000), "-store", filepath.Join(file, "sub"))
	if code == 0 || !strings.Contains(errs, "store directory") {
		t.Errorf("exit %d, %q", code, errs)
	}
}
