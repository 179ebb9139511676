// Command scoreengine is a fake UCI engine for relabel's tests: for any
// position it reports, from the side to move's view, ten centipawns per
// piece letter of White's less Black's in the FEN's board field, and
// plays no real move.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"unicode"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	score := 0
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			fmt.Println("id name scoreengine\nuciok")
		case "isready":
			fmt.Println("readyok")
		case "position":
			if len(f) < 4 || f[1] != "fen" {
				score = 0
				continue
			}
			score = 0
			for _, r := range f[2] {
				switch {
				case unicode.IsUpper(r):
					score += 10
				case unicode.IsLower(r):
					score -= 10
				}
			}
			if f[3] == "b" {
				score = -score
			}
		case "go":
			fmt.Printf("info depth 1 score cp %d pv 0000\nbestmove 0000\n", score)
		case "quit":
			return
		}
	}
}
