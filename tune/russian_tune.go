package tune

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"

	"varchess/engine"
	"varchess/variants/russian"
)

// Texel tuning of the russian evaluation (`varchess tune -variant
// russian`). The evaluation is linear in a few dozen features
// (engine.RussianFeatureNames), so a position is stored as the difference
// of White's and Black's feature counts, and its White-view evaluation is
// the dot product with the weights (1/64 centipawns).
//
// The expectimax search reads an evaluation e as the utility
// 2000 tanh(e/800), that is an expected score of 1/(1+exp(-e/400)): the
// fit uses that same sigmoid (no fitted scale), so the tuned evaluation
// means what the search takes it to mean.

const russianFeatures = len(engine.RussianFeatureNames)

// russianSet is a loaded russian data file.
type russianSet struct {
	diff   [][russianFeatures]float64 // White minus Black feature counts
	target []float64                  // blend of result and search score
	result []float64
}

// loadRussian reads datagen files of russian positions.
func loadRussian(names string, limit int, lambda float64, stderr io.Writer) (*russianSet, error) {
	s := &russianSet{}
	for _, name := range strings.Split(names, ",") {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		err = s.read(f, limit, lambda)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		fmt.Fprintf(stderr, "tune: %s: %d positions loaded in all\n", name, len(s.diff))
	}
	if len(s.diff) == 0 {
		return nil, errors.New("no positions")
	}
	return s, nil
}

// read appends the positions of one datagen file (at most limit).
func (s *russianSet) read(r io.Reader, limit int, lambda float64) error {
	return scanData(r, limit, func(fen string, score int, result float64) error {
		p, err := russian.Parse(fen)
		if err != nil {
			return err
		}
		var f [2]engine.RussianFeatures
		engine.RussianFeaturesOf(p, &f)
		var d [russianFeatures]float64
		for i := range d {
			d[i] = float64(f[0][i] - f[1][i]) // index 0 is White
		}
		s.diff = append(s.diff, d)
		s.result = append(s.result, result)
		s.target = append(s.target, lambda*result+(1-lambda)*russianSigmoid(float64(score)))
		return nil
	})
}

// russianSigmoid is the expected score of a White-view evaluation in
// centipawns, as the expectimax reads it.
func russianSigmoid(cp float64) float64 { return 1 / (1 + math.Exp(-cp/400)) }

// eval is position i's White-view evaluation in centipawns under w (1/64
// centipawns).
func (s *russianSet) eval(i int, w []float64) float64 {
	v := 0.0
	for j, d := range s.diff[i] {
		v += w[j] * d
	}
	return v / 64
}

// loss is the mean squared error over idx against the targets (or the
// results alone).
func (s *russianSet) loss(idx []int, w []float64, results bool) float64 {
	sum := 0.0
	for _, i := range idx {
		t := s.target[i]
		if results {
			t = s.result[i]
		}
		e := russianSigmoid(s.eval(i, w)) - t
		sum += e * e
	}
	return sum / float64(len(idx))
}

// gradient of the loss over idx with respect to w.
func (s *russianSet) gradient(idx []int, w, g []float64) {
	clear(g)
	for _, i := range idx {
		p := russianSigmoid(s.eval(i, w))
		// d/dw (p - t)^2 = 2 (p - t) p (1 - p) / 400 * d / 64
		c := 2 * (p - s.target[i]) * p * (1 - p) / 400 / 64
		for j, d := range s.diff[i] {
			g[j] += c * d
		}
	}
	for j := range g {
		g[j] /= float64(len(idx))
	}
}

// russianReport is what a tuning run measured.
type russianReport struct {
	Positions, Train, Valid int
	StartLoss, EndLoss      float64 // training loss (targets)
	StartValid, EndValid    float64 // validation loss against the results
}

