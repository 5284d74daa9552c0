// Preloaded into the site server by the bench (node --require), never by `npm start`: every 200 ms it
// writes what the process's memory holds to the file named by BENCH_MEMORY_FILE, one JSON object.
// WebAssembly memories (PGlite's heap) are counted by wrapping their constructor.
'use strict';

const { renameSync, writeFileSync } = require('node:fs');

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  const memories = [];
  const NativeMemory = WebAssembly.Memory;
  function Memory(descriptor) {
    const memory = new NativeMemory(descriptor);
    memories.push(new WeakRef(memory));
    return memory;
  }
  Memory.prototype = NativeMemory.prototype;
  WebAssembly.Memory = Memory;

  const sample = () => {
    const usage = process.memoryUsage();
    const live = memories.map((ref) => ref.deref()).filter(Boolean);
    const now = {
      rss: usage.rss,
      heapTotal: usage.heapTotal,
      heapUsed: usage.heapUsed,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      wasmSizes: live.map((memory) => memory.buffer.byteLength),
      wasmBytes: live.reduce((sum, memory) => sum + memory.buffer.byteLength, 0),
    };
    try {
      writeFileSync(`${file}.part`, JSON.stringify({ time: Date.now(), now }));
      renameSync(`${file}.part`, file);
    } catch {
      // the bench removed its scratch folder while the server stopped
    }
  };
  sample();
  setInterval(sample, 200).unref();
}
