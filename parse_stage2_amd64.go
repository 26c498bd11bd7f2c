//go:build !noasm

package graft

//go:noescape
func buildNodes(st *buildState)
