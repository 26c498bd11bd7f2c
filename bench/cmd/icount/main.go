// Command icount compares programs by the instructions they execute per
// operation, counted by valgrind's callgrind, which the load of a shared
// machine does not change. Each program is run twice, with N1 and N2
// operations; a cost per op is the difference divided by N2-N1, so that
// start-up and set-up drop out.
//
// It prints, for each program, the instructions per op in all and for every
// function that executes at least one per op (its own instructions, not
// those of what it calls), side by side; and how the code executed in
// every op (by functions of the graft module and the runtime's memmove and
// memclr: the instructions executed at least N2 times in the N2 run) falls
// into the sets of a level-one instruction cache (by default 32 KB, 8
// ways, 64-byte lines: AMD Zen 3 and 4, Intel Golden Cove). A set holding
// more hot lines than it has ways misses in every op: two builds of the
// same code can differ in time by 10% from where the linker placed the
// functions alone, and this shows it without a timer.
//
// Usage:
//
//	go run ./cmd/icount [-n N1,N2] [-sets 64] [-ways 8] name='command {N} …' …
//
// {N} in a command is replaced by the number of operations. GODEBUG gets
// asyncpreemptoff=1 (valgrind and the runtime's preemption signals do not
// mix). icount.sh builds cmd/s1loop at two revisions and runs this.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

func main() {
	ns := flag.String("n", "20000,40000", "the two operation counts N1,N2")
	sets := flag.Int("sets", 64, "sets of the instruction cache")
	ways := flag.Int("ways", 8, "ways of the instruction cache")
	flag.Parse()
	var n1, n2 int
	if _, err := fmt.Sscanf(*ns, "%d,%d", &n1, &n2); err != nil || n1 < 1 || n2 <= n1 {
		fail("-n wants N1,N2 with 0 < N1 < N2")
	}
	if flag.NArg() == 0 {
		fail("usage: icount [-n N1,N2] name='command {N}' ...")
	}
	tmp, err := os.MkdirTemp("", "icount")
	if err != nil {
		fail(err.Error())
	}
	defer os.RemoveAll(tmp)
	var progs []*result
	for _, arg := range flag.Args() {
		name, cmd, ok := strings.Cut(arg, "=")
		if !ok {
			fail("argument " + strconv.Quote(arg) + " is not name=command")
		}
		var runs [2]*profile
		for i, n := range []int{n1, n2} {
			out := filepath.Join(tmp, fmt.Sprintf("%s.%d", name, n))
			if runs[i], err = callgrind(strings.ReplaceAll(cmd, "{N}", strconv.Itoa(n)), out); err != nil {
				fail(name + ": " + err.Error())
			}
		}
		progs = append(progs, compare(name, runs[0], runs[1], n2-n1, uint64(n2), *sets, *ways))
	}
	report(progs)
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "icount:", msg)
	os.Exit(2)
}

// profile is what one callgrind run counted: instructions by function and
// by address.
type profile struct {
	total  uint64
	byFunc map[string]uint64
	byAddr map[uint64]uint64
	fnOf   map[uint64]string
}

func callgrind(command, out string) (*profile, error) {
	args := append([]string{"--tool=callgrind", "--dump-instr=yes", "--dump-line=no", "--callgrind-out-file=" + out}, strings.Fields(command)...)
	c := exec.Command("valgrind", args...)
	c.Env = append(os.Environ(), "GODEBUG=asyncpreemptoff=1")
	if msg, err := c.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", command, err, msg)
	}
	return parse(out)
}

