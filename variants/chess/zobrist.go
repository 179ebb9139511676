package chess

// Zobrist keys. They come from a fixed-seed generator at package init, so a
// hash is the same in every run and every process; the tables are read-only
// afterwards.
var (
	zobristPiece  [16][64]uint64 // indexed by Piece, Square
	zobristCastle [16]uint64     // indexed by the castling-rights bit set
	zobristEP     [8]uint64      // en-passant file
	zobristSide   uint64         // xored in when Black is to move
)

func init() {
	s := uint64(0x6A09E667F3BCC908) // splitmix64 state
	next := func() uint64 {
		s += 0x9E3779B97F4A7C15
		z := s
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for p := range zobristPiece {
		for sq := range zobristPiece[p] {
			zobristPiece[p][sq] = next()
		}
	}
	// Castling keys are the xor of one key per right, so updating rights
	// bit by bit and all at once give the same hash.
	var rightKey [4]uint64
	for i := range rightKey {
		rightKey[i] = next()
	}
	for r := range zobristCastle {
		for i := range rightKey {
			if r&(1<<i) != 0 {
				zobristCastle[r] ^= rightKey[i]
			}
		}
	}
	for f := range zobristEP {
		zobristEP[f] = next()
	}
	zobristSide = next()
	initStandardRules()
}
