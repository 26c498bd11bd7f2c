// Command gatewaybench measures federation gateways side by side on
// loopback: graft serve, and the peers that are installed (run.sh
// installs them). It serves the four subgraphs itself (answers computed
// once per request body, then replayed), starts each gateway in turn,
// loads it with wrk (check.lua checks every response), reads the
// gateway's CPU time and peak RSS from /proc, and writes RESULTS.md.
//
//	gatewaybench -graft PATH [-hive-router PATH] [-ggt] [-rounds 2] [-duration 10s]
//	gatewaybench ggt …   (the graphql-go-tools peer, started by the harness)
//	gatewaybench subgraphs -supergraph-out FILE   (the subgraphs alone, for runs by hand)
//	gatewaybench graft-pprof -supergraph FILE -listen ADDR   (to profile graft)
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// scenario is one load: a query, whether every request has its own
// Authorization, whether inventory is slow.
type scenario struct {
	name, title string
	first       int // products asked for
	unique      bool
	slow        bool
}

var scenarios = []scenario{
	{"nested-unique", "(a) nested query, unique Authorization per request (no deduplication possible)", 5, true, false},
	{"nested-same", "(c) nested query, the same Authorization on every request (deduplication possible)", 5, false, false},
	{"big-unique", "(b) big response: 500 products with reviews, unique Authorization", 500, true, false},
	{"slow-unique", "(d) inventory 50 ms slow, nested query, unique Authorization", 5, true, true},
}

func (s scenario) query() string {
	if s.first == 5 {
		return `{ topProducts { name inStock reviews { body author { name } } } }`
	}
	return `{ topProducts(first: ` + strconv.Itoa(s.first) + `) { name inStock reviews { body author { name } } } }`
}

// gateway is a server under test: how to start it on a port.
type gateway struct {
	name    string
	version string
	start   func(port int, dir string) *exec.Cmd
}

// result is one wrk run against one gateway.
type result struct {
	gateway, scenario string
	round             int
	requests, bad     int
	errors            int
	seconds           float64
	p50, p99          time.Duration
	cpu               float64 // gateway CPU-seconds during the run
	idleRSS, peakRSS  int64   // bytes
}

func (r result) rps() float64      { return float64(r.requests) / r.seconds }
func (r result) perCPU() float64   { return float64(r.requests) / r.cpu }
func (r result) rssAbove() float64 { return mib(r.peakRSS - r.idleRSS) }
func (r result) peakMiB() float64  { return mib(r.peakRSS) }
func (r result) key() [2]string    { return [2]string{r.gateway, r.scenario} }

func (r result) String() string {
	return fmt.Sprintf("%s %s round %d: %.0f req/s", r.gateway, r.scenario, r.round, r.rps())
}

