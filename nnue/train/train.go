// Package train fits the chess evaluation network of package nnue to
// labelled positions written by `varchess datagen`: mini-batch Adam on the
// mean squared error between sigmoid(K*eval/400) and a target blending the
// game result with the datagen search score, in float32 with the exact
// formula of package nnue, then rounds the weights to the network file.
// `varchess nnue-train` (Main) is its command; docs/nnue.md explains it.
package train

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"varchess/nnue"
)

// Config of a training run.
type Config struct {
	Hidden  int     // H (ignored with Init)
	Epochs  int     // full passes over the training positions
	Batch   int     // positions per optimiser step
	LR      float64 // Adam step size (before the decay)
	K       float64 // sigmoid scale: p = 1/(1+10^(-K*eval/400))
	Lambda  float64 // weight of the game result in the target
	Valid   float64 // fraction of positions held out (one contiguous block)
	Seed    uint64  // initial weights, validation block, shuffling
	Threads int     // goroutines; the result does not depend on it
	// Init, if set, is the starting network (dequantised) instead of
	// random weights.
	Init *nnue.Net
	// Progress, if set, is called every few seconds within an epoch and at
	// the end of each epoch (Progress.EpochDone).
	Progress func(Progress)
	// EpochDone, if set, is called after each epoch with the model; an
	// error stops the run.
	EpochDone func(epoch int, m *Model) error
	// ProgressEvery is the interval of the in-epoch reports (default 5s).
	ProgressEvery time.Duration
}

// Progress is one report of a run.
type Progress struct {
	Epoch, Epochs int
	EpochDone     bool
	Done, Total   int     // training positions seen this epoch / per epoch
	Train         float64 // mean training loss over the epoch so far
	Valid         float64 // validation loss (blended target; at epoch end)
	ValidResult   float64 // validation loss against the results alone (at epoch end)
	LR            float64
	PosPerSec     float64 // training positions per second this epoch
	Elapsed       time.Duration
}

// Report is what a run measured.
type Report struct {
	Positions, Train, Valid    int
	ValidIsTrain               bool // -valid 0: validation figures are on the training positions
	StartTrain, EndTrain       float64
	StartValid, EndValid       float64
	StartValidRes, EndValidRes float64 // validation loss against the results alone
	QuantMAE                   float64 // mean |float eval - integer eval| over the validation positions, cp
	PosPerSec                  float64 // over all epochs
	Elapsed                    time.Duration
	Epochs                     int
	FinalLR                    float64
	Hidden                     int
}

// chunks is the number of fixed parts a batch's gradient is split into;
// each has its own gradient buffer and the parts are summed in order, so
// the result is the same for every number of threads.
const chunks = 16

// decay is the learning-rate factor of epoch (1-based) out of epochs:
// x0.3 once 70% of the epochs are done, x0.3 again at 90%.
func decay(epoch, epochs int) float64 {
	f := 1.0
	done := float64(epoch-1) / float64(epochs)
	if done >= 0.7 {
		f *= 0.3
	}
	if done >= 0.9 {
		f *= 0.3
	}
	return f
}

// trainer holds a run's state.
type trainer struct {
	cfg     Config
	d       *Data
	m       *Model
	threads int
	scr     [chunks]*scratch
	grad    [chunks][]float32
	loss    [chunks]float64
	mom     []float32 // Adam first moment
	vel     []float32 // Adam second moment
	step    int
}

