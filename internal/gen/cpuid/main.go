// Command cpuid writes internal/kernelset's two amd64 instructions with avo:
// cpuid and xgetbv, with which the package reads the CPU features its
// levels need itself rather than through golang.org/x/sys/cpu.
//
// Run it from internal/gen (`go run ./cpuid`, or `go generate` in
// internal/kernelset); it rewrites ../kernelset/cpuid_amd64.s and
// ../kernelset/cpuid_amd64.go.
//
// Why not x/sys/cpu: its package init executes CPUID four times (leaves 0,
// 1, 7 and 0x80000001) and builds its GODEBUG options table, in every
// process that links it, needed or not; in a virtual machine where CPUID
// traps to the hypervisor (14.6 µs each on the machine of
// bench/results/startcost-2026-11-29-h25c) that is most of a package init's
// cost. kernelset needs leaves 1 and 7 only, and reads them once.
package main

import (
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	if len(os.Args) == 1 {
		os.Args = append(os.Args,
			"-out", "../kernelset/cpuid_amd64.s",
			"-stubs", "../kernelset/cpuid_amd64.go",
			"-pkg", "kernelset")
	}
	ConstraintExpr("!purego,!darwin")

	TEXT("cpuid", NOSPLIT, "func(leaf, sub uint32) (eax, ebx, ecx, edx uint32)")
	Doc("cpuid executes CPUID with EAX = leaf and ECX = sub and returns the four registers.")
	Load(Param("leaf"), EAX)
	Load(Param("sub"), ECX)
	CPUID()
	Store(EAX, Return("eax"))
	Store(EBX, Return("ebx"))
	Store(ECX, Return("ecx"))
	Store(EDX, Return("edx"))
	RET()

	TEXT("xgetbv", NOSPLIT, "func() (eax uint32)")
	Doc("xgetbv returns the low half of XCR0, the register states the operating",
		"system saves; it may run only where CPUID leaf 1 reports OSXSAVE.")
	XORL(ECX, ECX)
	XGETBV()
	Store(EAX, Return("eax"))
	RET()

	Generate()
}
