'use strict';
// What the package's APIs share: the WebAssembly module (loaded on first use,
// nothing installed in the process: no listeners, no globals), its errors,
// argument checks, the process zone and the zone arithmetic of CronDate, and
// the compiled schedules, owned by a bounded cache so that a synchronous loop
// of parses holds a bounded amount of wasm memory without waiting for the
// garbage collector.

const fs = require('node:fs');
const path = require('node:path');

let wasm = null;
function core() {
  if (!wasm) {
    // The wasm's bytes handed over: emscripten 3.1.6's glue would fetch() a
    // file path under Node 18+, which has fetch but no file: URLs.
    const createFuzzycron = require('./fuzzycron-wasm.js');
    const module = {
      wasmBinary: fs.readFileSync(path.join(__dirname, 'fuzzycron-wasm.wasm')),
      // The glue would end the process (process.exit) if the runtime ever exited: throw instead.
      quit: (status, toThrow) => { throw toThrow || new Error(`fuzzycron: the WebAssembly runtime exited (${status})`); },
    };
    createFuzzycron(module);  // WASM_ASYNC_COMPILATION=0: ready when the call returns
    if (typeof module.Schedule !== 'function') throw new Error('fuzzycron: the WebAssembly module did not load');
    wasm = module;
  }
  return wasm;
}

/** A rejected input: the message, and where (1-based column; line for multi-line specs, else 0). */
class FuzzycronError extends Error {
  constructor(e) {
    super(e.column > 0 ? `${e.message} (column ${e.column})` : e.message);
    this.name = 'FuzzycronError';
    this.reason = e.message;
    this.column = e.column || 0;
    this.line = e.line || 0;
    this.text = e.text || '';
    this.kind = e.kind || 'syntax';
  }
}

function answer(text) {
  const r = JSON.parse(text);
  if (r && r.error) throw new FuzzycronError(r.error);
  return r;
}

function string(value, name) {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, got ${typeof value}`);
  return value;
}

function seedParts(seed, name) {
  if (seed === undefined || seed === null) return [];
  if (typeof seed === 'string') return [seed];
  if (Array.isArray(seed) && seed.every((p) => typeof p === 'string')) return seed;
  throw new TypeError(`${name} must be a string or an array of strings`);
}

// The process's zone, read once (Intl builds a formatter to tell it: costly per parse).
let processZoneName = null;
function processZone() {
  if (processZoneName === null) {
    try {
      processZoneName = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch (e) {
      processZoneName = 'UTC';
    }
  }
  return processZoneName;
}

// ---- wall clock of an instant in a zone (CronDate's arithmetic, as luxon's)
const formatters = new Map();
function formatter(tz) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, hourCycle: 'h23', era: 'short', year: 'numeric', month: 'numeric', day: 'numeric',
      hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}
function isZone(tz) {
  try {
    formatter(tz);
    return true;
  } catch (e) {
    return false;
  }
}
/** The zone's offset from UTC at `ms`, in minutes. */
function zoneOffset(tz, ms) {
  if (tz === 'UTC' || tz === 'Etc/UTC') return 0;
  const p = {};
  for (const part of formatter(tz).formatToParts(new Date(ms))) p[part.type] = part.value;
  const year = p.era === 'BC' || p.era === 'B' ? 1 - Number(p.year) : Number(p.year);
  const d = new Date(0);
  d.setUTCFullYear(year, Number(p.month) - 1, Number(p.day));
  d.setUTCHours(Number(p.hour) % 24, Number(p.minute), Number(p.second));
  return Math.round((d.getTime() - (ms - (((ms % 1000) + 1000) % 1000))) / 60000);
}
/** The instant of a wall time (as ms of that wall time read as UTC), guessing offset `o` first (luxon's fixOffset). */
function wallToInstant(tz, local, o) {
  let guess = local - o * 60000;
  const o2 = zoneOffset(tz, guess);
  if (o === o2) return guess;
  guess -= (o2 - o) * 60000;
  const o3 = zoneOffset(tz, guess);
  if (o2 === o3) return guess;
  return local - Math.min(o2, o3) * 60000;
}

// ---- compiled schedules --------------------------------------------------
// A Compiled is what an expression object holds: its text, options and, while
// it is in the cache, the native schedule. The cache alone owns native memory;
// an evicted schedule is deleted at once and compiled again if still used.
const CACHE_SIZE = 256;
const cache = new Map();  // key -> Compiled, oldest first

class Compiled {
  constructor(key) {
    this.key = key;  // options text, NUL, expression: all a Compiled keeps (a small promoted object)
    this.native = null;
  }
  get schedule() {
    if (this.native === null) {
      const other = cache.get(this.key);  // compiled again since this one was evicted: take it over
      if (other) {
        this.native = other.native;
        other.native = null;
        cache.delete(this.key);
        cache.set(this.key, this);
      } else {
        const nul = this.key.indexOf('\u0000');
        adopt(this, build(this.key.slice(nul + 1), this.key.slice(0, nul)));
      }
    } else if (cache.get(this.key) === this && cache.size > 1) {  // most recently used last
      cache.delete(this.key);
      cache.set(this.key, this);
    }
    return this.native;
  }
  /** {resolved, zone, never}: what fuzzycron's own Schedule shows. */
  get info() {
    return JSON.parse(this.schedule.info());
  }
}

function build(expression, optionsText) {
  const s = new (core().Schedule)(expression, optionsText);
  const error = s.error();
  if (error) {
    s.delete();
    throw new FuzzycronError(JSON.parse(error).error);
  }
  return s;
}

function adopt(compiled, native) {
  compiled.native = native;
  cache.set(compiled.key, compiled);
  while (cache.size > CACHE_SIZE) {
    const [key, oldest] = cache.entries().next().value;
    cache.delete(key);
    oldest.native.delete();
    oldest.native = null;
  }
}

/** Compiles (or finds in the cache) an expression; throws FuzzycronError. Returns {compiled, info}. */
function compile(expression, options) {
  const key = JSON.stringify(options) + '\u0000' + expression;
  const hit = cache.get(key);
  if (hit) {
    hit.schedule;  // marks it recently used
    return hit;
  }
  const compiled = new Compiled(key);
  adopt(compiled, build(expression, key.slice(0, key.length - expression.length - 1)));
  return compiled;
}

/** Deletes every cached schedule (they are compiled again when used). */
function releaseAll() {
  for (const c of cache.values()) {
    c.native.delete();
    c.native = null;
  }
  cache.clear();
}

module.exports = {
  core, FuzzycronError, answer, string, seedParts, processZone, isZone, zoneOffset, wallToInstant,
  compile, releaseAll,
};
