package kingchess

import bb "varchess/variants/bitboard"

// Zobrist keys. They are filled once at init from a fixed seed and only
// read afterwards.
var (
	zobristPiece  [2][NumTypes][64]uint64
	zobristHand   [2][NumTypes][17]uint64 // by count; count 0 has key 0
	zobristSide   uint64
	zobristCastle [64]uint64 // by the six castling bits
	zobristEP     [8]uint64  // by file
	zobristBishop [2][3]uint64
)

func init() {
	seed := uint64(0x6b696e676368657)
	next := func() uint64 { // splitmix64
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := 0; c < 2; c++ {
		for t := 0; t < NumTypes; t++ {
			for s := 0; s < 64; s++ {
				zobristPiece[c][t][s] = next()
			}
			for n := 1; n < 17; n++ {
				zobristHand[c][t][n] = next()
			}
		}
		for b := 1; b < 3; b++ {
			zobristBishop[c][b] = next()
		}
	}
	zobristSide = next()
	for i := 1; i < 64; i++ {
		zobristCastle[i] = next()
	}
	for f := range zobristEP {
		zobristEP[f] = next()
	}
}

// computeHash builds the key from scratch (FEN parsing and tests).
func (p *Position) computeHash() uint64 {
	var h uint64
	for s := bb.Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != noPiece {
			h ^= zobristPiece[pc.color()][pc.typ()][s]
		}
	}
	for c := 0; c < 2; c++ {
		for t := 0; t < NumTypes; t++ {
			h ^= zobristHand[c][t][p.hand[c][t]]
		}
		h ^= zobristBishop[c][p.bishops[c]]
	}
	if p.side == 1 {
		h ^= zobristSide
	}
	h ^= zobristCastle[p.castle]
	if p.ep != bb.NoSquare {
		h ^= zobristEP[p.ep.File()]
	}
	return h
}
