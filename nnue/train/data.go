package train

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync"

	"varchess/nnue"
	"varchess/tune"
	"varchess/variants"
	"varchess/variants/chess"
)

// MaxPieces bounds the pieces of a position: the clipping of the weights
// keeps the int16 accumulator from overflowing for up to this many.
const MaxPieces = 32

// Data is a loaded training set, stored compactly: per position its
// pieces as White-perspective feature indices, the side to move, and the
// search score and game result from the side to move's view.
type Data struct {
	feats  []uint16  // all positions' features back to back
	start  []uint32  // position i's features are feats[start[i]:start[i+1]]
	stm    []uint8   // 0 White, 1 Black
	score  []float32 // datagen search score (cp), side to move's view
	result []float32 // game result, side to move's view
	target []float32 // set by setTargets

	// Lines counts the non-blank lines read; Skipped those that could not
	// be used, FirstBad describes the first of them.
	Lines, Skipped int
	FirstBad       string

	// FlipFiles, set before loading, adds after each position its mirror
	// image across the d/e line (a-file <-> h-file), with the same score
	// and result: the net does not see castling rights, so the two are
	// the same position to it and the data doubles for free.
	FlipFiles bool
}

// Len is the number of positions.
func (d *Data) Len() int { return len(d.stm) }

// features returns position i's White-perspective features.
func (d *Data) features(i int) []uint16 { return d.feats[d.start[i]:d.start[i+1]] }

// mirror maps a White-perspective feature to the same piece seen by Black
// (nnue.Feature(1, ...)).
var mirror [nnue.Inputs]uint16

func init() {
	for c := range 2 {
		for t := 1; t <= 6; t++ {
			for sq := range 64 {
				mirror[nnue.Feature(0, c, t, sq)] = uint16(nnue.Feature(1, c, t, sq))
			}
		}
	}
}

// pieces returns position i's pieces (for nnue.Net.Evaluate), appended to buf.
func (d *Data) pieces(i int, buf []nnue.Piece) []nnue.Piece {
	for _, f := range d.features(i) {
		buf = append(buf, nnue.Piece{Colour: int(f) / 384, Type: int(f)%384/64 + 1, Square: int(f) % 64})
	}
	return buf
}

// record is one parsed line.
type record struct {
	feats  [MaxPieces]uint16 // White-perspective features
	n      uint8
	stm    uint8
	score  float32 // side to move's view
	result float32
}

// fileFlip maps a feature to the same piece on the square mirrored
// across the d/e line.
var fileFlip [nnue.Inputs]uint16

func init() {
	for f := range nnue.Inputs {
		fileFlip[f] = uint16(f ^ 7)
	}
}

// add appends one position (and its file mirror with FlipFiles).
func (d *Data) add(r *record) error {
	if err := d.add1(r); err != nil || !d.FlipFiles {
		return err
	}
	flipped := *r
	for k := range flipped.feats[:r.n] {
		flipped.feats[k] = fileFlip[r.feats[k]]
	}
	return d.add1(&flipped)
}

func (d *Data) add1(r *record) error {
	if uint64(len(d.feats)) > math.MaxUint32-MaxPieces {
		return errors.New("data set too large")
	}
	if len(d.start) == 0 {
		d.start = append(d.start, 0)
	}
	d.feats = append(d.feats, r.feats[:r.n]...)
	d.start = append(d.start, uint32(len(d.feats)))
	d.stm = append(d.stm, r.stm)
	d.score = append(d.score, r.score)
	d.result = append(d.result, r.result)
	return nil
}

// bad counts an unusable line.
func (d *Data) bad(name string, line int, err error) {
	if d.Skipped == 0 {
		d.FirstBad = fmt.Sprintf("%s:%d: %v", name, line, err)
	}
	d.Skipped++
}

// maxLine bounds the length of a line; longer ones are skipped as malformed.
const maxLine = 1 << 12

// block is the number of lines parsed at once (in parallel).
const block = 1 << 13

// line is one line of a file waiting to be parsed.
type line struct {
	text       string
	no         int
	terminated bool
	rec        record
	err        error
}

