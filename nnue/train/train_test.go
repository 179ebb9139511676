package train

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varchess/nnue"
	"varchess/tune"
	"varchess/variants"
	"varchess/variants/chess"
)

// syntheticLines writes n positions in datagen's format: random games from
// the start position, labelled with the material balance (White's view)
// and a result that follows it, so that there is something to learn.
func syntheticLines(n int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 99))
	value := [7]int{0, 100, 300, 320, 500, 900, 0}
	var sb strings.Builder
	var moves []variants.Move
	for count := 0; count < n; {
		pos := chess.NewStart()
		plies := 4 + rng.IntN(60)
		for ply := 0; ply < plies && count < n; ply++ {
			moves = pos.Moves(moves[:0])
			if len(moves) == 0 || pos.Status().Over() {
				break
			}
			pos.Make(moves[rng.IntN(len(moves))])
			if ply < 4 || rng.IntN(8) != 0 {
				continue // a few positions of many games
			}
			score := rng.IntN(41) - 20
			for t := chess.Pawn; t < chess.King; t++ {
				score += value[t] * (pos.Pieces(variants.White, t).Count() - pos.Pieces(variants.Black, t).Count())
			}
			result := 0.5
			if score > 150 {
				result = 1
			} else if score < -150 {
				result = 0
			}
			sb.WriteString(tune.Sample{FEN: pos.FEN(), Score: score, Result: result}.Line() + "\n")
			count++
		}
	}
	return sb.String()
}

func loadString(t *testing.T, text string) *Data {
	t.Helper()
	d := &Data{}
	if err := d.Load(strings.NewReader(text), "test", 2, nil); err != nil {
		t.Fatal(err)
	}
	if d.Len() == 0 {
		t.Fatal("no positions")
	}
	return d
}

// piecesOf reads a FEN's pieces straight from the chess position.
func piecesOf(t *testing.T, fen string) ([]nnue.Piece, int) {
	t.Helper()
	p, err := chess.Parse(fen)
	if err != nil {
		t.Fatal(err)
	}
	var pcs []nnue.Piece
	for c := variants.White; c <= variants.Black; c++ {
		for ty := chess.Pawn; ty <= chess.King; ty++ {
			for b := p.Pieces(c, ty); b != 0; {
				pcs = append(pcs, nnue.Piece{Colour: int(c), Type: int(ty), Square: int(b.PopFirst())})
			}
		}
	}
	return pcs, int(p.SideToMove())
}

// refEval is an independent float64 reading of the network's formula, from
// the pieces and nnue.Feature; it also returns the accumulators.
func refEval(p []float64, h int, pcs []nnue.Piece, stm int) (float64, [2][]float64) {
	var acc [2][]float64
	out := p[(nnue.Inputs+3)*h]
	for k, persp := range [2]int{stm, stm ^ 1} {
		acc[k] = make([]float64, h)
		for i := range h {
			acc[k][i] = p[nnue.Inputs*h+i]
		}
		for _, pc := range pcs {
			f := nnue.Feature(persp, pc.Colour, pc.Type, pc.Square)
			for i := range h {
				acc[k][i] += p[f*h+i]
			}
		}
		for i, x := range acc[k] {
			c := math.Min(math.Max(x, 0), 1)
			out += c * c * p[(nnue.Inputs+1)*h+k*h+i]
		}
	}
	return out * nnue.Scale, acc
}

