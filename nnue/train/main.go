package train

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"varchess/internal/atomicfile"
	"varchess/nnue"
)

// Main is the `varchess nnue-train` command.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nnue-train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg Config
	data := fs.String("data", "", "datagen files to train on, comma separated (required)")
	out := fs.String("out", "", "network file to write (required), e.g. nnue/default.nnue; rewritten after every epoch")
	initFile := fs.String("init", "", "start from this network file (dequantised) instead of random weights")
	fs.IntVar(&cfg.Hidden, "hidden", 256, "hidden size H of the 768 -> Hx2 -> 1 network (with -init: the file's)")
	fs.IntVar(&cfg.Epochs, "epochs", 30, "full passes over the training positions")
	fs.IntVar(&cfg.Batch, "batch", 16384, "positions per Adam step")
	fs.Float64Var(&cfg.LR, "lr", 0.001, "Adam step size; x0.3 after 70% of the epochs and again after 90%")
	fs.Float64Var(&cfg.K, "k", 1.04, "sigmoid scale: expected score = 1/(1+10^(-K*eval/400)) (the Texel tuner's fitted value keeps the centipawn scale)")
	fs.Float64Var(&cfg.Lambda, "lambda", 0.5, "weight of the game result in the target; the rest is the sigmoid of the datagen search score")
	fs.Float64Var(&cfg.Valid, "valid", 0.05, "fraction of positions held out for validation: one contiguous block (whole games) placed by -seed; 0 = report on the training set")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the initial weights, the validation block and the shuffling (a run is reproducible from it)")
	flip := fs.Bool("flip", true, "add each position's mirror image across the d/e line (the same position to the net, which ignores castling rights)")
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "goroutines parsing the data and computing the gradient (the output is the same for every value)")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: varchess nnue-train -data FILE[,FILE...] -out FILE [-epochs N] [-batch N] [-lr X] [-hidden H]
                           [-k K] [-lambda L] [-valid F] [-seed S] [-threads T] [-init FILE] [-flip=false]

Trains the chess evaluation network (package nnue: 768 -> Hx2 -> 1, SCReLU)
on positions written by `+"`varchess datagen`"+` ("FEN | score | result", White's
view). The loss is the mean squared error between 1/(1+10^(-K*eval/400)) and
lambda*result + (1-lambda)*1/(1+10^(-K*score/400)), all from the side to
move's view; the optimiser is Adam on mini-batches. Malformed lines are
skipped and counted. Progress goes to stderr; the network is written to -out
after every epoch (atomically) and a summary line to stdout at the end.
See docs/nnue.md.

`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *data == "" || *out == "" || cfg.Epochs < 1 || cfg.Batch < 1 || !(cfg.LR > 0) || !(cfg.K > 0) ||
		!(cfg.Lambda >= 0 && cfg.Lambda <= 1) || !(cfg.Valid >= 0 && cfg.Valid < 1) || cfg.Threads < 1 ||
		cfg.Hidden < 1 || cfg.Hidden > nnue.MaxHidden {
		fmt.Fprintf(stderr, "nnue-train: -data and -out are required; -epochs, -batch, -lr, -k and -threads must be positive, -hidden in 1..%d, -lambda in [0,1], -valid in [0,1)\n", nnue.MaxHidden)
		fs.Usage()
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "nnue-train: %v\n", err)
		return 1
	}
	if *initFile != "" {
		b, err := os.ReadFile(*initFile)
		if err != nil {
			return fail(err)
		}
		if cfg.Init, err = nnue.Parse(b); err != nil {
			return fail(fmt.Errorf("%s: %w", *initFile, err))
		}
		hiddenSet := false
		fs.Visit(func(f *flag.Flag) { hiddenSet = hiddenSet || f.Name == "hidden" })
		if hiddenSet && cfg.Hidden != cfg.Init.Hidden {
			return fail(fmt.Errorf("-hidden %d, but %s has hidden size %d", cfg.Hidden, *initFile, cfg.Init.Hidden))
		}
	}
	// Fail on an unwritable -out now rather than after the first epoch.
	if err := checkWritable(*out); err != nil {
		return fail(err)
	}

	start := time.Now()
	files := strings.Split(*data, ",")
	d, err := LoadFiles(files, *flip, cfg.Threads, func(name string, n int) {
		fmt.Fprintf(stderr, "nnue-train: %s: %d positions loaded\n", name, n)
	})
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(stderr, "nnue-train: %d positions from %d lines (%d skipped) loaded in %s\n",
		d.Len(), d.Lines, d.Skipped, time.Since(start).Round(time.Millisecond))
	if d.Skipped > 0 {
		fmt.Fprintf(stderr, "nnue-train: first skipped line: %s\n", d.FirstBad)
	}
	cfg.Progress = func(p Progress) {
		if p.EpochDone {
			fmt.Fprintf(stderr, "nnue-train: epoch %d/%d  train loss %.6f  validation loss %.6f (results %.6f)  lr %.2g  %.0f pos/s  %s\n",
				p.Epoch, p.Epochs, p.Train, p.Valid, p.ValidResult, p.LR, p.PosPerSec, p.Elapsed.Round(time.Second))
			return
		}
		fmt.Fprintf(stderr, "nnue-train: epoch %d/%d  %d/%d positions  train loss %.6f  %.0f pos/s  %s\n",
			p.Epoch, p.Epochs, p.Done, p.Total, p.Train, p.PosPerSec, p.Elapsed.Round(time.Second))
	}
	cfg.EpochDone = func(epoch int, m *Model) error {
		return writeNet(*out, m)
	}
	m, rep, err := Run(d, cfg)
	if err != nil {
		return fail(err)
	}
	if err := writeNet(*out, m); err != nil {
		return fail(err)
	}
	validName := "validation"
	if rep.ValidIsTrain {
		validName = "validation (= training set, -valid 0)"
	}
	fmt.Fprintf(stdout, "nnue-train: varchess nnue-train %s | hidden %d, epochs %d, batch %d, lr %g, K %g, lambda %g, seed %d | "+
		"%d positions (train %d, validation %d, %d lines skipped) | train loss %.6f -> %.6f, %s loss %.6f -> %.6f (results %.6f -> %.6f) | "+
		"float vs integer eval %.2f cp | %.0f pos/s, %s | written to %s\n",
		strings.Join(args, " "), rep.Hidden, cfg.Epochs, cfg.Batch, cfg.LR, cfg.K, cfg.Lambda, cfg.Seed,
		rep.Positions, rep.Train, rep.Valid, d.Skipped, rep.StartTrain, rep.EndTrain, validName, rep.StartValid, rep.EndValid,
		rep.StartValidRes, rep.EndValidRes, rep.QuantMAE, rep.PosPerSec, rep.Elapsed.Round(time.Second), *out)
	return 0
}

// checkWritable fails when a file cannot be created in path's directory.
func checkWritable(path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// writeNet quantises m and writes it to path atomically (a temporary file
// in the same directory, then a rename), so an interrupted run leaves
// either the previous file or the new one.
func writeNet(path string, m *Model) error {
	net, err := m.Quantise()
	if err != nil {
		return err
	}
	b, err := net.MarshalBinary()
	if err != nil {
		return err
	}
	return atomicfile.Write(path, b)
}
