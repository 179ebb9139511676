// Package engine searches positions of any game: iterative deepening
// alpha-beta (expectimax for the die game), evaluation and time management.
package engine

import (
	"fmt"
	"io"
)

// BenchMain runs the bench command. TODO(issue 4): placeholder.
func BenchMain(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "bench: not implemented yet")
	return 2
}
