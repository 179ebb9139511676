package bitboard

// Leaper attack tables, indexed by square.
var (
	KnightAttacks [64]Bitboard
	KingAttacks   [64]Bitboard
	// PawnAttacks[0] are the captures of a pawn moving north (White),
	// PawnAttacks[1] of one moving south (Black).
	PawnAttacks [2][64]Bitboard
	// Between[a][b] holds the squares strictly between a and b when they
	// share a rank, file or diagonal, else nothing.
	Between [64][64]Bitboard
	// Line[a][b] is the whole line through a and b (edge to edge) when they
	// share a rank, file or diagonal, else nothing.
	Line [64][64]Bitboard
)

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// slide walks from s in each direction until it leaves the board or hits a
// square of occ (which is included). It is the slow reference for magics.
func slide(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for onBoard(f, r) {
			t := Sq(f, r)
			att |= t.Bit()
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if onBoard(f+d[0], r+d[1]) {
				KnightAttacks[s] |= Sq(f+d[0], r+d[1]).Bit()
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && onBoard(f+df, r+dr) {
					KingAttacks[s] |= Sq(f+df, r+dr).Bit()
				}
			}
		}
		for _, df := range []int{-1, 1} {
			if onBoard(f+df, r+1) {
				PawnAttacks[0][s] |= Sq(f+df, r+1).Bit()
			}
			if onBoard(f+df, r-1) {
				PawnAttacks[1][s] |= Sq(f+df, r-1).Bit()
			}
		}
	}
	initMagics()
	for a := Square(0); a < 64; a++ {
		for _, dirs := range [][4][2]int{rookDirs, bishopDirs} {
			full := slide(a, 0, dirs)
			for b := Square(0); b < 64; b++ {
				if !full.Has(b) {
					continue
				}
				Between[a][b] = slide(a, b.Bit(), dirs) & slide(b, a.Bit(), dirs)
				Line[a][b] = (full & slide(b, 0, dirs)) | a.Bit() | b.Bit()
			}
		}
	}
}
