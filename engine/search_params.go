package engine

import "math"

// SearchParams are the alpha-beta search's margins and rates that a
// tuner may change (varchess spsa). A zero field means the game's own
// value (Game.Search), else the default below, so an Options without them
// plays each game's margins; a search reads its own copy, so engines with
// different values can run side by side (one process per engine in a
// tuning match).
type SearchParams struct {
	RFPMargin       int // reverse futility: centipawns per ply of depth
	RFPImproving    int // reverse futility: less margin while improving
	NullEvalDiv     int // null move: a ply more reduction per this much above beta
	ProbCutMargin   int // ProbCut: captures must beat beta by this
	FutilityBase    int // quiet futility: margin at reduced depth 0
	FutilityPerPly  int // quiet futility: margin per ply of reduced depth
	HistoryPrune    int // quiet moves pruned below -this x depth of history
	SEEQuietPerPly  int // quiet moves pruned losing more than this x depth by SEE
	SEENoisyPerPly  int // noisy moves pruned losing more than this x depth by SEE
	LMRBase         int // late-move reduction: constant, hundredths of a ply
	LMRDivisor      int // late-move reduction: log(depth) log(moves) / (this/100)
	LMRHistory      int // late-move reduction: a ply less per this much history
	QFutility       int // quiescence: captures winning nothing skipped this far below alpha
	HistoryBonusPly int // history bonus of a cut-off per ply of depth
	HistoryBonusMax int // history bonus cap
	AspirationDelta int // first half-width of the root's aspiration window
	NullBase        int // null move: reduction, hundredths of a ply
	NullPerPly      int // null move: more reduction per ply of depth, hundredths
	LMPBase         int // late-move pruning: moves searched at depth 0, hundredths
	LMPPerDepth2    int // late-move pruning: more moves per depth squared, hundredths
	SingularPerPly  int // singular extension: margin below the table score per ply, tenths of a cp
	SingularDouble  int // singular extension: two plies when the others fall this far below
	DeeperBase      int // re-search a ply deeper when beating the best by this
	DeeperPerPly    int // ... plus this per ply of depth, tenths of a cp
	HistoryBonusOff int // history bonus of a cut-off: this less than HistoryBonusPly x depth
	SwingScale      int // swing history: bonus per centipawn of the evaluation's swing
	SwingMax        int // swing history: bonus cap
}

// SearchParam describes one of SearchParams' fields for a tuner and for
// the option lines that expose it: its name, default and sensible range.
type SearchParam struct {
	Name          string
	Def, Min, Max int
	field         func(*SearchParams) *int
}

// Get is the parameter's value in p (its default when p leaves it 0).
func (sp SearchParam) Get(p SearchParams) int {
	if v := *sp.field(&p); v != 0 {
		return v
	}
	return sp.Def
}

// Set changes the parameter in p.
func (sp SearchParam) Set(p *SearchParams, v int) { *sp.field(p) = v }

// SearchParamList is every tunable search parameter, in a fixed order.
// The defaults are chess's, tuned by varchess spsa (docs/spsa.md); games
// that were not tuned keep handSetParams through their Game.Search.
var SearchParamList = []SearchParam{
	{"RFPMargin", 70, 40, 160, func(p *SearchParams) *int { return &p.RFPMargin }},
	{"RFPImproving", 28, 1, 120, func(p *SearchParams) *int { return &p.RFPImproving }},
	{"NullEvalDiv", 161, 80, 400, func(p *SearchParams) *int { return &p.NullEvalDiv }},
	{"ProbCutMargin", 225, 80, 400, func(p *SearchParams) *int { return &p.ProbCutMargin }},
	{"FutilityBase", 83, 20, 250, func(p *SearchParams) *int { return &p.FutilityBase }},
	{"FutilityPerPly", 116, 40, 200, func(p *SearchParams) *int { return &p.FutilityPerPly }},
	{"HistoryPrune", 3612, 1000, 8000, func(p *SearchParams) *int { return &p.HistoryPrune }},
	{"SEEQuietPerPly", 63, 20, 150, func(p *SearchParams) *int { return &p.SEEQuietPerPly }},
	{"SEENoisyPerPly", 118, 40, 200, func(p *SearchParams) *int { return &p.SEENoisyPerPly }},
	{"LMRBase", 113, 1, 200, func(p *SearchParams) *int { return &p.LMRBase }},
	{"LMRDivisor", 236, 120, 400, func(p *SearchParams) *int { return &p.LMRDivisor }},
	{"LMRHistory", 8490, 3000, 20000, func(p *SearchParams) *int { return &p.LMRHistory }},
	{"QFutility", 209, 40, 400, func(p *SearchParams) *int { return &p.QFutility }},
	{"HistoryBonusPly", 329, 100, 600, func(p *SearchParams) *int { return &p.HistoryBonusPly }},
	{"HistoryBonusMax", 1670, 600, 4000, func(p *SearchParams) *int { return &p.HistoryBonusMax }},
	{"AspirationDelta", 11, 6, 60, func(p *SearchParams) *int { return &p.AspirationDelta }},
	{"NullBase", 300, 150, 500, func(p *SearchParams) *int { return &p.NullBase }},
	{"NullPerPly", 25, 5, 50, func(p *SearchParams) *int { return &p.NullPerPly }},
	{"LMPBase", 300, 100, 600, func(p *SearchParams) *int { return &p.LMPBase }},
	{"LMPPerDepth2", 100, 40, 200, func(p *SearchParams) *int { return &p.LMPPerDepth2 }},
	{"SingularPerPly", 30, 5, 60, func(p *SearchParams) *int { return &p.SingularPerPly }},
	{"SingularDouble", 25, 5, 80, func(p *SearchParams) *int { return &p.SingularDouble }},
	{"DeeperBase", 50, 10, 150, func(p *SearchParams) *int { return &p.DeeperBase }},
	{"DeeperPerPly", 20, 1, 60, func(p *SearchParams) *int { return &p.DeeperPerPly }},
	{"HistoryBonusOff", 250, 1, 400, func(p *SearchParams) *int { return &p.HistoryBonusOff }},
	{"SwingScale", 16, 4, 40, func(p *SearchParams) *int { return &p.SwingScale }},
	{"SwingMax", 1600, 400, 4000, func(p *SearchParams) *int { return &p.SwingMax }},
}

