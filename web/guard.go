package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// clientCookie identifies a browser: games belong to the client that
// created them, and the per-client bounds count by it.
const clientCookie = "varchess_client"

type clientKey struct{}

// clientOf is the requesting client's identity (set by guard).
func clientOf(r *http.Request) string {
	c, _ := r.Context().Value(clientKey{}).(string)
	return c
}

// guard checks every request before it reaches a handler:
//   - the Host must be a loopback name or one of Config.AllowedHosts, so a
//     page of another site cannot reach the server through DNS rebinding;
//   - a request a browser marks as coming from another origin (Origin,
//     Sec-Fetch-Site) is refused, so no other page can drive or read a game;
//   - a request that changes something must say Content-Type
//     application/json, which no cross-site form can send without the
//     preflight the server never grants;
//   - every answer forbids framing and sniffing, and the page may load
//     nothing but its own assets.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'")
		if err := s.checkRequest(r); err != nil {
			writeError(w, http.StatusForbidden, err)
			return
		}
		client := ""
		if c, err := r.Cookie(clientCookie); err == nil && validClient(c.Value) {
			client = c.Value
		} else {
			client = newID()
			http.SetCookie(w, &http.Cookie{Name: clientCookie, Value: client, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientKey{}, client)))
	})
}

func (s *Server) checkRequest(r *http.Request) error {
	if !s.hostAllowed(r.Host) {
		return errors.New("unexpected Host " + quote(r.Host) + ": start the server with -addr naming it")
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Host != r.Host || (u.Scheme != "http" && u.Scheme != "https") {
			return errors.New("cross-origin request refused (Origin " + quote(o) + ")")
		}
	}
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return errors.New("cross-site request refused")
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		ct := r.Header.Get("Content-Type")
		if mt, _, _ := strings.Cut(ct, ";"); strings.TrimSpace(mt) != "application/json" {
			return errors.New("a request that changes a game must be sent as application/json")
		}
	}
	return nil
}

// hostAllowed accepts loopback names on any port and the configured hosts.
func (s *Server) hostAllowed(host string) bool {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.Trim(name, "[]")
	if name == "localhost" {
		return true
	}
	if ip := net.ParseIP(name); ip != nil && ip.IsLoopback() {
		return true
	}
	for _, a := range s.cfg.AllowedHosts {
		if a == "*" || strings.EqualFold(a, host) || strings.EqualFold(a, name) {
			return true
		}
	}
	return false
}

func validClient(v string) bool {
	if len(v) != 24 {
		return false
	}
	for _, c := range v {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	return true
}

func quote(s string) string {
	if len(s) > 80 {
		s = s[:80] + "..."
	}
	return "\"" + s + "\""
}
