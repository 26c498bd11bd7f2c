package cli

import (
	"bufio"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/term"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/stream"
)

func streamCommand() *command {
	return &command{
		name:     "stream",
		summary:  "print each item of a huge array or NDJSON stream",
		synopsis: "graft stream [--path POINTER | --ndjson | --seq] [--quiet] [FILE]",
		help: `Stream reads FILE piece by piece and prints each item on its own line as
compact JSON, in memory bounded by the largest item (not by the size of
FILE): a 250 MB dump needs a few megabytes. Strings keep their escapes and
numbers their digits.

What the items are:
  (default)       the items of the top-level array if the first byte of
                  FILE that is not whitespace is "["; the values of an
                  RFC 7464 sequence if its first byte is the record
                  separator 0x1E; otherwise each of the values that follow
                  one another in FILE (NDJSON, or concatenated JSON, where
                  whitespace must follow a number, true, false or null
                  unless a string, an array or an object does)
  --path POINTER  the items of the array at the JSON Pointer POINTER, such
                  as "/data/items"; the rest of the document is still
                  checked, but nothing of it is printed. A member on the
                  path whose name occurs twice is an error (get takes the
                  last; stream cannot go back to it).
  --ndjson        NDJSON / JSON Lines: one value per line; blank lines and
                  CR LF line ends are fine, a value spanning lines is not
  --seq           an RFC 7464 JSON text sequence (each value after 0x1E)

The whole input is checked strictly as RFC 8259 defines JSON (see "graft
help validate"). Items of more than 64 MiB (--max-bytes N sets the limit;
an item is refused once that much of it was read) and nesting deeper than
1000 levels are errors. Without --path, empty input (or only whitespace)
is valid: there are no items, and the exit status is 0 (validate rejects
it: it holds no JSON document). With no FILE, or with "-", stream reads
standard input.

When standard error is a terminal, a progress line there shows the bytes
read (of the total, for a file), the rate and the items so far; --quiet
turns it off. It is never written when standard error is not a terminal.

Exit status:
  0  every item was printed and the whole input is valid
  1  the input is not valid JSON (FILE:LINE:COLUMN: reason, and "(after N
     items)" once items were printed), nothing is at POINTER or it is not
     an array, or FILE cannot be read; the items before the error were
     printed
  2  usage error

Examples:
  graft stream --path /data/items dump.json > items.ndjson
  graft stream events.ndjson | grep '"level":"error"'
  curl -s https://api.example.com/export | graft stream --quiet --path /rows
`,
		run: runStream,
	}
}

func runStream(r *runner, c *command, args []string) int {
	fs := flags(c)
	path := fs.String("path", "", "read the items of the array at `POINTER`")
	ndjson := fs.Bool("ndjson", false, "read one value per line")
	seq := fs.Bool("seq", false, "read an RFC 7464 JSON text sequence")
	quiet := fs.Bool("quiet", false, "no progress line")
	files, code, ok := r.parseFlags(c, fs, args)
	if !ok {
		return code
	}
	pathSet := isSet(fs, "path")
	switch {
	case pathSet && *ndjson || pathSet && *seq || *ndjson && *seq:
		return r.usageError(c, "--path, --ndjson and --seq exclude each other")
	case len(files) > 1:
		return r.usageError(c, "at most one FILE")
	case len(files) == 0:
		if code, ok := r.noInput(c); !ok {
			return code
		}
		files = []string{stdinArg}
	}
	if _, err := graft.ParsePointer(*path); err != nil {
		return r.badPointer(c, *path, err)
	}
	name := displayName(files[0])
	src, size, closeSrc, err := r.openStream(files[0])
	if err != nil {
		r.report(describe(name, err))
		return exitFail
	}
	defer closeSrc()

	var prog *progress
	if width, ok := r.terminal(r.stderr); ok && !*quiet {
		prog = startProgress(r.stderr, width, size)
		src = &countingReader{src: src, n: &prog.read}
	}
	opts := stream.Options{Path: *path}
	if isSet(fs, "max-bytes") { // for stream, the limit of one item
		opts.MaxItemBytes = r.maxBytes
	}
	switch {
	case *ndjson:
		opts.Mode = stream.Lines
	case *seq:
		opts.Mode = stream.Sequence
	case !pathSet:
		opts.Mode = stream.Auto
	}
	sr := stream.NewReader(src, opts)

	out := bufio.NewWriterSize(r.stdout, 64<<10)
	var line []byte
	var werr error
	for werr == nil && sr.Next() {
		line = append(sr.Doc().AppendJSON(line[:0], sr.Item()), '\n')
		_, werr = out.Write(line)
		if prog != nil {
			prog.items.Add(1)
		}
	}
	if werr == nil {
		werr = out.Flush()
	}
	if prog != nil {
		prog.stop()
	}
	if werr != nil {
		r.report("graft: writing output: " + werr.Error())
		return exitFail
	}
	if err := sr.Err(); err != nil {
		msg := describe(name, err)
		switch {
		case !errors.Is(err, graft.ErrLimit) || !strings.Contains(err.Error(), "size limit"):
		case !pathSet && sr.Count() == 0:
			msg += " (stream reads the items of an array: if the input is one large object, --path /POINTER names the array inside it; --max-bytes raises the item limit)"
		default:
			msg += " (--max-bytes raises the item limit)"
		}
		r.report(msg)
		return exitFail
	}
	return exitOK
}