func mib(b int64) float64        { return float64(b) / (1 << 20) }
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// freePort is a port of 127.0.0.1 free a moment ago, for a gateway to
// listen on.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "ggt":
			runGGT(os.Args[2:])
			return
		case "graft-pprof":
			runProfiled(os.Args[2:])
			return
		case "subgraphs":
			runSubgraphs(os.Args[2:])
			return
		}
	}
	graftBin := flag.String("graft", "", "the graft binary (required)")
	graftVersion := flag.String("graft-version", "", "what to call graft's version in the report (a commit)")
	hiveBin := flag.String("hive-router", "", "the hive_router binary, if installed")
	withGGT := flag.Bool("ggt", true, "measure graphql-go-tools' engine (built into this binary)")
	nodeDir := flag.String("node", "", "the directory of the Node.js peers (node/, once npm ci has run)")
	rounds := flag.Int("rounds", 2, "interleaved rounds")
	duration := flag.Duration("duration", 10*time.Second, "each wrk run")
	conns := flag.Int("connections", 32, "wrk connections")
	only := flag.String("scenarios", "", "comma-separated scenario names (default all)")
	onlyGateways := flag.String("gateways", "", "comma-separated gateway names (default all installed)")
	out := flag.String("out", "RESULTS.md", "the report")
	work := flag.String("work", "", "scratch directory (default a temporary one)")
	flag.Parse()
	if *graftBin == "" {
		log.Fatal("-graft is required")
	}
	dir := *work
	if dir == "" {
		d, err := os.MkdirTemp("", "gatewaybench")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(d)
		dir = d
	}
	lua, err := filepath.Abs("check.lua")
	if err != nil {
		log.Fatal(err)
	}

	data := generate()
	subs, err := startSubgraphs(data)
	if err != nil {
		log.Fatal(err)
	}
	defer subs.stop()
	sgFile := filepath.Join(dir, "supergraph.graphql")
	if err := os.WriteFile(sgFile, []byte(subs.supergraph()), 0o644); err != nil {
		log.Fatal(err)
	}

	gateways := []gateway{{
		name: "graft", version: *graftVersion,
		start: func(port int, _ string) *exec.Cmd {
			return exec.Command(*graftBin, "serve", "--supergraph", sgFile, "--listen", "127.0.0.1:"+strconv.Itoa(port),
				"--forward-header", "Authorization", "--dedup", "--log-level", "warn")
		},
	}}
	if *hiveBin != "" {
		gateways = append(gateways, gateway{
			name: "hive-router", version: "0.3.10",
			start: func(port int, dir string) *exec.Cmd {
				cfg := filepath.Join(dir, "hive-router.yaml")
				os.WriteFile(cfg, []byte("supergraph:\n  source: file\n  path: "+sgFile+"\nhttp:\n  host: 127.0.0.1\n  port: "+strconv.Itoa(port)+
					"\nheaders:\n  all:\n    request:\n      - propagate:\n          named: Authorization\n"), 0o644)
				cmd := exec.Command(*hiveBin)
				cmd.Env = append(os.Environ(), "ROUTER_CONFIG_FILE_PATH="+cfg, "LOG_LEVEL=error")
				return cmd
			},
		})
	}
	if *nodeDir != "" {
		nd, err := filepath.Abs(*nodeDir)
		if err != nil {
			log.Fatal(err)
		}
		gateways = append(gateways, gateway{
			name: "apollo-gateway", version: nodeVersion(nd, "@apollo/gateway") + " (@apollo/server " + nodeVersion(nd, "@apollo/server") + ")",
			start: func(port int, _ string) *exec.Cmd {
				cmd := exec.Command("node", "apollo.mjs", sgFile, strconv.Itoa(port))
				cmd.Dir = nd
				return cmd
			},
		}, gateway{
			name: "grafbase", version: "CLI " + nodeVersion(nd, "@grafbase/cli-x86_64-unknown-linux-musl") + " (grafbase dev)",
			start: func(port int, dir string) *exec.Cmd {
				schemas, _ := filepath.Abs("../../internal/demo/schema")
				cfg := "[[headers]]\nrule = \"forward\"\nname = \"authorization\"\n"
				for _, name := range sortedNames(subs.urls) {
					cfg += fmt.Sprintf("\n[subgraphs.%s]\nurl = %q\nschema_path = %q\n", name, subs.urls[name], filepath.Join(schemas, name+".graphql"))
				}
				file := filepath.Join(dir, "grafbase.toml")
				os.WriteFile(file, []byte(cfg), 0o644)
				cmd := exec.Command(filepath.Join(nd, "node_modules/@grafbase/cli-x86_64-unknown-linux-musl/grafbase"), "dev", "-c", file, "--listen-address", "127.0.0.1:"+strconv.Itoa(port))
				cmd.Dir = dir
				return cmd
			},
		}, gateway{
			name: "hive-gateway", version: nodeVersion(nd, "@graphql-hive/gateway"),
			start: func(port int, _ string) *exec.Cmd {
				cmd := exec.Command("node", "node_modules/.bin/hive-gateway", "supergraph", sgFile, "--host", "127.0.0.1", "--port", strconv.Itoa(port))
				cmd.Dir = nd
				return cmd
			},
		})
	}
	if *withGGT {
		self, err := os.Executable()
		if err != nil {
			log.Fatal(err)
		}
		gateways = append(gateways, gateway{
			name: "graphql-go-tools", version: "v2.16.0 (engine only, hand-built plan)",
			start: func(port int, _ string) *exec.Cmd {
				args := []string{"ggt", "-listen", "127.0.0.1:" + strconv.Itoa(port)}
				for name, url := range subs.urls {
					args = append(args, "-subgraph", name+"="+url)
				}
				return exec.Command(self, args...)
			},
		})
	}
	if *onlyGateways != "" {
		var keep []gateway
		for _, g := range gateways {
			if strings.Contains(","+*onlyGateways+",", ","+g.name+",") {
				keep = append(keep, g)
			}
		}
		gateways = keep
	}
	run := scenarios
	if *only != "" {
		run = nil
		for _, s := range scenarios {
			if strings.Contains(","+*only+",", ","+s.name+",") {
				run = append(run, s)
			}
		}
	}

	var results []result
	for round := 1; round <= *rounds; round++ {
		for _, s := range run {
			for _, g := range gateways {
				r, err := measure(g, s, round, subs, data, dir, lua, *duration, *conns)
				if err != nil {
					tail, _ := os.ReadFile(filepath.Join(dir, g.name+".log"))
					if len(tail) > 2000 {
						tail = tail[len(tail)-2000:]
					}
					log.Printf("%s %s round %d: %v; its log ends:\n%s", g.name, s.name, round, err, tail)
					continue
				}
				log.Printf("%s: p99 %.1f ms, %.0f req per CPU-second, peak RSS %.0f MiB (idle %.0f), bad %d", r, ms(r.p99), r.perCPU(), r.peakMiB(), mib(r.idleRSS), r.bad+r.errors)
				results = append(results, r)
			}
		}
	}
	report := writeReport(results, gateways, run, *rounds, *duration, *conns)
	if err := os.WriteFile(*out, report, 0o644); err != nil {
		log.Fatal(err)
	}
}

