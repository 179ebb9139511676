package kingchess

import (
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

var zeroOpt variants.PerftOptions

func squareOf(i int) bb.Square { return bb.Square(i) }
