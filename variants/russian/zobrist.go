package russian

// Zobrist keys: one per (square, height, checker), so a stack's key is the
// XOR of its checkers at their heights and moving k checkers costs 2k XORs.
// The keys come from a fixed-seed generator, so hashes are reproducible.
var (
	zChecker [NumSquares][maxCheckers][12]uint64
	zSide    uint64
	zRoll    [7]uint64 // zRoll[NoType] is 0: "not rolled" adds nothing
)

func init() {
	state := uint64(0x5255535349414E21) // "RUSSIAN!"
	next := func() uint64 {             // splitmix64
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for s := range zChecker {
		for h := range zChecker[s] {
			for c := range zChecker[s][h] {
				zChecker[s][h][c] = next()
			}
		}
	}
	zSide = next()
	for t := Pawn; t <= King; t++ {
		zRoll[t] = next()
	}
}