func TestGradientMatchesFiniteDifferences(t *testing.T) {
	const h, k, lambda = 6, 1.04, 0.5
	lines := strings.Split(strings.TrimSpace(syntheticLines(7, 5)), "\n")
	d := loadString(t, strings.Join(lines, "\n")+"\n")
	m := NewModel(h, 3)
	rng := rand.New(rand.NewPCG(8, 9))
	for i := range m.P {
		// Larger weights than the initial ones, so that units land below
		// 0, on the slope and above 1.
		m.P[i] = float32(rng.NormFloat64() * 0.3)
	}
	tr := newTrainer(d, m, Config{K: k, Lambda: lambda, Threads: 1})
	idx := make([]int32, d.Len())
	for i := range idx {
		idx[i] = int32(i)
	}
	tr.batch(idx)
	grad := make([]float32, len(m.P))
	for c := range chunks {
		for i, v := range tr.grad[c] {
			grad[i] += v
		}
	}

	type refPos struct {
		pcs    []nnue.Piece
		stm    int
		target float64
	}
	var pos []refPos
	var regions [3]int
	p := make([]float64, len(m.P))
	for i, v := range m.P {
		p[i] = float64(v)
	}
	for i, line := range lines {
		fen, score, result, err := tune.ParseLine(line)
		if err != nil {
			t.Fatal(err)
		}
		pcs, stm := piecesOf(t, fen)
		s, r := float64(score), result
		if stm == 1 {
			s, r = -s, 1-r
		}
		target := lambda*r + (1-lambda)/(1+math.Pow(10, -k*s/400))
		pos = append(pos, refPos{pcs, stm, target})
		ev, acc := refEval(p, h, pcs, stm)
		if got := float64(m.EvalCP(pcs, stm)); math.Abs(got-ev) > 1e-3*math.Max(1, math.Abs(ev)) {
			t.Fatalf("position %d: trainer eval %.5f, reference %.5f", i, got, ev)
		}
		for _, a := range acc {
			for _, x := range a {
				switch {
				case x <= 0:
					regions[0]++
				case x < 1:
					regions[1]++
				default:
					regions[2]++
				}
			}
		}
	}
	if regions[0] == 0 || regions[1] == 0 || regions[2] == 0 {
		t.Fatalf("the test net does not cover SCReLU's three regions: %v", regions)
	}
	loss := func() float64 {
		sum := 0.0
		for _, q := range pos {
			ev, _ := refEval(p, h, q.pcs, q.stm)
			e := 1/(1+math.Pow(10, -k*ev/400)) - q.target
			sum += e * e
		}
		return sum / float64(len(pos))
	}
	const eps = 1e-6
	checked := 0
	for i := range p {
		old := p[i]
		p[i] = old + eps
		up := loss()
		p[i] = old - eps
		down := loss()
		p[i] = old
		fd := (up - down) / (2 * eps)
		if math.Abs(fd-float64(grad[i])) > 1e-6+1e-3*math.Abs(fd) {
			t.Errorf("parameter %d: analytic %.8g, finite differences %.8g", i, grad[i], fd)
		}
		if fd != 0 {
			checked++
		}
	}
	if checked < 100 {
		t.Errorf("only %d parameters with a gradient", checked)
	}
}

