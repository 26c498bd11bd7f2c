// Command streampeers reads the items of the array under the member
// "items" of a big JSON file the way one peer library does it, and prints
// what it found so that the caller can check it: the bench harness
// (stream_test.go) runs it as a child process, one peer per process, to
// measure each one's throughput and peak memory (max RSS) alone.
//
// Usage:
//
//	streampeers [-cpuprofile FILE] -peer NAME FILE
//
// Peers:
//
//	graft-lib     stream.Reader at /items, the id of each item read from its Doc
//	json-map      encoding/json Decoder: Token to the array, Decode per item into map[string]any
//	json-struct   the same, Decode per item into a struct of the record's fields
//	jsontext      jsontext Decoder: ReadToken to the array, ReadValue per item
//	fastjson      io.ReadAll, then fastjson parses the whole file
//
// Output: "items=N idsum=S" (the number of items and the sum of their "id"
// members), or "items=N rawbytes=B" for jsontext (the bytes of the item
// values it returned).
//
//	streampeers -measure PROGRAM ARGS...
//
// runs PROGRAM (its standard streams are this program's) and then prints
// "measured: wall=NS cpu=NS maxrss=BYTES" on standard error. It exists
// because Linux carries the peak RSS of a process across fork and exec: a
// child started by a big parent (a test binary that wrote the input file)
// reports at least the parent's size. Started from this small program, a
// child's figure is its own, or this program's size if that is larger
// (the harness reports that floor, measured with /bin/true).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/graftjson/graft/stream"
	"github.com/valyala/fastjson"
)

// Record is the shape of an item (see the generator in stream_test.go).
type Record struct {
	ID      int64    `json:"id"`
	UUID    string   `json:"uuid"`
	Name    string   `json:"name"`
	Email   string   `json:"email"`
	Active  bool     `json:"active"`
	Score   float64  `json:"score"`
	Balance float64  `json:"balance"`
	Created string   `json:"created"`
	Tags    []string `json:"tags"`
	Address struct {
		Street string `json:"street"`
		City   string `json:"city"`
		Zip    string `json:"zip"`
		Geo    struct {
			Lat float64 `json:"lat"`
			Lon float64 `json:"lon"`
		} `json:"geo"`
	} `json:"address"`
	Note    string `json:"note"`
	Parent  *int64 `json:"parent"`
	History []struct {
		At     int64   `json:"at"`
		Event  string  `json:"event"`
		Amount float64 `json:"amount"`
	} `json:"history"`
}

func main() {
	peer := flag.String("peer", "", "the peer to run")
	measure := flag.Bool("measure", false, "run the program in the arguments and report its time and peak RSS")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the peer's run to `FILE`")
	flag.Parse()
	if *cpuprofile != "" {
		pf, err := os.Create(*cpuprofile)
		if err != nil {
			fail(err)
		}
		if err := pprof.StartCPUProfile(pf); err != nil {
			fail(err)
		}
		defer pprof.StopCPUProfile()
	}
	if *measure {
		measureChild(flag.Args())
		return
	}
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: streampeers -peer NAME FILE")
		os.Exit(2)
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	defer f.Close()
	var out string
	switch *peer {
	case "graft-lib":
		out, err = graftLib(f)
	case "json-map":
		out, err = jsonDecode(f, func(dec *json.Decoder) (int64, error) {
			var m map[string]any
			if err := dec.Decode(&m); err != nil {
				return 0, err
			}
			id, _ := m["id"].(float64)
			return int64(id), nil
		})
	case "json-struct":
		out, err = jsonDecode(f, func(dec *json.Decoder) (int64, error) {
			var rec Record
			err := dec.Decode(&rec)
			return rec.ID, err
		})
	case "jsontext":
		out, err = jsontextValues(f)
	case "fastjson":
		out, err = fastjsonAll(f)
	default:
		err = errors.New("unknown peer " + *peer)
	}
	if err != nil {
		fail(err)
	}
	fmt.Println(out)
}

func measureChild(args []string) {
	if len(args) == 0 {
		fail(errors.New("-measure needs a program"))
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		fail(err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	fmt.Fprintf(os.Stderr, "measured: wall=%d cpu=%d maxrss=%d\n", wall.Nanoseconds(), cpu.Nanoseconds(), ru.Maxrss*1024)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "streampeers:", err)
	os.Exit(1)
}

func graftLib(f io.Reader) (string, error) {
	r := stream.NewReader(f, stream.Options{Path: "/items"})
	var n, sum int64
	for r.Next() {
		d := r.Doc()
		id, err := d.Int64(d.Member(r.Item(), "id"))
		if err != nil {
			return "", err
		}
		n++
		sum += id
	}
	return fmt.Sprintf("items=%d idsum=%d", n, sum), r.Err()
}

// jsonDecode walks the tokens of {"…": …, "items": [ to the array, decodes
// each item with item, and reads the rest to the end.
func jsonDecode(f io.Reader, item func(*json.Decoder) (int64, error)) (string, error) {
	dec := json.NewDecoder(f)
	if err := jsonSeek(dec); err != nil {
		return "", err
	}
	var n, sum int64
	for dec.More() {
		id, err := item(dec)
		if err != nil {
			return "", err
		}
		n++
		sum += id
	}
	for { // the closing bracket and the rest of the document
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("items=%d idsum=%d", n, sum), nil
}

// jsonSeek reads tokens up to the '[' of the top-level member "items",
// decoding the members before it.
func jsonSeek(dec *json.Decoder) error {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("want '{', got %v, %v", tok, err)
	}
	for dec.More() {
		name, err := dec.Token()
		if err != nil {
			return err
		}
		if name == "items" {
			if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
				return fmt.Errorf("want '[', got %v, %v", tok, err)
			}
			return nil
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	return errors.New("no member items")
}

func jsontextValues(f io.Reader) (string, error) {
	dec := jsontext.NewDecoder(f)
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return "", fmt.Errorf("want '{', got %v, %v", tok, err)
	}
	var n, size int64
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return "", err
		}
		if name.String() != "items" {
			if err := dec.SkipValue(); err != nil {
				return "", err
			}
			continue
		}
		if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
			return "", fmt.Errorf("want '[', got %v, %v", tok, err)
		}
		for dec.PeekKind() != ']' {
			v, err := dec.ReadValue()
			if err != nil {
				return "", err
			}
			n++
			size += int64(len(v))
		}
		if _, err := dec.ReadToken(); err != nil {
			return "", err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return "", err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return "", fmt.Errorf("after the document: %v", err)
	}
	return fmt.Sprintf("items=%d rawbytes=%d", n, size), nil
}

func fastjsonAll(f io.Reader) (string, error) {
	data, err := io.ReadAll(f)
	if err != nil {
		return "", err
	}
	var p fastjson.Parser
	v, err := p.ParseBytes(data)
	if err != nil {
		return "", err
	}
	items, err := v.Get("items").Array()
	if err != nil {
		return "", err
	}
	var sum int64
	for _, it := range items {
		sum += it.GetInt64("id")
	}
	return fmt.Sprintf("items=%d idsum=%d", len(items), sum), nil
}
