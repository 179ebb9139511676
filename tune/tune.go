package tune

import "io"

// TuneMain is the `varchess tune` command.
func TuneMain(args []string, stdout, stderr io.Writer) int { return 2 }
