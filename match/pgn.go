package match

import (
	"fmt"
	"io"
	"strings"
	"time"

	"varchess/variants"
)

// pgnInfo is the match-wide part of the PGN headers.
type pgnInfo struct {
	Event, Site string
	Variant     string
	Limits      []TimeControl // of each engine
	Comments    bool          // a score/depth/time comment after each ply
	game        *variants.Game
}

// writePGN writes one game: the seven-tag roster, Variant, FEN/SetUp for a
// non-standard start, TimeControl, PlyCount and Termination, then the plies
// in the game's own (coordinate) notation, SAN for chess, with each die roll
// as a comment before its ply and the reason of the result as a final comment.
// With info.Comments each ply is followed by `{score/depth time}` as the
// mover reported it (score in pawns from the mover's view, e.g.
// {+0.25/12 0.531s}; {book} never appears: every ply is an engine's).
func writePGN(w io.Writer, info pgnInfo, rec *gameRecord) error {
	blackStarts := startsWithBlack(info.game, rec.StartFEN)
	var b strings.Builder
	tag := func(name, value string) {
		value = strings.ReplaceAll(value, `\`, `\\`)
		value = strings.ReplaceAll(value, `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, value)
	}
	date := rec.Started
	if date.IsZero() {
		date = time.Now()
	}
	tag("Event", info.Event)
	tag("Site", info.Site)
	tag("Date", date.UTC().Format("2006.01.02"))
	tag("Round", fmt.Sprint(rec.Number))
	tag("White", rec.White)
	tag("Black", rec.Black)
	tag("Result", rec.Outcome.PGN())
	tag("Variant", info.Variant)
	if rec.StartFEN != "startpos" {
		tag("FEN", rec.StartFEN)
		tag("SetUp", "1")
	}
	wtc, btc := info.Limits[rec.WhiteEngine].PGNTag(), info.Limits[rec.BlackEngine].PGNTag()
	if wtc == btc {
		tag("TimeControl", wtc)
	} else {
		tag("WhiteTimeControl", wtc)
		tag("BlackTimeControl", btc)
	}
	tag("PlyCount", fmt.Sprint(len(rec.Moves)))
	tag("Termination", rec.Termination)
	b.WriteByte('\n')

	var line strings.Builder
	emit := func(tok string) {
		if line.Len() > 0 && line.Len()+1+len(tok) > 79 {
			b.WriteString(line.String() + "\n")
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(tok)
	}
	moves := rec.Moves
	if info.Variant == "chess" {
		if san, ok := chessSAN(rec.StartFEN, rec.Moves); ok {
			moves = san
		}
	}
	ply := 0
	if blackStarts {
		ply = 1
	}
	for i, m := range moves {
		if ply%2 == 0 {
			emit(fmt.Sprintf("%d.", ply/2+1))
		} else if i == 0 {
			emit(fmt.Sprintf("%d...", ply/2+1))
		}
		if i < len(rec.Rolls) {
			emit(fmt.Sprintf("{roll %c}", rec.Rolls[i]))
		}
		emit(m)
		if info.Comments && i < len(rec.Notes) {
			emit(noteComment(rec.Notes[i]))
		}
		ply++
	}
	// A game lost before its first ply still shows the roll it was given.
	if len(rec.Rolls) > len(rec.Moves) {
		emit(fmt.Sprintf("{roll %c}", rec.Rolls[len(rec.Moves)]))
	}
	if rec.Reason != "" {
		emit("{" + strings.ReplaceAll(rec.Reason, "}", ")") + "}")
	}
	emit(rec.Outcome.PGN())
	b.WriteString(line.String() + "\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// startsWithBlack reports whether the game's start position has Black (North)
// to move.
func startsWithBlack(g *variants.Game, fen string) bool {
	p, err := g.Load(fen)
	return err == nil && p.SideToMove() == variants.Black
}

// noteComment writes a moveNote as cutechess does: {+0.25/12 0.531s}, the
// score in pawns (mates as +M/-M), "-" for a ply without a score.
func noteComment(n moveNote) string {
	sc := "-"
	if n.HasScore {
		switch {
		case n.Score >= mateScore:
			sc = "+M"
		case n.Score <= -mateScore:
			sc = "-M"
		default:
			sc = fmt.Sprintf("%+.2f", float64(n.Score)/100)
		}
		if n.Depth > 0 {
			sc += fmt.Sprintf("/%d", n.Depth)
		}
	}
	return fmt.Sprintf("{%s %.3fs}", sc, float64(n.Millis)/1000)
}
