package bom

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

func TestBOM(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"\uFEFF", ""},
		{"\uFEFF{}\n", "{}\n"},
		{"{}\n", "{}\n"},
		{"\uFEFF\uFEFF{}", "\uFEFF{}"}, // only the first mark
		{"a\uFEFF", "a\uFEFF"},         // not at the start
		{"\xef\xbb", "\xef\xbb"},       // part of a mark
		{"\xef\xbb{", "\xef\xbb{"},
	}
	for _, tt := range tests {
		if got := string(Trim([]byte(tt.in))); got != tt.want {
			t.Errorf("Trim(%q) = %q, want %q", tt.in, got, tt.want)
		}
		got, err := io.ReadAll(Reader(strings.NewReader(tt.in)))
		if err != nil || string(got) != tt.want {
			t.Errorf("Reader(%q) reads %q, %v; want %q", tt.in, got, err, tt.want)
		}
		br := bufio.NewReaderSize(strings.NewReader(tt.in), 16)
		Skip(br)
		if got, err := io.ReadAll(br); err != nil || string(got) != tt.want {
			t.Errorf("Skip(%q) leaves %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}
