#!/usr/bin/env node
// Re-render the Aldercrest photo set with Blender (Cycles, CPU) and encode the
// masters into assets/photos/. Usage:
//   node scenes/render.mjs                    # all eight
//   node scenes/render.mjs hero pool          # just these (name or file stem)
//   node scenes/render.mjs --samples 64 --scale 1.0 hero   # faster, noisier
//   node scenes/render.mjs --encode-only hero  # re-encode the last PNG render only
// Each scene renders above master size (default --scale 1.1) and is downsampled
// with sharp: the averaging hides residual noise, since Debian's Blender has no
// denoiser. Never part of CI: it needs Blender and takes tens of minutes.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const require = createRequire(path.join(root, "package.json"));

// name -> [scene script, master width, master height]
// The one place the master sizes are stated. They live here rather than in the Python
// because the final resize needs them even when Blender does not run (--encode-only);
// each scene script gets its size as --size WxH and renders at --scale times it. A
// script's camera is framed for its aspect, so change a size only with its camera.
const SCENES = {
  hero: ["hero.py", 2560, 1440],
  // Phones: the hero scene reframed by its own camera, not a crop of the landscape master.
  "hero-portrait": ["hero-portrait.py", 1440, 2560],
  design: ["design.py", 2400, 1600],
  "slide-1-facade": ["slide-1-facade.py", 2560, 1440],
  "slide-2-pool": ["slide-2-pool.py", 2560, 1440],
  "slide-3-clubhouse": ["slide-3-clubhouse.py", 2560, 1440],
  "slide-4-tennis": ["slide-4-tennis.py", 2560, 1440],
  "slide-5-entry": ["slide-5-entry.py", 2560, 1440],
};

function parseArgs(argv) {
  const opts = { scale: 1.1, samples: null, encodeOnly: false, names: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--scale") opts.scale = Number(argv[++i]);
    else if (a === "--samples") opts.samples = Number(argv[++i]);
    else if (a === "--encode-only") opts.encodeOnly = true;
    else if (a === "-h" || a === "--help") {
      console.log("usage: node scenes/render.mjs [--scale S] [--samples N] [--encode-only] [name ...]\nnames: " +
        Object.keys(SCENES).join(", "));
      process.exit(0);
    } else opts.names.push(a);
  }
  if (!(opts.scale >= 0.1 && opts.scale <= 2)) fail(`--scale must be between 0.1 and 2, got ${opts.scale}`);
  return opts;
}

function fail(msg) {
  console.error(`render: ${msg}`);
  process.exit(1);
}

function resolveName(n) {
  const stem = n.replace(/\.(py|jpg)$/, "");
  if (SCENES[stem]) return stem;
  const hits = Object.keys(SCENES).filter((k) => k.endsWith(stem) || k.includes(stem));
  if (hits.length === 1) return hits[0];
  fail(`unknown scene "${n}" (known: ${Object.keys(SCENES).join(", ")})`);
}

function checkBlender() {
  const r = spawnSync("blender", ["--version"], { encoding: "utf8" });
  if (r.error || r.status !== 0) {
    fail("Blender is not installed (or not on PATH). Install it with: apt-get install -y blender");
  }
  return (r.stdout.split("\n")[0] || "").trim();
}

function runBlender(script, [w, h], out, opts) {
  const args = ["--background", "--factory-startup", "--python", path.join(here, script), "--",
    "--out", out, "--size", `${w}x${h}`, "--scale", String(opts.scale)];
  if (opts.samples) args.push("--samples", String(opts.samples));
  // nice: the machine is shared with builds and tests; rendering should yield to them.
  return new Promise((resolve, reject) => {
    const p = spawn("nice", ["-n", "19", "blender", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    const keep = (d) => { log = (log + d.toString()).slice(-20000); };
    p.stdout.on("data", (d) => {
      keep(d);
      const m = d.toString().match(/Sample (\d+)\/(\d+)/g);
      if (m) process.stdout.write(`\r  ${m[m.length - 1]}   `);
    });
    p.stderr.on("data", keep);
    p.on("error", reject);
    p.on("close", (code) => {
      process.stdout.write("\n");
      if (code === 0 && existsSync(out) && !/Error: Python/.test(log)) resolve();
      else reject(new Error(`blender exited ${code} for ${script}\n${log.slice(-3000)}`));
    });
  });
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const names = opts.names.length ? [...new Set(opts.names.map(resolveName))] : Object.keys(SCENES);
  if (!opts.encodeOnly) console.log(checkBlender());
  let sharp;
  try {
    sharp = require("sharp");
  } catch {
    fail("sharp is not installed; run npm install in the repo root");
  }
  const outDir = path.join(root, "assets", "photos");
  const work = path.join(tmpdir(), "aldercrest-renders");
  mkdirSync(outDir, { recursive: true });
  mkdirSync(work, { recursive: true });
  for (const name of names) {
    const [script, w, h] = SCENES[name];
    const png = path.join(work, `${name}.png`);
    const jpg = path.join(outDir, `${name}.jpg`);
    const t0 = Date.now();
    if (opts.encodeOnly) {
      if (!existsSync(png)) fail(`no earlier render at ${png}; run without --encode-only`);
    } else {
      console.log(`${name}: rendering ${script} at ${Math.round(w * opts.scale)}x${Math.round(h * opts.scale)}` +
        (opts.samples ? `, ${opts.samples} samples` : ""));
      rmSync(png, { force: true }); // never encode a stale frame if Blender fails
      await runBlender(script, [w, h], png, opts);
    }
    const secs = ((Date.now() - t0) / 1000).toFixed(0);
    await sharp(png)
      .resize(w, h, { fit: "cover", kernel: "lanczos3" })
      .toColourspace("srgb")
      .jpeg({ quality: 88, progressive: true, mozjpeg: true, chromaSubsampling: "4:2:0" })
      .toFile(jpg);
    const kb = (statSync(jpg).size / 1024).toFixed(0);
    console.log(`${name}: ${secs}s render -> ${path.relative(root, jpg)} (${w}x${h}, ${kb} KB)`);
  }
}

main().catch((e) => fail(e.message));
