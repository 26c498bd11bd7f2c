package wire

// PlainReason returns reason, the grammar's account of a syntax error at
// s[off], or the common mistake that explains it better: a byte order mark
// that starts the input (start says whether off is the input's first
// byte), a number with a leading zero. s may be a window of a longer
// input, holding at least the two bytes before off.
func PlainReason(s []byte, off int, start bool, reason string) string {
	switch {
	case start && off+3 <= len(s) && s[off] == 0xEF && s[off+1] == 0xBB && s[off+2] == 0xBF:
		return "byte order mark (U+FEFF): JSON text must not start with one (save the file as UTF-8 without BOM)"
	case off >= 1 && off < len(s) && isDigit(s[off]) && s[off-1] == '0' && (off == 1 || !isDigit(s[off-2]) && s[off-2] != '.' && s[off-2] != 'e' && s[off-2] != 'E' && s[off-2] != '+'):
		return "number with a leading zero: JSON numbers do not start with 0 followed by a digit"
	}
	return reason
}

func isDigit(c byte) bool { return c-'0' < 10 }
