package tune

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"varchess/engine"
	"varchess/variants/chess"
)

// term is one feature of a stored position (see engine.ChessTrace).
type term struct {
	idx uint16
	n   int16
}

// position is one training position: its features in Set.terms from
// start, nLin linear terms followed by the king-danger terms of White's
// king (nSafe[0]), of Black's (nSafe[1]) and the complexity terms (nCx).
type position struct {
	start  uint32
	nLin   uint16
	nSafe  [2]uint16
	nCx    uint16
	phase  uint8
	scale  [2]uint8
	target float32 // what the sigmoid of the eval should predict
	result float32 // the game result alone (for reporting)
}

// Set is a loaded data file.
type Set struct {
	pos   []position
	terms []term
	evals []int32 // the engine's own eval of each position (White's view)
	score []int32 // the datagen search score
}

// Len is the number of positions.
func (s *Set) Len() int { return len(s.pos) }

// add traces one position and appends it.
func (s *Set) add(p *chess.Position, score int, result float64) error {
	tr := engine.TraceChess(p)
	if uint64(len(s.terms)) > math.MaxUint32-1000 {
		return errors.New("data set too large")
	}
	ps := position{start: uint32(len(s.terms)), nLin: uint16(len(tr.Linear)),
		nSafe: [2]uint16{uint16(len(tr.Safety[0])), uint16(len(tr.Safety[1]))}, nCx: uint16(len(tr.Complexity)),
		phase: uint8(tr.Phase), scale: [2]uint8{uint8(tr.Scale[0]), uint8(tr.Scale[1])}, result: float32(result)}
	for _, list := range [][]engine.TraceTerm{tr.Linear, tr.Safety[0], tr.Safety[1], tr.Complexity} {
		for _, t := range list {
			if t.Count > math.MaxInt16 || t.Count < math.MinInt16 {
				return fmt.Errorf("feature count %d out of range", t.Count)
			}
			s.terms = append(s.terms, term{uint16(t.Index), int16(t.Count)})
		}
	}
	s.pos = append(s.pos, ps)
	s.evals = append(s.evals, int32(tr.Eval))
	s.score = append(s.score, int32(score))
	return nil
}

// ParseLine reads one line of a datagen file, "FEN | score | result" (score
// in centipawns and result 0..1, both from White's view). The nnue trainer
// reads the same files with it.
func ParseLine(line string) (fen string, score int, result float64, err error) {
	f := strings.Split(line, "|")
	if len(f) != 3 {
		return "", 0, 0, fmt.Errorf("want 'FEN | score | result', got %q", line)
	}
	fen = strings.TrimSpace(f[0])
	if score, err = strconv.Atoi(strings.TrimSpace(f[1])); err != nil {
		return "", 0, 0, fmt.Errorf("score: %w", err)
	}
	if result, err = strconv.ParseFloat(strings.TrimSpace(f[2]), 64); err != nil || result < 0 || result > 1 {
		return "", 0, 0, fmt.Errorf("result %q: want 0, 0.5 or 1", strings.TrimSpace(f[2]))
	}
	return fen, score, result, nil
}

