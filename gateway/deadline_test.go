package gateway

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"
)

func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// A deadline behaves as context.WithTimeout's context, request after
// request of one pooled state, and what a past request left running (its
// timer, the watch of its client) does not reach the next.
func TestDeadline(t *testing.T) {
	for _, c := range []struct {
		name string
		run  func(t *testing.T, d *deadline)
	}{
		{"passes, and a derived context ends with it", func(t *testing.T, d *deadline) {
			d.start(context.Background(), 20*time.Millisecond)
			child, cancel := context.WithTimeout(d, time.Hour)
			defer cancel()
			<-child.Done()
			if !errors.Is(d.Err(), context.DeadlineExceeded) || !closed(d.Done()) {
				t.Errorf("Err %v, Done closed %v", d.Err(), closed(d.Done()))
			}
			d.end()
		}},
		{"the client's earlier deadline is the deadline", func(t *testing.T, d *deadline) {
			parent, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			d.start(parent, time.Hour)
			want, _ := parent.Deadline()
			if got, ok := d.Deadline(); !ok || !got.Equal(want) {
				t.Errorf("Deadline %v, want the client's %v", got, want)
			}
			d.end()
		}},
		{"the client goes away while a fetch waits on Done", func(t *testing.T, d *deadline) {
			parent, leave := context.WithCancel(context.Background())
			d.start(parent, time.Hour)
			done := d.Done()
			if closed(done) || d.Err() != nil {
				t.Fatal("done before the client left")
			}
			leave()
			<-done
			if !errors.Is(d.Err(), context.Canceled) {
				t.Errorf("Err %v", d.Err())
			}
			d.end()
		}},
		{"the client goes away and only Err is asked", func(t *testing.T, d *deadline) {
			parent, leave := context.WithCancel(context.Background())
			d.start(parent, time.Hour)
			leave()
			if !errors.Is(d.Err(), context.Canceled) || !closed(d.Done()) {
				t.Errorf("Err %v, Done closed %v", d.Err(), closed(d.Done()))
			}
			d.end()
		}},
		{"reused after a cancellation", func(t *testing.T, d *deadline) {
			d.start(context.Background(), time.Millisecond)
			<-d.Done()
			d.end()
			d.start(context.Background(), time.Hour)
			if d.Err() != nil || closed(d.Done()) {
				t.Errorf("a new request starts done: %v", d.Err())
			}
			d.end()
		}},
		{"a past request's timer firing late", func(t *testing.T, d *deadline) {
			d.start(context.Background(), time.Hour)
			d.end()
			d.start(context.Background(), time.Hour)
			d.expire() // as the first request's timer would, had Stop come too late
			if d.Err() != nil || closed(d.Done()) {
				t.Errorf("cancelled by a past request's timer: %v", d.Err())
			}
			d.end()
		}},
		{"a past client leaving", func(t *testing.T, d *deadline) {
			parent, leave := context.WithCancel(context.Background())
			d.start(parent, time.Hour)
			d.Done()
			d.end()
			d.start(context.Background(), time.Hour)
			leave()
			d.parentDone() // as the first watch would, had its stop come too late
			if d.Err() != nil || closed(d.Done()) {
				t.Errorf("cancelled by a past request's client: %v", d.Err())
			}
			d.end()
		}},
		{"derived contexts hang on it, with no goroutine each", func(t *testing.T, d *deadline) {
			parent, leave := context.WithCancel(context.Background())
			defer leave()
			d.start(parent, time.Hour)
			before := runtime.NumGoroutine()
			var cancels []context.CancelFunc
			for range 100 {
				_, cancel := context.WithTimeout(d, time.Minute)
				cancels = append(cancels, cancel)
			}
			if n := runtime.NumGoroutine() - before; n > 10 {
				t.Errorf("%d goroutines more for 100 derived contexts", n)
			}
			for _, cancel := range cancels {
				cancel()
			}
			d.end()
		}},
		{"values of the client's context", func(t *testing.T, d *deadline) {
			type key struct{}
			d.start(context.WithValue(context.Background(), key{}, "v"), time.Hour)
			child, cancel := context.WithCancel(d)
			defer cancel()
			if child.Value(key{}) != "v" {
				t.Errorf("Value %v", child.Value(key{}))
			}
			if dl, ok := child.Deadline(); !ok || time.Until(dl) < 59*time.Minute {
				t.Errorf("Deadline %v %v", dl, ok)
			}
			d.end()
		}},
	} {
		t.Run(c.name, func(t *testing.T) { c.run(t, new(deadline)) })
	}
}

// Many states' deadlines at once, each reused request after request,
// some passing while fetches (derived contexts, waiters on Done) use them:
// a request is done only if its deadline passed, and the race detector
// watches the rest.
func TestDeadlineConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := new(deadline)
			for i := range 200 {
				timeout := time.Hour
				if (i+g)%5 == 0 {
					timeout = 50 * time.Microsecond
				}
				d.start(context.Background(), timeout)
				var fetches sync.WaitGroup
				for range 3 {
					fetches.Add(1)
					go func() {
						defer fetches.Done()
						ctx, cancel := context.WithTimeout(d, time.Hour)
						defer cancel()
						select {
						case <-ctx.Done():
						case <-time.After(100 * time.Microsecond):
						}
					}()
				}
				fetches.Wait()
				if timeout == time.Hour && (d.Err() != nil || closed(d.Done())) {
					t.Errorf("request %d of state %d done (%v) before its deadline", i, g, d.Err())
				}
				if timeout != time.Hour {
					<-d.Done()
					if !errors.Is(d.Err(), context.DeadlineExceeded) {
						t.Errorf("request %d of state %d: Err %v after its deadline", i, g, d.Err())
					}
				}
				d.end()
			}
		}()
	}
	wg.Wait()
}

func TestDeadlineAllocs(t *testing.T) {
	d := new(deadline)
	d.start(context.Background(), time.Hour)
	d.end()
	if raceEnabled {
		t.Skip("allocation budgets are not checked under the race detector")
	}
	n := testing.AllocsPerRun(100, func() {
		d.start(context.Background(), time.Hour)
		if d.Err() != nil {
			t.Fatal(d.Err())
		}
		d.end()
	})
	if n != 0 {
		t.Errorf("%v allocations per request, want 0", n)
	}
}
