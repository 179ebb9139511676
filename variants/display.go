package variants

import "strconv"

// Displayer is how a game describes itself to whoever shows it: a board in
// the browser (package web) or a GUI behind a protocol that cannot hold the
// game's whole state (XBoard). Every game's Position implements it, so that
// no one outside variants/ reads a FEN or knows a rule to draw a position or
// relay a ply.
type Displayer interface {
	// Display describes the current position.
	Display() Display
	// DescribeMove splits m, a legal ply of the current position, into the
	// parts a board shows.
	DescribeMove(m Move) MoveParts
}

// Piece is one piece (a russian checker) as a board shows it.
type Piece struct {
	// Type is the upper-case letter of the piece type: K Q R B N P.
	Type byte
	// Color is the piece's owner. In monochrome that is the owner of the
	// half the piece stands on, so a piece changes colour when it crosses.
	Color Color
}

// Letter is the FEN-style letter: upper case White, lower case Black.
func (p Piece) Letter() byte {
	if p.Color == Black {
		return p.Type | 0x20
	}
	return p.Type
}

// Display is everything a board needs to draw a position.
type Display struct {
	Files, Ranks int
	// Board lists the pieces of every square bottom to top, indexed by
	// Square (a1 = 0, b1 = 1, ...). Only stacks (russian) hold more than one;
	// the last piece is the one that owns and moves the square.
	Board [][]Piece
	// Stacks: squares may hold stacks and a ply may move part of one
	// (MoveParts.Count).
	Stacks bool
	// HandTypes names the piece types a reserve can hold, in display order;
	// Hands[c][i] counts side c's pieces of type HandTypes[i]. Empty for
	// games without reserves.
	HandTypes string
	Hands     [2][]int
	// MultiDrop: a drop action may place several pieces at once (the game's
	// Position then implements DropPlanner).
	MultiDrop bool
	// Half, when not 0, splits the board between the sides: ranks 1..Half
	// are White's (South's), the rest Black's. OwnerByHalf says that a
	// piece belongs to the side whose half it stands on (monochrome); else
	// the halves only bound where a side may drop (kingchess).
	Half        int
	OwnerByHalf bool
	// Die: the game rolls a die before every ply; Roll is the face the
	// side to move rolled ("KQRBNP"), 0 while it has not rolled.
	Die  bool
	Roll byte
	// Scores holds the points of White and Black in games decided on
	// points (monochrome), else nil.
	Scores []int
	// Forbidden lists plies the rules forbid right now that a player would
	// otherwise expect to be able to play (monochrome's undo ban).
	Forbidden []MoveParts
	// Check lists the squares of the side to move's King while it is in
	// check.
	Check []int
	// Facts is the rest of the state, one line each for a side panel
	// (castling rights, bishop colours, the types that take part).
	Facts []Fact
}

// Fact is one named piece of game state, e.g. {"Castling", "White O-O"}.
type Fact struct {
	Name, Value string
}

// Square returns the index of the square named like "e4" on d's board, or
// -1 when there is no such square.
func (d *Display) Square(name string) int {
	if len(name) < 2 {
		return -1
	}
	f := int(name[0]) - 'a'
	r, err := strconv.Atoi(name[1:])
	if err != nil || f < 0 || f >= d.Files || r < 1 || r > d.Ranks {
		return -1
	}
	return (r-1)*d.Files + f
}

// SquareName names square sq ("a1" for 0) on a board with files files.
func SquareName(files, sq int) string {
	return string(rune('a'+sq%files)) + strconv.Itoa(sq/files+1)
}

// Top returns the piece that owns square sq (the top of a stack); ok is
// false for an empty square.
func (d *Display) Top(sq int) (p Piece, ok bool) {
	if sq < 0 || sq >= len(d.Board) || len(d.Board[sq]) == 0 {
		return Piece{}, false
	}
	s := d.Board[sq]
	return s[len(s)-1], true
}

// MoveParts is a ply as a board shows it. Squares are indices as in
// Display.Board; NoSquare where a part does not apply.
type MoveParts struct {
	From, To int
	// Mover is the moving piece as it stands before the ply, Arrives the
	// same piece as it stands after (another type after a promotion,
	// another colour after a monochrome crossing).
	Mover, Arrives Piece
	// Count is the number of checkers a stack move takes along with the
	// top one, itself included (0 for a piece that is not part of a stack
	// and for the whole stack: see Whole).
	Count int
	// Whole: the ply moves everything on From.
	Whole bool
	// Promotion is the type letter a pawn becomes, 0 if none.
	Promotion byte
	// Capture: the ply takes (or, in russian, covers) an enemy piece.
	Capture bool
	// Drops are the placements of a drop action, nil otherwise.
	Drops []Drop
	// Pass: the ply does nothing but hand over the turn.
	Pass bool
}

// NoSquare marks a part of MoveParts that does not apply.
const NoSquare = -1

// Drop is one piece placed by a drop action.
type Drop struct {
	Type   byte // upper-case type letter
	Square int
}

// DropPlanner is implemented by games whose drop actions place several
// pieces at once (kingchess), so that a board can build an action piece by
// piece and let the game judge it, without listing the astronomically many
// actions.
type DropPlanner interface {
	// PlanDrops judges placements chosen so far for the side to move.
	PlanDrops(placed []Drop) DropPlan
}

// DropPlan is the verdict on a partial drop action.
type DropPlan struct {
	// Valid: the placements keep to the reserve, the drop zone and the
	// placement rules (so the set can be completed); when false, Err says
	// which rule is broken and Next is empty.
	Valid bool
	// Next lists every single placement that may be added to the set and
	// keep it valid.
	Next []Drop
	// Move is the set as a legal ply, NoMove when it is not one yet; Err
	// then says why (e.g. the King is still in check).
	Move Move
	Err  error
}
