// Package match is the arbiter: it plays engines against each other.
package match

import (
	"fmt"
	"io"
)

// Main runs the match command. TODO(issue 6): placeholder.
func Main(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "match: not implemented yet")
	return 2
}
