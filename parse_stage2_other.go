//go:build !amd64 || noasm

package graft

// buildNodes is the Go walk where there is no assembly. Without the
// stage-one kernel the vectorized parse never starts (see useFast).
func buildNodes(st *buildState) { buildNodesGo(st) }
