package perft

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"varchess/variants"
)

func TestReadSuite(t *testing.T) {
	in := `# comment

rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1 ;variant russian ;face P ;D1 6 ;D2 36
8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1 ;variant kingchess1 ;D1 32
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D3 8902
`
	entries, err := ReadSuite(strings.NewReader(in))
	require.NoError(t, err)
	require.Len(t, entries, 3)
	require.Equal(t, "russian", entries[0].Variant)
	require.Equal(t, byte('P'), entries[0].Options.Face)
	require.Equal(t, map[int]variants.Count{1: variants.CountOf(6), 2: variants.CountOf(36)}, entries[0].Counts)
	require.Equal(t, 3, entries[0].Line)
	require.Equal(t, "chess", entries[2].Variant)
	require.Equal(t, []int{1, 3}, entries[2].Depths())

	for _, bad := range []string{
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"8/8/8/8/8/8/8/8 w - - 0 1 ;D1 x",
		"8/8/8/8/8/8/8/8 w - - 0 1 ;D0 5",
		"8/8/8/8/8/8/8/8 w - - 0 1 ;face Z ;D1 5",
		" ;D1 5",
	} {
		_, err := ReadSuite(strings.NewReader(bad))
		require.Error(t, err, bad)
	}
}

// FuzzReadSuite: any input either fails with an error or gives entries
// with a FEN, a variant and at least one count in range.
func FuzzReadSuite(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D3 8902\n")
	f.Add("8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1 ;variant kingchess ;D2 20931141008933099102892737203276\n")
	f.Add("rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1 ;variant russian ;dice ;D1 80\n# x\n\n")
	f.Fuzz(func(t *testing.T, in string) {
		entries, err := ReadSuite(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, e := range entries {
			if e.FEN == "" || e.Variant == "" || len(e.Counts) == 0 || len(e.Depths()) != len(e.Counts) {
				t.Fatalf("%q: entry %+v", in, e)
			}
		}
	})
}
