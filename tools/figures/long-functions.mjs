#!/usr/bin/env node
// Counts long functions and long files in the non-test source, the two figures the structure review of
// 2026-11-27 tracks (its point 4): functions of more than 100 lines (every function-like node, arrow functions
// and closures included, so an inner closure counts apart from the function around it) and files of more than
// 400 lines. Usage: node tools/figures/long-functions.mjs [--root DIR] [--list]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// --root DIR measures another checkout (a worktree of an older commit) with these same rules.
const rootAt = process.argv.indexOf('--root');
const root =
  rootAt > 0 ? resolve(process.argv[rootAt + 1]) : fileURLToPath(new URL('../..', import.meta.url));
const FUNCTION_LIMIT = 100;
const FILE_LIMIT = 400;

/** The source folders measured: the API, every lib, every area and the shell. */
function sourceRoots() {
  const roots = ['api/src', 'shell/src'];
  for (const lib of readdirSync(join(root, 'libs'))) roots.push(`libs/${lib}/src`);
  for (const entry of readdirSync(root)) if (entry.startsWith('mfe-')) roots.push(`${entry}/src`);
  return roots.filter((dir) => exists(join(root, dir)));
}

function exists(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Tests and their helpers are not source: test files, testing/ folders and fixtures. */
const isTest = (path) =>
  /\.(test|spec)\.[cm]?[jt]sx?$/.test(path) || /(^|\/)(testing|fixtures|__tests__)\//.test(path);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      const rel = relative(root, path);
      if (!isTest(rel)) yield rel;
    }
  }
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

const longFunctions = [];
const longFiles = [];
for (const dir of sourceRoots()) {
  for (const file of sourceFiles(join(root, dir))) {
    const text = readFileSync(join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > FILE_LIMIT) longFiles.push({ file, lines });
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const length = end - start + 1;
        if (length > FUNCTION_LIMIT) longFunctions.push({ file, name: nameOf(node), lines: length });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

console.log(`functions over ${FUNCTION_LIMIT} lines: ${longFunctions.length}`);
console.log(`files over ${FILE_LIMIT} lines: ${longFiles.length}`);
if (process.argv.includes('--list')) {
  for (const f of longFunctions.sort((a, b) => b.lines - a.lines))
    console.log(`  fn   ${String(f.lines).padStart(4)}  ${f.file}  ${f.name}`);
  for (const f of longFiles.sort((a, b) => b.lines - a.lines))
    console.log(`  file ${String(f.lines).padStart(4)}  ${f.file}`);
}
