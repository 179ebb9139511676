package bitboard

import (
	"fmt"
	"strings"
)

// ParsePlacement reads the board field of an 8x8 FEN (rank 8 first, ranks
// separated by '/', digits for runs of empty squares) and calls put for
// every piece letter. put decides which letters are pieces and may refuse a
// square; its error is returned with the square named.
func ParsePlacement(s string, put func(sq Square, letter byte) error) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("board %q: want 8 ranks separated by /, got %d", s, len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
			} else {
				if f >= 8 {
					return fmt.Errorf("board: rank %d has more than 8 squares", r+1)
				}
				if err := put(Sq(f, r), c); err != nil {
					return fmt.Errorf("board: %v: %w", Sq(f, r), err)
				}
				f++
			}
			if f > 8 {
				return fmt.Errorf("board: rank %d has more than 8 squares", r+1)
			}
		}
		if f != 8 {
			return fmt.Errorf("board: rank %d has %d squares, want 8", r+1, f)
		}
	}
	return nil
}

// WritePlacement writes the board field of an 8x8 FEN; letter returns the
// piece letter on a square, or 0 for an empty square.
func WritePlacement(sb *strings.Builder, letter func(Square) byte) {
	WriteGrid(sb, 8, 8, func(f, r int) string {
		if c := letter(Sq(f, r)); c != 0 {
			return string(c)
		}
		return ""
	})
}

// WriteGrid writes the board field of a FEN for a board of files x ranks
// (at most 9 files); cell returns what stands on a square (a letter, or a
// russian stack), "" when it is empty.
func WriteGrid(sb *strings.Builder, files, ranks int, cell func(file, rank int) string) {
	for r := ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < files; f++ {
			c := cell(f, r)
			if c == "" {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
}
