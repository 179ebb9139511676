package engine

import (
	"strings"

	"varchess/nnue"
	"varchess/variants"
)

// Evaluator is the game-specific static evaluation, bound to the one
// position a search owns (the search's clone: it never changes identity, so
// an evaluator may keep a typed pointer to it).
type Evaluator interface {
	// Evaluate scores the current position in centipawns from the side to
	// move's view. It must stay well inside ±MateBound.
	Evaluate() int
}

// The optional interfaces below let a game give the search more than the
// bare variants.Position offers. An Evaluator implements any subset of them;
// the search type-asserts once per search and falls back to generic code.

// MoveClassifier tells the search about a move without making it.
type MoveClassifier interface {
	// Classify reports whether m is "noisy" (a capture or a promotion: the
	// moves quiescence search looks at) and a gain used to order noisy moves
	// (e.g. MVV-LVA; higher is searched first).
	Classify(m variants.Move) (noisy bool, gain int)
}

// NoisyGenerator lists only the noisy moves (captures and promotions) for
// quiescence search; without it the search filters the full move list.
type NoisyGenerator interface {
	NoisyMoves(buf []variants.Move) []variants.Move
}

// Exchanger answers static exchange questions, used to prune losing captures
// in quiescence search and to order them after the quiet moves.
type Exchanger interface {
	// SEEAtLeast reports whether the exchange started by m wins at least
	// threshold centipawns.
	SEEAtLeast(m variants.Move, threshold int) bool
}

// NullMover makes and unmakes a null move (passing the turn) for null-move
// pruning. Games without one are searched without null-move pruning.
type NullMover interface {
	// NullAllowed reports whether a null move is sound enough here: the side
	// to move has pieces other than pawns and king (zugzwang care).
	NullAllowed() bool
	MakeNull()
	UnmakeNull()
}

// Terminator decides game ends that a missing move list does not show: the
// search calls Terminal at every node before generating moves. Without it,
// "no legal move" means checkmate when InCheck, else stalemate (chess).
type Terminator interface {
	// Terminal reports whether the game is over; if so, score is from the
	// side to move's view (use MatedScore(ply)/MateScore(ply) for wins and
	// losses so that shorter wins are preferred, 0 for draws).
	Terminal(ply int) (score int, over bool)
}

// CandidateGenerator replaces pos.Moves as the list of plies the search
// tries (kingchess: single drops plus a few chosen multi-drop actions).
type CandidateGenerator interface {
	Candidates(buf []variants.Move) []variants.Move
}

// CheckExtender limits the check extension: a node in check is searched
// one ply deeper only when ExtendCheck (called with the side to move in
// check) agrees. Without it every check is extended. Drop games need it:
// a reserve gives checks from many squares, most of them answered by
// taking the checker.
type CheckExtender interface {
	ExtendCheck() bool
}

// CheckGiver tells whether a legal move gives check without making it, so
// that moves pruned unless they give check cost no make and unmake.
// Without it the search makes the move and asks InCheck.
type CheckGiver interface {
	GivesCheck(m variants.Move) bool
}

// NetUser is an evaluator that can evaluate with a network of package
// nnue (chess and chess960). The search calls UseNet once, right after
// NewEvaluator, with the engine's network (Options.ChessNet), or nil for
// the evaluator's hand-crafted evaluation. The network is shared by all
// threads and engines: the evaluator only reads it.
type NetUser interface {
	UseNet(n *nnue.Net)
}

// Historian gives repetition and fifty-move information.
type Historian interface {
	// HalfmoveClock is the number of plies since the last irreversible ply;
	// at 100 or more the game is drawn (unless the side to move is mated).
	HalfmoveClock() int
	// IsRepetition reports whether the current position occurred before
	// (once is enough inside the search).
	IsRepetition() bool
}

// Techniques is a set of the alpha-beta search's refinements, those a game
// may switch off (Game.Without); each Tech constant is a set of one. They
// were tuned in chess; a game whose trees differ (monochrome: no check,
// captures that hand the capturer over) can search without the ones that
// cost it strength.
type Techniques uint16

