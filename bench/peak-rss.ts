/**
 * Preloaded (`node --import`) into an export the bench measures: records the process's peak
 * resident set size (the kernel's high-water mark, VmHWM, so no spike is missed) at three moments,
 * and writes them (kB, as JSON) to BENCH_PEAK_RSS_FILE as it exits:
 * - `startKb`: before its first write to standard output (the database engine's start);
 * - `exportKb`: from the first write to the last, the mark reset at the first (the export itself);
 * - `processKb`: its whole life (the start's mark, which the reset took away, and the mark at exit);
 * - `heapKb`: the most JavaScript heap in use at any write (what the export itself holds, apart
 *   from the embedded database engine's WebAssembly memory).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";

const file = process.env.BENCH_PEAK_RSS_FILE;

function highWaterKb(): number {
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0);
}

if (file) {
  let startKb = 0;
  let exportKb = 0;
  let heapKb = 0;
  const write = process.stdout.write.bind(process.stdout);
  // Every write, whichever overload it uses, goes through unchanged.
  process.stdout.write = (...args: unknown[]) => {
    if (startKb === 0) {
      startKb = highWaterKb();
      writeFileSync("/proc/self/clear_refs", "5");
    }
    const written = Reflect.apply(write, process.stdout, args) as boolean;
    exportKb = Math.max(exportKb, highWaterKb());
    heapKb = Math.max(heapKb, getHeapStatistics().used_heap_size / 1024);
    return written;
  };
  process.on("exit", () => {
    // Not ru_maxrss: a child started by fork counts its parent's size at the fork there (the
    // bench's own, some 270 MB), and keeps it across exec.
    const processKb = Math.max(startKb, exportKb, highWaterKb());
    writeFileSync(file, JSON.stringify({ startKb, exportKb, processKb, heapKb }));
  });
}
