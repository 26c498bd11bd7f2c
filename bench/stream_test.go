package bench

// Streaming huge inputs: a generated array of ~1 KB records (about 250 MB
// in the full run) read item by item by graft and its peers, each in a
// child process of its own, so that throughput and the peak memory (max
// RSS) of the whole process are measured one program at a time.
//
// go test runs a small version (a few MB) that checks every peer's result;
// the full run is opt-in:
//
//	GRAFT_STREAM_MB=250 go test -run TestStreamPeers -v -timeout 60m .
//
// or ./stream.sh, which also writes stream-results.txt (benchmark-format
// lines that cmd/report turns into the "Stream" table of RESULTS.md).
//
// Environment: GRAFT_STREAM_MB (file size; unset = the small check),
// GRAFT_STREAM_COUNT (runs of each peer, default 3), GRAFT_STREAM_OUT
// (where the result lines go; default: none).

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// streamFile is a generated input and what every reader must find in it.
type streamFile struct {
	path     string
	size     int64
	items    int64
	idsum    int64
	rawbytes int64 // the bytes of all items (each written compact)
}

// Pieces of the generated records, escapes and non-ASCII text included;
// each is valid inside a JSON string as written.
var (
	genNames = []string{`José Müller`, `王小明`, `Zoë Ångström`, `Nguyễn Văn An`, `O'Brien \"Bob\"`, `Ada Lovelace`, `\u0141ukasz Nowak`, `Søren Kierkegaard`}
	genWords = []string{"order", "shipped", "caf\\u00e9", "na\u00efve", "日本語", "\\\"quoted\\\"", "line\\nbreak", "tab\\there", "emoji 😀", "\\ud83d\\ude00",
		"back\\\\slash", "Grüße", "данные", "δεδομένα", "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "\\/path\\/to", "100%"}
	genCities = []string{"Berlin", "São Paulo", "Zürich", "東京", "Kraków", "Montréal", "Reykjavík", "New York"}
	genTags   = []string{"new", "vip", "returning", "b2b", "eu", "apac", "trial", "churn-risk", "\\u00fcber"}
	genEvents = []string{"created", "paid", "shipped", "refunded", "cancelled", "note"}
)

// generateStream writes {"generated":…,"meta":{…},"items":[…]} with about
// mb megabytes of records to a file in dir, deterministically.
func generateStream(tb testing.TB, dir string, mb int) streamFile {
	tb.Helper()
	sf := streamFile{path: filepath.Join(dir, "stream.json")}
	f, err := os.Create(sf.path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	rng := rand.New(rand.NewPCG(2024, 250))
	w.WriteString(`{"generated":"2024-06-01T00:00:00Z","meta":{"source":"bench","note":"records for the streaming benchmark \u2014 skip me","limits":[1,2,3]},"items":[` + "\n")
	limit := int64(mb) << 20
	var rec []byte
	written := int64(0)
	for i := int64(1); written < limit; i++ {
		rec = appendRecord(rec[:0], rng, i)
		if i > 1 {
			w.WriteString(",\n")
		}
		w.Write(rec)
		written += int64(len(rec)) + 2
		sf.items++
		sf.idsum += i
		sf.rawbytes += int64(len(rec))
	}
	w.WriteString("\n],\"count\":" + strconv.FormatInt(sf.items, 10) + "}\n")
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	fi, err := os.Stat(sf.path)
	if err != nil {
		tb.Fatal(err)
	}
	sf.size = fi.Size()
	return sf
}

func appendRecord(b []byte, rng *rand.Rand, id int64) []byte {
	pick := func(list []string) string { return list[rng.IntN(len(list))] }
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `,"uuid":"`...)
	for k := 0; k < 4; k++ {
		b = strconv.AppendUint(b, rng.Uint64()|1<<63, 16)[:len(b)+8]
	}
	b = append(b, `","name":"`...)
	b = append(b, pick(genNames)...)
	b = append(b, `","email":"user`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `@example.com","active":`...)
	b = strconv.AppendBool(b, rng.IntN(2) == 0)
	b = append(b, `,"score":`...)
	b = strconv.AppendFloat(b, rng.Float64()*100, 'f', 3, 64)
	b = append(b, `,"balance":-`...)
	b = strconv.AppendInt(b, rng.Int64N(1e7), 10)
	b = append(b, `.5e-2,"created":"2024-0`...)
	b = strconv.AppendInt(b, 1+rng.Int64N(9), 10)
	b = append(b, `-1`...)
	b = strconv.AppendInt(b, rng.Int64N(10), 10)
	b = append(b, `T12:34:56Z","tags":[`...)
	for k, n := 0, 1+rng.IntN(5); k < n; k++ {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, pick(genTags)...)
		b = append(b, '"')
	}
	b = append(b, `],"address":{"street":"`...)
	b = strconv.AppendInt(b, 1+rng.Int64N(300), 10)
	b = append(b, ` `...)
	b = append(b, pick(genWords)...)
	b = append(b, ` Stra\u00dfe","city":"`...)
	b = append(b, pick(genCities)...)
	b = append(b, `","zip":"`...)
	b = strconv.AppendInt(b, 10000+rng.Int64N(89999), 10)
	b = append(b, `","geo":{"lat":`...)
	b = strconv.AppendFloat(b, rng.Float64()*180-90, 'f', 6, 64)
	b = append(b, `,"lon":`...)
	b = strconv.AppendFloat(b, rng.Float64()*360-180, 'f', 6, 64)
	b = append(b, `}},"note":"`...)
	for k, n := 0, 25+rng.IntN(60); k < n; k++ {
		if k > 0 {
			b = append(b, ' ')
		}
		b = append(b, pick(genWords)...)
	}
	b = append(b, `","parent":`...)
	if rng.IntN(3) == 0 {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, rng.Int64N(id+1), 10)
	}
	b = append(b, `,"history":[`...)
	for k, n := 0, 1+rng.IntN(4); k < n; k++ {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"at":`...)
		b = strconv.AppendInt(b, 1700000000+rng.Int64N(1e7), 10)
		b = append(b, `,"event":"`...)
		b = append(b, pick(genEvents)...)
		b = append(b, `","amount":`...)
		b = strconv.AppendFloat(b, rng.Float64()*1000, 'f', 2, 64)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// A streamPeer is one program reading the file's items.
type streamPeer struct {
	name string
	args func(bin, file string) []string
	// check compares what the run printed with the file's figures.
	check func(sf streamFile, out []byte) error
}

func peersCheck(field string) func(streamFile, []byte) error {
	return func(sf streamFile, out []byte) error {
		want := fmt.Sprintf("items=%d idsum=%d", sf.items, sf.idsum)
		if field == "rawbytes" {
			want = fmt.Sprintf("items=%d rawbytes=%d", sf.items, sf.rawbytes)
		}
		if got := strings.TrimSpace(string(out)); got != want {
			return fmt.Errorf("printed %q, want %q", got, want)
		}
		return nil
	}
}

var streamPeers = []streamPeer{
	{name: "graft-cli", args: func(bin, file string) []string {
		return []string{filepath.Join(bin, "graft"), "stream", "--quiet", "--path", "/items", file}
	}},
	{name: "graft-lib", args: peerArgs("graft-lib"), check: peersCheck("idsum")},
	{name: "jsontext-ReadValue", args: peerArgs("jsontext"), check: peersCheck("rawbytes")},
	{name: "encoding-json-struct", args: peerArgs("json-struct"), check: peersCheck("idsum")},
	{name: "encoding-json-map", args: peerArgs("json-map"), check: peersCheck("idsum")},
	{name: "fastjson-ReadAll", args: peerArgs("fastjson"), check: peersCheck("idsum")},
}

func peerArgs(peer string) func(bin, file string) []string {
	return func(bin, file string) []string {
		return []string{filepath.Join(bin, "streampeers"), "-peer", peer, file}
	}
}

// childRun is what one child process took.
type childRun struct {
	wall, cpu time.Duration
	maxRSS    int64 // bytes
}

// runChild runs args under "streampeers -measure" (see there why) with
// stdout to out (nil: /dev/null) and returns what the launcher measured.
func runChild(bin string, args []string, out io.Writer) (childRun, error) {
	cmd := exec.Command(filepath.Join(bin, "streampeers"), append([]string{"-measure"}, args...)...)
	cmd.Stdout = out
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return childRun{}, fmt.Errorf("%s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	var wall, cpu, rss int64
	msg := stderr.String()
	i := strings.LastIndex(msg, "measured: ")
	if i < 0 {
		return childRun{}, fmt.Errorf("%s: no measurement in %q", strings.Join(args, " "), msg)
	}
	if _, err := fmt.Sscanf(msg[i:], "measured: wall=%d cpu=%d maxrss=%d", &wall, &cpu, &rss); err != nil {
		return childRun{}, fmt.Errorf("%s: %v in %q", strings.Join(args, " "), err, msg)
	}
	return childRun{wall: time.Duration(wall), cpu: time.Duration(cpu), maxRSS: rss}, nil
}

// lineCounter checks the output of graft stream: one item per line.
type lineCounter struct{ lines, bytes int64 }

func (c *lineCounter) Write(p []byte) (int, error) {
	n := int64(bytes.Count(p, []byte{'\n'}))
	c.lines += n
	c.bytes += int64(len(p)) - n
	return len(p), nil
}

// buildStreamPrograms builds the graft command and streampeers into dir.
func buildStreamPrograms(tb testing.TB, dir string) {
	tb.Helper()
	for _, b := range [][]string{
		{"build", "-C", "..", "-o", filepath.Join(dir, "graft"), "./cmd/graft"}, // in graft's own module
		{"build", "-o", filepath.Join(dir, "streampeers"), "./cmd/streampeers"},
	} {
		if out, err := exec.Command("go", b...).CombinedOutput(); err != nil {
			tb.Fatalf("go %s: %v\n%s", strings.Join(b, " "), err, out)
		}
	}
}

func TestStreamPeers(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("max RSS is read from Linux rusage")
	}
	mb, big := 2, false
	if s := os.Getenv("GRAFT_STREAM_MB"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("GRAFT_STREAM_MB=%q", s)
		}
		mb, big = n, true
	}
	count := 1
	if s := os.Getenv("GRAFT_STREAM_COUNT"); s != "" && big {
		count, _ = strconv.Atoi(s)
	} else if big {
		count = 3
	}
	dir := t.TempDir()
	buildStreamPrograms(t, dir)
	sf := generateStream(t, dir, mb)
	t.Logf("%s: %.1f MB, %d items", sf.path, float64(sf.size)/1e6, sf.items)

	var lines []string
	lines = append(lines, "go: "+runtime.Version(),
		fmt.Sprintf("stream-file: %.1f MB, %d records of %.0f bytes on average, %d runs of each program", float64(sf.size)/1e6, sf.items, float64(sf.rawbytes)/float64(sf.items), count),
		"stream-load-before: "+loadavg())
	floor, err := runChild(dir, []string{"/bin/true"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("max RSS floor (the launcher's size): %.1f MiB", float64(floor.maxRSS)/(1<<20))
	lines = append(lines, fmt.Sprintf("stream-rss-floor: %.1f MiB (max RSS of /bin/true started the same way; no figure can be lower)", float64(floor.maxRSS)/(1<<20)))
	for round := 0; round < count; round++ {
		for _, p := range streamPeers {
			args := p.args(dir, sf.path)
			run, err := runChild(dir, args, nil)
			if err == nil {
				err = checkPeer(dir, p, args, sf)
			}
			if err != nil {
				t.Errorf("%s: %v", p.name, err)
				continue
			}
			t.Logf("%-22s %7.1f MB/s  %6.2f s  cpu %6.2f s  max RSS %7.1f MiB", p.name,
				float64(sf.size)/1e6/run.wall.Seconds(), run.wall.Seconds(), run.cpu.Seconds(), float64(run.maxRSS)/(1<<20))
			lines = append(lines, fmt.Sprintf("BenchmarkStream/%dMB/%s \t 1\t %d ns/op\t %.2f MB/s\t %.1f peak-RSS-MiB\t %.3f cpu-s",
				mb, p.name, run.wall.Nanoseconds(), float64(sf.size)/1e6/run.wall.Seconds(), float64(run.maxRSS)/(1<<20), run.cpu.Seconds()))
		}
	}
	lines = append(lines, "stream-load-after: "+loadavg())
	if out := os.Getenv("GRAFT_STREAM_OUT"); out != "" && big {
		if err := os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkPeer runs the peer again when its measured run printed nothing
// (graft stream > /dev/null) to check its output, or checks the output of
// a run of the peer that prints its figures.
func checkPeer(bin string, p streamPeer, args []string, sf streamFile) error {
	if p.check == nil {
		var c lineCounter
		if _, err := runChild(bin, args, &c); err != nil {
			return err
		}
		if c.lines != sf.items || c.bytes != sf.rawbytes {
			return fmt.Errorf("printed %d lines of %d bytes, want %d items of %d bytes", c.lines, c.bytes, sf.items, sf.rawbytes)
		}
		return nil
	}
	var out bytes.Buffer
	if _, err := runChild(bin, args, &out); err != nil {
		return err
	}
	return p.check(sf, out.Bytes())
}

// loadavg returns the 1, 5 and 15 minute load averages of the machine.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ") + fmt.Sprintf(" (%d cores)", runtime.NumCPU())
}
