// Package kingchess plays Kingchess (docs/rules.md section 4): the board starts
// empty and each side brings its sixteen pieces in from a reserve. A ply is
// either an ordinary chess move or a drop action that places a non-empty
// set of reserve pieces on empty squares of the mover's half. Game is
// kingchess (drop actions of any size), Game1 is kingchess1 (one piece per
// drop action).
//
// Files: types.go (pieces, colours, castling bits), move.go (the Move
// encoding), position.go (state and accessors), fen.go, notation.go
// (ParseMove/MoveString), attacks.go, movegen.go (ordinary moves, single
// drops), drops.go (drop-action legality and enumeration), dropcount.go
// (counting drop actions without listing them), make.go, status.go,
// perft.go, game.go.
//
// # Moves
//
// variants.Move holds either an ordinary move (from, to, promotion, flags)
// or a drop action: Lo is the bitboard of target squares and Hi the piece
// types in ascending square order, 3 bits each, with a kind tag in the top
// bits. Single drops use the same drop encoding.
//
// Moves lists ordinary moves and legal single drops. In kingchess the drop
// actions of two or more pieces are not listed (the start position has
// 5,301,704,096,885,440 drop actions); ParseMove and Make accept them all,
// Status is exact, and Perft counts them at the last ply with
// DropActionCount.
//
// # Helpers for the search (type-assert a variants.Position to *Position)
//
//   - BuildDropAction([]Placement) builds a drop action from (piece,
//     square) pairs in any order and checks it; LegalDropAction checks an
//     encoded one; DropPlacements, DropTargets and IsDrop decode.
//   - Reserve(c), ReserveEmpty(c), KingInHand(c), KingSquare(c),
//     Pieces(c, t), Occupied(c), PieceAt(s), DropZone() (empty squares of
//     the mover's half), BishopColour(c) and BishopDropSquares(c) (rule K3),
//     Castling(c), EPSquare(), HalfmoveClock().
//   - DropActionCount() is the exact number of legal drop actions (single
//     ones included); ForEachDropAction enumerates them (only with small
//     reserves).
//   - In check: CheckLines() gives, per checking slider, the droppable
//     squares on its line (a drop action is legal iff it puts a piece on
//     every line; impossible against a knight or pawn check), BlocksCheck
//     is the predicate for a target set, and CheckEvasionDrops(limit) lists
//     every check-resolving drop action when there are at most limit.
//
// Readings of the rules that docs/rules.md leaves open are in docs/kingchess.md.
package kingchess
