module github.com/utf8x/utf8x

go 1.24.0

require (
	github.com/rogpeppe/go-internal v1.14.1
	github.com/urfave/cli/v3 v3.14.0
	golang.org/x/sys v0.40.0
	golang.org/x/term v0.39.0
	golang.org/x/text v0.33.0
)

require golang.org/x/tools v0.40.0 // indirect
