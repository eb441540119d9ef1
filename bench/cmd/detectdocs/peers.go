package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/utf8x/utf8x/detect"
)

// answer is a detector's answer on one file; na marks files a detector
// does not apply to (enca outside its languages).
type answer struct {
	label string
	conf  float64
	na    bool
}

// run is one detector's answers on the whole set and what they cost.
type run struct {
	name    string
	answers []answer
	took    time.Duration
	cpu     time.Duration // processor time (user + system) of the run
	note    []string      // what the report should say about the run
}

// ours runs detect.Detect in this process with the given options.
func ours(name string, samples []sample, o *detect.Options) run {
	r := run{name: name, answers: make([]answer, len(samples))}
	start, cpu0 := time.Now(), selfCPU()
	for i := range samples {
		res := detect.Detect(samples[i].bytes, o)
		if best, ok := res.Best(); ok {
			r.answers[i] = answer{label: best.Encoding, conf: best.Confidence}
		}
	}
	r.took, r.cpu = time.Since(start), selfCPU()-cpu0
	return r
}

// selfCPU is this process's processor time so far.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// chunked runs a command on files in chunks (mk puts them on the command
// line or standard input) and returns one parsed line per file and the
// processes' processor time.
func chunked(ctx context.Context, files []string, chunk int, mk func(ctx context.Context, files []string) *exec.Cmd, parse func(line string) string) ([]string, time.Duration, error) {
	out := make([]string, 0, len(files))
	var cpu time.Duration
	for i := 0; i < len(files); i += chunk {
		j := min(i+chunk, len(files))
		cmd := mk(ctx, files[i:j])
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		res, err := cmd.Output()
		if cmd.ProcessState != nil {
			cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		}
		lines := strings.Split(strings.TrimRight(string(res), "\n"), "\n")
		if len(res) == 0 {
			lines = nil
		}
		if len(lines) != j-i {
			return nil, cpu, fmt.Errorf("%s gave %d lines for %d files (%v): %.300s", cmd.Path, len(lines), j-i, err, stderr.String())
		}
		for _, l := range lines {
			out = append(out, parse(l))
		}
	}
	return out, cpu, nil
}

func afterColon(l string) string {
	if i := strings.LastIndex(l, ": "); i >= 0 {
		return strings.TrimSpace(l[i+2:])
	}
	return strings.TrimSpace(l)
}

func labelsRun(name string, labels []string, took, cpu time.Duration) run {
	r := run{name: name, answers: make([]answer, len(labels)), took: took, cpu: cpu}
	for i, l := range labels {
		r.answers[i] = answer{label: l}
	}
	return r
}

func runUchardet(ctx context.Context, files []string) (run, error) {
	if _, err := exec.LookPath("uchardet"); err != nil {
		return run{}, err
	}
	start := time.Now()
	got, cpu, err := chunked(ctx, files, 400, func(ctx context.Context, f []string) *exec.Cmd {
		return exec.CommandContext(ctx, "uchardet", f...)
	}, afterColon)
	return labelsRun("uchardet", got, time.Since(start), cpu), err
}

