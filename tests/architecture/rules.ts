import { handMadeForms, handReads, postFormsWithoutOrganisation } from "./forms.ts";
import {
  domainImportingUi,
  type ImportEdge,
  importEdges,
  kernelImportingAreas,
  productImportingTestHelpers,
  runtimeCycles,
  servicesImportingDomain,
} from "./import-graph.ts";
import { networkAccess } from "./network.ts";
import { unscopedReads } from "./reads.ts";
import { isTestFile, type Project } from "./source.ts";
import { unscopedDomainCalls } from "./use-case-signatures.ts";

/**
 * The architecture rules of docs/architecture.md §3 and §3b, each a function of a project: the
 * repository (`app/architecture.test.ts`) or a fixture of a few files that proves the rule fires.
 * Both run the same function, so a fixture tests the rule the repository is held to.
 */
export interface Breach {
  file: string;
  /** What an exception is listed by: the file, or for a call `file#function` of the callee. */
  key: string;
  what: string;
}

const edgesOf = new WeakMap<Project, ImportEdge[]>();

/** The project's import graph, built once per project. */
export function edges(project: Project): ImportEdge[] {
  let found = edgesOf.get(project);
  if (!found) {
    found = importEdges(project);
    edgesOf.set(project, found);
  }
  return found;
}

const product = (project: Project) => project.files.filter((file) => !isTestFile(file));
const pageModules = (project: Project) =>
  product(project).filter((file) => /^app\/(routes|components)\//.test(file));

const byFile = (file: string, what: string): Breach => ({ file, key: file, what });

/**
 * The modules an employer page is drawn from: the area's route modules and every route or
 * component module they import at runtime (the account menu is loaded on demand, so named too).
 */
export function employerAreaModules(project: Project): string[] {
  const files = product(project);
  const reached = new Set(
    files.filter(
      (f) => f.startsWith("app/routes/employer/") || f === "app/components/account-menu.tsx",
    ),
  );
  const pending = [...reached];
  const all = edges(project);
  while (pending.length > 0) {
    const from = pending.pop() as string;
    for (const edge of all) {
      if (edge.from !== from || edge.typeOnly || reached.has(edge.to)) continue;
      reached.add(edge.to);
      pending.push(edge.to);
    }
  }
  return [...reached].filter((f) => /^app\/(routes|components)\//.test(f) && files.includes(f));
}

export const rules = {
  "no runtime import cycles": (project: Project) =>
    runtimeCycles(edges(project)).map((cycle) => byFile(cycle[0] as string, cycle.join(" <-> "))),

  "the domain imports neither routes nor components": (project: Project) =>
    domainImportingUi(edges(project)).map((edge) => byFile(edge.split(" -> ")[0] as string, edge)),

  "the kernel imports no domain area": (project: Project) =>
    kernelImportingAreas(edges(project)).map((edge) =>
      byFile(edge.split(" -> ")[0] as string, edge),
    ),

  "services are adapters: they do not import the domain at runtime": (project: Project) =>
    servicesImportingDomain(edges(project)).map((file) => byFile(file, "imports app/domain/")),

  "the domain and jobs reach other servers only through adapters": (project: Project) =>
    product(project)
      .filter((file) => file.startsWith("app/domain/") || file.startsWith("app/jobs/"))
      .flatMap((file) =>
        networkAccess(project.source(file)).map((line) => byFile(file, `line ${line}`)),
      ),

  "product code does not import test helpers": (project: Project) =>
    productImportingTestHelpers(edges(project)).map((edge) =>
      byFile(edge.split(" -> ")[0] as string, edge),
    ),

  "tenant tables by id, and health data at all, are read through the visibility builders": (
    project: Project,
  ) =>
    product(project)
      .filter((file) => !file.startsWith("app/domain/kernel/"))
      .flatMap((file) => unscopedReads(project, file))
      .map((read) => byFile(read.file, `line ${read.line}: ${read.table} ${read.why}`)),

  "routes and jobs call the domain with the caller's scope first": (project: Project) =>
    unscopedDomainCalls(
      project,
      product(project).filter((f) => f.startsWith("app/routes/") || f.startsWith("app/jobs/")),
    ).map((call) => ({
      file: call.from,
      key: `${call.declaredIn}#${call.name}`,
      what: `${call.from} -> ${call.name} (${call.declaredIn})`,
    })),

  "every form with fields, POST or GET, is a Conform form with its schema": (project: Project) =>
    pageModules(project).flatMap((file) =>
      handMadeForms(project.source(file)).map((line) => byFile(file, `line ${line}`)),
    ),

  "route modules read posted forms through their schema, not by hand": (project: Project) =>
    pageModules(project)
      .filter((file) => file.startsWith("app/routes/"))
      .flatMap((file) => handReads(project, file).map((line) => byFile(file, `line ${line}`))),

  "every POST form of the employer area carries the organisation its page was for": (
    project: Project,
  ) =>
    employerAreaModules(project).flatMap((file) =>
      postFormsWithoutOrganisation(project.source(file)).map((line) =>
        byFile(file, `line ${line}`),
      ),
    ),
} satisfies Record<string, (project: Project) => Breach[]>;

export type RuleName = keyof typeof rules;
