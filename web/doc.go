// Package web is `varchess serve`: an HTTP server with the board page and
// its assets embedded in the binary, where people play every game of the
// engine against the engine, each other, or watch engines play, and the
// live view of a running match (`varchess match -live ADDR`).
//
// One rule book: the server keeps every game with the variants packages
// and judges every ply; the page receives positions and legal plies and
// never decides legality. The games describe themselves through
// variants.Displayer (stacks with every checker, reserves, ownership by
// board half, the die, scores, facts) and variants.DropPlanner (kingchess
// drop actions built piece by piece), so this package knows no rule.
//
// The API (JSON over HTTP, changes streamed as server-sent events):
//
//	GET    /api/info                  games, engines (by index), limits
//	POST   /api/games                 new game {variant, fen, white, black, base, inc, moveTime, seed}
//	GET    /api/games/{id}            its state
//	GET    /api/games/{id}/events     its state after every change (text/event-stream)
//	POST   /api/games/{id}/move       {move}: a ply in the game's notation
//	POST   /api/games/{id}/drops      {drops}: the verdict on a partial drop action
//	POST   /api/games/{id}/undo       take back (to the last person's turn)
//	POST   /api/games/{id}/resign
//	POST   /api/games/{id}/analysis   {on, lines}
//	GET    /api/games/{id}/pgn        the game as `match` writes it
//	DELETE /api/games/{id}
//	GET    /api/live, /api/live/events   the match shown with -live
//
// Security (guard.go): loopback only unless -addr says otherwise; Host,
// Origin and Sec-Fetch-Site checked on every request; changes only as
// application/json from the client (cookie) that created the game; engines
// only from the command line, chosen by index; bounded games, streams,
// bodies and times. A refused request changes nothing.
package web
