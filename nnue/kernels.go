package nnue

import "unsafe"

// The hot loops of inference. Go has no portable SIMD, so the accumulator
// updates work on four int16 lanes packed in a uint64 (SWAR: "SIMD within
// a register"): a lane-wise add or subtract that never carries from one
// lane into the next, which is exactly int16 arithmetic with wrap-around
// (what the plain loops compute). A tail of fewer than four values (a
// hidden size that is not a multiple of 4) takes the plain loop. The loops
// are written so that the compiler proves every index in range (check with
// `go build -gcflags=-d=ssa/check_bce ./nnue`).

// hi is the top bit of each 16-bit lane.
const hi = 0x8000_8000_8000_8000

// add4 adds four int16 lanes (wrapping in each lane).
func add4(x, y uint64) uint64 { return ((x &^ hi) + (y &^ hi)) ^ ((x ^ y) & hi) }

// sub4 subtracts four int16 lanes (wrapping in each lane).
func sub4(x, y uint64) uint64 { return ((x | hi) - (y &^ hi)) ^ ((x ^ ^y) & hi) }

// lanes views the first len(s)/4*4 values of s as packed uint64 words (the
// lane order does not matter: every operation is lane-wise). int16 holds
// no pointers, so the view needs no particular alignment.
func lanes(s []int16) []uint64 {
	if len(s) < 4 {
		return nil // no word (and no pointer to one past a short slice)
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(s))), len(s)/4)
}

// tail is the index of the first value the packed words do not cover.
func tail(n int) int { return n &^ 3 }

// addRow computes dst = src + a (all of len(dst)).
func addRow(dst, src, a []int16) {
	d, s, x := lanes(dst), lanes(src), lanes(a)
	s, x = s[:len(d)], x[:len(d)]
	for i := range d {
		d[i] = add4(s[i], x[i])
	}
	for i := tail(len(dst)); i < len(dst) && i < len(src) && i < len(a); i++ {
		dst[i] = src[i] + a[i]
	}
}

// subRow computes dst = src - a.
func subRow(dst, src, a []int16) {
	d, s, x := lanes(dst), lanes(src), lanes(a)
	s, x = s[:len(d)], x[:len(d)]
	for i := range d {
		d[i] = sub4(s[i], x[i])
	}
	for i := tail(len(dst)); i < len(dst) && i < len(src) && i < len(a); i++ {
		dst[i] = src[i] - a[i]
	}
}

// screluDot is the sum over i of clamp(v[i], 0, QA)^2 * w[i] (w at least
// as long as v), unrolled by four (integer addition in any order gives the
// same total; measured: a few percent faster than the plain loop, more
// sums or int32 terms were not).
func screluDot(v, w []int16) int64 {
	w = w[:len(v)]
	var s int64
	for len(v) >= 4 && len(w) >= 4 {
		x, y := (*[4]int16)(v), (*[4]int16)(w)
		a := int64(min(max(x[0], 0), QA))
		b := int64(min(max(x[1], 0), QA))
		c := int64(min(max(x[2], 0), QA))
		d := int64(min(max(x[3], 0), QA))
		s += a*a*int64(y[0]) + b*b*int64(y[1]) + c*c*int64(y[2]) + d*d*int64(y[3])
		v, w = v[4:], w[4:]
	}
	w = w[:len(v)]
	for i, x := range v {
		c := int64(min(max(x, 0), QA))
		s += c * c * int64(w[i])
	}
	return s
}
