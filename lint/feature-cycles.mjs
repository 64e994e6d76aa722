import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * `crm/feature-cycles`: no cycle between CRM features (src/domain/crm/<feature>). eslint-plugin-boundaries checks
 * each import on its own; a cycle needs the whole graph, so this rule builds it once per run from the files on disk
 * (an edge A → B for every import from a file of A into B, except B's entity files: the record model any feature may
 * read) and, for the file being linted, from its own imports (which may differ from disk, as in the lint spec's
 * probes). It reports each import that closes a cycle, with the path.
 */
const CRM = join('src', 'domain', 'crm');
const NOT_FEATURES = new Set(['shared']);
const SPEC_RE = /(?:^|[\s;])(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*\(?\s*['"]([^'"]+)['"]/gm;

/** The feature a path (relative to the project root) belongs to, or null. */
function featureOf(rel) {
  const parts = rel.split(sep);
  if (parts.slice(0, 3).join(sep) !== CRM || parts.length < 5) return null;
  return NOT_FEATURES.has(parts[3]) ? null : parts[3];
}

/** The feature a relative import from `file` points into (not an entity file), or null. */
function targetFeature(root, file, spec) {
  if (!spec.startsWith('.')) return null;
  const rel = relative(root, resolve(dirname(file), spec));
  if (/\.entity(\.ts)?$/.test(rel)) return null;
  // `../companies` (the entry, a folder) has one part fewer than a file inside it
  return featureOf(rel) ?? featureOf(join(rel, 'index.ts'));
}

function filesOf(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesOf(p) : p.endsWith('.ts') && !p.endsWith('.spec.ts') ? [p] : [];
  });
}

const graphs = new Map();
/** file → features it imports (other than its own), for every CRM file on disk; cached for the run. */
function diskGraph(root) {
  if (!graphs.has(root)) {
    const edges = new Map();
    for (const file of filesOf(join(root, CRM))) {
      const own = featureOf(relative(root, file));
      if (!own) continue;
      const to = new Set();
      for (const m of readFileSync(file, 'utf8').matchAll(SPEC_RE)) {
        const target = targetFeature(root, file, m[1] ?? m[2]);
        if (target && target !== own) to.add(target);
      }
      edges.set(file, { own, to });
    }
    graphs.set(root, edges);
  }
  return graphs.get(root);
}

/** A path from `start` to `goal` in the feature graph, or null. */
function pathBetween(adjacency, start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length) {
    const path = queue.shift();
    for (const next of adjacency.get(path.at(-1)) ?? []) {
      if (next === goal) return [...path, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...path, next]);
      }
    }
  }
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'cycle between CRM features: {{path}} (break it: move the shared piece to the feature it belongs to, or invert the call)' } },
  create(context) {
    const root = context.cwd;
    const file = resolve(root, context.filename);
    const own = featureOf(relative(root, file));
    if (!own) return {};
    const imports = [];
    const collect = (node) => node.source && typeof node.source.value === 'string' && imports.push(node);
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        const adjacency = new Map();
        const add = (from, to) => (adjacency.get(from) ?? adjacency.set(from, new Set()).get(from)).add(to);
        for (const [f, { own: from, to }] of diskGraph(root)) if (f !== file) to.forEach((t) => add(from, t));
        const mine = imports.map((node) => [node, targetFeature(root, file, node.source.value)]).filter(([, t]) => t && t !== own);
        mine.forEach(([, t]) => add(own, t));
        for (const [node, target] of mine) {
          const back = pathBetween(adjacency, target, own);
          if (back) context.report({ node: node.source, messageId: 'cycle', data: { path: [own, ...back].join(' → ') } });
        }
      },
    };
  },
};

export default { meta: { name: 'crm' }, rules: { 'feature-cycles': rule } };
