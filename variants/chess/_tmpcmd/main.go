package main

import (
	"os"

	"varchess/perft"
)

func main() { os.Exit(perft.Main(os.Args[1:], os.Stdout, os.Stderr)) }
