/**
 * The public API of yupana as one reviewed file, api/yupana.api.md: every export of every public
 * entry (`yupana`, `yupana/testing`, `yupana/schemas`, `yupana/sunat`), each with its declared type,
 * read with the TypeScript compiler from the declarations the build writes (dist/*.d.ts), the ones
 * users compile against. A change to the public API therefore shows in review as a change to that
 * file.
 *
 *   npm run api:report   writes api/yupana.api.md (run `npm run build` first)
 *   npm run api:check    fails, printing the difference, when api/yupana.api.md is not what the
 *                        build declares (`npm run test:package` runs it after the build)
 *
 * Normalized so that only the API changes it: doc comments are left out (typedoc and
 * scripts/check-dts-docs.mjs judge those); the build's chunk files and their short export aliases
 * never appear; exports are sorted by name; a type alias that needs no type parameter is shown
 * resolved (`type Document = { id: string; ... }`, not `z.infer<typeof Document>`), so a field
 * added to a schema shows as that field; types that public declarations refer to without
 * exporting them are listed at the end.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = join(ROOT, 'api', 'yupana.api.md');
const DIST = join(ROOT, 'dist');

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
/** `yupana`, `yupana/testing`...: each subpath of the exports map with its ESM declarations. */
const entries = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === 'object' && target.import?.types)
  .map(([subpath, target]) => ({ name: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`, file: join(ROOT, target.import.types) }));

const program = ts.createProgram(
  entries.map((entry) => entry.file),
  {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types: ['node'],
  },
);
const checker = program.getTypeChecker();
const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
const isOurs = (node) => resolve(node.getSourceFile().fileName).startsWith(`${DIST}/`);

/** The declaration a name stands for, through `export { D as Document } from './chunk.js'`. */
function target(symbol) {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

const RESOLVE_FLAGS = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.MultilineObjectLiterals | ts.NodeBuilderFlags.InTypeAlias;

/**
 * Sorts the members of every union by their text: the compiler orders a resolved union by when it
 * first met each member, which an unrelated change elsewhere can reorder.
 */
function sortUnions(node) {
  const sorter = (context) => {
    const visit = (child) => {
      const visited = ts.visitEachChild(child, visit, context);
      if (!ts.isUnionTypeNode(visited)) return visited;
      const text = (member) => printer.printNode(ts.EmitHint.Unspecified, member, undefined);
      return ts.factory.updateUnionTypeNode(visited, ts.factory.createNodeArray([...visited.types].sort((a, b) => (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0))));
    };
    return visit;
  };
  const result = ts.transform(node, [sorter]);
  const [sorted] = result.transformed;
  result.dispose();
  return sorted;
}

/** One declaration as text: no comments, `declare`/`export` dropped, a parameterless type alias resolved. */
function declarationText(node) {
  const file = node.getSourceFile();
  if (ts.isTypeAliasDeclaration(node) && !node.typeParameters) {
    const resolved = checker.typeToTypeNode(checker.getTypeAtLocation(node.name), node, RESOLVE_FLAGS);
    if (resolved) return `type ${node.name.text} = ${printer.printNode(ts.EmitHint.Unspecified, sortUnions(resolved), file)};`;
  }
  // A `const` prints as its statement (`const X: T;`), not as the bare `X: T` of its declarator;
  // its unions sorted too, as the build writes an inferred type's unions in the compiler's order.
  const printed = ts.isVariableDeclaration(node) ? node.parent.parent : node;
  return printer.printNode(ts.EmitHint.Unspecified, sortUnions(printed), file).replace(/^(export )?(declare )?/, '');
}

/** A statement of its file (not a type parameter, a member or a local). */
function isTopLevel(declaration) {
  const statement = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  return ts.isSourceFile(statement.parent);
}

/** The declarations of our own files that a declaration's text refers to (to list the unexported ones). */
function referencedSymbols(node) {
  const found = new Set();
  const visit = (child) => {
    if (ts.isTypeReferenceNode(child) || ts.isExpressionWithTypeArguments(child) || ts.isTypeQueryNode(child)) {
      const name = ts.isTypeReferenceNode(child) ? child.typeName : ts.isTypeQueryNode(child) ? child.exprName : child.expression;
      const symbol = checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.left : name);
      const declared = symbol && target(symbol);
      if (declared?.declarations?.some((declaration) => isOurs(declaration) && isTopLevel(declaration))) found.add(declared);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** Normalizes printed text: import("./chunk-hash.js").X becomes X; four-space indents become two. */
function normalize(text) {
  return text
    .replace(/import\("[^"]+"\)\./g, '')
    .replace(/^( {4})+/gm, (indent) => '  '.repeat(indent.length / 4))
    .trimEnd();
}

/** `Client`'s declarations, each once (a zod schema is a `const` and a `type` of one name). */
function symbolText(symbol, exportedAs) {
  const prefix = exportedAs === undefined ? '' : 'export ';
  const texts = (symbol.declarations ?? []).filter(isOurs).map((declaration) => prefix + declarationText(declaration));
  const alias = exportedAs !== undefined && exportedAs !== symbol.name ? `// exported as ${exportedAs}\n` : '';
  return normalize(alias + [...new Set(texts)].join('\n'));
}

const shown = new Map(); // symbol → the entry that shows it
const sections = [];
const pending = new Set();
for (const entry of entries) {
  const source = program.getSourceFile(entry.file);
  if (!source) throw new Error(`${relative(ROOT, entry.file)} is missing: run \`npm run build\` first`);
  const module = checker.getSymbolAtLocation(source);
  const exports = checker.getExportsOfModule(module).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const blocks = [];
  for (const exported of exports) {
    const symbol = target(exported);
    if (shown.has(symbol)) {
      blocks.push(`export { ${exported.name} } // as in ${shown.get(symbol)}`);
      continue;
    }
    shown.set(symbol, entry.name);
    blocks.push(symbolText(symbol, exported.name));
    for (const declaration of symbol.declarations ?? []) for (const referenced of referencedSymbols(declaration)) pending.add(referenced);
  }
  sections.push(`## ${entry.name}\n\n${exports.length} exports.\n\n\`\`\`ts\n${blocks.join('\n\n')}\n\`\`\``);
}

// Unexported types that public declarations name (and those they name in turn): part of the API too.
const unexported = [];
for (const symbol of pending) {
  if (shown.has(symbol)) continue;
  shown.set(symbol, 'referenced');
  unexported.push(symbol);
  for (const declaration of symbol.declarations ?? []) for (const referenced of referencedSymbols(declaration)) pending.add(referenced);
}
unexported.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
sections.push(
  `## Referenced, not exported\n\nTypes the declarations above name without any entry exporting them.\n\n\`\`\`ts\n${unexported.map((symbol) => symbolText(symbol)).join('\n\n')}\n\`\`\``,
);

const report = `# The public API of ${pkg.name}

Generated by \`npm run api:report\` from the declarations of the build (\`dist/*.d.ts\`), without their doc comments. Do not edit: \`npm run api:check\` (in \`npm run test:package\`) fails when this file differs from what the build declares, so that a change to the public API shows in review here.

${sections.join('\n\n')}
`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(REPORT, 'utf8');
  } catch {
    // no report yet: every line below is a difference
  }
  if (committed === report) {
    console.log(`${relative(ROOT, REPORT)}: the public API is as reviewed (${entries.map((entry) => entry.name).join(', ')}).`);
  } else {
    console.error(`${relative(ROOT, REPORT)} differs from the public API the build declares:\n`);
    console.error(lineDiff(committed, report));
    console.error(`\nIf the change is meant, run \`npm run build && npm run api:report\` and commit ${relative(ROOT, REPORT)}.`);
    process.exitCode = 1;
  }
} else {
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, report);
  console.log(`wrote ${relative(ROOT, REPORT)}: ${shown.size} declarations, ${entries.length} entries`);
}

/** A unified-style diff of two texts (a longest common subsequence of lines), with 3 lines of context. */
function lineDiff(before, after) {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const lines = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) lines.push({ mark: ' ', text: a[i++], line: j++ });
    else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j])) lines.push({ mark: '+', text: b[j], line: j++ });
    else lines.push({ mark: '-', text: a[i++], line: j });
  }
  const near = new Set();
  lines.forEach((entry, index) => {
    if (entry.mark !== ' ') for (let k = index - 3; k <= index + 3; k++) near.add(k);
  });
  const out = [];
  let last = -2;
  lines.forEach((entry, index) => {
    if (!near.has(index)) return;
    if (index !== last + 1) out.push(`@@ report line ${entry.line + 1} @@`);
    out.push(`${entry.mark} ${entry.text}`);
    last = index;
  });
  return out.join('\n');
}