// FindSearchParam looks a parameter up by its exact name.
func FindSearchParam(name string) (SearchParam, bool) {
	for _, sp := range SearchParamList {
		if sp.Name == name {
			return sp, true
		}
	}
	return SearchParam{}, false
}

// handSetParams are the margins written by hand before any tuning run.
// Chess's defaults replaced them; the drop games and monochrome keep them,
// since nothing tuned them there. Every field is set, so a new chess
// default never reaches those games by the fallback to the defaults.
var handSetParams = SearchParams{
	RFPMargin:       80,
	RFPImproving:    40,
	NullEvalDiv:     200,
	ProbCutMargin:   200,
	FutilityBase:    100,
	FutilityPerPly:  100,
	HistoryPrune:    3000,
	SEEQuietPerPly:  60,
	SEENoisyPerPly:  100,
	LMRBase:         75,
	LMRDivisor:      225,
	LMRHistory:      8000,
	QFutility:       150,
	HistoryBonusPly: 300,
	HistoryBonusMax: 1600,
	AspirationDelta: 18,
	NullBase:        300,
	NullPerPly:      25,
	LMPBase:         300,
	LMPPerDepth2:    100,
	SingularPerPly:  30,
	SingularDouble:  25,
	DeeperBase:      50,
	DeeperPerPly:    20,
	HistoryBonusOff: 250,
	SwingScale:      16,
	SwingMax:        1600,
}

// over fills p's unset fields from base: options set by a tuner override
// a game's own margins, which override the defaults.
func (p SearchParams) over(base SearchParams) SearchParams {
	for _, sp := range SearchParamList {
		if *sp.field(&p) == 0 {
			sp.Set(&p, *sp.field(&base))
		}
	}
	return p
}

// withDefaults fills every unset field with its default.
func (p SearchParams) withDefaults() SearchParams {
	for _, sp := range SearchParamList {
		sp.Set(&p, sp.Get(p))
	}
	return p
}

// lmrTable is a table of late-move reductions, [depth][moves searched].
type lmrTable [64][64]int8

// newLMRTable computes the table for a constant and divisor given in
// hundredths (75 and 225: 0.75 + ln d ln n / 2.25).
func newLMRTable(base, divisor int) *lmrTable {
	var t lmrTable
	b, div := float64(base)/100, float64(divisor)/100
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			t[d][n] = int8(b + math.Log(float64(d))*math.Log(float64(n))/div)
		}
	}
	return &t
}

// defaultParams are the defaults; defaultLMR and handSetLMR are the tables
// of the two sets, shared read-only by every search that keeps them.
var (
	defaultParams = SearchParams{}.withDefaults()
	defaultLMR    = newLMRTable(defaultParams.LMRBase, defaultParams.LMRDivisor)
	handSetLMR    = newLMRTable(handSetParams.LMRBase, handSetParams.LMRDivisor)
)

// lmrFor is the table of p (already with defaults): a shared one unless
// a tuner changed its constants.
func lmrFor(p SearchParams) *lmrTable {
	switch {
	case p.LMRBase == defaultParams.LMRBase && p.LMRDivisor == defaultParams.LMRDivisor:
		return defaultLMR
	case p.LMRBase == handSetParams.LMRBase && p.LMRDivisor == handSetParams.LMRDivisor:
		return handSetLMR
	}
	return newLMRTable(p.LMRBase, p.LMRDivisor)
}
