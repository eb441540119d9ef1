package main

import (
	"fmt"

	"github.com/alecthomas/kong"
)

var cli struct {
	Detect struct {
		All           bool     `help:"all candidates"`
		MinConfidence float64  `help:"min confidence"`
		Files         []string `arg:"" optional:""`
	} `cmd:"" help:"detect encodings"`
}

func main() {
	ctx := kong.Parse(&cli)
	fmt.Println(ctx.Command(), cli.Detect.Files)
}
