// Package russian is Russian chess with a die (docs/rules.md section 3): a 6x6
// board whose squares hold stacks (towers) of checkers, each marked with a
// chess piece type; the top checker owns and moves the stack, and a die
// decides which stacks may move each ply.
//
// Files: checker.go (Type, Checker), board.go (6x6 geometry inside the
// shared 8x8 bitboards), position.go (the Position, its accessors and
// Status), fen.go, zobrist.go, move.go (encoding, notation, ParseMove),
// movegen.go (legal generation and bulk counting by top type),
// makemove.go, perft.go (fixed-face and dice perft), game.go (the
// variants.Game). docs/russian.md explains every rule reading.
//
// # Representation
//
// Each square keeps its stack bottom to top in a fixed array (at most 32
// checkers exist, and none ever leaves the board: a capture only buries
// the former top as a prisoner). Bitboards of the top checkers by colour
// and by type, the number of checkers of each type (R2: which types "take
// part") and the square and height of each King are updated with every
// move. Squares are variants/bitboard's 8x8 numbering restricted to files
// a-f and ranks 1-6; Index36 maps them to 0..35 and Squares lists them.
//
// # API for the engine (expectimax)
//
// A chance node does not need six move generations: every legal move has a
// lowest face that allows it, the type of its unit's top checker
// (MinFace), and face F allows exactly the moves with MinFace <= F if F
// takes part (TakesPart), else only the pass. So search the full list
// once, sort or bucket it by MinFace, and take for each face the running
// maximum over the buckets P..F (the pass when the bucket union is empty
// or the face takes no part):
//
//	p, err := russian.Parse(fen)        // *Position (russian.Game for the registry)
//	q := p.Copy()                       // *Position deep copy
//	p.AllMoves(buf)                     // every legal non-pass move (face K); empty if the game ended
//	p.MovesForFace(t, buf)              // the plies under one face, pass included when forced
//	p.Moves(buf)                        // MovesForFace of the current roll (K if none)
//	russian.MinFace(m) Type             // lowest face allowing m
//	p.TakesPart(t) bool                 // is face t playable (R2)?
//	p.CountByType() [7]uint64           // legal moves per MinFace, without listing
//	p.Roll() byte, p.RollType() Type    // current roll; SetRoll('Q') / SetRoll(0)
//	p.Make(m); p.Unmake()               // the side to move after Make has no roll
//	russian.PassMove                    // the pass; IsPass(m)
//
// Move fields (all read from the move alone): From(m), To(m), Count(m) (k,
// the checkers moved), IsWholeStack(m), Promotion(m), MinFace(m),
// IsCaptureMove(m), CapturesKing(m) (the move wins at once). What a
// capture buries is p.Top(To(m)) before the move.
//
// Stacks, for evaluation: p.Height(sq), p.Checker(sq, i) (i = 0 is the
// bottom), p.Stack(sq, buf), p.Top(sq) (owner = top.Color()),
// p.Occupied(), p.ColorTops(c), p.TypeTops(t), p.TypeCount(t),
// p.KingSquare(c). Game end: p.KingCaptured(c), p.Ended() (R8 a-c),
// p.InCheck(), p.Status() (adds the 100-ply and repetition draws).
// Hash() includes the roll; BoardKey() is the hash without it (a chance
// node's transposition key).
package russian