// Load reads a datagen file (at most limit positions if limit > 0).
// progress, if not nil, is called every 100000 positions.
func Load(r io.Reader, limit int, progress func(n int)) (*Set, error) {
	s := &Set{}
	err := scanData(r, limit, func(fen string, score int, result float64) error {
		p, err := chess.Parse(fen)
		if err != nil {
			return err
		}
		if err := s.add(p, score, result); err != nil {
			return err
		}
		if progress != nil && s.Len()%100000 == 0 {
			progress(s.Len())
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if s.Len() == 0 {
		return nil, errors.New("no positions")
	}
	return s, nil
}

// scanData reads the lines of a datagen file ("FEN | score | result";
// blank lines and # comments skipped) and hands each to add, until add has
// taken limit lines (limit > 0) or the input ends. Errors name the line.
func scanData(r io.Reader, limit int, add func(fen string, score int, result float64) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	n, line := 0, 0
	for sc.Scan() && (limit <= 0 || n < limit) {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fen, score, result, err := ParseLine(text)
		if err == nil {
			err = add(fen, score, result)
		}
		if err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		n++
	}
	return sc.Err()
}

// sigmoid maps a White-view eval to an expected score with scale k
// (k=1: 400 cp of eval are odds of 10 to 1).
func sigmoid(k, v float64) float64 { return 1 / (1 + math.Pow(10, -k*v/400)) }

// Weights are the tuner's float copy of the evaluation weights.
type Weights struct {
	MG, EG []float64
}

// startWeights reads the engine's current weights.
func startWeights() Weights {
	ps := engine.ChessParams()
	w := Weights{MG: make([]float64, len(ps)), EG: make([]float64, len(ps))}
	for i, p := range ps {
		w.MG[i], w.EG[i] = float64(p.MG), float64(p.EG)
	}
	return w
}

// evalParts is one position's eval and the parts its gradient needs.
type evalParts struct {
	v      float64
	danger [2][2]float64 // king-danger sums of each king (mg, eg)
	scale  float64       // the endgame scale used
	// pass: the derivative of each phase's score after complexity with
	// respect to it before (1, or 0 where complexity clamps it to zero);
	// sign: the direction complexity pushes each phase's score.
	pass, sign [2]float64
	// pre: each phase's score before complexity. Complexity's direction
	// flips at zero, so where pre is within rounding of it the engine's
	// integer evaluation may be pushed the other way.
	pre [2]float64
}

// eval computes position i's eval with w (White's view) and its parts.
func (s *Set) eval(i int, w *Weights) evalParts {
	var out evalParts
	p := &s.pos[i]
	ts := s.terms[p.start:]
	var mg, eg float64
	for _, t := range ts[:p.nLin] {
		mg += float64(t.n) * w.MG[t.idx]
		eg += float64(t.n) * w.EG[t.idx]
	}
	ts = ts[p.nLin:]
	for c := range 2 {
		var dm, de float64
		for _, t := range ts[:p.nSafe[c]] {
			dm += float64(t.n) * w.MG[t.idx]
			de += float64(t.n) * w.EG[t.idx]
		}
		ts = ts[p.nSafe[c]:]
		out.danger[c] = [2]float64{dm, de}
		pm := math.Max(dm, 0) * math.Max(dm, 0) / engine.ChessSafetyMGDiv
		pe := math.Max(de, 0) / engine.ChessSafetyEGDiv
		if c == 0 {
			mg, eg = mg-pm, eg-pe
		} else {
			mg, eg = mg+pm, eg+pe
		}
	}
	var cm, ce float64
	for _, t := range ts[:p.nCx] {
		cm += float64(t.n) * w.MG[t.idx]
		ce += float64(t.n) * w.EG[t.idx]
	}
	out.pre = [2]float64{mg, eg}
	mg, out.pass[0], out.sign[0] = withComplexity(mg, cm)
	eg, out.pass[1], out.sign[1] = withComplexity(eg, ce)
	ph := float64(p.phase) / engine.ChessMaxPhase
	v := mg*ph + eg*(1-ph)
	out.scale = float64(p.scale[0])
	if v < 0 {
		out.scale = float64(p.scale[1])
	}
	out.scale /= engine.ChessScaleNorm
	out.v = v * out.scale
	return out
}

// withComplexity is the engine's rule (engine/eval_chess.go): v moves by
// cx away from zero, or towards it but not past it. It also returns
// d(result)/d(v) and the sign that d(result)/d(cx) carries (0 where the
// clamp holds the result at zero).
func withComplexity(v, cx float64) (out, pass, sign float64) {
	switch {
	case v > 0 && cx > -v:
		return v + cx, 1, 1
	case v < 0 && cx > v:
		return v - cx, 1, -1
	case v == 0:
		return 0, 1, 0
	}
	return 0, 0, 0
}

// Loss is the mean squared error of the sigmoid of the evals against the
// targets (result=true: against the game results alone).
func (s *Set) Loss(idx []int, w *Weights, k float64, result bool) float64 {
	sum := 0.0
	for _, i := range idx {
		v := s.eval(i, w).v
		t := float64(s.pos[i].target)
		if result {
			t = float64(s.pos[i].result)
		}
		d := sigmoid(k, v) - t
		sum += d * d
	}
	return sum / float64(len(idx))
}

// resultLoss is the mean squared error of sigmoid(k, v[i]) against the
// results over idx.
func (s *Set) resultLoss(idx []int, v []int32, k float64) float64 {
	sum := 0.0
	for _, i := range idx {
		d := sigmoid(k, float64(v[i])) - float64(s.pos[i].result)
		sum += d * d
	}
	return sum / float64(len(idx))
}

// FitK finds the sigmoid scale that best predicts the results from the
// engine's own evals.
func (s *Set) FitK(idx []int) float64 { return s.fitK(idx, s.evals) }

// FitScoreK finds the sigmoid scale that best predicts the results from
// the score column: a score from another engine (varchess relabel) has
// its own scale, and its targets are read with it.
func (s *Set) FitScoreK(idx []int) float64 { return s.fitK(idx, s.score) }

// scaleBuckets split the game phase for -scorek phase.
const scaleBuckets = 6

// scaleBucket is the phase bucket of a position of the given phase.
func scaleBucket(phase uint8) int {
	return min(int(phase)*scaleBuckets/(engine.ChessMaxPhase+1), scaleBuckets-1)
}

// PhaseScales returns, for each phase bucket, the factor that puts the
// score column on the scale the engine's evals have in that bucket: the
// K fitted from the scores over the K fitted from the evals, both against
// the results of the bucket's positions. Another engine may shrink its
// scores as material comes off (Stockfish does) where ours does not, and
// one K for all phases would then move weight from the endgame terms to
// the midgame ones. A bucket without positions keeps factor 1.
func (s *Set) PhaseScales(idx []int) [scaleBuckets]float64 {
	var by [scaleBuckets][]int
	for _, i := range idx {
		b := scaleBucket(s.pos[i].phase)
		by[b] = append(by[b], i)
	}
	var f [scaleBuckets]float64
	for b := range f {
		f[b] = 1
		if len(by[b]) > 0 {
			f[b] = s.fitK(by[b], s.score) / s.fitK(by[b], s.evals)
		}
	}
	return f
}

// fitK is a golden-section search for the k that minimises resultLoss.
func (s *Set) fitK(idx []int, v []int32) float64 {
	lo, hi := 0.05, 5.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := s.resultLoss(idx, v, a), s.resultLoss(idx, v, b)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = s.resultLoss(idx, v, a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = s.resultLoss(idx, v, b)
		}
	}
	return (lo + hi) / 2
}

// setTargets blends the result and the search score: lambda*result +
// (1-lambda)*sigmoid(score), the score first multiplied by its phase
// bucket's factor (ones: the score as it is).
func (s *Set) setTargets(k, lambda float64, factor [scaleBuckets]float64) {
	for i := range s.pos {
		p := &s.pos[i]
		v := float64(s.score[i]) * factor[scaleBucket(p.phase)]
		p.target = float32(lambda*float64(p.result) + (1-lambda)*sigmoid(k, v))
	}
}

// ones is the factor of every bucket when the scores are read as they are.
func ones() (f [scaleBuckets]float64) {
	for b := range f {
		f[b] = 1
	}
	return f
}

// gradient adds the loss gradient over idx to g (same layout as w).
func (s *Set) gradient(idx []int, w *Weights, k float64, g *Weights) {
	for _, i := range idx {
		p := &s.pos[i]
		e := s.eval(i, w)
		sg := sigmoid(k, e.v)
		// d(loss)/d(v) for (sigmoid - target)^2
		dv := 2 * (sg - float64(p.target)) * sg * (1 - sg) * k * math.Ln10 / 400
		ph := float64(p.phase) / engine.ChessMaxPhase
		dmg, deg := dv*e.scale*ph, dv*e.scale*(1-ph)
		// complexity terms, then everything under the complexity clamp
		cmg, ceg := dmg*e.sign[0], deg*e.sign[1]
		dmg, deg = dmg*e.pass[0], deg*e.pass[1]
		ts := s.terms[p.start:]
		for _, t := range ts[:p.nLin] {
			g.MG[t.idx] += dmg * float64(t.n)
			g.EG[t.idx] += deg * float64(t.n)
		}
		ts = ts[p.nLin:]
		for c := range 2 {
			sign := -1.0 // danger to White lowers White's eval
			if c == 1 {
				sign = 1
			}
			fm := 0.0
			if e.danger[c][0] > 0 {
				fm = sign * 2 * e.danger[c][0] / engine.ChessSafetyMGDiv
			}
			fe := 0.0
			if e.danger[c][1] > 0 {
				fe = sign / engine.ChessSafetyEGDiv
			}
			for _, t := range ts[:p.nSafe[c]] {
				g.MG[t.idx] += dmg * fm * float64(t.n)
				g.EG[t.idx] += deg * fe * float64(t.n)
			}
			ts = ts[p.nSafe[c]:]
		}
		for _, t := range ts[:p.nCx] {
			g.MG[t.idx] += cmg * float64(t.n)
			g.EG[t.idx] += ceg * float64(t.n)
		}
	}
}

// Config of one tuning run.
type Config struct {
	Epochs int
	LR     float64
	Lambda float64 // weight of the game result in the target (1 - that of the search score)
	Seed   uint64  // picks the validation positions
	Valid  float64 // fraction of positions held out for validation
	// ValidFrom, when positive, makes the positions from this index on the
	// validation set instead (Valid is then not used).
	ValidFrom int
	// Frozen weights (by flat index) keep their starting values.
	Frozen  map[int]bool
	Threads int
	// ScoreScale says how the score column is read, for scores of
	// another engine (varchess relabel): "" as our own, "fit" with one K
	// fitted from the scores themselves (FitScoreK), "phase" put on the
	// evals' scale bucket by bucket of the game phase (PhaseScales).
	ScoreScale string
}

// Report is what a run measured.
type Report struct {
	Positions, Train, Valid int
	K                       float64
	ScoreFactor             [scaleBuckets]float64 // the score column's factor by phase bucket
	StartLoss, EndLoss      float64               // training loss (blended target)
	StartValid, EndValid    float64               // validation loss against results
}

// Run tunes w on s with Adam; progress is called every few epochs.
func Run(s *Set, w *Weights, cfg Config, progress func(epoch int, train, valid float64)) Report {
	// The validation positions are one contiguous block (whole games, as
	// datagen writes a game's positions together) at a seeded offset, so
	// that they share no game with the training positions but at most the
	// two at the block's ends.
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7475_6e65))
	nValid := int(cfg.Valid * float64(s.Len()))
	from := 0
	if cfg.ValidFrom > 0 && cfg.ValidFrom < s.Len() {
		from, nValid = cfg.ValidFrom, s.Len()-cfg.ValidFrom
	} else if nValid > 0 {
		from = rng.IntN(s.Len() - nValid + 1)
	}
	train, valid := splitBlock(s.Len(), from, nValid)
	rep := Report{Positions: s.Len(), Train: len(train), Valid: len(valid)}
	rep.K = s.FitK(train)
	rep.ScoreFactor = ones()
	switch cfg.ScoreScale {
	case "fit":
		f := s.FitScoreK(train) / rep.K
		for b := range rep.ScoreFactor {
			rep.ScoreFactor[b] = f
		}
	case "phase":
		rep.ScoreFactor = s.PhaseScales(train)
	}
	s.setTargets(rep.K, cfg.Lambda, rep.ScoreFactor)
	rep.StartLoss = s.Loss(train, w, rep.K, false)
	rep.StartValid = s.Loss(valid, w, rep.K, true)

	n := len(w.MG)
	threads := max(cfg.Threads, 1)
	chunks := make([][]int, threads)
	for t := range threads {
		chunks[t] = train[t*len(train)/threads : (t+1)*len(train)/threads]
	}
	grads := make([]Weights, threads)
	for t := range grads {
		grads[t] = Weights{MG: make([]float64, n), EG: make([]float64, n)}
	}
	m1 := Weights{MG: make([]float64, n), EG: make([]float64, n)}
	m2 := Weights{MG: make([]float64, n), EG: make([]float64, n)}
	const b1, b2, eps = 0.9, 0.999, 1e-8
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		var wg sync.WaitGroup
		for t := range threads {
			clear(grads[t].MG)
			clear(grads[t].EG)
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.gradient(chunks[t], w, rep.K, &grads[t])
			}()
		}
		wg.Wait()
		// Summed in a fixed order, so a run does not depend on scheduling.
		for t := 1; t < threads; t++ {
			for i := range n {
				grads[0].MG[i] += grads[t].MG[i]
				grads[0].EG[i] += grads[t].EG[i]
			}
		}
		scale := 1 / float64(len(train))
		c1 := 1 - math.Pow(b1, float64(epoch))
		c2 := 1 - math.Pow(b2, float64(epoch))
		adam := func(w, m, v *float64, g float64) {
			g *= scale
			*m = b1**m + (1-b1)*g
			*v = b2**v + (1-b2)*g*g
			*w -= cfg.LR * (*m / c1) / (math.Sqrt(*v/c2) + eps)
		}
		for i := range n {
			if cfg.Frozen[i] {
				continue
			}
			adam(&w.MG[i], &m1.MG[i], &m2.MG[i], grads[0].MG[i])
			adam(&w.EG[i], &m1.EG[i], &m2.EG[i], grads[0].EG[i])
		}
		if progress != nil && (epoch%25 == 0 || epoch == cfg.Epochs) {
			progress(epoch, s.Loss(train, w, rep.K, false), s.Loss(valid, w, rep.K, true))
		}
	}
	rep.EndLoss = s.Loss(train, w, rep.K, false)
	rep.EndValid = s.Loss(valid, w, rep.K, true)
	return rep
}

