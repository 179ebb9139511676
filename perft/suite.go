package perft

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"varchess/variants"
)

// Entry is one line of a perft suite: a position and its reference counts.
//
// Suite lines look like `<FEN> ;variant V ;D1 n ;D2 n ...`. Two optional
// fields select the russian flavour: `;face X` (fixed face) and `;dice`.
// Lines that are empty or start with '#' are ignored. Without a variant
// field the line is chess.
type Entry struct {
	Line    int // 1-based line number in the file
	FEN     string
	Variant string
	Options variants.PerftOptions
	Counts  map[int]variants.Count // depth -> expected leaf count
}

// Depths returns the entry's depths in increasing order.
func (e Entry) Depths() []int {
	var ds []int
	for d := 1; len(ds) < len(e.Counts); d++ {
		if _, ok := e.Counts[d]; ok {
			ds = append(ds, d)
		}
		if d > 64 {
			break
		}
	}
	return ds
}

// ReadSuite parses a perft suite.
func ReadSuite(r io.Reader) ([]Entry, error) {
	var entries []Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := parseEntry(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		e.Line = n
		entries = append(entries, e)
	}
	return entries, sc.Err()
}

func parseEntry(line string) (Entry, error) {
	fields := strings.Split(line, ";")
	e := Entry{
		FEN:     strings.TrimSpace(fields[0]),
		Variant: "chess",
		Counts:  map[int]variants.Count{},
	}
	if e.FEN == "" {
		return e, fmt.Errorf("no FEN")
	}
	for _, f := range fields[1:] {
		words := strings.Fields(f)
		if len(words) == 0 {
			continue
		}
		key := words[0]
		switch {
		case key == "variant" && len(words) == 2:
			e.Variant = words[1]
		case key == "dice" && len(words) == 1:
			e.Options.Dice = true
		case key == "face" && len(words) == 2 && len(words[1]) == 1 && strings.Contains(variants.DieFaces, words[1]):
			e.Options.Face = words[1][0]
		case len(key) >= 2 && (key[0] == 'D' || key[0] == 'd') && len(words) == 2:
			depth, err := strconv.Atoi(key[1:])
			if err != nil || variants.CheckPerftDepth(depth) != nil {
				return e, fmt.Errorf("bad depth field %q", f)
			}
			n, err := variants.ParseCount(words[1])
			if err != nil {
				return e, fmt.Errorf("bad count in %q", f)
			}
			e.Counts[depth] = n
		default:
			return e, fmt.Errorf("unknown field %q", strings.TrimSpace(f))
		}
	}
	if len(e.Counts) == 0 {
		return e, fmt.Errorf("no depth counts")
	}
	return e, nil
}
