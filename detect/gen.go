package detect

// The language models are generated from Debian's translated manual pages and
// gettext catalogs: run internal/gen/fetch-training.sh first.
//go:generate go run ./internal/gen

// The WHATWG label table (whatwg_table.go) is generated from transcode's
// extraction of the Encoding Standard's labels.
//go:generate go run ./internal/whatwggen
