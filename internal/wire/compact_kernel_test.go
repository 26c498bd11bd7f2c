package wire

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"testing"
)

func TestMain(m *testing.M) {
	// GRAFT_KERNEL=avx2 or =avx512 runs the whole suite on one stage-one
	// kernel (the default is the best the machine has), =portable with none.
	if k := os.Getenv("GRAFT_KERNEL"); k != "" {
		UseKernel(k)
	}
	os.Exit(m.Run())
}

// checkKernels runs every kernel the machine has on src and requires the
// same results of each: the same compact text, ends and state after every
// call (bad only as zero or not: each kernel records errors at bits of its
// own), with src at a block's start and behind 1 to 63 spaces (by its
// length), and the same Compact results. checkCompact calls it, so that
// every Compact test and FuzzCompact hold the kernels to each other too.
func checkKernels(t *testing.T, src []byte, mode Mode) {
	t.Helper()
	if !hasAVX512 || !hasAVX2 {
		return
	}
	var want []any
	for _, k := range []string{"avx512", "avx2"} {
		restore := UseKernel(k)
		out, ends, res := Compact(nil, nil, src, mode)
		restore()
		if !res.OK {
			out, ends = nil, nil // partial results are unspecified
		}
		got := []any{out, ends, res}
		if want == nil {
			want = got
		} else if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("Compact(%q) by kernel:\navx512 %v\n  avx2 %v", src, want, got)
		}
	}
	lockstepKernels(t, src, mode, 0)
	lockstepKernels(t, src, mode, 1+len(src)%63)
}

// lockstepKernels runs both kernels over pad spaces and src (and spaces to
// a whole block), one to three blocks a call, and compares after each call.
func lockstepKernels(t *testing.T, src []byte, mode Mode, pad int) {
	t.Helper()
	buf := bytes.Repeat([]byte{' '}, (pad+len(src)+64)/64*64)
	copy(buf[pad:], src)
	var st [2]compactState
	for i := range st {
		st[i].noUTF8 = uint64(mode & AllowInvalidUTF8 / AllowInvalidUTF8)
		st[i].loneOK = uint64(mode & AllowLoneSurrogates / AllowLoneSurrogates)
	}
	var dst [2][]byte
	var ends [2][]uint32
	for i, call := 0, 0; i < len(buf); call++ {
		n := min(1+call%3, (len(buf)-i)/64)
		var w, e [2]int
		for k, kernel := range []string{"avx512", "avx2"} {
			dst[k] = slices.Grow(dst[k], 64*n)
			ends[k] = slices.Grow(ends[k], 32*n)
			restore := UseKernel(kernel)
			w[k], e[k] = compactBlocks(&st[k], &buf[i], n, dst[k][len(dst[k]):cap(dst[k])], ends[k][len(ends[k]):cap(ends[k])], uint32(len(dst[k])))
			restore()
			dst[k], ends[k] = dst[k][:len(dst[k])+w[k]], ends[k][:len(ends[k])+e[k]]
		}
		i += 64 * n
		a, b := st[0], st[1]
		if (a.bad == 0) != (b.bad == 0) {
			t.Fatalf("%q (after %d spaces), blocks to %d: bad %#x by avx512, %#x by avx2", src, pad, i, a.bad, b.bad)
		}
		a.bad, b.bad = 0, 0
		if a != b || !bytes.Equal(dst[0], dst[1]) || !slices.Equal(ends[0], ends[1]) {
			t.Fatalf("%q (after %d spaces), blocks to %d:\navx512 %q %x %+v\n  avx2 %q %x %+v", src, pad, i, dst[0], ends[0], a, dst[1], ends[1], b)
		}
	}
}

// TestCompactKernelsRandom holds the kernels to each other on random bytes
// from small alphabets of what they tell apart, at every block alignment.
func TestCompactKernelsRandom(t *testing.T) {
	if !hasAVX512 || !hasAVX2 {
		t.Skip("this machine lacks one of the kernels")
	}
	alphabets := []string{
		"\"\\ u",
		"\"\\ \n\tudDabcf0189",
		"\"\\ {}[]:,1ae\xc3\xa9\xe2\x82\xac\x80\xff\x01",
		"\"\\ud83dUDE00\\ud83d\\",
		"",
	}
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 3000; i++ {
		src := make([]byte, rng.Intn(300))
		alpha := alphabets[i%len(alphabets)]
		for j := range src {
			if alpha == "" {
				src[j] = byte(rng.Intn(256))
			} else {
				src[j] = alpha[rng.Intn(len(alpha))]
			}
		}
		for _, mode := range []Mode{0, AllowInvalidUTF8, AllowLoneSurrogates} {
			checkKernels(t, src, mode)
		}
	}
}

// TestUseKernelPortable: the portable choice turns Compact and
// Balance.Blocks off as on a machine without the kernels, its restore
// function turns them back on, and a misspelt name panics without changing
// the choice.
func TestUseKernelPortable(t *testing.T) {
	src := bytes.Repeat([]byte(`[1, 2, 3]  `), 20)
	restore := UseKernel("portable")
	if HasCompact() {
		t.Error("HasCompact() = true with the portable choice")
	}
	if _, _, res := Compact(nil, nil, src, 0); res.OK {
		t.Error("Compact ran with the portable choice")
	}
	var b Balance
	if i, status := b.Blocks(src, 0, 100); i != 0 || status != More {
		t.Errorf("Balance.Blocks = %d, %v with the portable choice, want 0, More", i, status)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("UseKernel(\"avx3\") did not panic")
			}
		}()
		UseKernel("avx3")
	}()
	if HasCompact() {
		t.Error("a refused name changed the portable choice")
	}
	restore()
	if HasCompact() != hasCompact {
		t.Errorf("HasCompact() = %v after restore, want %v", HasCompact(), hasCompact)
	}
	if _, _, res := Compact(nil, nil, src, 0); res.OK != hasCompact {
		t.Errorf("Compact OK = %v after restore, want %v", res.OK, hasCompact)
	}
}
