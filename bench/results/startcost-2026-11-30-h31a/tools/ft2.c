#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
static double us(struct timespec a, struct timespec b){return ((b.tv_sec-a.tv_sec)*1e9+(b.tv_nsec-a.tv_nsec))/1e3;}
int main(int c, char**v){ int n=atoi(v[1]); int mode=atoi(v[2]); struct timespec a,b,d;
size_t len=(size_t)n*4096;
char*p=mmap(0,len+(4<<20),PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);
p=(char*)(((unsigned long)p+(2<<20)-1)&~((2UL<<20)-1));
clock_gettime(CLOCK_MONOTONIC,&a);
int r=0;
if(mode==1) r=madvise(p,len,MADV_POPULATE_WRITE);
if(mode==2) { r=madvise(p,len,MADV_HUGEPAGE); }
clock_gettime(CLOCK_MONOTONIC,&d);
for(int i=0;i<n;i++)p[(size_t)i*4096]=1; clock_gettime(CLOCK_MONOTONIC,&b);
printf("mode %d r=%d %d pages: madvise %.1f us, touch %.1f us, total %.2f us/page\n",mode,r,n,us(a,d),us(d,b),us(a,b)/n);}
