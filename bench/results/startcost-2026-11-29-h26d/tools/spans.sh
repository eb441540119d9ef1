#!/bin/bash
# spans.sh TAG BIN ARGS...: every mcentral.grow (new span) with span class and first 3 non-runtime callers.
# TAG: probe group (perf probe names the group probe_<basename up to '-'>).
t=$1; b=$2; shift 2
perf probe -q -x $b -a "gr_$t=runtime.(*mcentral).grow sc=+0(%ax):u8" 2>/dev/null
g=$(perf probe -l 2>/dev/null | grep "gr_$t " | head -1 | awk '{print $1}')
perf record -q -e $g -g -o /tmp/h26d/gr.$t.data $b "$@" >/dev/null 2>&1
perf script -i /tmp/h26d/gr.$t.data -F trace,ip,sym 2>/dev/null | awk 'BEGIN{RS="";FS="\n"} {split($1,h," "); s=h[2]; n=0; for(i=2;i<=NF;i++){split($i,x," "); f=x[2]; if (f !~ /^runtime\.|^internal\/runtime|unknown|^sync\./ && n<3) {sub("github.com/utf8x/utf8x/","",f); s=s" < "f; n++}} print s}'