const (
	// TechSingular: singular extension of the table move, with multi-cut.
	TechSingular Techniques = 1 << iota
	// TechProbCut: a capture that beats beta by a margin in a reduced
	// search cuts the node.
	TechProbCut
	// TechLateMovePruning: late quiet moves at low depth are skipped
	// (move-count pruning).
	TechLateMovePruning
	// TechFutilityPruning: quiet moves at low depth with no hope to lift
	// the static evaluation to alpha are skipped.
	TechFutilityPruning
	// TechHistoryPruning: quiet moves at low depth with a bad history are
	// skipped.
	TechHistoryPruning
	// TechSEEPruning: moves that lose material by the Exchanger are
	// skipped at low depth in the main search (quiescence always skips
	// losing captures).
	TechSEEPruning
	// TechQFutility: quiescence skips captures that cannot lift the
	// evaluation to alpha.
	TechQFutility
	// TechContinuationHistory: quiet moves are ordered (and reduced) by
	// their history after the moves one and two plies before as well.
	TechContinuationHistory
	// TechCaptureHistory: captures of equal gain are ordered by their
	// cut-off history.
	TechCaptureHistory
	// TechSwingHistory: a quiet move's history also learns the swing of
	// the static evaluation it causes (searcher.gradeBySwing).
	TechSwingHistory
	// TechLostCheck: a check given by a move that loses material by the
	// Exchanger is not extended (games whose checks the search can tell
	// before making the move: a CheckGiver).
	TechLostCheck
	techCount = iota
)

var techNames = [techCount]string{"singular", "probcut", "lmp", "futility", "history-pruning",
	"see-pruning", "qfutility", "continuation-history", "capture-history", "swing-history", "lost-check"}

// String lists the techniques of the set by name, separated by commas.
func (t Techniques) String() string {
	var names []string
	for i, n := range techNames {
		if t&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ",")
}

// Game is everything the engine knows about one game beyond
// variants.Position. Register one per game name in an init function (see
// doc.go); a game without a registration gets genericGame.
type Game struct {
	// NewEvaluator binds an evaluator to the position a search owns.
	NewEvaluator func(pos variants.Position) Evaluator
	// NewThread, when set, replaces the alpha-beta search for this game
	// (e.g. an expectimax over the die for russian): it makes the searcher
	// of one thread, on a clone of the root it may modify (threads.go).
	NewThread newThreadFunc
	// Without are the search techniques the alpha-beta search leaves out
	// in this game (none: the search is the one chess is tuned with).
	Without Techniques
	// NoCheck declares a game without check (its CheckGiver is always
	// false). Then late-move and futility pruning, which do not look at
	// the move, prune every later quiet move of a node once they prune
	// one, and the search stops there when no capture is left to try.
	NoCheck bool
	// PlanMoves is how many moves the time plan shares the clock over
	// (engine/time.go), for a game whose games run longer than chess's;
	// zero is horizonMoves.
	PlanMoves int
	// Search are the game's own margins where they differ from the
	// defaults (chess's tuned ones); options set by a tuner override them.
	Search SearchParams
}

// thread returns the maker of the game's search threads.
func (g Game) thread() newThreadFunc {
	if g.NewThread != nil {
		return g.NewThread
	}
	return alphaBeta(g)
}

// games maps a variant name to its search hooks. It is filled by init
// functions only and read-only afterwards.
var games = map[string]Game{}

// registerGame is called from init functions, one per game.
func registerGame(name string, g Game) {
	if _, dup := games[name]; dup {
		panic("engine: game registered twice: " + name)
	}
	games[name] = g
}

// gameFor returns the hooks of a game; a game without its own evaluator
// gets the generic one.
func gameFor(variant string) Game {
	g := games[engineGame(variant)]
	if g.NewEvaluator == nil {
		g.NewEvaluator = newGenericEvaluator
	}
	return g
}
