//go:build !unix

package engine

// allocBuckets returns n zeroed buckets from the Go heap.
func allocBuckets(t *table, n uint64) []ttBucket { return make([]ttBucket, n) }
