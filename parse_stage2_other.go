//go:build !amd64 || noasm

package graft

// buildNodes has no portable version: without the stage-one kernel the
// vectorized parse never starts (see useFast).
func buildNodes(st *buildState) { st.status = buildFail }
