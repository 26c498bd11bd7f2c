//go:build !amd64 || noasm

package wire

const hasCompact = false

func compactBlocks(st *compactState, src *byte, blocks int, dst []byte, ends []uint32, pos uint32) (written int, nends int) {
	panic("wire: no compact kernel on this platform")
}
