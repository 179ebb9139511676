package perft

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"varchess/variants"
	"varchess/variants/all"
)

// SuiteConfig limits and parallelises a suite run.
type SuiteConfig struct {
	MaxDepth int    // skip depths above this (0 = no limit)
	MaxNodes uint64 // skip counts above this (0 = no limit)
	Jobs     int    // positions checked in parallel (<= 1: one at a time)
	Threads  int    // threads per position (Config.Threads)
	HashMB   int    // table per job, shared by its positions (0: none)
}

// Failure is one mismatch (or unreadable position) of a suite run.
type Failure struct {
	Entry    Entry
	Depth    int
	Expected variants.Count
	Got      variants.Count
	Err      error
}

func (f Failure) String() string {
	if f.Err != nil {
		return fmt.Sprintf("line %d (%s %s): %v", f.Entry.Line, f.Entry.Variant, f.Entry.FEN, f.Err)
	}
	return fmt.Sprintf("line %d (%s %s) depth %d: expected %s, got %s",
		f.Entry.Line, f.Entry.Variant, f.Entry.FEN, f.Depth, f.Expected, f.Got)
}

// errNothingChecked is a suite run that compared no count at all: an
// empty file, or limits that skip everything. It must not pass.
var errNothingChecked = errors.New("no count checked")

// RunSuiteFile runs every entry of a suite file. It reports progress on
// progress, a summary on out, and whether every count matched.
func RunSuiteFile(ctx context.Context, path string, cfg SuiteConfig, out, progress io.Writer) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	entries, err := ReadSuite(f)
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	if len(entries) == 0 {
		return false, fmt.Errorf("%s: no positions (an empty suite checks nothing)", path)
	}
	start := time.Now()
	failures, nodes, checked := RunSuite(ctx, entries, cfg, progress)
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	if checked == 0 {
		return false, fmt.Errorf("%s: %w (-maxdepth %d and -maxnodes %d skip every count)", path, errNothingChecked, cfg.MaxDepth, cfg.MaxNodes)
	}
	for _, fl := range failures {
		fmt.Fprintf(out, "MISMATCH %s\n", fl)
	}
	fmt.Fprintf(out, "%s: %d positions, %d counts checked, %d failures, %s\n", path, len(entries), checked, len(failures), time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(out, "Nodes searched: %s\n", nodes)
	return len(failures) == 0, nil
}

// RunSuite checks entries and returns the mismatches, the total node
// count and the number of counts compared. Progress lines (one per
// position) go to progress if it is not nil.
func RunSuite(ctx context.Context, entries []Entry, cfg SuiteConfig, progress io.Writer) ([]Failure, variants.Count, int) {
	jobs := max(cfg.Jobs, 1)
	type result struct {
		failures []Failure
		nodes    variants.Count
		checked  int
		elapsed  time.Duration
	}
	results := make([]result, len(entries))
	var mu sync.Mutex // serialises progress lines
	done := 0
	work := make(chan int)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var table *variants.PerftTable
			if cfg.HashMB > 0 {
				table = variants.NewPerftTable(cfg.HashMB)
			}
			for i := range work {
				t := time.Now()
				fl, n, c := checkEntry(ctx, entries[i], cfg, table)
				results[i] = result{fl, n, c, time.Since(t)}
				mu.Lock()
				done++
				if progress != nil {
					status := "ok"
					if len(fl) > 0 {
						status = "FAIL: " + fl[0].String()
					}
					fmt.Fprintf(progress, "[%d/%d] line %d %s: %s nodes in %s %s\n", done, len(entries),
						entries[i].Line, entries[i].Variant, n, results[i].elapsed.Round(time.Millisecond), status)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range entries {
		if ctx.Err() != nil {
			break
		}
		work <- i
	}
	close(work)
	wg.Wait()
	var failures []Failure
	var nodes variants.Count
	checked := 0
	for _, r := range results {
		failures = append(failures, r.failures...)
		nodes = nodes.Add(r.nodes)
		checked += r.checked
	}
	return failures, nodes, checked
}

func checkEntry(ctx context.Context, e Entry, cfg SuiteConfig, table *variants.PerftTable) ([]Failure, variants.Count, int) {
	var nodes variants.Count
	game, err := all.Get(e.Variant)
	if err != nil {
		return []Failure{{Entry: e, Err: err}}, nodes, 0
	}
	pos, err := game.Load(e.FEN)
	if err != nil {
		return []Failure{{Entry: e, Err: err}}, nodes, 0
	}
	var failures []Failure
	checked := 0
	for _, d := range e.Depths() {
		want := e.Counts[d]
		if w, fits := want.Uint64(); (cfg.MaxDepth > 0 && d > cfg.MaxDepth) || (cfg.MaxNodes > 0 && (!fits || w > cfg.MaxNodes)) {
			continue
		}
		res, err := Run(ctx, pos, d, Config{Options: e.Options, Threads: cfg.Threads, Table: table})
		if err != nil {
			failures = append(failures, Failure{Entry: e, Depth: d, Err: err})
			break
		}
		checked++
		nodes = nodes.Add(res.Nodes)
		if res.Nodes != want {
			failures = append(failures, Failure{Entry: e, Depth: d, Expected: want, Got: res.Nodes})
		}
	}
	return failures, nodes, checked
}
