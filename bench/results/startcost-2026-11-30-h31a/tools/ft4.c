#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
static double us(struct timespec a, struct timespec b){return ((b.tv_sec-a.tv_sec)*1e9+(b.tv_nsec-a.tv_nsec))/1e3;}
int main(int c, char**v){ int n=atoi(v[2]); int stride=atoi(v[3]); int mode=atoi(v[4]); struct timespec a,d,b; struct rusage r0,r1;
int fd=open(v[1],O_RDONLY);
size_t len=(size_t)n*4096*stride;
volatile char*p=mmap(0,len,PROT_READ,MAP_PRIVATE,fd,0);
getrusage(RUSAGE_SELF,&r0);
clock_gettime(CLOCK_MONOTONIC,&a); int s=0, r=0;
if(mode==1) r=madvise((void*)p,len,MADV_POPULATE_READ);
if(mode==2) r=madvise((void*)p,len,MADV_RANDOM);
clock_gettime(CLOCK_MONOTONIC,&d);
for(int i=0;i<n;i++)s+=p[(size_t)i*4096*stride]; clock_gettime(CLOCK_MONOTONIC,&b);
getrusage(RUSAGE_SELF,&r1);
printf("mode %d r=%d %d pages stride %d: madvise %.0f us, touch %.0f us = %.2f us/touched page, %ld faults\n",mode,r,n,stride,us(a,d),us(d,b),us(a,b)/n, r1.ru_minflt-r0.ru_minflt);}