// measure starts gateway g afresh, runs scenario s against it (a
// warm-up, then the measured run) and stops it.
func measure(g gateway, s scenario, round int, subs *subgraphs, data *dataset, dir, lua string, duration time.Duration, conns int) (result, error) {
	port, err := freePort()
	if err != nil {
		return result{}, err
	}
	subs.slow.Store(s.slow)
	defer subs.slow.Store(false)
	cmd := g.start(port, dir)
	logFile, _ := os.Create(filepath.Join(dir, g.name+".log"))
	defer logFile.Close()
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	defer stopProcess(cmd)
	pid := cmd.Process.Pid
	url := "http://127.0.0.1:" + strconv.Itoa(port) + "/graphql"
	body := fmt.Appendf(nil, `{"query":%q}`, s.query())
	answer, err := waitAnswer(url, body, 60*time.Second)
	if err != nil {
		return result{}, err
	}
	if err := sameJSON(answer, data.expected(s.first)); err != nil {
		return result{}, fmt.Errorf("a wrong answer: %v", err)
	}
	bodyFile, expectFile := filepath.Join(dir, "body.json"), filepath.Join(dir, "expect.json")
	os.WriteFile(bodyFile, body, 0o644)
	os.WriteFile(expectFile, answer, 0o644)
	idle, err := procStatus(pid, "VmRSS")
	if err != nil {
		return result{}, err
	}
	// Warm up (connections, caches, the heap), unmeasured but for the
	// peak RSS.
	if _, err := runWrk(url, lua, bodyFile, expectFile, s.unique, 2*time.Second, conns); err != nil {
		return result{}, err
	}
	cpu0, err := cpuSeconds(pid)
	if err != nil {
		return result{}, err
	}
	r, err := runWrk(url, lua, bodyFile, expectFile, s.unique, duration, conns)
	if err != nil {
		return result{}, err
	}
	cpu1, _ := cpuSeconds(pid)
	r.peakRSS, _ = procStatus(pid, "VmHWM")
	r.gateway, r.scenario, r.round, r.cpu, r.idleRSS = g.name, s.name, round, cpu1-cpu0, idle
	return r, nil
}

