// Package protocol speaks UCI and CECP (XBoard) on a pair of streams.
package protocol

import (
	"errors"
	"io"
)

// Run reads commands from in until EOF or quit and answers on out.
// TODO(issue 4/5): placeholder until the protocol loops land.
func Run(in io.Reader, out io.Writer) error {
	return errors.New("protocol loop not implemented yet")
}
