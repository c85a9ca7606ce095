package adapt

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	_ "image/gif" // DecodeConfig reads the dimensions of the formats providers accept
	_ "image/jpeg"
	_ "image/png"
	"math"
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

// ImageSize reads the dimensions of an inline image (PNG, JPEG, GIF) from
// its base64 data, or a data: URL; ok is false when it cannot.
func ImageSize(data string) (w, h int, ok bool) {
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
		return 0, 0, false
	}
	return ImageSizeRaw(raw)
}

// ImageSizeRaw reads the dimensions of an image (PNG, JPEG, GIF) from its
// bytes; ok is false when it cannot.
func ImageSizeRaw(raw []byte) (w, h int, ok bool) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return 0, 0, false
	}
	return cfg.Width, cfg.Height, true
}

// ImageTokensBase64 estimates what an image sent inline to Anthropic costs:
// width × height / 750, the formula Anthropic documents, capped at
// [ImageTokens] since larger images are scaled down; an image whose size
// cannot be read costs ImageTokens.
func ImageTokensBase64(data string) int {
	w, h, ok := ImageSize(data)
	if !ok {
		return ImageTokens
	}
	return max(1, min(ImageTokens, w*h/750))
}

// OpenAIImageTokens estimates what an image costs OpenAI's vision models
// by the tile formula OpenAI documents: detail "low" is 85 tokens; any
// other detail scales the image to fit 2048 × 2048, then its short side
// to 768, and costs 85 + 170 a 512-pixel tile. An image whose size cannot
// be read (a URL, a file id) is taken as 1024 × 1024: 765 tokens.
func OpenAIImageTokens(detail, url string) int {
	if detail == "low" {
		return 85
	}
	w, h, ok := ImageSize(url)
	if !ok {
		w, h = 1024, 1024
	}
	fw, fh := float64(w), float64(h)
	if s := 2048 / max(fw, fh); s < 1 {
		fw, fh = fw*s, fh*s
	}
	if s := 768 / min(fw, fh); s < 1 {
		fw, fh = fw*s, fh*s
	}
	tiles := int(math.Ceil(fw/512)) * int(math.Ceil(fh/512))
	return 85 + 170*tiles
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