// TuneMain is the `varchess tune` command.
func TuneMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg Config
	fs.IntVar(&cfg.Epochs, "epochs", 200, "full passes of gradient descent")
	fs.Float64Var(&cfg.LR, "lr", 1, "Adam step size in centipawns")
	fs.Float64Var(&cfg.Lambda, "lambda", 0.2, "weight of the game result in the target; the rest is the datagen search score")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the place of the validation block (a run is reproducible from it)")
	fs.Float64Var(&cfg.Valid, "valid", 0.1, "fraction of positions (one block of whole games) held out to report the validation loss")
	fs.IntVar(&cfg.Threads, "threads", 1, "goroutines computing the gradient (each value gives reproducible runs; sums differ in the last bits between values)")
	limit := fs.Int("limit", 0, "use at most this many positions (0 = all)")
	out := fs.String("out", "", "write the tuned weights as Go source here (e.g. engine/eval_weights.go)")
	variant := fs.String("variant", "chess", "the evaluation to tune: chess, or russian (writes engine/russian_weights.go's source)")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: varchess tune -data FILE[,FILE...] [-variant chess|russian] [-out engine/eval_weights.go] [-epochs N] [-lr X] [-lambda L] [-seed S] [-validdata FILES] [-freeze PREFIXES] [-scorek fit|phase]

