#!/bin/sh
# build.sh NAME: regenerate with $H33C_VARIANT and build the vs child + test binary as NAME
set -e
cd /work/wt-h33c/internal/gen && go run ./convkernel
cd /work/wt-h33c/bench && go build -o /tmp/h33c/vs-$1 ./cmd/vssimdutf
cd /work/wt-h33c/transcode && go test -c -o /tmp/h33c/t-$1 .
