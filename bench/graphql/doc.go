// Package graphqlbench measures GraphQL response shaping: graft's shape
// and graphql packages beside graphql-go-tools' Resolvable and a plain
// encoding/json map walk, on a generated merged response of about 1 MB.
package graphqlbench
