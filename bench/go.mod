module github.com/utf8x/utf8x/bench

go 1.24.0

require (
	github.com/segmentio/asm v1.2.1
	github.com/utf8x/utf8x v0.0.0
	golang.org/x/text v0.33.0
)

require golang.org/x/sys v0.40.0

replace github.com/utf8x/utf8x => ../
