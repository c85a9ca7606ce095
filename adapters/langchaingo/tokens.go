package hrlangchaingo

import (
	"bytes"
	"encoding/base64"
	"image"
	"math"
	"strings"

	_ "image/gif" // DecodeConfig reads the sizes of the image formats OpenAI accepts
	_ "image/jpeg"
	_ "image/png"
)

// imageSize reads the dimensions of an image given as a data: URL.
func imageSize(url string) (w, h int, ok bool) {
	i := strings.Index(url, ";base64,")
	if !strings.HasPrefix(url, "data:") || i < 0 {
		return 0, 0, false
	}
	data := url[i+len(";base64,"):]
	const head = 64 << 10 // the header sits in the first bytes
	if len(data) > head {
		data = data[:head]
	}
	raw, err := base64.StdEncoding.DecodeString(data[:len(data)/4*4])
	if err != nil {
		return 0, 0, false
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return 0, 0, false
	}
	return cfg.Width, cfg.Height, true
}

// openAIImageTokens estimates what an image costs OpenAI's vision models
// by the tile formula OpenAI documents: detail "low" is 85 tokens; any
// other detail scales the image to fit 2048 × 2048, then its short side
// to 768, and costs 85 + 170 a 512-pixel tile. An image whose size cannot
// be read (a URL) is taken as 1024 × 1024: 765 tokens.
func openAIImageTokens(detail, url string) int {
	if detail == "low" {
		return 85
	}
	w, h, ok := imageSize(url)
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
	return 85 + 170*int(math.Ceil(fw/512))*int(math.Ceil(fh/512))
}
