package txt

import "strings"

// CleanTerminal returns line as a terminal would leave it: without ANSI
// escape sequences (CSI, and OSC up to its BEL or ST), and with the
// segments a carriage return overwrote collapsed to the last one that is
// not blank. A trailing '\r' (a CRLF line end) is kept. line holds no
// '\n'.
func CleanTerminal(line string) string {
	crlf := strings.HasSuffix(line, "\r")
	if crlf {
		line = line[:len(line)-1]
	}
	if strings.IndexByte(line, 0x1b) >= 0 {
		line = string(stripEscapes(make([]byte, 0, len(line)), line))
	}
	if strings.IndexByte(line, '\r') >= 0 {
		segs := strings.Split(line, "\r")
		line = segs[len(segs)-1]
		for k := len(segs) - 1; k >= 0; k-- {
			if strings.TrimSpace(segs[k]) != "" {
				line = segs[k]
				break
			}
		}
	}
	if crlf {
		line += "\r"
	}
	return line
}

// HasTerminalNoise reports whether CleanTerminal would change line.
func HasTerminalNoise(line string) bool {
	line = strings.TrimSuffix(line, "\r")
	return strings.IndexByte(line, 0x1b) >= 0 || strings.IndexByte(line, '\r') >= 0
}

// stripEscapes appends s to dst without CSI sequences (ESC '[' … final
// byte), OSC sequences (ESC ']' … BEL or ESC '\'), and other two-byte
// escapes.
func stripEscapes(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			dst = append(dst, s[i])
			continue
		}
		if i+1 >= len(s) {
			break
		}
		switch s[i+1] {
		case '[':
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
		case ']':
			j := i + 2
			for j < len(s) && s[j] != 0x07 && !(s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\') {
				j++
			}
			if j < len(s) && s[j] == 0x1b {
				j++
			}
			i = j
		default:
			if s[i+1] < 0x80 {
				i++ // ESC and one byte: ESC ( B, ESC =, …
			}
		}
	}
	return dst
}
