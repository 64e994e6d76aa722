#!/usr/bin/env node
'use strict';
/**
 * node scripts/bench/profile-summary.js <file.cpuprofile> [top=30]
 *
 * Self time of a V8 CPU profile (BENCH_PROFILE of scripts/bench/run.js, or `node --cpu-prof`), summed by
 * module (our src/, each package under node_modules, node internals, GC, idle) and by function.
 */
const { readFileSync } = require('node:fs');

const [file, topArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: profile-summary.js <file.cpuprofile> [top]\n');
  process.exit(2);
}
const top = Number(topArg || 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const c of n.children || []) parentOf.set(c, n.id);
// the profiler's own work when BENCH_PROFILE stops it (node:inspector post -> dispatch) is not the service's
const own = (id) => {
  const p = byId.get(parentOf.get(id));
  return !(p && p.callFrame.url === 'node:inspector');
};
const dt = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  if (own(id)) dt.set(id, (dt.get(id) || 0) + (profile.timeDeltas[i] || 0));
}

function moduleOf(url, fn) {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = /\/dist\/(?:[^/]+\/)?src\/(.*)$/.exec(url);
  if (src) return `src/${src[1].split('/').slice(0, -1).join('/') || '.'}`;
  if (url.startsWith('node:')) return 'node';
  return url;
}

const modules = new Map();
const functions = new Map();
let total = 0;
for (const [id, us] of dt) {
  const n = byId.get(id);
  const { functionName, url, lineNumber } = n.callFrame;
  const fn = functionName || '(anonymous)';
  const mod = moduleOf(url, fn);
  total += us;
  modules.set(mod, (modules.get(mod) || 0) + us);
  const key = `${fn} ${url ? `${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) || 0) + us);
}
const busy = total - (modules.get('(idle)') || 0);
const show = (title, map) => {
  process.stdout.write(`\n${title} (self time, % of busy ${(busy / 1000).toFixed(0)} ms; idle ${(((modules.get('(idle)') || 0) / total) * 100).toFixed(0)} % of all)\n`);
  for (const [k, v] of [...map].filter(([k]) => k !== '(idle)' && !k.startsWith('(idle) ')).sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`  ${((v / busy) * 100).toFixed(1).padStart(5)} %  ${k}\n`);
  }
};
show('by module', modules);
show('by function', functions);
