#!/bin/bash
# msprobe.sh BIN ARGS...: (uprobes; run as root) every runtime.morestack of the run (uprobe): the function that
# needs the room and its caller; and every copystack's new size.
b=$1; shift
tag=$(basename $b | tr -c 'a-zA-Z0-9\n' _)
perf probe -q -x $b -a "ms_$tag=runtime.morestack f=+0(%sp):u64 c=+8(%sp):u64" 2>/dev/null
perf probe -q -x $b -a "cs_$tag=runtime.copystack newsize=%bx:u64" 2>/dev/null
perf record -q -e probe_$tag:ms_$tag -e probe_$tag:cs_$tag -o /tmp/h23x/ms.$tag.data $b "$@" >/dev/null 2>&1
perf script -i /tmp/h23x/ms.$tag.data -F event,trace 2>/dev/null | while read ev a x y; do
  case $ev in
  *cs_*) echo "   copystack -> ${x#newsize=}";;
  *) f=$(printf "0x%x" ${x#f=}); c=$(printf "0x%x" ${y#c=}); echo "morestack $(echo -e "$f\n$c" | go tool addr2line $b | awk 'NR%2==1' | paste -sd'<')";;
  esac
done
