package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

func main() {
	root := &cobra.Command{Use: "utf8x"}
	var all bool
	var mc float64
	d := &cobra.Command{Use: "detect", RunE: func(c *cobra.Command, args []string) error { fmt.Println(args); return nil }}
	d.Flags().BoolVar(&all, "all", false, "all")
	d.Flags().Float64Var(&mc, "min-confidence", 0, "mc")
	root.AddCommand(d)
	if root.Execute() != nil {
		os.Exit(2)
	}
}
