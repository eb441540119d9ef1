import os, sys
# evict.py FILE...: drop the files' pages from the page cache (fsync, then POSIX_FADV_DONTNEED)
for p in sys.argv[1:]:
    fd = os.open(p, os.O_RDONLY)
    os.fsync(fd)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)