// run trains on text with the CLI and returns the network file's bytes and
// the summary line.
func runMain(t *testing.T, dir, data string, args ...string) ([]byte, string) {
	t.Helper()
	out := filepath.Join(dir, "net.nnue")
	os.Remove(out)
	var stdout, stderr bytes.Buffer
	if rc := Main(append([]string{"-data", data, "-out", out}, args...), &stdout, &stderr); rc != 0 {
		t.Fatalf("rc %d: %s", rc, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b, stdout.String()
}

var smallArgs = []string{"-hidden", "16", "-epochs", "4", "-batch", "100", "-lr", "0.01", "-valid", "0.1"}

func TestRunLowersLossAndIsReproducible(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte(syntheticLines(1500, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	a, summary := runMain(t, dir, data, append(smallArgs, "-threads", "1")...)
	if !strings.Contains(summary, "3000 positions") { // each with its file mirror
		t.Errorf("summary: %s", summary)
	}
	b, _ := runMain(t, dir, data, append(smallArgs, "-threads", "1")...)
	c, _ := runMain(t, dir, data, append(smallArgs, "-threads", "4")...)
	if !bytes.Equal(a, b) {
		t.Error("same seed, different networks")
	}
	if !bytes.Equal(a, c) {
		t.Error("-threads 1 and 4 give different networks")
	}
	other, _ := runMain(t, dir, data, append(smallArgs, "-threads", "2", "-seed", "2")...)
	if bytes.Equal(a, other) {
		t.Error("another seed gave the same network")
	}
	if _, err := nnue.Parse(a); err != nil {
		t.Fatal(err)
	}

	d := loadString(t, syntheticLines(1500, 1))
	_, rep, err := Run(d, Config{Hidden: 16, Epochs: 4, Batch: 100, LR: 0.01, K: 1.04, Lambda: 0.5, Valid: 0.1, Seed: 1, Threads: 3})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Train != 1350 || rep.Valid != 150 {
		t.Errorf("split %d/%d, want 1350/150", rep.Train, rep.Valid)
	}
	if !(rep.EndTrain < 0.5*rep.StartTrain) || !(rep.EndValid < 0.92*rep.StartValid) {
		t.Errorf("loss not lowered enough: train %.5f -> %.5f, validation %.5f -> %.5f", rep.StartTrain, rep.EndTrain, rep.StartValid, rep.EndValid)
	}
}

// The integer network agrees with the float model it was rounded from.
func TestQuantisedMatchesFloat(t *testing.T) {
	text := syntheticLines(1500, 2)
	d := loadString(t, text)
	m, rep, err := Run(d, Config{Hidden: 32, Epochs: 4, Batch: 100, LR: 0.01, K: 1.04, Lambda: 0.5, Valid: 0.1, Seed: 1, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	net, err := m.Quantise()
	if err != nil {
		t.Fatal(err)
	}
	// The integer arithmetic is the float formula on the rounded weights
	// (up to the truncations of the integer division: below 2 cp), and the
	// rounding itself moves the eval by a few cp (mostly the output
	// weights' QB=64).
	dq := FromNet(net)
	sumDiff, sumAbs, worst, n := 0.0, 0.0, 0.0, 0
	for _, line := range strings.Split(strings.TrimSpace(text), "\n")[:300] {
		fen, _, _, _ := tune.ParseLine(line)
		pcs, stm := piecesOf(t, fen)
		f := m.EvalCP(pcs, stm)
		q := float64(net.Evaluate(pcs, stm))
		if e := math.Abs(dq.EvalCP(pcs, stm) - q); e > 2 {
			t.Fatalf("%s: integer eval %.0f, float eval of the rounded weights %.2f", fen, q, dq.EvalCP(pcs, stm))
		}
		diff := math.Abs(f - q)
		sumDiff += diff
		sumAbs += math.Abs(f)
		worst = max(worst, diff)
		n++
	}
	mean := sumDiff / float64(n)
	t.Logf("mean |float - integer| %.2f cp, worst %.2f cp, mean |eval| %.0f cp; run's figure %.2f cp", mean, worst, sumAbs/float64(n), rep.QuantMAE)
	if sumAbs/float64(n) < 50 {
		t.Fatalf("evals too small (%.1f cp on average) for the comparison to mean anything", sumAbs/float64(n))
	}
	if mean > 6 || worst > 25 || rep.QuantMAE > 6 {
		t.Errorf("integer eval too far from the float eval: mean %.2f cp, worst %.2f cp, run's %.2f cp", mean, worst, rep.QuantMAE)
	}
	// Dequantising and quantising again gives the same network.
	again, err := FromNet(net).Quantise()
	if err != nil {
		t.Fatal(err)
	}
	x, _ := net.MarshalBinary()
	y, _ := again.MarshalBinary()
	if !bytes.Equal(x, y) {
		t.Error("FromNet then Quantise changed the network")
	}
}

// -init starts from a network: the starting loss is the one it ended with.
func TestInitFromNet(t *testing.T) {
	d := loadString(t, syntheticLines(800, 3))
	cfg := Config{Hidden: 16, Epochs: 3, Batch: 100, LR: 0.01, K: 1.04, Lambda: 0.5, Valid: 0.1, Seed: 1, Threads: 2}
	m, rep, err := Run(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Init, err = m.Quantise(); err != nil {
		t.Fatal(err)
	}
	_, rep2, err := Run(d, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(rep2.StartTrain-rep.EndTrain) > 0.02*rep.EndTrain || rep2.StartTrain > 0.8*rep.StartTrain {
		t.Errorf("started from the trained net at loss %.5f; it ended at %.5f (random start %.5f)", rep2.StartTrain, rep.EndTrain, rep.StartTrain)
	}
}

func TestDecay(t *testing.T) {
	var got []float64
	for e := 1; e <= 10; e++ {
		got = append(got, decay(e, 10))
	}
	want := []float64{1, 1, 1, 1, 1, 1, 1, 0.3, 0.3, 0.09}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("decay over 10 epochs: %v", got)
		}
	}
	if decay(1, 1) != 1 {
		t.Error("a one-epoch run decays")
	}
}

// A position and its file mirror are the same to the network once it is
// trained with -flip: the flipped copy follows each position, with the
// feature of every piece moved to the mirrored file.
func TestFlipFiles(t *testing.T) {
	var plain, flipped Data
	flipped.FlipFiles = true
	line := "r3k2r/pp3ppp/2n5/3q4/8/2N5/PP3PPP/R2QK2R w KQkq - 0 1 | 35 | 0.5\n"
	for _, d := range []*Data{&plain, &flipped} {
		if err := d.Load(strings.NewReader(line), "x", 1, nil); err != nil {
			t.Fatal(err)
		}
	}
	if plain.Len() != 1 || flipped.Len() != 2 {
		t.Fatalf("positions: %d plain, %d flipped; want 1 and 2", plain.Len(), flipped.Len())
	}
	want := map[uint16]bool{}
	for _, f := range plain.features(0) {
		sq := int(f) % 64
		want[uint16(int(f)-sq+(sq^7))] = true // same piece, file a<->h
	}
	got := flipped.features(1)
	if len(got) != len(want) {
		t.Fatalf("%d features, want %d", len(got), len(want))
	}
	for _, f := range got {
		if !want[f] {
			t.Errorf("feature %d is not a mirrored piece", f)
		}
	}
	if flipped.score[1] != plain.score[0] || flipped.result[1] != plain.result[0] || flipped.stm[1] != plain.stm[0] {
		t.Error("the mirror has another score, result or side to move")
	}
}
