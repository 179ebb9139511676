package match

import (
	"fmt"
	"math/rand/v2"

	"varchess/variants"
)

// job is one scheduled game.
type job struct {
	Number       int // 1-based over the whole match (all shards)
	Pair         int // 0-based pair: the games of one encounter and opening
	Round        int // 0-based round: every encounter once with the same opening
	White, Black int // engine indices
	Opening      string
}

// encounters lists the engine pairs that meet: every pair in a round robin,
// the first engine against each other one in a gauntlet.
func encounters(n int, tournament string) [][2]int {
	var out [][2]int
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if tournament == "gauntlet" && i > 0 {
				continue
			}
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// openingOrder is the index of the opening of each round: from -start on,
// in file order or, with -order random, in an order shuffled by the seed;
// it cycles when the rounds outnumber the openings.
func openingOrder(n int, order string, start int, seed uint64) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	if order == "random" {
		rng := rand.New(rand.NewPCG(seed, 0x6f70656e696e6773)) // "openings"
		rng.Shuffle(n, func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	}
	out := make([]int, n)
	for k := range out {
		out[k] = idx[(start-1+k)%n]
	}
	return out
}

// schedule is every game of the match in order: round by round, each
// encounter of the round as a pair (its first engine White in the first
// game, colours swapped in the second), all games of a round from the same
// opening. The last round has a single game per encounter when Games is odd.
// With shards, only the pairs of shard K (pair index mod N = K-1) remain.
func schedule(cfg *Config) ([]job, error) {
	enc := encounters(len(cfg.Engines), cfg.Tournament)
	if len(enc) == 0 {
		return nil, fmt.Errorf("no encounters")
	}
	rounds := (cfg.Games + 1) / 2
	// The openings: a file's, or those the game numbers itself (Chess960's
	// 960 start positions) unless -randomplies asks for random lines.
	openings := cfg.Openings
	if len(openings) == 0 && cfg.RandomPlies == 0 && cfg.Game.NumOpenings > 0 {
		openings = make([]string, cfg.Game.NumOpenings)
		for i := range openings {
			openings[i] = cfg.Game.Opening(i)
		}
	}
	var order []int
	if len(openings) > 0 {
		start := max(cfg.Start, 1)
		if start > len(openings) {
			return nil, fmt.Errorf("-start %d: only %d openings", start, len(openings))
		}
		order = openingOrder(len(openings), cfg.Order, start, cfg.Seed)
	}
	var jobs []job
	number := 0
	for k := range rounds {
		open := "startpos"
		switch {
		case order != nil:
			open = openings[order[k%len(order)]]
		case cfg.RandomPlies > 0:
			var err error
			if open, err = randomOpening(cfg.Game, cfg.Seed, k, cfg.RandomPlies); err != nil {
				return nil, err
			}
		}
		for e, pr := range enc {
			pair := k*len(enc) + e
			for g := 0; g < 2 && 2*k+g < cfg.Games; g++ {
				number++
				j := job{Number: number, Pair: pair, Round: k, White: pr[0], Black: pr[1], Opening: open}
				if g == 1 {
					j.White, j.Black = pr[1], pr[0]
				}
				if cfg.Shards > 0 && pair%cfg.Shards != cfg.Shard-1 {
					continue
				}
				jobs = append(jobs, j)
			}
		}
	}
	return jobs, nil
}

// randomOpening is the opening of round k with -randomplies: plies random
// legal plies from the start position (rolling the die in a game with one),
// drawn from a stream seeded by (seed, round), so it is the same in every
// run, shard and resume. A line that ends the game is drawn again.
func randomOpening(g *variants.Game, seed uint64, round, plies int) (string, error) {
	rng := rand.New(rand.NewPCG(seed^0x72616e646f6d, uint64(round)))
	for try := 0; try < 1000; try++ {
		pos := g.New()
		roller, hasDie := pos.(variants.Roller)
		ok := true
		for range plies {
			if hasDie {
				if err := roller.SetRoll(variants.DieFaces[rng.IntN(len(variants.DieFaces))]); err != nil {
					return "", err
				}
			}
			moves := pos.Moves(nil)
			if len(moves) == 0 || pos.Status().Over() {
				ok = false
				break
			}
			pos.Make(moves[rng.IntN(len(moves))])
		}
		if ok && !pos.Status().Over() {
			return pos.FEN(), nil
		}
	}
	return "", fmt.Errorf("no random opening of %d plies found in %s", plies, g.Name)
}
