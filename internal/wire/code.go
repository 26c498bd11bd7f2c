package wire

// Code names what a scanner found wrong. The zero Code means no error.
type Code uint8

// Codes returned by the scanners.
const (
	OK                 Code = iota
	EOF                     // input ended inside a value
	BadByte                 // a byte that cannot start or continue the token
	ControlInString         // an unescaped byte below U+0020 inside a string
	BadEscape               // a backslash followed by something other than a JSON escape
	BadUnicodeEscape        // \u not followed by four hex digits
	LoneSurrogate           // a \u escape of a surrogate half that has no partner
	BadUTF8                 // a byte sequence that is not UTF-8
	BadNumber               // a number that does not follow the grammar
	BadLiteral              // something that starts like true, false or null but is not
	UnterminatedString      // input ended inside a string
)

var codeText = [...]string{
	OK:                 "no error",
	EOF:                "unexpected end of input",
	BadByte:            "invalid character",
	ControlInString:    "control character in string (must be escaped)",
	BadEscape:          "invalid escape in string",
	BadUnicodeEscape:   "invalid \\u escape in string (needs four hex digits)",
	LoneSurrogate:      "lone surrogate in \\u escape",
	BadUTF8:            "invalid UTF-8 in string",
	BadNumber:          "invalid number",
	BadLiteral:         "invalid literal (expected true, false or null)",
	UnterminatedString: "unterminated string",
}

// String returns a short lower-case description of the code.
func (c Code) String() string {
	if int(c) < len(codeText) {
		return codeText[c]
	}
	return "unknown error"
}

// Mode relaxes string validation.
type Mode uint8

// Mode bits.
const (
	// AllowInvalidUTF8 passes bytes that are not UTF-8 through unchecked.
	AllowInvalidUTF8 Mode = 1 << iota
	// AllowLoneSurrogates accepts \u escapes of unpaired surrogate halves.
	AllowLoneSurrogates
)

// ArrayIndex parses a reference token as an array index: decimal digits
// without leading zeros. It returns -1 for anything else, including "-".
func ArrayIndex(tok string) int {
	if tok == "" || len(tok) > 1 && tok[0] == '0' || len(tok) > 18 {
		return -1
	}
	n := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i] - '0'
		if c >= 10 {
			return -1
		}
		n = n*10 + int(c)
	}
	return n
}

// ModeOf is the Mode of the two options that relax strict parsing.
func ModeOf(allowInvalidUTF8, allowLoneSurrogates bool) Mode {
	var m Mode
	if allowInvalidUTF8 {
		m |= AllowInvalidUTF8
	}
	if allowLoneSurrogates {
		m |= AllowLoneSurrogates
	}
	return m
}
