package engine

// gameAliases maps games that the engine plays exactly as another one:
// Chess960 differs from chess only in its start arrays and castling, which
// the move generator handles (variants/chess), so it gets chess's
// evaluation, search hooks and WDL model.
var gameAliases = map[string]string{"chess960": "chess"}

// engineGame is the name the engine's registries know variant by.
func engineGame(variant string) string {
	if a, ok := gameAliases[variant]; ok {
		return a
	}
	return variant
}
