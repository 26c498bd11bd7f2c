// Package schema benchmarks graft's JSON Schema plans (package
// github.com/graftjson/graft/schema) beside other Go validators, and
// checks every row's result. See README.md.
package schema
