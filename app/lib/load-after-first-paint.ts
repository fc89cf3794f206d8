/**
 * Rewrites React Router's inline module script (the one <Scripts /> writes: the route modules'
 * static imports, the manifest, then `import(entry)`) so that nothing is fetched before the page
 * has run: it waits for the browser's first paint entry (Paint Timing; where a browser has
 * none, for the first animation frame and the task after it), then imports the route modules
 * dynamically, in parallel, under the names the rest of the script uses. Their module preloads
 * stay in the page (components/hydration-scripts.tsx), so the imports find them fetched. The paint entry, not the frame, because the frame is drawn on the main thread some
 * time before it is on screen, and the entry says when it was.
 *
 * A static import is fetched as soon as the parser meets the script, and a module script runs as
 * soon as its imports are in, so on a fast connection hydration ran before the first paint and the
 * paint waited for it (components/hydration-scripts.tsx says what that cost).
 *
 * A hidden tab (opened in the background) paints nothing until it is shown, so it does not wait:
 * there is no paint to come first.
 */
export function loadAfterFirstPaint(moduleScript: string): string {
  const namespaceImports: { name: string; specifier: string }[] = [];
  const sideEffectImports: string[] = [];
  const rest = moduleScript
    .replace(namespaceImport, (_line, name: string, specifier: string) => {
      namespaceImports.push({ name, specifier });
      return "";
    })
    .replace(sideEffectImport, (_statement, specifier: string) => {
      sideEffectImports.push(specifier);
      return "";
    });
  if (namespaceImports.length === 0 && sideEffectImports.length === 0) return moduleScript;
  return [
    `if (document.visibilityState !== "hidden") await new Promise((painted) => {`,
    `  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => setTimeout(painted));`,
    `  new PerformanceObserver((_entries, observer) => { observer.disconnect(); painted(); }).observe({ type: "paint", buffered: true });`,
    `});`,
    ...sideEffectImports.map((specifier) => `await import(${specifier});`),
    namespaceImports.length > 0
      ? `const [${namespaceImports.map((i) => i.name).join(", ")}] = await Promise.all([${namespaceImports.map((i) => `import(${i.specifier})`).join(", ")}]);`
      : "",
    rest,
  ].join("\n");
}

/** `import * as route0 from "/assets/root.js";`, one to a line as React Router writes them. */
const namespaceImport = /^[ \t]*import \* as ([A-Za-z_$][\w$]*) from ("[^"\n]+");[ \t]*$/gm;
/** `import "/assets/manifest.js";` (a static import for its effect; not `import(…)`). */
const sideEffectImport = /\bimport ("[^"\n]+");?/g;
