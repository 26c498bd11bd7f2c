package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	graft "github.com/graftjson/graft/gateway"
)

// runProfiled serves what graft serve serves (package gateway behind
// net/http, Authorization forwarded, deduplication on) with net/http/pprof
// beside it, to profile the gateway under wrk's load:
//
//	gatewaybench graft-pprof -supergraph FILE -listen 127.0.0.1:4000
//	go tool pprof http://127.0.0.1:4000/debug/pprof/profile?seconds=10
func runProfiled(args []string) {
	fs := flag.NewFlagSet("graft-pprof", flag.ExitOnError)
	listen := fs.String("listen", "127.0.0.1:4000", "address")
	sg := fs.String("supergraph", "", "the supergraph file")
	fs.Parse(args)
	if !strings.HasPrefix(*listen, "127.0.0.1:") {
		log.Fatal("-listen must be on 127.0.0.1")
	}
	sdl, err := os.ReadFile(*sg)
	if err != nil {
		log.Fatal(err)
	}
	g, err := graft.New(string(sdl), graft.Options{
		ForwardHeaders: []string{"Authorization"}, Dedup: true,
		Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/", g)
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	log.Fatal((&http.Server{Addr: *listen, Handler: mux, ReadHeaderTimeout: 10 * time.Second}).ListenAndServe())
}

// runSubgraphs serves the benchmark's subgraphs until interrupted and
// writes their supergraph, for runs by hand:
//
//	gatewaybench subgraphs -supergraph-out FILE [-slow]
func runSubgraphs(args []string) {
	fs := flag.NewFlagSet("subgraphs", flag.ExitOnError)
	out := fs.String("supergraph-out", "supergraph.graphql", "where to write the supergraph")
	slow := fs.Bool("slow", false, "inventory answers 50 ms late")
	fs.Parse(args)
	subs, err := startSubgraphs(generate())
	if err != nil {
		log.Fatal(err)
	}
	defer subs.stop()
	subs.slow.Store(*slow)
	if err := os.WriteFile(*out, []byte(subs.supergraph()), 0o644); err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
}
