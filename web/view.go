package web

import (
	"strconv"
	"strings"

	"varchess/variants"
)

// The JSON the page reads. Everything in it comes from the game's own
// description of itself (variants.Displayer); the page draws it and never
// decides what is legal.

// pieceJSON is one piece or checker: type letter and colour ("w"/"b").
type pieceJSON struct {
	Type  string `json:"t"`
	Color string `json:"c"`
}

// squareJSON is the content of one non-empty square, bottom to top.
type squareJSON struct {
	Square string      `json:"sq"`
	Pieces []pieceJSON `json:"pieces"`
}

// boardJSON is variants.Display for the page. Squares are named ("e4").
type boardJSON struct {
	Files       int          `json:"files"`
	Ranks       int          `json:"ranks"`
	Squares     []squareJSON `json:"squares"`
	FEN         string       `json:"boardFen"` // tops only, for the board widget
	Stacks      bool         `json:"stacks"`
	HandTypes   string       `json:"handTypes,omitempty"`
	Hands       [2][]int     `json:"hands,omitempty"`
	MultiDrop   bool         `json:"multiDrop"`
	Half        int          `json:"half"`
	OwnerByHalf bool         `json:"ownerByHalf"`
	Die         bool         `json:"die"`
	Roll        string       `json:"roll,omitempty"`
	Scores      []int        `json:"scores,omitempty"`
	Forbidden   []moveJSON   `json:"forbidden,omitempty"`
	Check       []string     `json:"check,omitempty"`
	Facts       []factJSON   `json:"facts,omitempty"`
}

type factJSON struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// moveJSON is a ply as the page handles it: its text (what the page sends
// back to play it) and its parts.
type moveJSON struct {
	Text      string     `json:"text"`
	From      string     `json:"from,omitempty"`
	To        string     `json:"to,omitempty"`
	Count     int        `json:"count,omitempty"`
	Whole     bool       `json:"whole,omitempty"`
	Promotion string     `json:"promo,omitempty"`
	Capture   bool       `json:"capture,omitempty"`
	Recolours bool       `json:"recolours,omitempty"`
	Drops     []dropJSON `json:"drops,omitempty"`
	Pass      bool       `json:"pass,omitempty"`
}

type dropJSON struct {
	Type   string `json:"t"`
	Square string `json:"sq"`
}

func colorName(c variants.Color) string {
	if c == variants.White {
		return "w"
	}
	return "b"
}

func boardView(d variants.Display) boardJSON {
	b := boardJSON{
		Files: d.Files, Ranks: d.Ranks, Stacks: d.Stacks,
		HandTypes: d.HandTypes, Hands: d.Hands, MultiDrop: d.MultiDrop,
		Half: d.Half, OwnerByHalf: d.OwnerByHalf, Die: d.Die, Scores: d.Scores,
	}
	if d.Roll != 0 {
		b.Roll = string(d.Roll)
	}
	for sq, stack := range d.Board {
		if len(stack) == 0 {
			continue
		}
		s := squareJSON{Square: variants.SquareName(d.Files, sq)}
		for _, p := range stack {
			s.Pieces = append(s.Pieces, pieceJSON{Type: string(p.Type), Color: colorName(p.Color)})
		}
		b.Squares = append(b.Squares, s)
	}
	for _, f := range d.Forbidden {
		b.Forbidden = append(b.Forbidden, partsView(d.Files, "", f))
	}
	for _, sq := range d.Check {
		b.Check = append(b.Check, variants.SquareName(d.Files, sq))
	}
	for _, f := range d.Facts {
		b.Facts = append(b.Facts, factJSON(f))
	}
	b.FEN = topsFEN(d)
	return b
}

// topsFEN writes the top piece of every square (and the reserves in
// brackets) in the FEN board syntax the board widget reads.
func topsFEN(d variants.Display) string {
	var sb strings.Builder
	for r := d.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < d.Files; f++ {
			p, ok := d.Top(r*d.Files + f)
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteByte(p.Letter())
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if d.HandTypes != "" {
		sb.WriteByte('[')
		for c := variants.White; c <= variants.Black; c++ {
			for i, n := range d.Hands[c] {
				p := variants.Piece{Type: d.HandTypes[i], Color: c}
				for ; n > 0; n-- {
					sb.WriteByte(p.Letter())
				}
			}
		}
		sb.WriteByte(']')
	}
	return sb.String()
}

// partsView writes a ply's parts with square names.
func partsView(files int, text string, p variants.MoveParts) moveJSON {
	m := moveJSON{Text: text, Count: p.Count, Whole: p.Whole, Capture: p.Capture, Pass: p.Pass,
		Recolours: p.Mover.Color != p.Arrives.Color && p.Drops == nil && !p.Pass}
	if p.From >= 0 {
		m.From = variants.SquareName(files, p.From)
	}
	if p.To >= 0 {
		m.To = variants.SquareName(files, p.To)
	}
	if p.Promotion != 0 {
		m.Promotion = string(p.Promotion)
	}
	for _, d := range p.Drops {
		m.Drops = append(m.Drops, dropJSON{Type: string(d.Type), Square: variants.SquareName(files, d.Square)})
	}
	return m
}

// legalMoves lists the plies of pos the page offers (in kingchess, the
// moves and single drops; multi-drops are built with the drop planner).
func legalMoves(pos variants.Position, files int) []moveJSON {
	d := pos.(variants.Displayer)
	moves := pos.Moves(nil)
	out := make([]moveJSON, 0, len(moves))
	for _, m := range moves {
		out = append(out, partsView(files, pos.MoveString(m), d.DescribeMove(m)))
	}
	return out
}
