package engine

// russianWeights are the weights of the russian evaluation's features (see
// RussianFeatureNames), in 1/64 centipawns.
var russianWeights = [russianFeatureCount]int{
	6400, 20480, 21120, 32000, 60800, // MatPawn .. MatQueen
	3200, 10240, 10560, 16000, 30400, // PrisPawn .. PrisQueen
	768,              // PawnStep
	512, 512, 0, 512, // CentreKnight .. CentreQueen
	512, 0, // CentreKingEnd, CentreKingMid
	-300,     // Carried
	640,      // Held
	-43, -43, // KingDanger, CheckThreat
	0, 0, 0, 0, // MobKnight .. MobQueen
	0, 0, 0, 0, // KingRank0 .. KingRank3
	0,   // Faces
	640, // Tempo
}
