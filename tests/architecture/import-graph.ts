import fs from "node:fs";
import path from "node:path";

/**
 * The project's import graph, read from the source text (docs/architecture.md §3): every
 * `import`/`export … from` of every TypeScript file under `app/`, `server/` and `scripts/`, with the
 * `~/` alias resolved. `import type` and `export type` are kept apart, since they vanish at runtime
 * and cannot make a cycle or load a layer.
 */
interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

const root = path.resolve(import.meta.dirname, "../..");
const sourceRoots = ["app", "server", "scripts"];
const importPattern = /^\s*(import|export)\s+(type\s+)?(?:[\s\S]*?\s+from\s+)?["']([^"']+)["'];?/gm;

export function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "+types")
          continue;
        walk(rel);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
    }
  };
  for (const dir of sourceRoots) walk(dir);
  return out.sort();
}

export function readSource(file: string): string {
  return fs.readFileSync(path.join(root, file), "utf8");
}

export function resolveSpecifier(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = path.posix.join("app", specifier.slice(2));
  else if (specifier.startsWith("~tests/"))
    target = path.posix.join("tests", specifier.slice("~tests/".length));
  else if (specifier.startsWith(".")) target = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith("/")) return null;
  else return null; // a package
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) {
    if (
      fs.existsSync(path.join(root, candidate)) &&
      fs.statSync(path.join(root, candidate)).isFile()
    )
      return candidate;
  }
  return null;
}

export function importEdges(files = sourceFiles()): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const text = readSource(file).replace(/\/\*[\s\S]*?\*\//g, "");
    for (const match of text.matchAll(importPattern)) {
      const [whole, , typeKeyword, specifier] = match;
      if (!specifier) continue;
      const to = resolveSpecifier(file, specifier);
      if (!to) continue;
      // `import { type A, type B } from` is type-only too.
      const braces = /\{([\s\S]*)\}/.exec(whole)?.[1];
      const allTypes =
        braces !== undefined &&
        !/\bfrom\b[\s\S]*\{/.test(whole) &&
        braces
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean)
          .every((name) => name.startsWith("type "));
      const defaultOrNamespace =
        /^\s*import\s+(?!type\b)[\w*]/.test(whole) && !/^\s*import\s+\{/.test(whole);
      edges.push({
        from: file,
        to,
        typeOnly: Boolean(typeKeyword) || (allTypes && !defaultOrNamespace),
      });
    }
  }
  return edges;
}

/** The strongly connected components of more than one file (or a file importing itself). */
export function runtimeCycles(edges: ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly) continue;
    const list = graph.get(edge.from) ?? [];
    list.push(edge.to);
    graph.set(edge.from, list);
  }
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const strongConnect = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        strongConnect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node))
        cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) strongConnect(node);
  return cycles;
}

export function isTestFile(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || file.startsWith("tests/");
}

/** The tenant tables: rows that belong to one organisation, one doctor or one person. */
const tenantTables = [
  "referral",
  "report",
  "paymentOrder",
  "invoice",
  "creditNote",
  "member",
  "teamInvitation",
] as const;

/**
 * The places in a file that read a tenant table by its id without a visibility builder: a
 * `.from(table)` whose statement filters on `table.id` and calls no `visible…(` builder. Updates
 * and deletes are not reads; joins on an id are not reads by an id the caller chose.
 */
export function unscopedReadsById(text: string): string[] {
  const found: string[] = [];
  for (const table of tenantTables) {
    const fromPattern = new RegExp(`\\.from\\(\\s*${table}\\s*\\)`, "g");
    for (const match of text.matchAll(fromPattern)) {
      const start = match.index ?? 0;
      const end = text.indexOf(";", start);
      const statement = text.slice(start, end === -1 ? undefined : end);
      if (
        new RegExp(`\\beq\\(\\s*${table}\\.id\\b`).test(statement) &&
        !/\bvisible\w*\(/.test(statement)
      )
        found.push(table);
    }
  }
  return found;
}
