#include <cpuid.h>
#include <stdio.h>
#include <time.h>
int main(){struct timespec a,b;unsigned e1,e2,e3,e4;clock_gettime(CLOCK_MONOTONIC,&a);
for(int i=0;i<10000;i++){__cpuid_count(7,0,e1,e2,e3,e4);}
clock_gettime(CLOCK_MONOTONIC,&b);printf("%.1f ns/cpuid\n",((b.tv_sec-a.tv_sec)*1e9+(b.tv_nsec-a.tv_nsec))/10000.0);
unsigned lo,hi; clock_gettime(CLOCK_MONOTONIC,&a);
for(int i=0;i<10000;i++){__asm__ volatile("xgetbv":"=a"(lo),"=d"(hi):"c"(0));}
clock_gettime(CLOCK_MONOTONIC,&b);printf("%.1f ns/xgetbv\n",((b.tv_sec-a.tv_sec)*1e9+(b.tv_nsec-a.tv_nsec))/10000.0);}
