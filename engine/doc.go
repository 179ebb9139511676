// Package engine searches positions of any game: iterative deepening
// alpha-beta with the usual refinements, a transposition table, evaluation
// chosen per game, time management, and the bench command.
//
// # Files
//
//	engine.go       the API: Options, Limits, Info, Result, Engine, Search
//	threads.go      Lazy SMP: the job threads share, workers, result choice
//	game.go         per-game hooks: Evaluator and the optional interfaces
//	search.go       iterative deepening, MultiPV, aspiration, PVS, quiescence
//	order.go        move ordering (history table, ordering bands)
//	tt.go           transposition table (lock-free, lazily cleared)
//	strength.go     playing levels (UCI_Elo, Skill Level)
//	wdl.go          win/draw/loss expectation of a score
//	score.go        mate scores and their adjustment in the table
//	time.go         the clock: soft and hard limits per move
//	eval_chess.go   chess evaluation on *chess.Position (tapered PST, pawns,
//	                mobility, king safety), null move, repetition hooks
//	see_chess.go    static exchange evaluation for chess
//	eval_generic.go fallback evaluation for games without their own
//	monochrome_eval.go  monochrome: score-difference evaluation, game ends on score
//	russian_search.go   russian: expectimax over the die (chance nodes by MinFace)
//	russian_eval.go     russian: stack-aware evaluation (prisoners, towers)
//	kingchess_eval.go   kingchess and kingchess1: board + reserve evaluation
//	kingchess_cands.go  kingchess: multi-drop candidate actions for the search
//	bench.go        the bench command
//
// # The search
//
// Search is generic over variants.Position: it calls Moves, Make, Unmake,
// InCheck, IsCapture and Hash through the interface and nothing else of the
// game. At each node: game end (Terminator), repetition and fifty-move draws
// (Historian, or the search's own key stack), mate distance pruning, the
// transposition table (mate scores stored relative to the node), static
// evaluation, reverse futility pruning, null-move pruning (with a
// verification search at depth >= 10 and no null move in pawn endings),
// internal iterative reduction, then the moves in order: table move, good
// noisy moves (SEE >= 0, MVV-LVA), killers, quiet moves by history, losing
// captures. Quiet moves are pruned late at low depth (move count and
// futility) and searched with late-move reductions; a side in check gets
// one ply more (check extension). Quiescence search resolves noisy moves
// (all evasions when in check) with SEE pruning.
//
// Threads (threads.go): Options.Threads searchers run the same iterative
// deepening at once, each on its own clone with its own history, killers,
// stacks and evaluator; they share the transposition table (lock-free:
// each slot's words are checked against each other, so a torn write reads
// as a miss), a stop flag and the node count (the job). Thread 0 runs on
// the caller's goroutine and alone reads the clock and reports; helpers
// skip depths half the threads are on. The move played is the deepest
// completed iteration's (thread 0's with MultiPV or a strength level).
//
// MultiPV: thread 0 searches the root k times per iteration, each time
// without the root moves of the better lines (searcher.excluded), and
// reports the lines sorted by score.
//
// Stopping: the main thread checks its context, the clock and the node
// limit (of all threads) every 1024 nodes; nobody else writes to a
// searcher. The first iteration always completes unless the context is
// cancelled, so a move is never chosen blind. With Limits.Infinite (or
// while pondering) Search does not return before the context is cancelled
// (or ponderhit arrives).
//
// # Adding a game's evaluator
//
// A game without a registration is played with the generic evaluator
// (material read from the FEN; game ends through Status, which is slow but
// follows the rules exactly). To give a game its own, add a file
// engine/eval_<game>.go:
//
//	func init() { registerGame("monochrome", Game{NewEvaluator: newMonoEvaluator}) }
//
//	type monoEvaluator struct{ p *monochrome.Position }
//	func newMonoEvaluator(pos variants.Position) Evaluator {
//		return &monoEvaluator{p: pos.(*monochrome.Position)}
//	}
//	func (e *monoEvaluator) Evaluate() int { ... } // side to move's view, centipawns
//
// NewEvaluator is called once per search with the clone the search owns,
// so keeping the concrete pointer is safe and fast. Then implement whichever
// optional interfaces of game.go fit the game:
//
//   - Terminator: game ends that an empty move list does not show. Needed by
//     monochrome (the game ends on score, and "no legal move" is not mate)
//     and russian (king capture). Return MateScore(ply)/MatedScore(ply) for
//     won/lost, 0 for drawn.
//   - MoveClassifier, NoisyGenerator, Exchanger: fast capture detection,
//     MVV-LVA ordering and SEE (quiescence search uses them).
//   - NullMover: null-move pruning (only where passing is never better than
//     moving most of the time; monochrome: think twice). Kingchess allows
//     it with the King on the board and a piece in hand or a piece other
//     than King and pawns on the board. The generic repetition check does
//     not look across a null move.
//   - Historian: repetition and the fifty-move rule from the game's own
//     history (without it the search only sees repetitions inside its tree).
//   - CandidateGenerator: the plies to search instead of pos.Moves. Kingchess
//     adds its multi-drop candidates here (Moves lists single drops only).
//
// A game whose search is not alpha-beta (russian: expectimax over the die)
// sets Game.NewThread: it makes one thread's searcher from the job (table,
// limits, stop flag: embed a stopper made by newStopper) and a clone, and
// its run returns the thread's last completed iteration.
//
// # Scores
//
// Centipawns from the side to move's view; mate scores are MateValue-ply
// (see score.go). Info.Mate gives "mate N" in moves for UCI.
package engine
