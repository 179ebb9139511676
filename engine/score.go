package engine

// Scores are centipawns from the side to move's view. Mate scores count
// plies from the root: MateScore(ply) is "we mate at this ply".
const (
	// Infinity bounds every score.
	Infinity = 32000
	// MateValue is the score of mating right now (at ply 0).
	MateValue = 31000
	// MaxPly bounds the search depth in plies.
	MaxPly = 128
	// MateBound: scores beyond ±MateBound are mate scores.
	MateBound = MateValue - MaxPly
	// MaxDepth is the deepest iteration iterative deepening starts.
	MaxDepth = MaxPly - 8
)

// MateScore is the score for the side to move mating at ply.
func MateScore(ply int) int { return MateValue - ply }

// MatedScore is the score for the side to move being mated at ply.
func MatedScore(ply int) int { return -MateValue + ply }

// isMate reports whether s is a mate score (either side).
func isMate(s int) bool { return s > MateBound || s < -MateBound }

// mateMoves converts a mate score to UCI "mate N" (moves, signed); 0 if s is
// not a mate score.
func mateMoves(s int) int {
	switch {
	case s > MateBound:
		return (MateValue - s + 1) / 2
	case s < -MateBound:
		return -(MateValue + s) / 2
	}
	return 0
}

// toTT converts a score relative to the root into one relative to the node
// at ply (mate distances are stored from the node, so that the entry stays
// right when the node is reached by a path of another length).
func toTT(s, ply int) int {
	switch {
	case s > MateBound:
		return s + ply
	case s < -MateBound:
		return s - ply
	}
	return s
}

// fromTT is the inverse of toTT.
func fromTT(s, ply int) int {
	switch {
	case s > MateBound:
		return s - ply
	case s < -MateBound:
		return s + ply
	}
	return s
}
