#!/bin/sh
# build.sh REPO OUT: builds the ladder of programs this folder measures into
# OUT, each binary rewritten by cp (a binary as `go build` left it in the
# page cache faults differently; see startcost-2026-11-30-h26e):
#   empty      func main(){}
#   osonly     imports os, empty main
#   cliimports every package outside the module that cmd/utf8x imports
#              (stdlib, urfave/cli, x/text, x/sys, x/term), empty main
#   inits      cmd/utf8x itself, stopped by os.Exit(0) in a last init of
#              package main: the same 11.8 MB binary up to main.main
#   detectmin  detect.DetectReader on a file and the best name printed:
#              the library without the CLI (detectmin.go.txt)
#   utf8x      cmd/utf8x as built
# The temporary packages are made in REPO/cmd and removed.
set -e
repo=$1; out=$2; here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cd "$repo"
t=cmd/zz-startcost-tmp
trap 'rm -rf $t cmd/utf8x/zz_exit_tmp.go' EXIT
mk() { rm -rf $t; mkdir -p $t; cat > $t/main.go; go build -o "$out/$1.tmp" ./$t; }
printf 'package main\nfunc main(){}\n' | mk empty
printf 'package main\nimport _ "os"\nfunc main(){}\n' | mk osonly
{ echo 'package main'; echo 'import ('
  go list -deps ./cmd/utf8x | grep -v '^github.com/utf8x' | grep -v internal | grep -v '^vendor/' | grep -vx 'runtime\|unsafe' | sed 's/.*/\t_ "&"/'
  echo ')'; echo 'func main(){}'; } | mk cliimports
mk detectmin < "$here/detectmin.go.txt"
printf 'package main\n\nimport "os"\n\nfunc init() { os.Exit(0) }\n' > cmd/utf8x/zz_exit_tmp.go
go build -o "$out/inits.tmp" ./cmd/utf8x
rm cmd/utf8x/zz_exit_tmp.go
go build -o "$out/utf8x.tmp" ./cmd/utf8x
for b in empty osonly cliimports inits detectmin utf8x; do cp "$out/$b.tmp" "$out/$b"; rm "$out/$b.tmp"; done
ls -l "$out"
