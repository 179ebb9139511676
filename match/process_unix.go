//go:build unix

package match

import (
	"os/exec"
	"syscall"
)

// isolate starts the engine in its own process group, so that killing it
// also kills any helper it started (a wrapper script's child would otherwise
// keep the pipes open), and so that a Ctrl-C meant for the arbiter does not
// hit the engines first: the arbiter stops them itself.
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// kill ends the engine's whole process group.
func kill(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
