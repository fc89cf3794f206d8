import ts from "typescript";
import { lineOf } from "./source.ts";

/**
 * Modules that open connections to other servers: Node's own and the common HTTP clients. Type
 * imports of them load nothing and are allowed (a use case may name an adapter's types).
 */
const networkModules = new Set([
  "http",
  "https",
  "http2",
  "net",
  "tls",
  "dns",
  "dgram",
  "undici",
  "node-fetch",
  "axios",
  "got",
]);

const isNetworkModule = (specifier: string) =>
  networkModules.has(specifier.replace(/^node:/, "").split("/")[0] as string);

/**
 * Where a file reaches the network itself rather than through an adapter of app/services/
 * (docs/architecture.md §3): a runtime import or `require` of a network module, or a call of the
 * global `fetch` (bare, or through `globalThis`). A `fetch` the file declares itself is its own.
 */
export function networkAccess(source: ts.SourceFile): number[] {
  const lines: number[] = [];
  let ownFetch = false;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node) || ts.isParameter(node)) &&
      node.name &&
      ts.isIdentifier(node.name) &&
      node.name.text === "fetch"
    )
      ownFetch = true;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  const find = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      isNetworkModule(node.moduleSpecifier.text) &&
      !node.importClause?.isTypeOnly &&
      !(
        node.importClause?.namedBindings &&
        ts.isNamedImports(node.importClause.namedBindings) &&
        !node.importClause.name &&
        node.importClause.namedBindings.elements.length > 0 &&
        node.importClause.namedBindings.elements.every((e) => e.isTypeOnly)
      )
    )
      lines.push(lineOf(node));
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first] = node.arguments;
      const loads =
        (callee.kind === ts.SyntaxKind.ImportKeyword ||
          (ts.isIdentifier(callee) && callee.text === "require")) &&
        first &&
        ts.isStringLiteralLike(first) &&
        isNetworkModule(first.text);
      const globalFetch =
        (ts.isIdentifier(callee) && callee.text === "fetch" && !ownFetch) ||
        (ts.isPropertyAccessExpression(callee) &&
          callee.name.text === "fetch" &&
          ts.isIdentifier(callee.expression) &&
          ["globalThis", "window", "self"].includes(callee.expression.text));
      if (loads || globalFetch) lines.push(lineOf(node));
    }
    ts.forEachChild(node, find);
  };
  ts.forEachChild(source, find);
  return lines;
}
