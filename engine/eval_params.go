package engine

import (
	"bytes"
	"fmt"
	"go/format"
	"reflect"
	"unsafe"

	"varchess/variants"
	"varchess/variants/chess"
)

// chessWeights (written by `varchess tune` into eval_weights.go) are
// every weight of the chess evaluation. The evaluation reads them directly
// (no indirection on the hot path); the tuner sees them as one flat list of
// (midgame, endgame) pairs through ChessParams and the trace of a position.
//
// evalWeights holds only score values (arrays of them included), so that
// its memory is a plain []score and a weight's index is its offset.
type evalWeights struct {
	Material [7]score     // by piece type
	PST      [7][64]score // by piece type and square, seen from White

	MobKnight [9]score // by the number of safe squares attacked
	MobBishop [14]score
	MobRook   [15]score
	MobQueen  [28]score

	Isolated  score
	Doubled   score
	Backward  score
	Connected [8]score // phalanx or supported pawn, by relative rank
	// WeakUnopposed: an isolated or backward pawn that no enemy pawn faces
	// on its file, open to rooks.
	WeakUnopposed score
	BlockedPawn   [8]score // a pawn an enemy pawn stops, by relative rank

	Passed          [8]score // by relative rank
	PassedBlocked   [8]score // the square in front is occupied
	PassedSafeStop  [8]score // the square in front is empty and not attacked
	PassedFreePath  [8]score // no enemy piece or attack on the way to promote
	PassedOwnKing   [8]score // times the own king's distance to the stop square
	PassedTheirKing [8]score // times the enemy king's distance to it

	BishopPair         score
	BishopPawns        score // per own pawn on the bishop's square colour
	KnightOutpost      score
	BishopOutpost      score
	MinorBehindPawn    score
	RookOpen           score
	RookSemiOpen       score
	RookOnQueenFile    score // a rook on a file with a queen of either colour
	RookTrapped        score // a rook of little mobility shut in by its own king
	KingProtector      score // per minor, times its distance to its own king
	LongDiagonal       score // a bishop that sees both centre squares of its colour through pawns
	Space              score // safe central squares on the own side, times a piece-count weight
	KnightReachOutpost score // a knight one move from an empty outpost
	BishopOnKingRing   score // a bishop whose rays through the pawns only reach the enemy king's ring
	RookOnKingRing     score // a rook on a file of the enemy king's ring, not attacking it
	QueenInfiltration  score // a queen on the enemy's half that no enemy pawn can ever attack

	Shelter       [4][8]score // own pawn in front of the king: [edge distance of the file][relative rank, 0 none]
	Storm         [4][8]score // enemy pawn coming: same indices
	KingPawnDist  score       // times the king's distance to its nearest pawn
	PawnlessFlank score       // no pawn of either colour on the king's flank

	ThreatByPawn  [7]score // pieces attacked by pawns, by victim type
	ThreatByMinor [7]score // by victim type
	ThreatByRook  [7]score // by victim type
	ThreatByKing  score
	Hanging       score
	PawnPush      score // a safe pawn push would attack a piece
	Restricted    score // squares both attack that the enemy does not strongly hold
	WeakQueenProt score // weak enemy pieces (attacked, not strongly held) that their queen defends
	KnightOnQueen score // safe squares from which a knight would attack the lone enemy queen
	SliderOnQueen score // same for a bishop or rook, on squares attacked twice

	Tempo score

	// Complexity: features of the whole position (not of one colour) whose
	// weighted sum cx moves each phase's score away from zero, or towards
	// it but never past it: mg += sign(mg) * max(cx.mg, -|mg|), same for
	// eg. Many pawns, passers and pawns on both flanks keep an advantage
	// alive; few pawns on one flank let the defender hold it.
	CxPassed       score // per passed pawn of either colour
	CxPawns        score // per pawn
	CxBothFlanks   score // pawns on both the queen's and the king's side
	CxOutflanking  score // the kings' file distance minus their rank distance
	CxInfiltration score // a king on the enemy's half of the board
	CxPawnEnding   score // kings and pawns only
	CxBias         score // constant

	// King danger (in "units"): summed per attacked king, turned into a
	// penalty of mg*mg/720 and eg/20 (each only when positive).
	KSAttacker    [7]score // per piece of this type attacking the king zone
	KSAttacks     score    // per attack on a square next to the king
	KSWeakSquares score    // king-zone squares defended by the king or queen at most
	KSSafeCheck   [7]score // safe checking squares, by the checking piece
	KSNoQueen     score    // the attacker has no queen
	KSUnsafeCheck score    // checking squares that are not safe, in the mobility area
	KSBlockers    score    // pieces alone between the king and an enemy slider's line to it
	KSKnightDef   score    // a knight of the defender guards a square next to its king
	KSFlankDef    score    // per square of the king's flank in its own camp the defender attacks
	KSAdjust      score    // constant
}

