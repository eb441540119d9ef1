package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// ftfyPackage is the peer, pinned: ftfy-js, the TypeScript port of
// python-ftfy 6.3.1 (upstream commit 74dd045).
const ftfyPackage = "ftfy-js@6.3.2"

//go:embed ftfy.js
var ftfyScript []byte

// jsDir is where -install puts ftfy-js (npm install ftfy-js@6.3.2).
func jsDir() string {
	if d := os.Getenv("UTF8X_FTFY"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "utf8x-ftfy")
}

// installFtfy installs ftfy-js into jsDir with npm when it is missing, and
// node and npm with apt-get when they are.
func installFtfy() {
	if _, err := exec.LookPath("node"); err != nil {
		cmd := exec.Command("apt-get", "-y", "-qq", "-o", "DPkg::Lock::Timeout=600", "install", "--no-install-recommends", "nodejs", "npm")
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := cmd.CombinedOutput(); err != nil {
			log.Printf("apt-get install nodejs npm: %v\n%s", err, out)
		}
	}
	if _, err := os.Stat(filepath.Join(jsDir(), "node_modules", "ftfy-js")); err == nil {
		return
	}
	if err := os.MkdirAll(jsDir(), 0o755); err != nil {
		log.Printf("%v", err)
		return
	}
	cmd := exec.Command("npm", "install", "--no-audit", "--no-fund", "--save-exact", ftfyPackage)
	cmd.Dir = jsDir()
	if out, err := cmd.CombinedOutput(); err != nil {
		log.Printf("npm install %s: %v\n%s", ftfyPackage, err, out)
	}
}

// node runs ftfy.js in mode with stdin, in one process, and returns its
// output and the process's CPU time.
type node struct{ script string }

func newNode(tmp string) (*node, error) {
	if _, err := os.Stat(filepath.Join(jsDir(), "node_modules", "ftfy-js")); err != nil {
		return nil, fmt.Errorf("ftfy-js not installed in %s (-install runs npm install %s there)", jsDir(), ftfyPackage)
	}
	if _, err := exec.LookPath("node"); err != nil {
		return nil, err
	}
	script := filepath.Join(tmp, "ftfy.js")
	if err := os.WriteFile(script, ftfyScript, 0o644); err != nil {
		return nil, err
	}
	return &node{script}, nil
}

func (n *node) run(mode string, stdin []byte) ([]byte, time.Duration, error) {
	cmd := exec.Command("node", "--max-old-space-size=4096", n.script, mode)
	cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(jsDir(), "node_modules"))
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var cpu time.Duration
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if err != nil {
		return nil, cpu, fmt.Errorf("node ftfy.js %s: %v\n%s", mode, err, stderr.Bytes())
	}
	return out, cpu, nil
}

// fixLines runs ftfy on each input: fix_text with the encoding-only
// configuration, and plain fix_encoding.
func (n *node) fixLines(mode string, ss []string) (text, enc []string, cpu time.Duration, err error) {
	out, cpu, err := n.run(mode, encodeInputs(ss))
	if err != nil {
		return nil, nil, cpu, err
	}
	text, enc, err = parsePairs(out, len(ss))
	return text, enc, cpu, err
}

// versions are what ftfy.js reports of itself.
type versions struct {
	Node   string          `json:"node"`
	Ftfy   string          `json:"ftfy"`
	Config json.RawMessage `json:"config"`
}

func (n *node) versions() (versions, error) {
	var v versions
	out, _, err := n.run("version", nil)
	if err != nil {
		return v, err
	}
	return v, json.Unmarshal(out, &v)
}
