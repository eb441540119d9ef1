// measuring harness only (not part of utf8x): simdutf u16to32/u32to16 timed by thread CPU time
#include "singleheader/simdutf.h"
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
static double now() { timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
volatile size_t sink;
template <class F> double best(size_t bytes, F f) {
  double b = 0;
  for (int w = 0; w < 5; w++) {
    double s = now(), e; long it = 0;
    do { sink = f(); it++; e = now(); } while (e - s < 0.05);
    double g = bytes * (double)it / (e - s) / 1e9; if (g > b) b = g;
  }
  return b;
}
int main(int argc, char **argv) {
  const char *impl = getenv("SD_IMPL");
  if (impl) { auto i = simdutf::get_available_implementations()[impl]; if (!i) { fprintf(stderr, "no impl\n"); return 1; } simdutf::get_active_implementation() = i; }
  fprintf(stderr, "impl %s\n", simdutf::get_active_implementation()->name().data());
  for (int a = 1; a < argc; a++) {
    std::ifstream in(argv[a], std::ios::binary); std::stringstream ss; ss << in.rdbuf(); std::string s = ss.str();
    std::vector<char16_t> u16(s.size() + 64); std::vector<char32_t> u32(s.size() + 64);
    size_t n16 = simdutf::convert_utf8_to_utf16le(s.data(), s.size(), u16.data());
    size_t n32 = simdutf::convert_utf8_to_utf32(s.data(), s.size(), u32.data());
    std::vector<char32_t> o32(n16 + 64); std::vector<char16_t> o16(2 * n32 + 64);
    double a1 = best(n16 * 2, [&] { return simdutf::convert_utf16le_to_utf32(u16.data(), n16, o32.data()); });
    double a2 = best(n32 * 4, [&] { return simdutf::convert_utf32_to_utf16le(u32.data(), n32, o16.data()); });
    printf("%s u16to32 %.3f u32to16 %.3f\n", argv[a], a1, a2);
  }
}
