package engine

import "math"

// The win/draw/loss expectation of a score (UCI_ShowWDL). A score s (side
// to move's view, centipawns; russian: the expectimax value) stands for
//
//	W = 1 / (1 + exp((a - s) / b)),  L = 1 / (1 + exp((a + s) / b)),
//	D = 1 - W - L
//
// in permille: a is the advantage that wins half the games, b how fast the
// odds turn; mate scores are certain. Chess's parameters are fitted (most
// likely, on the scores and results of 110,000 positions of the engine's
// own 5000-node self-play); the others are estimates (docs/engine.md).

// wdlModel holds a and b in centipawns.
type wdlModel struct{ a, b float64 }

// wdlModels by game; games without one use wdlDefault.
var wdlModels = map[string]wdlModel{
	"chess": {a: 157, b: 140},
	// The die makes any lead less certain and draws rare.
	"russian": {a: 60, b: 150},
}

var wdlDefault = wdlModel{a: 160, b: 70}

// wdlFor returns the model of a game.
func wdlFor(variant string) wdlModel {
	if m, ok := wdlModels[engineGame(variant)]; ok {
		return m
	}
	return wdlDefault
}

// wdl converts a score to permille of win, draw and loss.
func (m wdlModel) wdl(score int) [3]int {
	switch {
	case score > MateBound:
		return [3]int{1000, 0, 0}
	case score < -MateBound:
		return [3]int{0, 0, 1000}
	}
	s := float64(score)
	w := int(math.Round(1000 / (1 + math.Exp((m.a-s)/m.b))))
	l := min(int(math.Round(1000/(1+math.Exp((m.a+s)/m.b)))), 1000-w)
	return [3]int{w, 1000 - w - l, l}
}
