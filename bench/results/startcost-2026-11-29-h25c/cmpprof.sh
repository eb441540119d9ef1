#!/bin/bash
# cmpprof.sh DATA COMM RUNS: children samples per run for key symbols
d=$1; c=$2; r=$3
all=$(perf report -i $d --no-children --sort comm -q -g none -F sample 2>/dev/null | awk '{s+=$1}END{print s}')
tot=$(perf report -i $d --comm $c --no-children --sort comm -q -g none -F sample 2>/dev/null | awk '{s+=$1}END{print s}')
echo "total/run $(echo "$tot/$r" | bc)"
perf report -i $d --comm $c --children --sort sym -q -g none 2>/dev/null | grep -E "\] (runtime\.(main|rt0_go.abi0|schedinit|doInit1|mstart.abi0|gcenable|newm|sysmon|newproc|mallocinit|modulesinit|moduledataverify1|itabsinit|mcommoninit|procresize|defaultGOMAXPROCSInit|goenvs|goargs)|internal/cpu.Initialize|golang.org/x/sys/cpu.init.*|main\.main|main\.run|main\.newApp|github.com/utf8x/utf8x/detect\.(DetectReader|init.func1)|(asm_exc_page_fault|entry_SYSCALL_64_after_hwframe|ret_from_fork_asm|asm_sysvec_apic_timer_interrupt))$" | awk -v r=$r -v a=$all '{sub("%","",$1); printf "%7.1f %s\n", $1*a/100/r, $NF}' | sort -k2
