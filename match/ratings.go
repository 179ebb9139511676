package match

import (
	"math"
)

// result is one game between engines a and b scoring s for a (1, 1/2, 0).
type result struct {
	a, b int
	s    float64
}

// Rating is one engine's maximum-likelihood Elo in a tournament, relative to
// the average of all engines, with the half-width of its 95% interval.
type Rating struct {
	Elo, Error float64
}

// maxRating bounds the ratings: an engine that won (or lost) every game has
// no finite maximum-likelihood rating; it is shown at this bound with an
// infinite error.
const maxRating = 2000

// mlRatings fits the logistic Elo model E(a beats b) = 1/(1 + 10^((Rb-Ra)/400))
// to all games of n engines (a draw counts as half a win for each) by
// Newton's method on the log-likelihood, with the ratings' mean held at 0.
// The errors come from the inverse of the observed information (the
// negative Hessian) restricted to that constraint: with H its Laplacian-like
// matrix and J the all-ones matrix, Cov = (H + J/n)^-1 - J/n.
func mlRatings(n int, games []result) []Rating {
	r := make([]float64, n)
	k := math.Ln10 / 400
	hess := func() ([]float64, [][]float64) {
		g := make([]float64, n)
		h := make([][]float64, n)
		for i := range h {
			h[i] = make([]float64, n)
		}
		for _, x := range games {
			e := 1 / (1 + math.Exp(-k*(r[x.a]-r[x.b])))
			d := k * (x.s - e) // d logL / d r_a
			g[x.a] += d
			g[x.b] -= d
			w := k * k * e * (1 - e)
			h[x.a][x.a] += w
			h[x.b][x.b] += w
			h[x.a][x.b] -= w
			h[x.b][x.a] -= w
		}
		return g, h
	}
	for iter := 0; iter < 100; iter++ {
		g, h := hess()
		cov := constrainedInverse(h)
		if cov == nil {
			break
		}
		moved := 0.0
		for i := range r {
			step := 0.0
			for j := range r {
				step += cov[i][j] * g[j]
			}
			step = math.Max(-200, math.Min(200, step))
			r[i] = math.Max(-maxRating, math.Min(maxRating, r[i]+step))
			moved = math.Max(moved, math.Abs(step))
		}
		mean := 0.0
		for _, v := range r {
			mean += v / float64(n)
		}
		for i := range r {
			r[i] -= mean
		}
		if moved < 1e-6 {
			break
		}
	}
	_, h := hess()
	cov := constrainedInverse(h)
	out := make([]Rating, n)
	for i := range out {
		out[i] = Rating{Elo: r[i], Error: math.Inf(1)}
		if cov != nil && cov[i][i] > 0 && math.Abs(r[i]) < maxRating-1 {
			out[i].Error = z95 * math.Sqrt(cov[i][i])
		}
	}
	return out
}

// constrainedInverse is (H + J/n)^-1 - J/n, the inverse of H on the
// subspace of rating vectors with zero sum, or nil if H is singular there
// (an engine without games, or a field split into groups that never met).
func constrainedInverse(h [][]float64) [][]float64 {
	n := len(h)
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, 2*n)
		for j := range n {
			a[i][j] = h[i][j] + 1/float64(n)
		}
		a[i][n+i] = 1
	}
	// Gauss-Jordan with partial pivoting.
	for c := range n {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(a[i][c]) > math.Abs(a[p][c]) {
				p = i
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return nil
		}
		a[c], a[p] = a[p], a[c]
		inv := 1 / a[c][c]
		for j := range a[c] {
			a[c][j] *= inv
		}
		for i := range n {
			if i != c && a[i][c] != 0 {
				f := a[i][c]
				for j := range a[i] {
					a[i][j] -= f * a[c][j]
				}
			}
		}
	}
	out := make([][]float64, n)
	for i := range out {
		out[i] = make([]float64, n)
		for j := range n {
			out[i][j] = a[i][n+j] - 1/float64(n)
		}
	}
	return out
}
