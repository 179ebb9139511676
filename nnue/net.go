// Package nnue is the chess evaluation network: its layout, its file
// format and its integer inference. It knows nothing of the game's rules:
// a position reaches it as a list of (colour, piece type, square) triples.
//
// The network is 768 -> H x 2 -> 1. Each of the 768 inputs is one piece of
// one colour on one square; the first layer (the feature transformer) turns
// the pieces into an accumulator of H values, once from White's side and
// once from Black's (the board mirrored and the colours swapped), so both
// sides share its weights. The output layer sees the side to move's
// accumulator first, then the other one, each through a squared clipped
// ReLU (SCReLU: clamp(x, 0, 1)^2).
//
// Integers: the feature transformer is scaled by QA (so 1.0 is 255), the
// output weights by QB; the output is a centipawn score after a final
// scaling by Scale. The trainer (package nnue/train) works in floating
// point with the same formula and rounds to these scales.
package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

const (
	// Inputs is the number of features: 2 colours x 6 piece types x 64
	// squares.
	Inputs = 768
	// QA scales the feature transformer (weights, biases, accumulator).
	QA = 255
	// QB scales the output weights.
	QB = 512
	// Scale turns the network's output (a float near the range -10..10)
	// into centipawns.
	Scale = 400
	// MaxHidden bounds the hidden size a file may declare.
	MaxHidden = 4096
)

// Net is a quantised network.
type Net struct {
	Hidden int     // H, the accumulator size of one side
	FT     []int16 // feature transformer weights, Inputs x H, feature-major: FT[f*H+i]
	FTBias []int16 // H
	// Out are the output weights, 2H: the first H for the side to move's
	// accumulator, the next H for the other side's.
	Out     []int16
	OutBias int32 // scaled by QA*QB
}

// NewNet allocates a zero network of hidden size h.
func NewNet(h int) *Net {
	return &Net{Hidden: h, FT: make([]int16, Inputs*h), FTBias: make([]int16, h), Out: make([]int16, 2*h)}
}

// Feature is the input index of a piece of colour (0 White, 1 Black) and
// type pieceType (1 pawn ... 6 king) on sq (0 a1 ... 63 h8), seen from
// perspective (0 White, 1 Black): Black sees the board mirrored vertically
// and its own pieces as "ours".
func Feature(perspective, colour, pieceType, sq int) int {
	if perspective == 1 {
		sq ^= 56
		colour ^= 1
	}
	return colour*384 + (pieceType-1)*64 + sq
}

// magic starts a network file; the version follows it.
var magic = [4]byte{'V', 'C', 'N', 'N'}

const version = 1

// MarshalBinary writes the file format: "VCNN", version and H (uint32),
// then FT, FTBias, Out (int16 each) and OutBias (int32), all little-endian,
// then the CRC-32 (IEEE) of everything before it.
func (n *Net) MarshalBinary() ([]byte, error) {
	if err := n.check(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(magic[:])
	le := binary.LittleEndian
	for _, v := range []any{uint32(version), uint32(n.Hidden), n.FT, n.FTBias, n.Out, n.OutBias} {
		if err := binary.Write(&b, le, v); err != nil {
			return nil, err
		}
	}
	sum := crc32.ChecksumIEEE(b.Bytes())
	if err := binary.Write(&b, le, sum); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Parse reads a network written by MarshalBinary.
func Parse(data []byte) (*Net, error) {
	if len(data) < 16 || !bytes.Equal(data[:4], magic[:]) {
		return nil, errors.New("nnue: not a network file (no VCNN header)")
	}
	body, tail := data[:len(data)-4], data[len(data)-4:]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(tail) {
		return nil, errors.New("nnue: network file damaged (checksum mismatch)")
	}
	le := binary.LittleEndian
	if v := le.Uint32(body[4:]); v != version {
		return nil, fmt.Errorf("nnue: network file version %d, this build reads %d", v, version)
	}
	h := int(le.Uint32(body[8:]))
	if h <= 0 || h > MaxHidden {
		return nil, fmt.Errorf("nnue: hidden size %d out of range 1..%d", h, MaxHidden)
	}
	want := 12 + 2*(Inputs*h+h+2*h) + 4
	if len(body) != want {
		return nil, fmt.Errorf("nnue: network file has %d bytes, hidden size %d needs %d", len(data), h, want+4)
	}
	n := NewNet(h)
	r := bytes.NewReader(body[12:])
	for _, v := range []any{n.FT, n.FTBias, n.Out, &n.OutBias} {
		if err := binary.Read(r, le, v); err != nil {
			return nil, err
		}
	}
	return n, nil
}

func (n *Net) check() error {
	h := n.Hidden
	if h <= 0 || h > MaxHidden || len(n.FT) != Inputs*h || len(n.FTBias) != h || len(n.Out) != 2*h {
		return fmt.Errorf("nnue: inconsistent network (hidden %d, %d/%d/%d weights)", h, len(n.FT), len(n.FTBias), len(n.Out))
	}
	return nil
}

// Piece is one piece of a position as the network sees it.
type Piece struct {
	Colour, Type, Square int // 0/1, 1..6, 0..63
}

// Accumulator is the feature transformer's output for both perspectives.
type Accumulator struct {
	V [2][]int16 // [perspective][H]
}

// NewAccumulator returns an accumulator holding the biases (no piece).
func (n *Net) NewAccumulator() *Accumulator {
	a := &Accumulator{}
	for p := range a.V {
		a.V[p] = make([]int16, n.Hidden)
	}
	n.Reset(a)
	return a
}

// Reset sets a to the biases (an empty board).
func (n *Net) Reset(a *Accumulator) {
	copy(a.V[0], n.FTBias)
	copy(a.V[1], n.FTBias)
}

// Add adds the piece to a in both perspectives.
func (n *Net) Add(a *Accumulator, pc Piece) {
	for p := range 2 {
		f := Feature(p, pc.Colour, pc.Type, pc.Square)
		w := n.FT[f*n.Hidden : (f+1)*n.Hidden]
		v := a.V[p][:len(w)]
		addRow(v, v, w)
	}
}

// Sub removes the piece from a in both perspectives.
func (n *Net) Sub(a *Accumulator, pc Piece) {
	for p := range 2 {
		f := Feature(p, pc.Colour, pc.Type, pc.Square)
		w := n.FT[f*n.Hidden : (f+1)*n.Hidden]
		v := a.V[p][:len(w)]
		subRow(v, v, w)
	}
}

// Output is the score in centipawns for the side to move (stm: 0 White,
// 1 Black) of the position a holds.
func (n *Net) Output(a *Accumulator, stm int) int {
	h := n.Hidden
	sum := int64(0)
	for k, p := range [2]int{stm, stm ^ 1} {
		w := n.Out[k*h : (k+1)*h]
		sum += screluDot(a.V[p][:len(w)], w)
	}
	return n.centipawns(sum)
}

// centipawns turns the output layer's sum of the weighted activations
// into the score.
func (n *Net) centipawns(sum int64) int {
	out := sum/QA + int64(n.OutBias)
	return int(out * Scale / (QA * QB))
}

// Evaluate scores a position from scratch (the reference the incremental
// paths are tested against).
func (n *Net) Evaluate(pieces []Piece, stm int) int {
	a := n.NewAccumulator()
	for _, pc := range pieces {
		n.Add(a, pc)
	}
	return n.Output(a, stm)
}
