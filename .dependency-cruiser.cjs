/**
 * The import graph's rules, run by `npm run lint` through scripts/import-graph.mjs (which prints,
 * for src/main, src/renderer/src and src/shared: files, imports, upward arrows, circles).
 *
 * Why dependency-cruiser rather than eslint-plugin-import's `import/no-cycle` beside the boundaries
 * plugin: `no-cycle` answers per file ("this import is part of a cycle"), so it can neither count
 * the graph nor see folders; dependency-cruiser reads the whole graph once, in about two seconds,
 * counts type-only imports too (`tsPreCompilationDeps`: a type that points up ties two layers as
 * much as a value does), and hands the graph over, so the script folds files into their first-level
 * folders and finds folders that import each other, the arrows running back up that no per-file
 * rule sees. eslint-plugin-boundaries keeps judging each import against the layer table
 * (eslint.config.mjs); this judges the graph as a whole.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files that import each other, directly or through others: pull what both need into a module below them.',
      from: { path: '^src/(main|renderer/src|shared)/' },
      to: { circular: true },
    },
  ],
  options: {
    // Only our own code: packages are leaves of the graph, never followed.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|out|dist)/' },
    // Type-only imports are arrows too: a type that points up ties the layers as much as a value.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'] },
  },
};
