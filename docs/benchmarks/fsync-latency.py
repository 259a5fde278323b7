#!/usr/bin/env python3
# Benchmark (not a test; power-study.md, seventh study): fdatasync latency of 4 KiB sequential writes
# into a 96 MiB file made three ways, the engine's redo log's size: sparse (ftruncate, as LogFile.extend
# does), posix_fallocate'd, and written with zeros first; 3 interleaved rounds of 1,500 writes each.
#   python3 docs/benchmarks/fsync-latency.py [directory on the disk to measure, default /work/fsb]
import os, time, statistics as st, sys
D=sys.argv[1] if len(sys.argv)>1 else '/work/fsb'; os.makedirs(D, exist_ok=True)
SIZE=96<<20; N=1500; BLK=4096
def make(kind, path):
    if os.path.exists(path): os.remove(path)
    fd=os.open(path, os.O_CREAT|os.O_RDWR, 0o644)
    if kind=='sparse': os.ftruncate(fd, SIZE)
    elif kind=='fallocate': os.posix_fallocate(fd, 0, SIZE)
    elif kind=='zeroed':
        z=b'\0'*(1<<20)
        for i in range(SIZE>>20): os.write(fd, z)
    os.fsync(fd); return fd
res={k:[] for k in ('sparse','fallocate','zeroed')}
buf=os.urandom(BLK)
for rnd in range(3):
    for kind in res:
        fd=make(kind, f'{D}/{kind}.log')
        off=0
        for i in range(N):
            os.pwrite(fd, buf, off); t=time.perf_counter(); os.fdatasync(fd); res[kind].append(time.perf_counter()-t); off+=BLK
        os.close(fd)
for k,v in res.items():
    v=sorted(v); q=lambda p: v[int(p*len(v))]*1e3
    print(f'{k:10s} n={len(v)} mean {st.mean(v)*1e3:.3f} ms  p50 {q(.5):.3f}  p95 {q(.95):.3f}  p99 {q(.99):.3f}  max {v[-1]*1e3:.2f}  ops/s {1/st.mean(v):.0f}')
for k in res: os.remove(f'{D}/{k}.log')
