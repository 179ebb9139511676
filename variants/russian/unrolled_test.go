package russian

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A pass in a move list replayed without rolls is legal exactly when some
// face would have forced it.
func TestUnrolledPass(t *testing.T) {
	// Start array: no bishops take part, so a roll of B forces a pass.
	p, err := Parse(Game.StartFEN)
	require.NoError(t, err)
	m, err := p.ParseMove("0000")
	require.NoError(t, err)
	require.True(t, IsPass(m))

	// Every type takes part and every face has a move: no pass possible.
	full, err := Parse("rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - 0 1")
	require.NoError(t, err)
	_, err = full.ParseMove("0000")
	require.Error(t, err)

	// With a roll set, only that roll decides.
	require.NoError(t, p.SetRoll('K'))
	_, err = p.ParseMove("0000")
	require.Error(t, err)
	require.NoError(t, p.SetRoll('B'))
	_, err = p.ParseMove("0000")
	require.NoError(t, err)
}
