#!/usr/bin/env node
// Part of `npm run lint`: fails when an import cycle appears anywhere in src/, or when a file of
// src/server imports a folder of its own or a higher layer (scripts/lib/server-layers.mjs)
// outside the named exceptions. Prints the figures the architecture page quotes.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import {
  COMPOSITION_ROOTS,
  SERVER_LAYERS,
  SERVER_TEST_FOLDERS,
  UPWARD_EXCEPTIONS,
  WEB_ISOLATED,
  WEB_LAYERS,
  WEB_TEST_FOLDERS,
} from './lib/server-layers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The project files a file imports (relative imports only), with whether each is type-only. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    let specifier;
    let typeOnly = false;
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      specifier = node.moduleSpecifier.text;
      typeOnly = Boolean(node.importClause?.isTypeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      specifier = node.moduleSpecifier.text;
      typeOnly = node.isTypeOnly;
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifier = node.arguments[0].text;
    }
    if (specifier?.startsWith('.')) {
      const base = resolve(dirname(file), specifier);
      const target = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (target && /\.tsx?$/.test(target)) found.push({ target, typeOnly });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Strongly connected components of more than one file (or a file importing itself). */
export function findCycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const low = new Map();
  const cycles = [];
  const connect = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? new Set()).has(node)) cycles.push(component);
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return cycles;
}

const layerOf = new Map(SERVER_LAYERS.flatMap((folders, layer) => folders.map((f) => [f, layer])));

/** The layer of a src/server file: its top folder's, or above all for the composition roots. */
function serverLayer(rel) {
  const parts = rel.split('/');
  if (parts[0] !== 'src' || parts[1] !== 'server') return undefined;
  if (parts.length === 3) return COMPOSITION_ROOTS.includes(parts[2]) ? SERVER_LAYERS.length : -1;
  return parts[2] === 'test-support' ? SERVER_LAYERS.length + 1 : layerOf.get(parts[2]);
}

const webLayerOf = new Map(WEB_LAYERS.flatMap((folders, layer) => folders.map((f) => [f, layer])));

/**
 * Where a src/web file sits: `{ layer, unit }`, the unit being what may not import its peers (a
 * feature's own folder; one folder otherwise). Entry files at the root are above every layer.
 */
function webPlace(rel) {
  const parts = rel.split('/');
  if (parts[0] !== 'src' || parts[1] !== 'web') return undefined;
  if (parts.length === 3) return { layer: WEB_LAYERS.length, unit: '.' };
  const folder = parts[2];
  if (WEB_ISOLATED.includes(folder)) return { layer: -1, unit: folder };
  const layer = webLayerOf.get(folder);
  if (layer === undefined) return undefined;
  return { layer, unit: folder === 'features' ? `features/${parts[3]}` : folder };
}

/** The problem with a web import, if any: up a layer, across features, or out of the worker. */
function webImportProblem(rel, targetRel) {
  const from = webPlace(rel);
  const to = webPlace(targetRel);
  if (!from || !to || from.unit === to.unit) return undefined;
  if (from.layer === -1 || to.layer === -1)
    return `${rel} imports ${targetRel}: the service worker shares code through src/shared only`;
  if (to.layer >= from.layer)
    return `${rel} imports ${targetRel}: a feature of its own layer or a higher layer (docs/web.md)`;
  return undefined;
}

/** Folders of a side that its layer table does not name (a new folder is checked by nothing). */
function unmappedFolders(root, side, known) {
  const dir = join(root, 'src', side);
  if (!existsSync(dir)) return [];
  const folders = readdirSync(dir).filter((entry) => statSync(join(dir, entry)).isDirectory());
  const problems = folders
    .filter((folder) => !known.includes(folder))
    .map(
      (folder) =>
        `src/${side}/${folder}: a folder missing from the layer table (scripts/lib/server-layers.mjs)`,
    );
  for (const folder of known)
    if (!folders.includes(folder))
      problems.push(`src/${side}/${folder}: named in the layer table but not in the tree`);
  return problems;
}

const isTest = (rel) => /\.test\.tsx?$/.test(rel) || rel.includes('/test-support/');

export function checkImports(root = ROOT) {
  const files = sourceFiles(join(root, 'src'));
  const graph = new Map();
  const problems = [
    ...unmappedFolders(root, 'server', [...SERVER_LAYERS.flat(), ...SERVER_TEST_FOLDERS]),
    ...unmappedFolders(root, 'web', [...WEB_LAYERS.flat(), ...WEB_ISOLATED, ...WEB_TEST_FOLDERS]),
  ];
  let upward = 0;
  for (const file of files) {
    const rel = relative(root, file);
    const imports = importsOf(file);
    graph.set(rel, new Set(imports.map(({ target }) => relative(root, target))));
    if (!isTest(rel))
      for (const { target } of imports) {
        const problem = webImportProblem(rel, relative(root, target));
        if (problem) problems.push(problem);
      }
    const from = serverLayer(rel);
    if (from === undefined || isTest(rel)) continue;
    if (from === -1)
      problems.push(`${rel}: a file at the root of src/server that is no composition root`);
    for (const { target, typeOnly } of imports) {
      const to = serverLayer(relative(root, target));
      if (to === undefined || to < from) continue;
      const folderOf = (path) => (path.split('/').length === 3 ? '.' : path.split('/')[2]);
      const sameFolder = folderOf(rel) === folderOf(relative(root, target));
      if (sameFolder) continue;
      const exception = UPWARD_EXCEPTIONS.find((e) => e.from === rel);
      if (exception && typeOnly) {
        upward += 1;
        continue;
      }
      problems.push(
        `${rel} imports ${relative(root, target)}: a folder of its own or a higher layer`,
      );
    }
  }
  const cycles = findCycles(graph);
  for (const cycle of cycles) problems.push(`import cycle: ${cycle.join(' -> ')}`);
  return { files: files.length, cycles: cycles.length, upward, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = checkImports();
  for (const problem of result.problems) console.error(problem);
  console.log(
    `imports: ${result.files} files, ${result.cycles} cycles, ${result.upward} allowed type imports up a layer, ${SERVER_LAYERS.length} server layers, ${result.problems.length} problems`,
  );
  if (result.problems.length > 0) process.exit(1);
}
