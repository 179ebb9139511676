package engine

// wdl is the win/draw/loss expectation (permille) of a score (placeholder).
func wdl(score int) [3]int {
	switch {
	case score > MateBound:
		return [3]int{1000, 0, 0}
	case score < -MateBound:
		return [3]int{0, 0, 1000}
	}
	return [3]int{0, 1000, 0}
}