// parallel runs fn(0..n-1) on the trainer's threads.
func (t *trainer) parallel(n int, fn func(i int)) {
	if t.threads == 1 || n == 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(t.threads, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// lossOf is the mean loss over idx (result: against the results alone).
func (t *trainer) lossOf(idx []int32, result bool) float64 {
	if len(idx) == 0 {
		return math.NaN()
	}
	t.parallel(chunks, func(c int) {
		sum := 0.0
		s := t.scr[c]
		for _, i := range idx[c*len(idx)/chunks : (c+1)*len(idx)/chunks] {
			target := t.d.target[i]
			if result {
				target = t.d.result[i]
			}
			l, _ := lossGrad(t.m.forward(t.d.features(int(i)), t.d.stm[i], s), target, t.cfg.K)
			sum += l
		}
		t.loss[c] = sum
	})
	sum := 0.0
	for _, l := range t.loss {
		sum += l
	}
	return sum / float64(len(idx))
}

// batch computes the mean gradient over idx in t.grad[0] (the other
// buffers are cleared again) and returns the summed loss.
func (t *trainer) batch(idx []int32) float64 {
	scale := 1 / float64(len(idx))
	t.parallel(chunks, func(c int) {
		sum := 0.0
		s, g := t.scr[c], t.grad[c]
		for _, i := range idx[c*len(idx)/chunks : (c+1)*len(idx)/chunks] {
			feats, stm := t.d.features(int(i)), t.d.stm[i]
			l, dout := lossGrad(t.m.forward(feats, stm, s), t.d.target[i], t.cfg.K)
			sum += l
			if dout != 0 {
				t.m.backward(float32(dout*scale), feats, stm, s, g)
			}
		}
		t.loss[c] = sum
	})
	sum := 0.0
	for _, l := range t.loss {
		sum += l
	}
	return sum
}

// adam sums the chunks' gradients (in chunk order), clears them, takes one
// Adam step with step size lr and clips the weights.
func (t *trainer) adam(lr float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	t.step++
	c1 := 1 - math.Pow(b1, float64(t.step))
	c2 := 1 - math.Pow(b2, float64(t.step))
	p := t.m.P
	clipped := t.m.b2() // P[:clipped] is W1, B1, W2
	const parts = 64
	t.parallel(parts, func(r int) {
		lo, hi := r*len(p)/parts, (r+1)*len(p)/parts
		g0 := t.grad[0][lo:hi]
		for c := 1; c < chunks; c++ {
			gc := t.grad[c][lo:hi]
			for j, v := range gc {
				g0[j] += v
				gc[j] = 0
			}
		}
		mom, vel, w := t.mom[lo:hi], t.vel[lo:hi], p[lo:hi]
		for j, g := range g0 {
			g0[j] = 0
			m := b1*mom[j] + (1-b1)*g
			v := b2*vel[j] + (1-b2)*g*g
			mom[j], vel[j] = m, v
			x := w[j] - float32(lr*(float64(m)/c1)/(math.Sqrt(float64(v)/c2)+eps))
			if lo+j < clipped {
				x = min(max(x, -Clip), Clip)
			}
			w[j] = x
		}
	})
}

// split returns the training and validation positions: the validation
// block is contiguous (datagen writes a game's positions together, so it
// shares at most the games at its two ends with the training set) and
// placed by the seed.
func split(n int, frac float64, seed uint64) (train, valid []int32) {
	nValid := int(frac * float64(n))
	from := 0
	if nValid > 0 {
		from = rand.New(rand.NewPCG(seed, 0x76616c69)).IntN(n - nValid + 1)
	}
	for i := range n {
		if i >= from && i < from+nValid {
			valid = append(valid, int32(i))
		} else {
			train = append(train, int32(i))
		}
	}
	return train, valid
}

// newTrainer allocates a run's buffers once and sets d's targets.
func newTrainer(d *Data, m *Model, cfg Config) *trainer {
	t := &trainer{cfg: cfg, d: d, m: m, threads: max(cfg.Threads, 1),
		mom: make([]float32, len(m.P)), vel: make([]float32, len(m.P))}
	for c := range chunks {
		t.scr[c] = newScratch(m.H)
		t.grad[c] = make([]float32, len(m.P))
	}
	d.setTargets(cfg.K, cfg.Lambda)
	return t
}

// Run trains a network on d.
func Run(d *Data, cfg Config) (*Model, Report, error) {
	var rep Report
	if cfg.Epochs < 1 || cfg.Batch < 1 || !(cfg.LR > 0) || !(cfg.K > 0) || !(cfg.Lambda >= 0 && cfg.Lambda <= 1) || !(cfg.Valid >= 0 && cfg.Valid < 1) {
		return nil, rep, errors.New("nnue train: epochs, batch, lr and K must be positive, lambda in [0,1], valid in [0,1)")
	}
	if d == nil || d.Len() == 0 {
		return nil, rep, errors.New("nnue train: no positions")
	}
	if d.Len() > math.MaxInt32 {
		return nil, rep, errors.New("nnue train: too many positions")
	}
	var m *Model
	if cfg.Init != nil {
		m = FromNet(cfg.Init)
	} else {
		if cfg.Hidden < 1 || cfg.Hidden > nnue.MaxHidden {
			return nil, rep, fmt.Errorf("nnue train: hidden size %d out of range 1..%d", cfg.Hidden, nnue.MaxHidden)
		}
		m = NewModel(cfg.Hidden, cfg.Seed)
	}
	if cfg.ProgressEvery <= 0 {
		cfg.ProgressEvery = 5 * time.Second
	}
	t := newTrainer(d, m, cfg)
	train, valid := split(d.Len(), cfg.Valid, cfg.Seed)
	rep.Positions, rep.Train, rep.Valid, rep.Hidden, rep.Epochs = d.Len(), len(train), len(valid), m.H, cfg.Epochs
	if len(train) == 0 {
		return nil, rep, errors.New("nnue train: no training positions left after the validation block")
	}
	if len(valid) == 0 {
		valid, rep.ValidIsTrain = train, true
	}
	rep.StartTrain = t.lossOf(train, false)
	rep.StartValid = t.lossOf(valid, false)
	rep.StartValidRes = t.lossOf(valid, true)

	start := time.Now()
	order := append([]int32(nil), train...)
	shuffle := rand.New(rand.NewPCG(cfg.Seed, 0x73687566))
	seen := 0
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		lr := cfg.LR * decay(epoch, cfg.Epochs)
		shuffle.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		epochStart, last := time.Now(), time.Now()
		sum := 0.0
		for b := 0; b < len(order); b += cfg.Batch {
			idx := order[b:min(b+cfg.Batch, len(order))]
			sum += t.batch(idx)
			t.adam(lr)
			done := b + len(idx)
			if cfg.Progress != nil && time.Since(last) >= cfg.ProgressEvery && done < len(order) {
				last = time.Now()
				cfg.Progress(Progress{Epoch: epoch, Epochs: cfg.Epochs, Done: done, Total: len(order),
					Train: sum / float64(done), LR: lr, PosPerSec: float64(done) / time.Since(epochStart).Seconds(),
					Elapsed: time.Since(start)})
			}
		}
		seen += len(order)
		rep.EndTrain = sum / float64(len(order))
		rep.FinalLR = lr
		pps := float64(len(order)) / time.Since(epochStart).Seconds()
		if cfg.Progress != nil {
			cfg.Progress(Progress{Epoch: epoch, Epochs: cfg.Epochs, EpochDone: true, Done: len(order), Total: len(order),
				Train: rep.EndTrain, Valid: t.lossOf(valid, false), ValidResult: t.lossOf(valid, true),
				LR: lr, PosPerSec: pps, Elapsed: time.Since(start)})
		}
		if cfg.EpochDone != nil {
			if err := cfg.EpochDone(epoch, m); err != nil {
				return nil, rep, err
			}
		}
	}
	rep.Elapsed = time.Since(start)
	rep.PosPerSec = float64(seen) / rep.Elapsed.Seconds()
	rep.EndTrain = t.lossOf(train, false)
	rep.EndValid = t.lossOf(valid, false)
	rep.EndValidRes = t.lossOf(valid, true)
	net, err := m.Quantise()
	if err != nil {
		return nil, rep, err
	}
	rep.QuantMAE = QuantError(d, valid, m, net)
	return m, rep, nil
}

// QuantError is the mean absolute difference, in centipawns, between the
// float model's eval and the quantised network's integer eval
// (nnue.Net.Evaluate) over the positions idx of d.
func QuantError(d *Data, idx []int32, m *Model, net *nnue.Net) float64 {
	if len(idx) == 0 {
		return 0
	}
	s := newScratch(m.H)
	var pcs []nnue.Piece
	sum := 0.0
	for _, i := range idx {
		f := float64(m.forward(d.features(int(i)), d.stm[i], s)) * nnue.Scale
		pcs = d.pieces(int(i), pcs[:0])
		sum += math.Abs(f - float64(net.Evaluate(pcs, int(d.stm[i]))))
	}
	return sum / float64(len(idx))
}
