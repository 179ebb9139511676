package match

import (
	"encoding/json"
	"fmt"
	"os"

	"varchess/internal/atomicfile"
)

// stateVersion is the format of the state file.
const stateVersion = 1

// matchState is what -state saves after every game: the command line that
// started the match (so -resume rebuilds the same schedule, openings and
// dice) and every finished game.
type matchState struct {
	Version int          `json:"version"`
	Args    []string     `json:"args"`
	Games   []gameRecord `json:"games"`
}

// saveState writes the state atomically: a kill while it is written leaves
// the previous state.
func saveState(path string, st *matchState) error {
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data)
}

func loadState(path string) (*matchState, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var st matchState
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("%s: not a match state file: %v", path, err)
	}
	if st.Version != stateVersion {
		return nil, fmt.Errorf("%s: state format %d, this arbiter reads %d", path, st.Version, stateVersion)
	}
	if len(st.Args) == 0 {
		return nil, fmt.Errorf("%s: no command line recorded", path)
	}
	return &st, nil
}
