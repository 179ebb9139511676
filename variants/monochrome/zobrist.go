package monochrome

// Zobrist keys, filled once at init from a fixed seed and read-only after.
var (
	zobPiece    [7][64]uint64
	zobSide     uint64
	zobUndoFrom [64]uint64
	zobUndoTo   [64]uint64
)

// splitmix64 is a small, well-mixed generator step (Steele et al.).
func splitmix64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

func init() {
	seed := uint64(0x6D6F6E6F63687221) // "monochr!"
	next := func() uint64 {
		seed = splitmix64(seed)
		return seed
	}
	for pc := Pawn; pc <= King; pc++ {
		for s := range zobPiece[pc] {
			zobPiece[pc][s] = next()
		}
	}
	zobSide = next()
	for s := range zobUndoFrom {
		zobUndoFrom[s] = next()
		zobUndoTo[s] = next()
	}
}

// scoreKey hashes the pair of scores. Scores are unbounded in principle (a
// FEN may set any), so they are mixed rather than looked up in a table.
func scoreKey(south, north int) uint64 {
	return splitmix64(uint64(uint32(south))<<32 ^ uint64(uint32(north)) ^ 0x5C0AE5C0AE5C0AE5)
}