// openStream opens the input named by arg for reading piece by piece and
// returns its size (0 if unknown).
func (r *runner) openStream(arg string) (src io.Reader, size int64, closeSrc func(), err error) {
	if arg == stdinArg {
		if f, ok := r.stdin.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				size = fi.Size()
			}
		}
		return r.stdin, size, func() {}, nil
	}
	f, err := os.Open(arg)
	if err != nil {
		return nil, 0, nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	return f, size, func() { f.Close() }, nil
}

// noInput returns the usage error of command c run with no FILE while
// standard input is a terminal, where it would wait without a word; ok if
// standard input is not a terminal.
func (r *runner) noInput(c *command) (code int, ok bool) {
	isTerm := r.stdinTerminal
	if isTerm == nil {
		isTerm = func() bool {
			f, isFile := r.stdin.(*os.File)
			return isFile && term.IsTerminal(int(f.Fd()))
		}
	}
	if !isTerm() {
		return exitOK, true
	}
	return r.usageError(c, "no FILE given, and standard input is a terminal: name a FILE, or pipe JSON in (… | graft "+c.name+")"), false
}

// terminal reports whether w is a terminal, and its width.
func (r *runner) terminal(w io.Writer) (width int, ok bool) {
	if r.isTerminal != nil {
		return r.isTerminal(w)
	}
	f, isFile := w.(*os.File)
	if !isFile || !term.IsTerminal(int(f.Fd())) {
		return 0, false
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil || width <= 0 {
		width = 80
	}
	return width, true
}

// countingReader counts the bytes read through it for the progress line.
type countingReader struct {
	src io.Reader
	n   *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.src.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// progress redraws one line on a terminal, in place, a few times a second.
type progress struct {
	w     io.Writer
	width int
	total int64 // bytes, 0 if unknown
	start time.Time
	read  atomic.Int64
	items atomic.Int64
	done  chan struct{}
	wg    sync.WaitGroup
}

// progressEvery is how often the progress line is redrawn.
const progressEvery = 250 * time.Millisecond

func startProgress(w io.Writer, width int, total int64) *progress {
	p := &progress{w: w, width: width, total: total, start: time.Now(), done: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.draw()
			case <-p.done:
				return
			}
		}
	}()
	return p
}

// stop draws the final state and ends the line.
func (p *progress) stop() {
	close(p.done)
	p.wg.Wait()
	p.draw()
	io.WriteString(p.w, "\n")
}

func (p *progress) draw() {
	line := progressLine(p.read.Load(), p.total, p.items.Load(), time.Since(p.start), p.width)
	io.WriteString(p.w, "\r"+line)
}

// progressLine renders the state, cut or padded with spaces to width-1
// columns so that it covers the line drawn before (the cursor stays off
// the last column, where some terminals wrap).
func progressLine(read, total, items int64, elapsed time.Duration, width int) string {
	b := []byte("graft stream: ")
	b = appendMB(b, read)
	if total > 0 {
		b = append(b, " of "...)
		b = appendMB(b, total)
		b = append(b, " ("...)
		b = strconv.AppendInt(b, read*100/total, 10)
		b = append(b, "%)"...)
	}
	b = append(b, ", "...)
	b = strconv.AppendInt(b, items, 10)
	if items == 1 {
		b = append(b, " item"...)
	} else {
		b = append(b, " items"...)
	}
	if s := elapsed.Seconds(); s > 0 {
		b = append(b, ", "...)
		b = appendMB(b, int64(float64(read)/s))
		b = append(b, "/s"...)
	}
	for len(b) < width-1 {
		b = append(b, ' ')
	}
	if width > 1 && len(b) > width-1 {
		b = b[:width-1]
	}
	return string(b)
}

// appendMB appends n bytes in megabytes (10^6) with one decimal.
func appendMB(b []byte, n int64) []byte {
	b = strconv.AppendFloat(b, float64(n)/1e6, 'f', 1, 64)
	return append(b, " MB"...)
}
