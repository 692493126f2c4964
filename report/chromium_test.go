package report_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/plancert/plancert/report"
)

// consoleProblem matches what Chromium logs (--enable-logging=stderr) for a
// console message, an uncaught exception or a resource that failed to load.
var consoleProblem = regexp.MustCompile(`(?m)^.*(:CONSOLE[:(]|Uncaught |net::ERR_|Failed to load resource).*$`)

// chromium runs headless Chromium on the file page with args and returns
// its standard output and the problems it logged.
func chromium(t *testing.T, bin, page string, args ...string) (stdout string, problems []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0"}, args...)
	all = append(all, "file://"+page)
	cmd := exec.CommandContext(ctx, bin, all...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(all, " "), err, errOut.String())
	}
	return out.String(), consoleProblem.FindAllString(errOut.String(), -1)
}

// nonBlank reports whether img has more than a few colours and at least
// 2% of its pixels away from the background colour of its corner.
func nonBlank(img image.Image) (bool, int, float64) {
	b := img.Bounds()
	bg := img.At(b.Min.X, b.Min.Y)
	br, bgc, bb, _ := bg.RGBA()
	colours := map[[3]uint32]bool{}
	off := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
			if r != br || g != bgc || bl != bb {
				off++
			}
		}
	}
	frac := float64(off) / float64(b.Dx()*b.Dy())
	return len(colours) > 16 && frac > 0.02, len(colours), frac
}

// TestHTMLInChromium renders the HTML report of a generated suite (two
// response sets compared) in headless Chromium: the page logs no console
// error and fails to load nothing, its DOM holds every chart and table,
// and its screenshot is not blank. A control page with a failing script
// and a missing image must be caught, so that a silent log cannot pass.
//
// It runs with PLANCERT_CHROMIUM=1 ("make report-check", which installs
// Debian's chromium when missing) or PLANCERT_LONG=1; without Chromium it
// fails under PLANCERT_CHROMIUM and is skipped under PLANCERT_LONG.
func TestHTMLInChromium(t *testing.T) {
	must := os.Getenv("PLANCERT_CHROMIUM") == "1"
	if !must && os.Getenv("PLANCERT_LONG") == "" {
		t.Skip("set PLANCERT_CHROMIUM=1 (make report-check) or PLANCERT_LONG=1 to render the report in Chromium")
	}
	bin := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		if must {
			t.Fatal("chromium is not on PATH (make report-check installs the Debian package)")
		}
		t.Skip("chromium is not on PATH; make report-check installs it")
	}

	dir := t.TempDir()
	control := filepath.Join(dir, "control.html")
	if err := os.WriteFile(control, []byte(`<!DOCTYPE html><html><body><p>control</p>`+
		`<script>console.error("plancert control error"); undefinedFunction();</script>`+
		`<img src="missing.png" alt=""></body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, caught := chromium(t, bin, control, "--dump-dom")
	if len(caught) == 0 {
		t.Fatal("the control page's console error was not caught: the log check cannot fail")
	}
	t.Logf("control page, caught as expected: %q", caught)

	_, two := fixture(t)
	var b bytes.Buffer
	if err := report.WriteHTML(&b, two); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "report.html")
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	dom, problems := chromium(t, bin, page, "--dump-dom")
	for _, p := range problems {
		t.Errorf("console: %s", p)
	}
	if n := strings.Count(dom, "<svg"); n != 8 {
		t.Errorf("the DOM has %d SVG charts, want 8", n)
	}
	if n := strings.Count(dom, "<table>"); n != 10 {
		t.Errorf("the DOM has %d tables, want 10", n)
	}

	shot := filepath.Join(dir, "report.png")
	_, problems = chromium(t, bin, page, "--window-size=1280,2400", "--hide-scrollbars", "--screenshot="+shot)
	for _, p := range problems {
		t.Errorf("console (screenshot): %s", p)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the screenshot is not a PNG: %v", err)
	}
	ok, colours, frac := nonBlank(img)
	t.Logf("screenshot %dx%d: %d colours, %.1f%% of pixels off the background", img.Bounds().Dx(), img.Bounds().Dy(), colours, 100*frac)
	if !ok {
		t.Errorf("the screenshot looks blank: %d colours, %.2f%% of pixels off the background", colours, 100*frac)
	}
	if keep := os.Getenv("PLANCERT_SCREENSHOT"); keep != "" {
		data, _ := os.ReadFile(shot)
		if err := os.WriteFile(keep, data, 0o644); err != nil {
			t.Error(err)
		}
	}
}