const nWeights = int(unsafe.Sizeof(evalWeights{}) / unsafe.Sizeof(score{}))

// weightSlice views w as its flat list of pairs.
func weightSlice(w *evalWeights) []score {
	return unsafe.Slice((*score)(unsafe.Pointer(w)), nWeights)
}

// weightIndex is the flat index of the weight p points to inside
// chessWeights.
func weightIndex(p *score) int {
	off := uintptr(unsafe.Pointer(p)) - uintptr(unsafe.Pointer(&chessWeights))
	i := int(off / unsafe.Sizeof(score{}))
	if off%unsafe.Sizeof(score{}) != 0 || i < 0 || i >= nWeights {
		panic("engine: trace of a weight outside chessWeights")
	}
	return i
}

// ChessParam is one tunable weight pair.
type ChessParam struct {
	Name   string // e.g. "PST[2][27]"
	MG, EG int
}

// ChessParams lists the evaluation weights in their flat order.
func ChessParams() []ChessParam {
	names := weightNames()
	out := make([]ChessParam, nWeights)
	for i, s := range weightSlice(&chessWeights) {
		out[i] = ChessParam{Name: names[i], MG: s.mg, EG: s.eg}
	}
	return out
}

// weightNames walks evalWeights and names every pair.
func weightNames() []string {
	var names []string
	var walk func(t reflect.Type, name string)
	walk = func(t reflect.Type, name string) {
		switch {
		case t == reflect.TypeFor[score]():
			names = append(names, name)
		case t.Kind() == reflect.Array:
			for i := 0; i < t.Len(); i++ {
				walk(t.Elem(), fmt.Sprintf("%s[%d]", name, i))
			}
		case t.Kind() == reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				walk(t.Field(i).Type, t.Field(i).Name)
			}
		default:
			panic("engine: evalWeights holds a " + t.String())
		}
	}
	walk(reflect.TypeFor[evalWeights](), "")
	return names
}

// TraceTerm is one feature of a position: the weight's flat index and how
// many times it counts (White's count minus Black's for linear terms).
type TraceTerm struct {
	Index int
	Count int
}

// ChessTrace is the chess evaluation of one position written as features,
// so that a tuner can evaluate it with any weights:
//
//	mg = sum Linear[i].Count * W[Index].mg - danger(White).mg + danger(Black).mg
//	danger(c).mg = max(0, sum Safety[c] Count*W.mg)^2 / 720 (eg: max(0, .)/20)
//	cx.mg = sum Complexity[i].Count * W[Index].mg; mg += sign(mg)*max(cx.mg, -|mg|)
//	eval = (mg*Phase + eg*(24-Phase)) / 24 * Scale[strong]/128
//
// (eg likewise), where strong is White when the unscaled eval is >= 0. Eval is the engine's own result from
// White's view (integer arithmetic; a tuner's float version differs by
// rounding only).
type ChessTrace struct {
	Linear []TraceTerm
	Safety [2][]TraceTerm // danger to the king of each colour
	// Complexity features, of the whole position
	Complexity []TraceTerm
	Phase      int
	Scale      [2]int // scale of the eval (of 128) when White / Black is ahead
	Eval       int
}

