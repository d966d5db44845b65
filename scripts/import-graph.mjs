// Checks the import graph of src/main, src/renderer/src and src/shared (part of `npm run lint`):
//  - no circle: no files that import each other, directly or through others (dependency-cruiser's
//    `no-circular` rule, .dependency-cruiser.cjs);
//  - no arrow running back up: each root's first-level folders (and the files beside them) import
//    each other in one direction only. A folder that imports another which, directly or through
//    others, imports it back makes a loop; however the loop's folders are stacked, some of its
//    arrows point up. "upward" counts the fewest such arrows (folder to folder) over every stacking,
//    and the listing marks them (^) in the stacking that needs fewest; which arrow to turn round is
//    still a design decision, so every arrow of the loop is listed with the imports that make it.
// It prints, for each root: files, imports, upward arrows, circles (groups of files in a cycle).
// Run from the repository root, or from any folder holding the same `src/...` layout (the test
// runs it on planted trees); exits 1 when either rule is broken.
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const ROOTS = ['src/main', 'src/renderer/src', 'src/shared'];
const CONFIG = resolve(dirname(fileURLToPath(import.meta.url)), '../.dependency-cruiser.cjs');

/** Strongly connected groups of more than one node (Tarjan), each sorted, for a graph as Map<node, Set<node>>. */
export function loops(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.has(v)) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * The order of a loop's folders (lowest first) that leaves the fewest arrows pointing up, and
 * those arrows; `weight(from, to)` is how many imports make an arrow. Every order is tried for loops of up to 8 folders (8! = 40,320 orders); a larger
 * loop is ordered greedily (folders that import least of the rest go lowest), an upper bound.
 */
export function fewestUpward(group, graph, weight = () => 1) {
  const upwardIn = (order) => {
    const rank = new Map(order.map((f, i) => [f, i]));
    return order.flatMap((from) =>
      [...(graph.get(from) ?? [])]
        .filter((to) => rank.has(to) && rank.get(to) > rank.get(from))
        .map((to) => [from, to]),
    );
  };
  // Fewest arrows first; between as few, the arrows made of fewest imports (the likelier mistakes).
  const cost = (up) => up.length * 1e6 + up.reduce((n, [from, to]) => n + weight(from, to), 0);
  if (group.length > 8) {
    const left = new Set(group);
    const order = [];
    while (left.size > 0) {
      const importsOfRest = (f) => [...(graph.get(f) ?? [])].filter((t) => left.has(t) && t !== f).length;
      const next = [...left].sort((a, b) => importsOfRest(a) - importsOfRest(b) || a.localeCompare(b))[0];
      order.push(next);
      left.delete(next);
    }
    return upwardIn(order);
  }
  let best = null;
  const permute = (prefix, rest) => {
    if (rest.length === 0) {
      const up = upwardIn(prefix);
      if (!best || cost(up) < cost(best)) best = up;
      return;
    }
    for (let i = 0; i < rest.length && best?.length !== 0; i += 1)
      permute([...prefix, rest[i]], [...rest.slice(0, i), ...rest.slice(i + 1)]);
  };
  permute([], group);
  return best ?? [];
}

function addArrow(graph, from, to) {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  graph.get(from).add(to);
}

/** The first-level folder (or the file itself, when it lies at the root) a path belongs to. */
const unitOf = (root, path) => path.slice(root.length + 1).split('/')[0];

/** Figures and problems of one root, from dependency-cruiser's modules. */
export function judgeRoot(root, modules) {
  const inRoot = (path) => path.startsWith(`${root}/`);
  const files = modules.filter((m) => inRoot(m.source));
  const fileGraph = new Map();
  const folderGraph = new Map();
  /** `folder -> folder`: the file imports that make the arrow. */
  const because = new Map();
  let imports = 0;
  for (const m of files) {
    fileGraph.set(m.source, fileGraph.get(m.source) ?? new Set());
    for (const d of m.dependencies) {
      if (d.coreModule || d.couldNotResolve || !d.resolved || d.resolved.includes('node_modules/')) continue;
      imports += 1;
      if (!inRoot(d.resolved)) continue;
      addArrow(fileGraph, m.source, d.resolved);
      const [from, to] = [unitOf(root, m.source), unitOf(root, d.resolved)];
      if (from === to) continue;
      addArrow(folderGraph, from, to);
      const key = `${from} -> ${to}`;
      because.set(key, [
        ...(because.get(key) ?? []),
        `${m.source.slice(root.length + 1)} -> ${d.resolved.slice(root.length + 1)}`,
      ]);
    }
  }
  const circles = loops(fileGraph);
  const folderLoops = loops(folderGraph).map((group) => {
    const members = new Set(group);
    const arrows = [...because].filter(([key]) => {
      const [from, to] = key.split(' -> ');
      return members.has(from) && members.has(to);
    });
    const weight = (from, to) => because.get(`${from} -> ${to}`)?.length ?? 0;
    const up = new Set(fewestUpward(group, folderGraph, weight).map(([from, to]) => `${from} -> ${to}`));
    return { group, arrows, up };
  });
  const upward = folderLoops.reduce((n, l) => n + l.up.size, 0);
  return { root, files: files.length, imports, upward, circles, folderLoops };
}

export async function checkImportGraph(roots = ROOTS) {
  const options = await extractDepcruiseOptions(CONFIG);
  const { output } = await cruise(roots, { ...options, outputType: 'json' });
  const result = JSON.parse(output);
  const judged = roots.map((root) => judgeRoot(root, result.modules));
  // dependency-cruiser's own verdict on its rules (no-circular), in its words.
  const violations = result.summary.violations.filter((v) => v.rule.severity === 'error');
  return { judged, violations };
}

async function main() {
  const { judged, violations } = await checkImportGraph();
  let failed = violations.length > 0;
  for (const j of judged) {
    console.log(
      `import graph ${j.root}: ${j.files} files, ${j.imports} imports, ${j.upward} upward, ${j.circles.length} circles`,
    );
    for (const c of j.circles) console.log(`  circle: ${c.join(' <-> ')}`);
    for (const { group, arrows, up } of j.folderLoops) {
      console.log(
        `  folders that import each other (${group.join(', ')}); turn round the arrows marked ^ (or others of the loop):`,
      );
      for (const [key, why] of arrows)
        console.log(
          `    ${up.has(key) ? '^' : ' '} ${key}   (${why.slice(0, 3).join('; ')}${why.length > 3 ? `; and ${why.length - 3} more` : ''})`,
        );
    }
    if (j.upward > 0 || j.circles.length > 0) failed = true;
  }
  for (const v of violations) {
    const cycle = v.cycle ? v.cycle.map((c) => c.name ?? c).join(' -> ') : `${v.from} -> ${v.to}`;
    console.log(`  ${v.rule.name}: ${cycle}`);
  }
  if (failed) {
    console.log(
      'The import graph has a circle or an arrow running back up. Move what both sides need into a module (or folder) below them; see .dependency-cruiser.cjs.',
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
