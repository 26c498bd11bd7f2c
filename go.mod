module github.com/graftjson/graft

go 1.23

require github.com/vektah/gqlparser/v2 v2.5.30

require github.com/agnivade/levenshtein v1.2.1 // indirect
