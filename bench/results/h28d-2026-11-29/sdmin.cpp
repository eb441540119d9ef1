// measuring harness only (not part of utf8x): simdutf timed by thread CPU time
#include "/tmp/h28b-sd/singleheader/simdutf.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
static double now() { timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
volatile size_t sink;
static int windows = 200;
static double wall() { timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
template <class F> double best(size_t bytes, F f) {
  long k = 1;
  for (;;) { double s = wall(); for (long i = 0; i < k; i++) sink = f(); if (wall() - s >= 150e-6) break; k *= 2; }
  double b = 1e9;
  for (int w = 0; w < windows; w++) {
    double s = wall();
    for (long i = 0; i < k; i++) sink = f();
    double e = wall() - s; if (e < b) b = e;
  }
  return bytes * (double)k / b / 1e9;
}
int main(int argc, char **argv) {
  const char *impl = getenv("SD_IMPL");
  if (impl) { auto i = simdutf::get_available_implementations()[impl]; if (!i) { fprintf(stderr, "no impl\n"); return 1; } simdutf::get_active_implementation() = i; }
  if (getenv("SD_WINDOWS")) windows = atoi(getenv("SD_WINDOWS"));
  bool gob = getenv("SD_GOBENCH") != nullptr;
  fprintf(stderr, "impl %s\n", simdutf::get_active_implementation()->name().data());
  for (int a = 1; a < argc; a++) {
    std::ifstream in(argv[a], std::ios::binary); std::stringstream ss; ss << in.rdbuf(); std::string s = ss.str();
    std::vector<char16_t> u16(s.size() + 64); std::vector<char32_t> u32(s.size() + 64);
    size_t n16 = simdutf::convert_utf8_to_utf16le(s.data(), s.size(), u16.data());
    size_t n32 = simdutf::convert_utf8_to_utf32(s.data(), s.size(), u32.data());
    std::vector<char32_t> o32(n16 + 64); std::vector<char> o8(4 * n32 + 64);
    double a1 = best(n16 * 2, [&] { return simdutf::convert_utf16le_to_utf32(u16.data(), n16, o32.data()); });
    double a2 = best(n32 * 4, [&] { return simdutf::convert_utf32_to_utf8(u32.data(), n32, o8.data()); });
    const char *b = strrchr(argv[a], '/'); b = b ? b + 1 : argv[a];
    std::string nm(b); size_t p = nm.find("-Lipsum.utf8.txt"); if (p != std::string::npos) nm = nm.substr(0, p);
    if (gob) {
      printf("BenchmarkVS/u16to32/%s 1 %.3f GB/s\nBenchmarkVS/u32to8/%s 1 %.3f GB/s\n", nm.c_str(), a1, nm.c_str(), a2);
    } else {
      printf("%s u16to32 %.3f u32to8 %.3f\n", argv[a], a1, a2);
    }
    fflush(stdout);
  }
}