// waitAnswer posts body until the gateway answers 200, for at most limit.
func waitAnswer(url string, body []byte, limit time.Duration) ([]byte, error) {
	client := &http.Client{Timeout: 10 * time.Second}
	var last error
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		req, _ := http.NewRequest("POST", url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer check")
		resp, err := client.Do(req)
		if err != nil {
			last = err
			continue
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err == nil && resp.StatusCode == 200 {
			return b, nil
		}
		last = fmt.Errorf("status %d: %.200s", resp.StatusCode, b)
	}
	return nil, fmt.Errorf("no answer within %v: %v", limit, last)
}

func sameJSON(got []byte, want any) error {
	var g any
	if err := json.Unmarshal(got, &g); err != nil {
		return err
	}
	w, _ := json.Marshal(want)
	var wv any
	json.Unmarshal(w, &wv)
	if !reflect.DeepEqual(g, wv) {
		return fmt.Errorf("got %.300s", got)
	}
	return nil
}

// runWrk runs wrk with check.lua: one thread, conns connections.
func runWrk(url, lua, bodyFile, expectFile string, unique bool, d time.Duration, conns int) (result, error) {
	cmd := exec.Command("wrk", "-t1", "-c"+strconv.Itoa(conns), "-d"+strconv.Itoa(int(d.Seconds()))+"s", "--timeout", "10s", "-s", lua, url)
	u := "0"
	if unique {
		u = "1"
	}
	cmd.Env = append(os.Environ(), "WRK_BODY_FILE="+bodyFile, "WRK_EXPECT_FILE="+expectFile, "WRK_UNIQUE="+u)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return result{}, fmt.Errorf("wrk: %v: %s", err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) == 7 && f[0] == "RESULT" {
			var r result
			r.requests, _ = strconv.Atoi(f[1])
			r.bad, _ = strconv.Atoi(f[2])
			p50, _ := strconv.Atoi(f[3])
			p99, _ := strconv.Atoi(f[4])
			r.p50, r.p99 = time.Duration(p50)*time.Microsecond, time.Duration(p99)*time.Microsecond
			r.seconds, _ = strconv.ParseFloat(f[5], 64)
			r.errors, _ = strconv.Atoi(f[6])
			return r, nil
		}
	}
	return result{}, fmt.Errorf("wrk printed no result: %s", out)
}

// cpuSeconds is the user and system time of a process so far.
func cpuSeconds(pid int) (float64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	// The fields after the command name, which is in parentheses.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	utime, _ := strconv.ParseFloat(f[11], 64)
	stime, _ := strconv.ParseFloat(f[12], 64)
	return (utime + stime) / 100, nil // USER_HZ is 100 on Linux
}

// procStatus reads a kB field of /proc/PID/status, in bytes.
func procStatus(pid int, field string) (int64, error) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, pid)
}

// stopProcess ends a gateway and its children: SIGTERM, then SIGKILL
// after 5 seconds.
func stopProcess(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}
}

func sortedNames(m map[string]string) []string {
	var names []string
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// nodeVersion is the version of an installed npm package.
func nodeVersion(dir, pkg string) string {
	b, err := os.ReadFile(filepath.Join(dir, "node_modules", pkg, "package.json"))
	var v struct{ Version string }
	if err != nil || json.Unmarshal(b, &v) != nil {
		return "?"
	}
	return v.Version
}