// parse reads a callgrind output file written with --dump-instr=yes and
// --dump-line=no: cost lines are "address Ir", the address absolute (0x…),
// relative to the previous one (+n, -n) or the same (*); the line after a
// calls= line is the inclusive cost of a call, not the caller's own.
func parse(path string) (*profile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p := &profile{byFunc: map[string]uint64{}, byAddr: map[uint64]uint64{}, fnOf: map[uint64]string{}}
	names := map[string]string{}
	var fn string
	var addr uint64
	call := false
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "fn="), strings.HasPrefix(line, "cfn="):
			_, v, _ := strings.Cut(line, "=")
			id, name, _ := strings.Cut(v, " ")
			if name != "" {
				names[id] = name
			}
			if line[0] == 'f' {
				fn = names[id]
			}
			continue
		case strings.HasPrefix(line, "calls="):
			call = true
			continue
		case line == "" || !strings.ContainsAny(line[:1], "0123456789+-*"):
			continue
		}
		pos, cost, _ := strings.Cut(line, " ")
		switch {
		case strings.HasPrefix(pos, "0x"):
			addr, err = strconv.ParseUint(pos[2:], 16, 64)
		case pos[0] == '+':
			var d uint64
			d, err = strconv.ParseUint(pos[1:], 10, 64)
			addr += d
		case pos[0] == '-':
			var d uint64
			d, err = strconv.ParseUint(pos[1:], 10, 64)
			addr -= d
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %v", path, line, err)
		}
		if call {
			call = false
			continue
		}
		ir, err := strconv.ParseUint(strings.TrimSpace(cost), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %v", path, line, err)
		}
		p.total += ir
		p.byFunc[fn] += ir
		p.byAddr[addr] += ir
		p.fnOf[addr] = fn
	}
	return p, sc.Err()
}

// result is one program's figures.
type result struct {
	name     string
	perOp    float64
	byFunc   map[string]float64
	hotLines int
	maxSet   int
	overfull []string // "set:lines" of the sets holding more lines than ways
}

func compare(name string, a, b *profile, dn int, n2 uint64, sets, ways int) *result {
	r := &result{name: name, perOp: float64(b.total-a.total) / float64(dn), byFunc: map[string]float64{}}
	for fn, ir := range b.byFunc {
		r.byFunc[fn] = (float64(ir) - float64(a.byFunc[fn])) / float64(dn)
	}
	lines := map[uint64]bool{}
	for addr, ir := range b.byAddr {
		fn := b.fnOf[addr]
		if ir >= n2 && (strings.HasPrefix(fn, "github.com/graftjson/graft") || strings.HasPrefix(fn, "runtime.mem")) {
			lines[addr/64] = true
		}
	}
	perSet := make([]int, sets)
	for l := range lines {
		perSet[l%uint64(sets)]++
	}
	r.hotLines = len(lines)
	for s, n := range perSet {
		r.maxSet = max(r.maxSet, n)
		if n > ways {
			r.overfull = append(r.overfull, fmt.Sprintf("%d:%d", s, n))
		}
	}
	return r
}

func report(progs []*result) {
	fmt.Printf("%-60s", "instructions per op")
	for _, p := range progs {
		fmt.Printf(" %12s", p.name)
	}
	fmt.Println()
	row := func(label string, v func(*result) string) {
		fmt.Printf("%-60s", label)
		for _, p := range progs {
			fmt.Printf(" %12s", v(p))
		}
		fmt.Println()
	}
	row("total", func(p *result) string { return fmt.Sprintf("%.1f", p.perOp) })
	var fns []string
	seen := map[string]bool{}
	for _, p := range progs {
		for fn, v := range p.byFunc {
			if v >= 1 && !seen[fn] {
				seen[fn] = true
				fns = append(fns, fn)
			}
		}
	}
	sort.Slice(fns, func(i, j int) bool { return progs[0].byFunc[fns[i]] > progs[0].byFunc[fns[j]] })
	for _, fn := range fns {
		label := strings.TrimPrefix(fn, "github.com/graftjson/")
		if len(label) > 60 {
			label = label[:59] + "…"
		}
		row(label, func(p *result) string { return fmt.Sprintf("%.1f", p.byFunc[fn]) })
	}
	fmt.Println()
	row("hot 64-byte lines (graft, memmove, memclr)", func(p *result) string { return strconv.Itoa(p.hotLines) })
	row("most hot lines in one cache set", func(p *result) string { return strconv.Itoa(p.maxSet) })
	for _, p := range progs {
		if len(p.overfull) > 0 {
			fmt.Printf("%s: sets over their ways (set:lines): %s\n", p.name, strings.Join(p.overfull, " "))
		}
	}
}