// runEnca asks enca about the files whose language it knows, telling it
// the language (it needs that); the others are not applicable.
func runEnca(ctx context.Context, files []string, samples []sample) (run, error) {
	if _, err := exec.LookPath("enca"); err != nil {
		return run{}, err
	}
	start := time.Now()
	r := run{name: "enca", answers: make([]answer, len(files))}
	byLang := map[string][]int{}
	for i, s := range samples {
		if l := langs[s.lang].enca; l != "" {
			byLang[l] = append(byLang[l], i)
		} else {
			r.answers[i].na = true
		}
	}
	for lang, idx := range byLang {
		var fs []string
		for _, k := range idx {
			fs = append(fs, files[k])
		}
		got, cpu, err := chunked(ctx, fs, 400, func(ctx context.Context, f []string) *exec.Cmd {
			// exit status 1 when some file is unrecognised: the lines still come
			return exec.CommandContext(ctx, "enca", append([]string{"-L", lang, "-i"}, f...)...)
		}, afterColon)
		if err != nil {
			// enca 1.19 refuses -L latvian ("Cannot determine your language
			// preferences"): that language's files are then not applicable
			log.Printf("enca -L %s: %s: its files count as not applicable", lang, firstLine(err.Error()))
			r.note = append(r.note, fmt.Sprintf("enca refused -L %s (%d files not applicable)", lang, len(idx)))
			for _, k := range idx {
				r.answers[k].na = true
			}
			continue
		}
		r.cpu += cpu
		for n, k := range idx {
			r.answers[k].label = got[n]
		}
	}
	r.took = time.Since(start)
	return r, nil
}

const pyScript = `
import sys, json
lib = sys.argv[1]
if lib == "chardet":
    import chardet
    def guess(b):
        return chardet.detect(b)["encoding"] or ""
else:
    import charset_normalizer
    def guess(b):
        best = charset_normalizer.from_bytes(b).best()
        return best.encoding if best is not None else ""
for line in sys.stdin:
    with open(line.rstrip("\n"), "rb") as f:
        data = f.read()
    try:
        g = guess(data)
    except Exception as e:
        g = "error:" + type(e).__name__
    print(g, flush=False)
`

// runPython runs Debian's python3-chardet or python3-charset-normalizer
// (lib "chardet" or "charset_normalizer") over every file in one process.
func runPython(ctx context.Context, lib string, files []string) (run, error) {
	if exec.Command("/usr/bin/python3", "-c", "import "+lib).Run() != nil {
		return run{}, fmt.Errorf("/usr/bin/python3 has no %s (apt-get install python3-%s)", lib, strings.ReplaceAll(lib, "_", "-"))
	}
	start := time.Now()
	got, cpu, err := chunked(ctx, files, len(files)+1, func(ctx context.Context, f []string) *exec.Cmd {
		cmd := exec.CommandContext(ctx, "/usr/bin/python3", "-c", pyScript, lib)
		cmd.Stdin = strings.NewReader(strings.Join(f, "\n") + "\n")
		return cmd
	}, strings.TrimSpace)
	name := strings.ReplaceAll(lib, "_", "-")
	return labelsRun(name, got, time.Since(start), cpu), err
}

//go:embed jschardet.js
var jsScript []byte

// jsDir is where -install puts jschardet (npm install jschardet).
func jsDir() string {
	if d := os.Getenv("UTF8X_JSCHARDET"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "utf8x-jschardet")
}

func runJschardet(ctx context.Context, files []string, dir string) (run, error) {
	if _, err := os.Stat(filepath.Join(jsDir(), "node_modules", "jschardet")); err != nil {
		return run{}, fmt.Errorf("jschardet not installed in %s (-install runs npm install jschardet there)", jsDir())
	}
	if _, err := exec.LookPath("node"); err != nil {
		return run{}, err
	}
	script := filepath.Join(dir, "jschardet.js")
	if err := os.WriteFile(script, jsScript, 0o644); err != nil {
		return run{}, err
	}
	start := time.Now()
	got, cpu, err := chunked(ctx, files, len(files)+1, func(ctx context.Context, f []string) *exec.Cmd {
		cmd := exec.CommandContext(ctx, "node", script)
		cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(jsDir(), "node_modules"))
		cmd.Stdin = strings.NewReader(strings.Join(f, "\n") + "\n")
		return cmd
	}, strings.TrimSpace)
	return labelsRun("jschardet", got, time.Since(start), cpu), err
}

