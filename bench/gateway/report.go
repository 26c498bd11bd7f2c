package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"
)

// summary is one gateway's runs of one scenario, over every round.
type summary struct {
	requests int
	seconds  float64
	cpu      float64
	p99, p50 time.Duration // means over the rounds
	above    float64       // the most peak RSS above idle of a round, MiB
	peak     float64       // the most peak RSS of a round, MiB
	bad      int
	rounds   int
}

func (s summary) rps() float64    { return float64(s.requests) / s.seconds }
func (s summary) perCPU() float64 { return float64(s.requests) / s.cpu }

func summarize(results []result) map[[2]string]*summary {
	m := map[[2]string]*summary{}
	for _, r := range results {
		s := m[r.key()]
		if s == nil {
			s = &summary{}
			m[r.key()] = s
		}
		s.requests += r.requests
		s.seconds += r.seconds
		s.cpu += r.cpu
		s.p99 += r.p99
		s.p50 += r.p50
		s.above = max(s.above, r.rssAbove())
		s.peak = max(s.peak, r.peakMiB())
		s.bad += r.bad + r.errors
		s.rounds++
	}
	for _, s := range m {
		s.p99 /= time.Duration(s.rounds)
		s.p50 /= time.Duration(s.rounds)
	}
	return m
}

// writeReport renders RESULTS.md: the runs, each scenario's summary with
// graft's ratios to the peers, and the targets met or missed.
func writeReport(results []result, gateways []gateway, run []scenario, rounds int, d time.Duration, conns int) []byte {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	load, _ := os.ReadFile("/proc/loadavg")
	p("# Gateway benchmark results\n\n")
	p("Written by `bench/gateway/run.sh` on %s. Loopback, %d CPUs (%s), load average at the end %s.\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), runtime.NumCPU(), cpuModel(), strings.Join(strings.Fields(string(load))[:3], " "))
	p("wrk: 1 thread, %d connections, %v per run after a 2 s warm-up, %d interleaved rounds; every response checked byte for byte (`check.lua`).\n", conns, d, rounds)
	p("CPU-seconds are the gateway process's user+system time during the run (`/proc/PID/stat`); each run starts the gateway afresh: peak RSS is `VmHWM` at the end of the run (warm-up included), \"above idle\" subtracts `VmRSS` after the first request.\n")
	p("The subgraphs (Go, in the harness process, answers replayed per request body) share the machine's 2 cores with the gateway and wrk.\n\n")
	p("Gateways:\n\n")
	for _, g := range gateways {
		p("- %s %s\n", g.name, g.version)
	}
	sums := summarize(results)
	for _, s := range run {
		p("\n## %s\n\n`%s`\n\n", s.title, s.query())
		p("| gateway | requests/s | p50 ms | p99 ms | req per CPU-second | peak RSS MiB | above idle MiB | bad responses | rounds |\n")
		p("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
		for _, g := range gateways {
			sm := sums[[2]string{g.name, s.name}]
			if sm == nil {
				p("| %s | — | — | — | — | — | — | — | 0 |\n", g.name)
				continue
			}
			p("| %s | %.0f | %.2f | %.2f | %.0f | %.0f | %.0f | %d | %d |\n", g.name, sm.rps(), ms(sm.p50), ms(sm.p99), sm.perCPU(), sm.peak, sm.above, sm.bad, sm.rounds)
		}
		var rounds []string
		for _, r := range results {
			if r.scenario == s.name {
				rounds = append(rounds, fmt.Sprintf("%s#%d %.0f; %.0f; %.1f", r.gateway, r.round, r.rps(), r.perCPU(), ms(r.p99)))
			}
		}
		p("\nPer round (requests/s; req per CPU-second; p99 ms): %s.\n", strings.Join(rounds, " — "))
	}

	p("\n## Targets\n\n")
	graft := func(s string) *summary { return sums[[2]string{"graft", s}] }
	bestPeer := func(s string, better func(a, b *summary) bool) (string, *summary) {
		var name string
		var best *summary
		for _, g := range gateways {
			sm := sums[[2]string{g.name, s}]
			if g.name == "graft" || sm == nil {
				continue
			}
			if best == nil || better(sm, best) {
				name, best = g.name, sm
			}
		}
		return name, best
	}
	byCPU := func(a, b *summary) bool { return a.perCPU() > b.perCPU() }
	byP99 := func(a, b *summary) bool { return a.p99 < b.p99 }
	verdict := func(ok bool) string {
		if ok {
			return "**met**"
		}
		return "**missed**"
	}
	if g := graft("nested-unique"); g != nil {
		if name, peer := bestPeer("nested-unique", byCPU); peer != nil {
			ratio := g.perCPU() / peer.perCPU()
			p("- Unique headers, requests per gateway CPU-second ≥ 3× the best peer's: graft %.0f, %s %.0f: %.2f× — %s.\n", g.perCPU(), name, peer.perCPU(), ratio, verdict(ratio >= 3))
		}
		if name, peer := bestPeer("nested-unique", byP99); peer != nil {
			ratio := float64(g.p99) / float64(peer.p99)
			p("- Unique headers, p99 ≤ 0.5× the best peer's: graft %.2f ms, %s %.2f ms: %.2f× — %s.\n", ms(g.p99), name, ms(peer.p99), ratio, verdict(ratio <= 0.5))
		}
	}
	if g, h := graft("nested-same"), sums[[2]string{"hive-router", "nested-same"}]; g != nil && h != nil {
		ratio := g.perCPU() / h.perCPU()
		p("- Identical requests, requests per CPU-second ≥ 1.5× Hive Router's: graft %.0f, Hive Router %.0f: %.2f× — %s.\n", g.perCPU(), h.perCPU(), ratio, verdict(ratio >= 1.5))
	} else if g != nil {
		p("- Identical requests vs Hive Router: not measured (Hive Router not installed).\n")
	}
	if g := graft("nested-same"); g != nil {
		if name, peer := bestPeer("nested-same", byCPU); peer != nil {
			p("- Identical requests, against the best peer measured: graft %.0f, %s %.0f requests per CPU-second: %.2f×.\n", g.perCPU(), name, peer.perCPU(), g.perCPU()/peer.perCPU())
		}
	}
	if g := graft("big-unique"); g != nil {
		p("- Big responses, peak RSS ≤ 64 MiB above idle under %d concurrent: graft %.0f MiB above idle (peak %.0f MiB) — %s.\n", conns, g.above, g.peak, verdict(g.above <= 64))
		if name, peer := bestPeer("big-unique", byCPU); peer != nil {
			p("- Big responses, ahead of every peer in requests per CPU-second: graft %.0f, best peer %s %.0f: %.2f× — %s.\n", g.perCPU(), name, peer.perCPU(), g.perCPU()/peer.perCPU(), verdict(g.perCPU() > peer.perCPU()))
		}
	}
	bad := 0
	for _, r := range results {
		bad += r.bad + r.errors
	}
	p("\nResponses that failed the check (status or body) or socket errors, all runs: %d.\n", bad)
	return b.Bytes()
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(b), "\n") {
		if name, ok := strings.CutPrefix(line, "model name"); ok {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
		}
	}
	return "unknown CPU"
}
