// Command memaudit measures the CLI's peak memory on adversarial inputs
// (issue 12 §5: within 4× the input for any input). For every shape of
// internal/memshapes, every size and every tool it writes the input to a
// file and runs
//
//	/usr/bin/time -f %M headroom -tool T < input
//
// with the garbage collector's defaults (GOGC and GOMEMLIMIT unset, so
// the CLI sets its own limit), and prints a Markdown table of peak RSS
// over the input's bytes, one row a shape and tool, one column a size.
// Run it from the module's root:
//
//	go run ./internal/memaudit                         # every shape at 10 MB
//	go run ./internal/memaudit -sizes 1,10,100 -shapes '^(errors|testjson)$'
//
// A ratio over -warn is marked with a star. Sizes are in MB of 10⁶ bytes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/headroom-go/headroom/internal/memshapes"
)

func main() {
	bin := flag.String("bin", "", "the headroom binary; built from ./cmd/headroom when empty")
	sizes := flag.String("sizes", "10", "comma-separated input sizes, MB")
	shapes := flag.String("shapes", "", "a regular expression the shapes' names must match")
	tools := flag.String("tools", "Bash,Read,Grep", "comma-separated tools")
	runs := flag.Int("runs", 1, "runs of each input and tool; the table shows the largest peak")
	warn := flag.Float64("warn", 4, "mark a ratio above this")
	list := flag.Bool("list", false, "list the shapes and exit")
	flag.Parse()
	if err := audit(*bin, *sizes, *shapes, *tools, *runs, *warn, *list, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "memaudit:", err)
		os.Exit(1)
	}
}

func audit(bin, sizeList, pattern, toolList string, runs int, warn float64, list bool, w io.Writer) error {
	match, err := regexp.Compile(pattern)
	if err != nil {
		return err
	}
	var shapes []memshapes.Shape
	for _, s := range memshapes.All() {
		if match.MatchString(s.Name) {
			shapes = append(shapes, s)
		}
	}
	if list {
		for _, s := range shapes {
			fmt.Fprintf(w, "%-16s %s\n", s.Name, s.What)
		}
		return nil
	}
	var sizes []int
	for f := range strings.SplitSeq(sizeList, ",") {
		mb, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || mb <= 0 {
			return fmt.Errorf("size %q is no positive number of MB", f)
		}
		sizes = append(sizes, mb)
	}
	tools := strings.Split(toolList, ",")
	dir, err := os.MkdirTemp("", "memaudit")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if bin == "" {
		bin = filepath.Join(dir, "headroom")
		build := exec.Command("go", "build", "-o", bin, "./cmd/headroom")
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("building ./cmd/headroom: %w", err)
		}
	}
	// peak[shape][tool][size] = peak RSS over the input's bytes
	type key struct {
		shape, tool string
		size        int
	}
	peak := map[key]float64{}
	input := filepath.Join(dir, "input")
	for _, size := range sizes {
		for _, s := range shapes {
			text := s.Text(size * 1e6)
			if err := os.WriteFile(input, text, 0o600); err != nil {
				return err
			}
			for _, tool := range tools {
				for range runs {
					rss, err := peakRSS(bin, tool, input)
					if err != nil {
						return fmt.Errorf("%s -tool %s at %d MB: %w", s.Name, tool, size, err)
					}
					k := key{s.Name, tool, size}
					peak[k] = max(peak[k], float64(rss)/float64(len(text)))
				}
				fmt.Fprintf(os.Stderr, "%s -tool %s, %d MB: %.2f×\n", s.Name, tool, size, peak[key{s.Name, tool, size}])
			}
		}
	}
	fmt.Fprint(w, "| shape | tool |")
	for _, size := range sizes {
		fmt.Fprintf(w, " %d MB |", size)
	}
	fmt.Fprint(w, "\n|---|---|")
	fmt.Fprint(w, strings.Repeat("---:|", len(sizes)))
	fmt.Fprintln(w)
	for _, s := range shapes {
		for _, tool := range tools {
			fmt.Fprintf(w, "| %s | %s |", s.Name, tool)
			for _, size := range sizes {
				r := peak[key{s.Name, tool, size}]
				star := ""
				if r > warn {
					star = " *"
				}
				fmt.Fprintf(w, " %.2f×%s |", r, star)
			}
			fmt.Fprintln(w)
		}
	}
	return nil
}

// peakRSS runs bin -tool tool on the input file under /usr/bin/time and
// returns the process's maximum resident set size in bytes.
func peakRSS(bin, tool, input string) (int64, error) {
	in, err := os.Open(input)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	cmd := exec.Command("/usr/bin/time", "-f", "%M", bin, "-tool", tool)
	cmd.Stdin = in
	cmd.Stdout = io.Discard
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "GOGC=") || strings.HasPrefix(kv, "GOMEMLIMIT=")
	})
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%w: %s", err, stderr.String())
	}
	// time writes its figure last, on a line of its own.
	fields := strings.Fields(stderr.String())
	if len(fields) == 0 {
		return 0, fmt.Errorf("no figure from /usr/bin/time")
	}
	kb, err := strconv.ParseInt(fields[len(fields)-1], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("reading /usr/bin/time's %q: %w", fields[len(fields)-1], err)
	}
	return kb << 10, nil
}
