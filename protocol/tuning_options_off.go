//go:build !tune

package protocol

// tuningOptions is empty in the normal build (see tuning_options.go).
func tuningOptions() []searchOption { return nil }
