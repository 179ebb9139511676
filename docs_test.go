package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocLinks: the repository stands on its own. Every relative link of
// README.md and docs/*.md names a file of the repository (and, with a
// #fragment, a heading of it), and no document points outside the
// repository (../shared, the specs the project was written from).
func TestDocLinks(t *testing.T) {
	files, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "README.md")
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(text), "../shared") || strings.Contains(string(text), "shared/spec") {
			t.Errorf("%s points outside the repository (../shared)", f)
		}
		for _, m := range link.FindAllStringSubmatch(string(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, frag, _ := strings.Cut(target, "#")
			dest := f
			if path != "" {
				dest = filepath.Join(filepath.Dir(f), path)
				if _, err := os.Stat(dest); err != nil {
					t.Errorf("%s: link %q: %v", f, target, err)
					continue
				}
			}
			if frag != "" && strings.HasSuffix(dest, ".md") && !hasAnchor(t, dest, frag) {
				t.Errorf("%s: link %q: no heading #%s in %s", f, target, frag, dest)
			}
		}
	}
}

// hasAnchor reports whether the markdown file has a heading whose GitHub
// anchor is frag.
func hasAnchor(t *testing.T, file, frag string) bool {
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	drop := regexp.MustCompile(`[^\p{L}\p{N} _-]`)
	for _, l := range strings.Split(string(text), "\n") {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(l, "#")))
		if strings.ReplaceAll(drop.ReplaceAllString(h, ""), " ", "-") == frag {
			return true
		}
	}
	return false
}

// TestCLIDocListsCommands: every command of `varchess -h` answers its own
// -h with status 0 and has its row in docs/cli.md (datagen and tune were
// missing there once).
func TestCLIDocListsCommands(t *testing.T) {
	var help strings.Builder
	usage(&help)
	doc, err := os.ReadFile("docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	cmd := regexp.MustCompile(`(?m)^  ([a-z][a-z-]+) `)
	found := cmd.FindAllStringSubmatch(help.String(), -1)
	if len(found) < 7 {
		t.Fatalf("only %d commands in the usage:\n%s", len(found), help.String())
	}
	for _, m := range found {
		name := m[1]
		if !strings.Contains(string(doc), "| `varchess "+name+" ...` |") {
			t.Errorf("docs/cli.md has no row for %q", name)
		}
		var out, errs strings.Builder
		if code := run([]string{name, "-h"}, strings.NewReader(""), &out, &errs); code != 0 || out.Len()+errs.Len() == 0 {
			t.Errorf("varchess %s -h: status %d, no usage", name, code)
		}
	}
}
