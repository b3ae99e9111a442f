/**
 * The project's import graph, type-only imports included, and its cycles (issue 57). The linter's
 * `import-x/no-cycle` skips `import type`, so a cycle made only of types passed it; a cycle of
 * types still ties two modules' meanings to each other, and one refactor from a runtime cycle.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts"];

/** The file an import names, or undefined for a package or a generated module. */
function resolveImport(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("#app/")) base = path.join(root, "app", specifier.slice(5));
  else if (specifier.startsWith("#tests/")) base = path.join(root, "tests", specifier.slice(7));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (file.endsWith(".ts") || file.endsWith(".tsx")) {
      if (existsSync(file)) return file;
    }
  }
  return undefined;
}

/** Every file's imports of other files of the project (static, dynamic and type-only alike). */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map((imported) => resolveImport(root, file, imported.fileName))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The graph's cycles: one per strongly connected component of more than one file (or a file that
 * imports itself), each as its files relative to `root`, sorted.
 */
export function importCycles(
  root: string,
  graph: ReadonlyMap<string, readonly string[]>,
): string[][] {
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const lowOf = (file: string) => low.get(file) ?? Infinity;
  const visit = (file: string, work: { file: string; edge: number }[]) => {
    index.set(file, index.size);
    low.set(file, index.size - 1);
    stack.push(file);
    onStack.add(file);
    work.push({ file, edge: 0 });
  };
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { file: string; edge: number }[] = [];
    visit(start, work);
    for (let frame = work.at(-1); frame; frame = work.at(-1)) {
      const target = (graph.get(frame.file) ?? [])[frame.edge];
      if (target !== undefined) {
        frame.edge += 1;
        if (!index.has(target)) visit(target, work);
        else if (onStack.has(target)) {
          low.set(frame.file, Math.min(lowOf(frame.file), index.get(target) ?? Infinity));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.file, Math.min(lowOf(parent.file), lowOf(frame.file)));
      if (lowOf(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        component.push(member);
        if (member === frame.file) break;
      }
      const selfImport = (graph.get(frame.file) ?? []).includes(frame.file);
      if (component.length > 1 || selfImport) {
        cycles.push(component.map((file) => path.relative(root, file)).sort());
      }
    }
  }
  return cycles;
}

/**
 * The project's files that loading `entry` loads, as paths relative to `root`: its imports, theirs
 * and so on, type-only imports left out (they load nothing). A `#app/` import of a generated
 * JavaScript module (the message catalogs) is listed by its path too.
 */
export function runtimeImportsOf(root: string, entry: string): string[] {
  const reached = new Set<string>();
  const waiting = [path.resolve(root, entry)];
  for (let file = waiting.pop(); file !== undefined; file = waiting.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    const source = readFileSync(file, "utf8").replace(/^import type [^;]*;/gms, "");
    for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
      const target = resolveImport(root, file, fileName);
      if (target) waiting.push(target);
      else if (fileName.startsWith("#app/")) reached.add(path.join(root, "app", fileName.slice(5)));
    }
  }
  return [...reached].map((file) => path.relative(root, file)).sort();
}