// runCLI runs the utf8x command (default options, as a user types it,
// --min-confidence 0 so that it answers as detect.Detect does).
func runCLI(ctx context.Context, bin string, files []string) (run, error) {
	start := time.Now()
	got, cpu, err := chunked(ctx, files, 400, func(ctx context.Context, f []string) *exec.Cmd {
		return exec.CommandContext(ctx, bin, append([]string{"detect", "--json", "--min-confidence", "0", "--"}, f...)...)
	}, func(l string) string {
		var rep struct {
			Encoding   *string
			Confidence float64
		}
		if json.Unmarshal([]byte(l), &rep) != nil || rep.Encoding == nil {
			return ""
		}
		return *rep.Encoding
	})
	return labelsRun("utf8x CLI", got, time.Since(start), cpu), err
}

// buildCLI builds cmd/utf8x of the module at root into dir.
func buildCLI(root, dir string) (string, error) {
	bin := filepath.Join(dir, "utf8x")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/utf8x")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/utf8x: %v\n%s", err, out)
	}
	return bin, nil
}

// docPackages hold the set's HTML and XML documents: the Debian Reference,
// FAQ and New Maintainers' Guide in their translations, GNOME's help.
var docPackages = []string{"debian-reference-common", "debian-reference-de", "debian-reference-es",
	"debian-reference-fr", "debian-reference-id", "debian-reference-it", "debian-reference-ja",
	"debian-reference-pt", "debian-reference-pt-br", "debian-reference-zh-cn", "debian-reference-zh-tw",
	"debian-faq", "debian-faq-de", "debian-faq-fr", "debian-faq-it", "debian-faq-ja", "debian-faq-ko",
	"debian-faq-nl", "debian-faq-pt", "debian-faq-ru", "debian-faq-zh-cn",
	"maint-guide", "maint-guide-ca", "maint-guide-de", "maint-guide-es", "maint-guide-fr", "maint-guide-it",
	"maint-guide-ja", "maint-guide-ru", "maint-guide-vi", "maint-guide-zh-cn", "maint-guide-zh-tw",
	"gnome-user-docs"}

// installPeers installs what is missing: uchardet, enca, the Python
// detectors and the document packages with apt-get, jschardet with npm.
func installPeers() {
	var missing []string
	if _, err := exec.LookPath("uchardet"); err != nil {
		missing = append(missing, "uchardet")
	}
	if _, err := exec.LookPath("enca"); err != nil {
		missing = append(missing, "enca")
	}
	if exec.Command("/usr/bin/python3", "-c", "import chardet").Run() != nil {
		missing = append(missing, "python3-chardet")
	}
	if exec.Command("/usr/bin/python3", "-c", "import charset_normalizer").Run() != nil {
		missing = append(missing, "python3-charset-normalizer")
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing = append(missing, "nodejs", "npm")
	}
	// the HTML and XML documents of the set (see sources in main.go)
	for _, pkg := range docPackages {
		if _, err := os.Stat(filepath.Join("/usr/share/doc", pkg)); err != nil {
			missing = append(missing, pkg)
		}
	}
	if len(missing) > 0 {
		apt := func(args ...string) ([]byte, error) {
			cmd := exec.Command("apt-get", append([]string{"-y", "-qq", "-o", "DPkg::Lock::Timeout=600"}, args...)...)
			cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
			return cmd.CombinedOutput()
		}
		install := append([]string{"install", "--no-install-recommends"}, missing...)
		if _, err := apt(install...); err != nil {
			// the package lists may be missing or old: update them once
			apt("update")
			if out, err := apt(install...); err != nil {
				log.Printf("apt-get install %v: %v\n%s", missing, err, out)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(jsDir(), "node_modules", "jschardet")); err != nil {
		if err := os.MkdirAll(jsDir(), 0o755); err == nil {
			cmd := exec.Command("npm", "install", "--no-audit", "--no-fund", "jschardet")
			cmd.Dir = jsDir()
			if out, err := cmd.CombinedOutput(); err != nil {
				log.Printf("npm install jschardet: %v\n%s", err, out)
			}
		}
	}
}
