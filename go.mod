module github.com/graftjson/graft

go 1.23.0

// The tests' allocation budgets are set for this Go; the go command fetches
// it to run them where an older one is installed. The package itself needs
// the go line's.
toolchain go1.26.8

require (
	github.com/vektah/gqlparser/v2 v2.5.30
	golang.org/x/term v0.34.0
)

require (
	github.com/agnivade/levenshtein v1.2.1 // indirect
	golang.org/x/sys v0.35.0 // indirect
)
