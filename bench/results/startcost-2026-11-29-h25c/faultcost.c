#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/mman.h>
static double now(){struct timespec a;clock_gettime(CLOCK_MONOTONIC,&a);return a.tv_sec*1e9+a.tv_nsec;}
int main(){double t=now();for(int i=0;i<100000;i++)syscall(SYS_getppid);printf("%.1f ns/syscall\n",(now()-t)/100000);
int n=2000;char*p=mmap(0,n*4096L,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);t=now();for(int i=0;i<n;i++)p[i*4096L]=1;printf("%.1f ns/anon write fault\n",(now()-t)/n);
p=mmap(0,n*4096L,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);volatile char s=0;t=now();for(int i=0;i<n;i++)s+=p[i*4096L];printf("%.1f ns/anon read fault\n",(now()-t)/n);
t=now();for(int i=0;i<n;i++)p[i*4096L]=1;printf("%.1f ns/anon write after read fault\n",(now()-t)/n);
}
