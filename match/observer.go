package match

import "time"

// Observer watches a match as it is played, for a live view (the web
// server's `match -live`) or a log. The arbiter calls it from the game
// goroutines, several games at once with -concurrency, so an Observer must
// be safe for concurrent use and should return quickly: the clocks of the
// game run while it works. Match never imports the observer's package.
type Observer interface {
	GameStarted(GameStart)
	MovePlayed(MoveEvent)
	GameFinished(GameEnd)
}

// GameStart announces a game about to be played.
type GameStart struct {
	Game     int // 1-based game number of the match (the PGN Round)
	Variant  string
	White    string
	Black    string
	StartFEN string         // "startpos" or a FEN
	TC       [2]TimeControl // White's and Black's limits
}

// MoveEvent is one ply just played and validated.
type MoveEvent struct {
	Game     int
	Ply      int    // 1-based
	Move     string // the game's canonical notation
	Roll     byte   // the die face the mover had (games with a die), else 0
	FEN      string // the position after the ply
	Score    int    // the mover's last reported score, centipawns, its own view
	HasScore bool
	Depth    int
	Elapsed  time.Duration    // the mover's thinking time
	Clock    [2]time.Duration // both clocks after the ply (White, Black)
}

// GameEnd is a finished game.
type GameEnd struct {
	Game        int
	Result      string // 1-0, 0-1, 1/2-1/2
	Reason      string
	Termination string
	Moves       []string
	FinalFEN    string
}

// multiObserver passes every event to each of its observers in turn.
type multiObserver []Observer

func (m multiObserver) GameStarted(e GameStart) {
	for _, o := range m {
		o.GameStarted(e)
	}
}

func (m multiObserver) MovePlayed(e MoveEvent) {
	for _, o := range m {
		o.MovePlayed(e)
	}
}

func (m multiObserver) GameFinished(e GameEnd) {
	for _, o := range m {
		o.GameFinished(e)
	}
}
