package detect

// The language models are generated from Debian's translated manual pages and
// gettext catalogs: run internal/gen/fetch-training.sh first.
//go:generate go run ./internal/gen