// tuneRussian fits w by Adam, full batch; frozen weights keep their value.
// The validation block is a run of whole games placed by cfg.Seed.
func tuneRussian(s *russianSet, w []float64, frozen map[int]bool, cfg Config, progress func(epoch int, train, valid float64)) russianReport {
	n := len(s.diff)
	nValid := int(float64(n) * cfg.Valid)
	from := 0
	if nValid > 0 && n > nValid {
		from = rand.New(rand.NewPCG(cfg.Seed, 0)).IntN(n - nValid)
	}
	train, valid := splitBlock(n, from, nValid)
	rep := russianReport{Positions: n, Train: len(train), Valid: len(valid),
		StartLoss: s.loss(train, w, false), StartValid: s.loss(valid, w, true)}
	g := make([]float64, len(w))
	m := make([]float64, len(w))
	v := make([]float64, len(w))
	const b1, b2, eps = 0.9, 0.999, 1e-12
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		s.gradient(train, w, g)
		for j := range w {
			if frozen[j] {
				continue
			}
			m[j] = b1*m[j] + (1-b1)*g[j]
			v[j] = b2*v[j] + (1-b2)*g[j]*g[j]
			mh := m[j] / (1 - math.Pow(b1, float64(epoch)))
			vh := v[j] / (1 - math.Pow(b2, float64(epoch)))
			w[j] -= cfg.LR * 64 * mh / (math.Sqrt(vh) + eps) // LR is in centipawns
		}
		if progress != nil && (epoch%50 == 0 || epoch == cfg.Epochs) {
			progress(epoch, s.loss(train, w, false), s.loss(valid, w, true))
		}
	}
	rep.EndLoss, rep.EndValid = s.loss(train, w, false), s.loss(valid, w, true)
	return rep
}

// russianWeightsSource is engine/russian_weights.go for weights w (1/64
// centipawns, rounded), with header as its leading comment.
func russianWeightsSource(w []float64, header string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by varchess tune -variant russian; DO NOT EDIT.\n")
	b.WriteString(header)
	b.WriteString("\npackage engine\n\n")
	b.WriteString("// russianWeights are the weights of the russian evaluation's features (see\n// RussianFeatureNames), in 1/64 centipawns.\n")
	b.WriteString("var russianWeights = [russianFeatureCount]int{\n")
	for j, x := range w {
		fmt.Fprintf(&b, "\t%d, // %s (%.2f cp)\n", int(math.Round(x)), engine.RussianFeatureNames[j], math.Round(x)/64)
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

// russianTuneMain is `varchess tune -variant russian` once its flags are
// read; args is the command line for the header (tuneArgs).
func russianTuneMain(cfg Config, data string, limit int, freeze, out, args string, stdout, stderr io.Writer) int {
	set, err := loadRussian(data, limit, cfg.Lambda, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 1
	}
	start := engine.RussianWeights()
	w := floats(start[:])
	frozen := map[int]bool{}
	for j, name := range engine.RussianFeatureNames {
		for _, prefix := range strings.Split(freeze, ",") {
			if prefix != "" && strings.HasPrefix(name, prefix) {
				frozen[j] = true
			}
		}
	}
	fmt.Fprintf(stderr, "tune: %d russian positions, %d weights (%d frozen)\n", len(set.diff), len(w), len(frozen))
	rep := tuneRussian(set, w, frozen, cfg, func(epoch int, train, valid float64) {
		fmt.Fprintf(stderr, "tune: epoch %d/%d  train loss %.6f  validation loss %.6f\n", epoch, cfg.Epochs, train, valid)
	})
	summary := fmt.Sprintf("positions %d (train %d, validation %d), lambda %.2f, epochs %d, lr %g, seed %d\n"+
		"train loss %.6f -> %.6f, validation loss (results) %.6f -> %.6f",
		rep.Positions, rep.Train, rep.Valid, cfg.Lambda, cfg.Epochs, cfg.LR, cfg.Seed,
		rep.StartLoss, rep.EndLoss, rep.StartValid, rep.EndValid)
	fmt.Fprintf(stdout, "tune: %s\n", strings.ReplaceAll(summary, "\n", "\ntune: "))
	for j, x := range w {
		fmt.Fprintf(stdout, "tune: %-14s %8.2f cp (was %.2f)\n", engine.RussianFeatureNames[j], x/64, float64(start[j])/64)
	}
	if out == "" {
		return 0
	}
	header := "//\n// varchess tune -variant russian" + args + "\n// " + strings.ReplaceAll(summary, "\n", "\n// ") + "\n"
	src, err := russianWeightsSource(w, header)
	if err == nil {
		err = os.WriteFile(out, src, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "tune: weights written to %s\n", out)
	return 0
}

// floats converts integer weights for the tuner.
func floats(ws []int) []float64 {
	w := make([]float64, len(ws))
	for j, x := range ws {
		w[j] = float64(x)
	}
	return w
}
