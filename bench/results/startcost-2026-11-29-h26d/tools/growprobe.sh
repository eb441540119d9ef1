#!/bin/bash
# growprobe.sh BIN ARGS...: every runtime.(*mcentral).grow of the run (a new span): its span
# class (size class*2, +1 when pointer-free) and the first three non-runtime callers.
b=$1; shift
tag=$(basename $b | tr -c 'a-zA-Z0-9\n' _)
perf probe -q -x $b -a "gr_$tag=runtime.(*mcentral).grow sc=+0(%ax):u8" 2>/dev/null
perf probe -q -x $b -a "la_$tag=runtime.(*mheap).alloc npages=%bx:u64" 2>/dev/null
perf record -q -e probe_$tag:gr_$tag -g -o /tmp/h26d/gr.$tag.data $b "$@" >/dev/null 2>&1
perf script -i /tmp/h26d/gr.$tag.data -F trace,ip,sym 2>/dev/null | awk 'BEGIN{RS="";FS="\n"} {split($1,h," "); s=h[2]; n=0; for(i=2;i<=NF;i++){split($i,x," "); f=x[2]; if (f !~ /^runtime\.|^internal\/runtime|unknown|^sync\./ && n<3) {sub("github.com/utf8x/utf8x/","",f); s=s" < "f; n++}} print s}'
