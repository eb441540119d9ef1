package main

import (
	"context"
	"fmt"
	"os"

	"github.com/urfave/cli/v3"
)

func main() {
	cmd := &cli.Command{
		Name: "utf8x",
		Commands: []*cli.Command{{
			Name:  "detect",
			Usage: "detect encodings",
			Flags: []cli.Flag{&cli.BoolFlag{Name: "all"}, &cli.Float64Flag{Name: "min-confidence"}},
			Action: func(ctx context.Context, c *cli.Command) error {
				fmt.Println(c.Args().Slice())
				return nil
			},
		}},
	}
	if err := cmd.Run(context.Background(), os.Args); err != nil {
		os.Exit(2)
	}
}
