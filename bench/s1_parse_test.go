package bench

// S1 inputs, parse only: the four tiny documents of S1, each parsed by a
// parser (and arena) of its own, reused from one op to the next, with S3's
// rows and checks. It is the floor under S1: what each peer's parses cost
// before any merge or print.

import "testing"

var s1Inputs = [][]byte{s1BaseBytes, s1AtBBytes, s1AtBCBytes, s1BoolBytes}

func BenchmarkS1Parse(b *testing.B) {
	for _, r := range s3Rows {
		b.Run(r.name, func(b *testing.B) {
			parse, check := setupS1Parse(b, r)
			timeParses(b, parse, check)
		})
	}
}

func TestS1Parse(t *testing.T) {
	for _, r := range s3Rows {
		t.Run(r.name, func(t *testing.T) {
			parse, check := setupS1Parse(t, r)
			for i := 0; i < 3; i++ {
				if err := parse(); err != nil {
					t.Fatalf("op %d: %v", i+1, err)
				}
				if err := check(); err != nil {
					t.Fatalf("op %d: %v", i+1, err)
				}
			}
		})
	}
}

// setupS1Parse returns one op that parses the four inputs with row r, and
// the check of all four results.
func setupS1Parse(tb testing.TB, r parseRow) (parse, check func() error) {
	parses := make([]func() error, len(s1Inputs))
	checks := make([]func() error, len(s1Inputs))
	for i, in := range s1Inputs {
		parses[i], checks[i] = r.setup(tb, in)
	}
	parse = func() error {
		for _, p := range parses {
			if err := p(); err != nil {
				return err
			}
		}
		return nil
	}
	check = func() error {
		for _, c := range checks {
			if err := c(); err != nil {
				return err
			}
		}
		return nil
	}
	return parse, check
}
