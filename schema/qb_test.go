package schema_test

import (
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/graftjson/graft"
	"github.com/graftjson/graft/schema"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_THREAD, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestQuickCPU(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if os.Getenv("QCPU") == "" {
		t.Skip()
	}
	s, _ := os.ReadFile("testdata/order.schema.json")
	p, _ := schema.Compile(s, schema.Options{})
	src, _ := os.ReadFile("testdata/order.json")
	var d graft.Doc
	r, _ := d.Parse(src)
	var out []byte
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"parse", func() { d.Parse(src) }},
		{"validate", func() { p.Validate(&d, r) }},
		{"shape", func() { out, _ = p.AppendShape(out[:0], &d, r) }},
	} {
		best := time.Hour
		for k := 0; k < 7; k++ {
			const n = 100000
			t0 := cpuNow()
			for i := 0; i < n; i++ {
				c.f()
			}
			if el := (cpuNow() - t0) / n; el < best {
				best = el
			}
		}
		t.Logf("%s: %v CPU per op", c.name, best)
	}
}
func BenchmarkQuickValidateOnly(b *testing.B) {
	s, _ := os.ReadFile("testdata/order.schema.json")
	p, _ := schema.Compile(s, schema.Options{})
	src, _ := os.ReadFile("testdata/order.json")
	var d graft.Doc
	r, _ := d.Parse(src)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := p.Validate(&d, r); err != nil {
			b.Fatal(err)
		}
	}
}

func TestQuickCPU100k(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if os.Getenv("QCPU") == "" {
		t.Skip()
	}
	s, _ := os.ReadFile("testdata/order.schema.json")
	p, _ := schema.Compile(s, schema.Options{})
	src, _ := os.ReadFile("../bench/schema/testdata/order-100k.json")
	var d graft.Doc
	r, _ := d.Parse(src)
	var out []byte
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"parse100k", func() { d.Parse(src) }},
		{"validate100k", func() { p.Validate(&d, r) }},
		{"shape100k", func() { out, _ = p.AppendShape(out[:0], &d, r) }},
	} {
		best := time.Hour
		for k := 0; k < 5; k++ {
			const n = 1000
			t0 := cpuNow()
			for i := 0; i < n; i++ {
				c.f()
			}
			if el := (cpuNow() - t0) / n; el < best {
				best = el
			}
		}
		t.Logf("%s: %v CPU per op", c.name, best)
	}
}

func BenchmarkQuick100k(b *testing.B) {
	s, _ := os.ReadFile("testdata/order.schema.json")
	p, _ := schema.Compile(s, schema.Options{})
	src, _ := os.ReadFile("../bench/schema/testdata/order-100k.json")
	var d graft.Doc
	r, _ := d.Parse(src)
	for i := 0; i < b.N; i++ {
		p.Validate(&d, r)
	}
}

func BenchmarkQuickShape100k(b *testing.B) {
	s, _ := os.ReadFile("testdata/order.schema.json")
	p, _ := schema.Compile(s, schema.Options{})
	src, _ := os.ReadFile("../bench/schema/testdata/order-100k.json")
	var d graft.Doc
	r, _ := d.Parse(src)
	var out []byte
	for i := 0; i < b.N; i++ {
		out, _ = p.AppendShape(out[:0], &d, r)
	}
}
