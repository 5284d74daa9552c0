// Where a server's memory is: resident memory from /proc, and inside the process what the probe
// (memory-probe.cjs, preloaded into the site server) reports of V8, array buffers and WebAssembly memories.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const PROBE = path.resolve('bench/lib/memory-probe.cjs');

/** The environment that preloads the probe into a server, writing to `file`. */
export function probeEnv(file) {
  return { NODE_OPTIONS: `--require ${PROBE}`, BENCH_MEMORY_FILE: file };
}

/** Resident memory of a process and its descendants, in bytes (Linux /proc). */
export function treeRss(pid) {
  let total = 0;
  const visit = (id) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      const children = readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
    } catch {
      // the process ended between two reads
    }
  };
  visit(pid);
  return total;
}

/**
 * The resident part of the process's mappings whose size is that of its WebAssembly memories: V8 maps each
 * memory on its own, so this is how much of PGlite's heap the kernel actually holds.
 */
function residentOfSize(pid, sizes) {
  if (sizes.length === 0) return 0;
  let resident = 0;
  try {
    for (const block of readFileSync(`/proc/${pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
      const range = /^([0-9a-f]+)-([0-9a-f]+)/.exec(block);
      if (!range) continue;
      const size = parseInt(range[2], 16) - parseInt(range[1], 16);
      if (sizes.some((wanted) => size >= wanted && size <= wanted + 2 ** 20)) resident += Number(/\nRss:\s+(\d+) kB/.exec(block)?.[1] ?? 0) * 1024;
    }
  } catch {
    // the process ended
  }
  return resident;
}

function readProbe(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One picture of a server's memory: resident in all, and (when probed) the V8 heap, PGlite's WebAssembly
 * heap (its size and how much of it is resident), array buffers, and what remains: Node and V8 themselves,
 * compiled code (WebAssembly's included), native libraries (sharp's libvips) and malloc's free lists.
 */
export function memorySnapshot(pid, probeFile) {
  const rss = treeRss(pid);
  const probe = probeFile ? readProbe(probeFile)?.now : undefined;
  if (!probe) return { rss };
  const wasmResident = residentOfSize(pid, probe.wasmSizes ?? []);
  return {
    rss,
    heapTotal: probe.heapTotal,
    heapUsed: probe.heapUsed,
    wasmBytes: probe.wasmBytes,
    wasmResident,
    arrayBuffers: probe.arrayBuffers,
    rest: rss - probe.heapTotal - wasmResident - probe.arrayBuffers,
  };
}

/** Samples a server's memory until stopped; resolves the snapshot taken at the highest resident memory. */
export function watchPeakMemory(pid, probeFile, everyMs = 200) {
  let peak = memorySnapshot(pid, probeFile);
  const sample = () => {
    const rss = treeRss(pid);
    if (rss > peak.rss) peak = { ...memorySnapshot(pid, probeFile), rss };
  };
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}
