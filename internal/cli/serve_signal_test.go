//go:build unix

package cli

import (
	"syscall"
	"testing"
)

// TestServeSIGTERM stops graft serve the way a process manager does.
func TestServeSIGTERM(t *testing.T) {
	addr, _, stderr, done := startServe(t, serveHooks{}, "--demo", "--listen", "127.0.0.1:0")
	if got, err := postDemo(addr); err != nil || got != demoAnswer {
		t.Errorf("got %q, %v", got, err)
	}
	// serve's signal.NotifyContext is registered before it reports ready,
	// so the signal goes to it, not to the test process's default action.
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := wait(t, done); code != exitOK {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
}
