package utf8x_test

import "github.com/utf8x/utf8x/internal/testsample"

// sampled thins the exhaustive sweeps under go test -short (see testsample).
var sampled = testsample.Sampled