// Load appends the positions of a datagen file read from r (name is used
// in messages), parsing with up to threads goroutines (the result does not
// depend on their number). Malformed lines are skipped and counted. A
// last line without its newline (a file still being written) is used only
// when its result field is complete. progress, if not nil, is called about
// every 100000 positions with the total so far.
func (d *Data) Load(r io.Reader, name string, threads int, progress func(n int)) error {
	br := bufio.NewReaderSize(r, 1<<16)
	lines := make([]line, 0, block)
	no, reported := 0, d.Len()
	flush := func() error {
		parts := min(max(threads, 1), len(lines))
		var wg sync.WaitGroup
		for w := range parts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := w * len(lines) / parts; k < (w+1)*len(lines)/parts; k++ {
					l := &lines[k]
					l.err = parseLine(l.text, l.terminated, &l.rec)
				}
			}()
		}
		wg.Wait()
		for k := range lines {
			l := &lines[k]
			if l.err != nil {
				d.bad(name, l.no, l.err)
			} else if err := d.add(&l.rec); err != nil {
				return fmt.Errorf("%s:%d: %w", name, l.no, err)
			}
		}
		lines = lines[:0]
		if progress != nil && d.Len()-reported >= 100000 {
			reported = d.Len()
			progress(d.Len())
		}
		return nil
	}
	for {
		text, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s: %w", name, err)
		}
		if text != "" {
			no++
			terminated := strings.HasSuffix(text, "\n")
			text = strings.TrimSpace(text)
			if text != "" && !strings.HasPrefix(text, "#") {
				d.Lines++
				lines = append(lines, line{text: text, no: no, terminated: terminated})
			}
		}
		if len(lines) == block || err == io.EOF && len(lines) > 0 {
			if ferr := flush(); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// parseLine reads one line into r.
func parseLine(text string, terminated bool, r *record) error {
	if len(text) > maxLine {
		return fmt.Errorf("line of %d bytes", len(text))
	}
	fen, score, result, err := tune.ParseLine(text)
	if err != nil {
		return err
	}
	if !terminated {
		// A line cut short may still parse ("0.5" cut to "0."): only a
		// complete result makes an unterminated last line usable.
		switch strings.TrimSpace(text[strings.LastIndexByte(text, '|')+1:]) {
		case "0", "0.0", "0.5", "1", "1.0":
		default:
			return errors.New("incomplete last line")
		}
	}
	if result != 0 && result != 0.5 && result != 1 {
		return fmt.Errorf("result %g: want 0, 0.5 or 1", result)
	}
	p, err := chess.Parse(fen)
	if err != nil {
		return err
	}
	n := 0
	for c := variants.White; c <= variants.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			for b := p.Pieces(c, t); b != 0; {
				sq := b.PopFirst()
				if n == MaxPieces {
					return fmt.Errorf("more than %d pieces", MaxPieces)
				}
				r.feats[n] = uint16(nnue.Feature(0, int(c), int(t), int(sq)))
				n++
			}
		}
	}
	r.n = uint8(n)
	r.stm = uint8(p.SideToMove())
	r.score, r.result = float32(score), float32(result)
	if p.SideToMove() == variants.Black {
		r.score, r.result = -r.score, 1-r.result
	}
	return nil
}

// LoadFiles reads the named datagen files into one set, in order, parsing
// with up to threads goroutines. It fails
// when a file cannot be read or when no line at all is usable.
func LoadFiles(names []string, flipFiles bool, threads int, progress func(name string, n int)) (*Data, error) {
	d := &Data{FlipFiles: flipFiles}
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		err = d.Load(f, name, threads, func(n int) {
			if progress != nil {
				progress(name, n)
			}
		})
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	if d.Len() == 0 {
		if d.Skipped > 0 {
			return nil, fmt.Errorf("no usable position in %s: all %d lines malformed (first: %s)", strings.Join(names, ","), d.Skipped, d.FirstBad)
		}
		return nil, fmt.Errorf("no positions in %s", strings.Join(names, ","))
	}
	return d, nil
}

// sigmoid is the expected score of an eval of v centipawns with scale k.
func sigmoid(k, v float64) float64 { return 1 / (1 + math.Pow(10, -k*v/400)) }

// setTargets blends result and search score: lambda*result +
// (1-lambda)*sigmoid(K*score/400).
func (d *Data) setTargets(k, lambda float64) {
	d.target = make([]float32, d.Len())
	for i := range d.target {
		d.target[i] = float32(lambda*float64(d.result[i]) + (1-lambda)*sigmoid(k, float64(d.score[i])))
	}
}