// Constants of the evaluation formula a tuner reproduces.
const (
	ChessMaxPhase    = maxPhase
	ChessScaleNorm   = scaleNorm
	ChessSafetyMGDiv = safetyMGDiv
	ChessSafetyEGDiv = safetyEGDiv
)

// evalTrace collects the features during one evaluation.
type evalTrace struct {
	linear [2][nWeights]int
	safety [2][nWeights]int
	used   [2]bool // the danger to this colour's king applies
	cx     [nWeights]int
}

func (t *evalTrace) add(c variants.Color, p *score, n int) { t.linear[c][weightIndex(p)] += n }
func (t *evalTrace) addSafety(c variants.Color, p *score, n int) {
	t.safety[c][weightIndex(p)] += n
}

// TraceChess evaluates p with the engine's weights and returns its features.
func TraceChess(p *chess.Position) ChessTrace {
	var t evalTrace
	v, phase, scales := evaluateChessTraced(p, &t)
	out := ChessTrace{Phase: phase, Scale: scales, Eval: v}
	for i := range nWeights {
		if n := t.linear[variants.White][i] - t.linear[variants.Black][i]; n != 0 {
			out.Linear = append(out.Linear, TraceTerm{i, n})
		}
	}
	for i := range nWeights {
		if n := t.cx[i]; n != 0 {
			out.Complexity = append(out.Complexity, TraceTerm{i, n})
		}
	}
	for c := range 2 {
		if !t.used[c] {
			continue
		}
		for i := range nWeights {
			if n := t.safety[c][i]; n != 0 {
				out.Safety[c] = append(out.Safety[c], TraceTerm{i, n})
			}
		}
	}
	return out
}

// ChessWeightsSource returns the Go source of eval_weights.go holding the
// given pairs (in ChessParams order), rounded to integers.
func ChessWeightsSource(mg, eg []float64, header string) ([]byte, error) {
	if len(mg) != nWeights || len(eg) != nWeights {
		return nil, fmt.Errorf("%d/%d weights, want %d", len(mg), len(eg), nWeights)
	}
	var w evalWeights
	flat := weightSlice(&w)
	for i := range flat {
		flat[i] = score{roundInt(mg[i]), roundInt(eg[i])}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by varchess tune; DO NOT EDIT.\n\n%s\npackage engine\n\n", header)
	b.WriteString("var chessWeights = evalWeights{\n")
	v := reflect.ValueOf(w)
	for i := 0; i < v.NumField(); i++ {
		fmt.Fprintf(&b, "%s: ", v.Type().Field(i).Name)
		writeWeightValue(&b, v.Field(i), true)
		b.WriteString(",\n")
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

func roundInt(x float64) int {
	if x < 0 {
		return -int(-x + 0.5)
	}
	return int(x + 0.5)
}

// writeWeightValue writes a score or an array of them as a Go literal; a
// struct field's value (top) names its type, array elements elide it.
func writeWeightValue(b *bytes.Buffer, v reflect.Value, top bool) {
	if top {
		b.WriteString(weightTypeName(v.Type()))
	}
	if v.Type() == reflect.TypeFor[score]() {
		s := v.Interface().(score)
		fmt.Fprintf(b, "{%d, %d}", s.mg, s.eg)
		return
	}
	b.WriteString("{")
	inner := v.Type().Elem() != reflect.TypeFor[score]()
	for i := 0; i < v.Len(); i++ {
		if inner || i%8 == 0 {
			b.WriteString("\n")
		}
		writeWeightValue(b, v.Index(i), false)
		b.WriteString(", ")
	}
	b.WriteString("\n}")
}

func weightTypeName(t reflect.Type) string {
	if t.Kind() == reflect.Array {
		return fmt.Sprintf("[%d]%s", t.Len(), weightTypeName(t.Elem()))
	}
	return "score"
}
