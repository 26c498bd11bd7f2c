//go:build !amd64 || noasm

package wire

const (
	hasCompact = false
	hasAVX512  = false
	hasAVX2    = false
)

var compactAVX2 bool

func compactBlocks(st *compactState, src *byte, blocks int, dst []byte, ends []uint32, pos uint32) (written int, nends int) {
	panic("wire: no compact kernel on this platform")
}

func markBlocks(src *byte, blocks int, marks *[4 * balanceBatch]uint64) {
	panic("wire: no mark kernel on this platform")
}
