"""Drives the varchess binary through python-chess, the way GUIs and
scripts written in Python use an engine (issue 13's acceptance checks).

Usage: python3 scripts/python-chess-check.py ENGINE
Exit status 0 when every check passes, 1 otherwise. Run it through
scripts/python-chess-check.sh, which builds the engine and finds
python-chess.
"""

import sys

import chess
import chess.engine

MIDDLEGAME = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
failures = []


def check(name, fn):
    """Runs one check, prints PASS/FAIL with its note, and goes on."""
    try:
        note = fn()
        print(f"PASS  {name}: {note}", flush=True)
    except Exception as exc:  # a failed check is reported, not fatal
        failures.append(name)
        print(f"FAIL  {name}: {type(exc).__name__}: {exc}", flush=True)


def options(engine):
    """The options the checks below configure are offered, with ranges."""
    spins = ("MultiPV", "Threads", "UCI_Elo")
    for name in spins + ("UCI_LimitStrength",):
        assert name in engine.options, f"no option {name}"
    return ", ".join(f"{n} {engine.options[n].min}..{engine.options[n].max}" for n in spins) + ", UCI_LimitStrength"


def multipv(engine, board, n=3):
    """analyse(multipv=n): n distinct legal first moves, scores in order."""
    infos = engine.analyse(board, chess.engine.Limit(time=1), multipv=n)
    assert len(infos) == n, f"{len(infos)} lines, want {n}"
    firsts = [info["pv"][0] for info in infos]
    assert len(set(firsts)) == n, f"first moves not distinct: {firsts}"
    assert all(m in board.legal_moves for m in firsts), f"illegal first move in {firsts}"
    scores = [info["score"].relative for info in infos]
    assert all(a >= b for a, b in zip(scores, scores[1:])), f"scores out of order: {scores}"
    return ", ".join(f"{board.san(m)} {s}" for m, s in zip(firsts, scores))


def play(engine, plies, seconds):
    """play() from the start position: every move legal."""
    board = chess.Board()
    for _ in range(plies):
        move = engine.play(board, chess.engine.Limit(time=seconds)).move
        assert move in board.legal_moves, f"illegal move {move} in {board.fen()}"
        board.push(move)
    return chess.Board().variation_san(board.move_stack)


def main(path):
    print(f"python-chess {chess.__version__}, engine {path}", flush=True)
    uci = chess.engine.SimpleEngine.popen_uci(path)
    try:
        check("UCI options", lambda: options(uci))
        check("UCI analyse multipv=3, start", lambda: multipv(uci, chess.Board()))
        check("UCI analyse multipv=3, middlegame", lambda: multipv(uci, chess.Board(MIDDLEGAME)))

        def limited():
            uci.configure({"Threads": 2, "UCI_LimitStrength": True, "UCI_Elo": 1800})
            return play(uci, 10, 0.2)
        check("UCI configure Threads 2, UCI_Elo 1800, 10 plies", limited)
    finally:
        uci.quit()

    # python-chess itself refuses multipv over XBoard ("xboard engine does
    # not support multipv") before it sends a command, so only analysis
    # and play are checked there.
    xb = chess.engine.SimpleEngine.popen_xboard(path)
    try:
        def analyse():
            info = xb.analyse(chess.Board(), chess.engine.Limit(time=1))
            pv = info["pv"]
            assert pv[0] in chess.Board().legal_moves, f"illegal first move {pv[0]}"
            return f"depth {info['depth']}, {chess.Board().san(pv[0])} {info['score']}"
        check("XBoard analyse", analyse)
        check("XBoard play, 6 plies", lambda: play(xb, 6, 0.2))
    finally:
        xb.quit()

    print(f"{len(failures)} checks failed" if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if len(sys.argv) == 2 else 2)
    sys.exit(main(sys.argv[1]))
