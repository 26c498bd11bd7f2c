module github.com/graftjson/graft

go 1.23
