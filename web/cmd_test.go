package web

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a strings.Builder safe for the server goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeCommand starts `serve` on a free loopback port, reads the URL
// it prints, loads the page and the API from it, and stops it.
func TestServeCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out, errs syncBuffer
	done := make(chan int)
	go func() { done <- serve(ctx, []string{"-addr", "127.0.0.1:0", "-engine", "builtin:greedy"}, &out, &errs) }()
	var url string
	for deadline := time.Now().Add(30 * time.Second); url == ""; time.Sleep(10 * time.Millisecond) {
		if _, rest, ok := strings.Cut(out.String(), "open "); ok {
			url = strings.TrimSpace(rest)
		}
		if time.Now().After(deadline) {
			t.Fatalf("no URL printed: %q %q", out.String(), errs.String())
		}
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), "/static/app.js") {
		t.Fatalf("page: %d %.200s", resp.StatusCode, page)
	}
	for _, asset := range []string{"static/app.js", "static/board.js", "static/vendor/chessgroundx/chessground.js", "static/vendor/chessgroundx/pieces.css", "static/vendor/chessgroundx/LICENSE"} {
		r, err := http.Get(url + asset)
		if err != nil || r.StatusCode != http.StatusOK {
			t.Fatalf("%s: %v %v", asset, err, r.Status)
		}
		r.Body.Close()
	}
	r, err := http.Get(url + "api/info")
	if err != nil {
		t.Fatal(err)
	}
	info, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if !strings.Contains(string(info), `"engines":["varchess","greedy"]`) {
		t.Errorf("info %s", info)
	}
	if errs.String() != "" {
		t.Errorf("a loopback server warns: %q", errs.String())
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d after the interrupt", code)
	}
}

func TestServeFlags(t *testing.T) {
	var errs strings.Builder
	if code := serve(context.Background(), []string{"-h"}, io.Discard, &errs); code != 0 || !strings.Contains(errs.String(), "usage: varchess serve") {
		t.Errorf("-h: %d %q", code, errs.String())
	}
	for _, args := range [][]string{{"-nosuchflag"}, {"extra"}, {"-engine", "cmd=x,proto=telnet"}} {
		if code := serve(context.Background(), args, io.Discard, io.Discard); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code := serve(context.Background(), []string{"-addr", "256.1.1.1:1"}, io.Discard, io.Discard); code != 1 {
		t.Errorf("an address that cannot be listened on: exit %d, want 1", code)
	}
	errs.Reset()
	if hosts := allowedHostsFor("0.0.0.0:8080", &errs); len(hosts) != 1 || hosts[0] != "*" || !strings.Contains(errs.String(), "warning") {
		t.Errorf("all interfaces: hosts %v, stderr %q", hosts, errs.String())
	}
	errs.Reset()
	if hosts := allowedHostsFor("[::1]:8080", &errs); hosts != nil || errs.Len() != 0 {
		t.Errorf("::1: hosts %v, stderr %q", hosts, errs.String())
	}
}