Texel tuning of the chess evaluation: every weight of the evaluation is
fitted by gradient descent (Adam) on the mean squared error between
sigmoid(K*eval/400) and a target that blends the game result with the
datagen search score. K is first fitted to the engine's current evals.
Prints the loss before, during and after; writes the weights as Go source.

With -variant russian it fits the russian evaluation's weights instead
(data from `+"`varchess datagen -variant russian`"+`; -out
engine/russian_weights.go), with the expectimax's own sigmoid
1/(1+exp(-eval/400)) and no fitted K; -validdata and -threads are not
used there.

`)
		fs.PrintDefaults()
	}
	data := fs.String("data", "", "datagen files, comma separated (required)")
	validData := fs.String("validdata", "", "datagen files (comma separated) to validate on instead of a held-out block of -data")
	fs.StringVar(&cfg.ScoreScale, "scorek", "", "read the score column on a scale of its own, for scores of another engine (varchess relabel): fit (one K fitted from the scores) or phase (put on the evals' scale by game phase)")
	freeze := fs.String("freeze", "", "weights that keep their values: comma-separated name prefixes (e.g. PST,Win)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *data == "" || cfg.Epochs < 1 || cfg.LR <= 0 || cfg.Lambda < 0 || cfg.Lambda > 1 || cfg.Valid < 0 || cfg.Valid >= 1 || cfg.Threads < 1 {
		fmt.Fprintln(stderr, "tune: -data is required; -epochs, -lr and -threads must be positive, -lambda in [0,1], -valid in [0,1)")
		fs.Usage()
		return 2
	}
	if cfg.ScoreScale != "" && cfg.ScoreScale != "fit" && cfg.ScoreScale != "phase" {
		fmt.Fprintf(stderr, "tune: -scorek %q: want fit or phase\n", cfg.ScoreScale)
		return 2
	}
	if cfg.ScoreScale != "" && *variant != "chess" {
		fmt.Fprintln(stderr, "tune: -scorek reads chess scores (varchess relabel is chess only)")
		return 2
	}
	switch *variant {
	case "chess":
	case "russian":
		return russianTuneMain(cfg, *data, *limit, *freeze, *out, tuneArgs(fs, cfg, *data), stdout, stderr)
	default:
		fmt.Fprintf(stderr, "tune: -variant %q: want chess or russian\n", *variant)
		return 2
	}
	start := time.Now()
	set, err := loadFiles(nil, *data, *limit, stderr)
	if err == nil && *validData != "" {
		cfg.ValidFrom = set.Len()
		set, err = loadFiles(set, *validData, *limit, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "tune: %d positions, %d weights, loaded in %s\n", set.Len(), 2*len(engine.ChessParams()), time.Since(start).Round(time.Millisecond))
	if *freeze != "" {
		cfg.Frozen = map[int]bool{}
		for i, p := range engine.ChessParams() {
			for _, prefix := range strings.Split(*freeze, ",") {
				if prefix != "" && strings.HasPrefix(p.Name, prefix) {
					cfg.Frozen[i] = true
				}
			}
		}
		fmt.Fprintf(stderr, "tune: %d weight pairs frozen\n", len(cfg.Frozen))
	}
	w := startWeights()
	rep := Run(set, &w, cfg, func(epoch int, train, valid float64) {
		fmt.Fprintf(stderr, "tune: epoch %d/%d  train loss %.6f  validation loss %.6f  (%s)\n",
			epoch, cfg.Epochs, train, valid, time.Since(start).Round(time.Second))
	})
	ks := fmt.Sprintf("K %.4f", rep.K)
	if cfg.ScoreScale != "" {
		ks += fmt.Sprintf(", scores x %.3f", rep.ScoreFactor[0])
		for _, f := range rep.ScoreFactor[1:] {
			ks += fmt.Sprintf(" %.3f", f)
		}
		ks += " (-scorek " + cfg.ScoreScale + ", by phase from the endgame)"
	}
	summary := fmt.Sprintf("positions %d (train %d, validation %d), %s, lambda %.2f, epochs %d, lr %g, seed %d\n"+
		"train loss %.6f -> %.6f, validation loss (results) %.6f -> %.6f",
		rep.Positions, rep.Train, rep.Valid, ks, cfg.Lambda, cfg.Epochs, cfg.LR, cfg.Seed,
		rep.StartLoss, rep.EndLoss, rep.StartValid, rep.EndValid)
	fmt.Fprintf(stdout, "tune: %s\n", strings.ReplaceAll(summary, "\n", "\ntune: "))
	if *out != "" {
		header := "// varchess tune" + tuneArgs(fs, cfg, *data) + "\n// " + strings.ReplaceAll(summary, "\n", "\n// ") + "\n"
		src, err := engine.ChessWeightsSource(w.MG, w.EG, header)
		if err == nil {
			err = os.WriteFile(*out, src, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "tune: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "tune: weights written to %s\n", *out)
	}
	return 0
}

// tuneArgs is the run's command line after "tune" (and -variant) for the
// weights file's header: the flags the header always names, then, in name
// order, the others given that change the weights. The header must be
// enough to repeat the run (-threads included, since each value sums the
// gradient in its own order).
func tuneArgs(fs *flag.FlagSet, cfg Config, data string) string {
	var b strings.Builder
	fmt.Fprintf(&b, " -data %s -epochs %d -lr %g -lambda %g -seed %d", data, cfg.Epochs, cfg.LR, cfg.Lambda, cfg.Seed)
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "threads", "valid", "validdata", "freeze", "limit", "scorek":
			fmt.Fprintf(&b, " -%s %s", f.Name, f.Value)
		}
	})
	return b.String()
}

// loadFiles appends the positions of the comma-separated files to set
// (which may be nil), at most limit of each if limit > 0.
func loadFiles(set *Set, names string, limit int, stderr io.Writer) (*Set, error) {
	for _, name := range strings.Split(names, ",") {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		part, err := Load(f, limit, func(n int) { fmt.Fprintf(stderr, "tune: %s: %d positions loaded\n", name, n) })
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		set = merge(set, part)
	}
	return set, nil
}

// merge appends b's positions to a (a may be nil).
func merge(a, b *Set) *Set {
	if a == nil {
		return b
	}
	off := uint32(len(a.terms))
	for _, p := range b.pos {
		p.start += off
		a.pos = append(a.pos, p)
	}
	a.terms = append(a.terms, b.terms...)
	a.evals = append(a.evals, b.evals...)
	a.score = append(a.score, b.score...)
	return a
}

// splitBlock splits positions 0..n-1 into the validation block
// [from, from+nValid) and the rest for training (all of them validate
// when the block is empty).
func splitBlock(n, from, nValid int) (train, valid []int) {
	for i := range n {
		if i >= from && i < from+nValid {
			valid = append(valid, i)
		} else {
			train = append(train, i)
		}
	}
	if len(valid) == 0 {
		valid = train
	}
	return train, valid
}
