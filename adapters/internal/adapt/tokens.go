package adapt

import (
	"encoding/base64"
	"encoding/json"
	"image"
	_ "image/gif" // DecodeConfig reads the dimensions of the formats providers accept
	_ "image/jpeg"
	_ "image/png"
	"strings"
)

// The estimates the adapters give their opaque values' TokenCount methods.
const (
	// ImageTokens is what an image whose size cannot be read costs: the
	// most Anthropic charges for one image (about 1.15 megapixels at 750
	// pixels a token), and more than OpenAI's high-detail tiles usually
	// come to.
	ImageTokens = 1600
	// BytesPerToken is the rule of thumb for text and JSON.
	BytesPerToken = 4
)

// TextTokens estimates the tokens of text: a token per BytesPerToken bytes.
func TextTokens(s string) int { return (len(s) + BytesPerToken - 1) / BytesPerToken }

// JSONTokens estimates the tokens of a value by the size of its JSON; a
// value that does not marshal costs [ImageTokens].
func JSONTokens(v any) int {
	b, err := json.Marshal(v)
	if err != nil {
		return ImageTokens
	}
	return TextTokens(string(b))
}

// ImageTokensBase64 estimates what an image sent inline costs, from its
// dimensions when its header can be read (PNG, JPEG, GIF): width × height
// / 750, the formula Anthropic documents, capped at [ImageTokens] since
// providers scale larger images down. Any other image costs ImageTokens.
// data may be a data: URL.
func ImageTokensBase64(data string) int {
	if i := strings.Index(data, ";base64,"); i >= 0 && strings.HasPrefix(data, "data:") {
		data = data[i+len(";base64,"):]
	}
	// The header sits in the first bytes: decode no more than needed.
	const head = 64 << 10
	if len(data) > head {
		data = data[:head]
	}
	data = data[:len(data)/4*4]
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return ImageTokens
	}
	cfg, _, err := image.DecodeConfig(strings.NewReader(string(raw)))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return ImageTokens
	}
	return max(1, min(ImageTokens, cfg.Width*cfg.Height/750))
}

// PDFPages counts the pages of a base64-encoded PDF by its page objects;
// it returns 0 when data is not a PDF it can read.
func PDFPages(data string) int {
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil || !strings.HasPrefix(string(raw), "%PDF") {
		return 0
	}
	s := string(raw)
	return strings.Count(s, "/Type /Page") - strings.Count(s, "/Type /Pages") +
		strings.Count(s, "/Type/Page") - strings.Count(s, "/Type/Pages")
}
