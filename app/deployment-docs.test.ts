import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The settings an operator reads about live in three places: the schema that reads them
 * (app/config.server.ts), the README's configuration table, and docs/deployment.md's table of
 * which must match across hosts. A setting added to one and not the others is a setting someone
 * deploys without knowing it exists, or sets differently on one host.
 */

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** The lines of a markdown section, from its heading to the next heading of its level or above. */
function section(markdown: string, heading: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const level = heading.indexOf(" ");
  const end = lines.findIndex(
    (line, i) => i > start && /^#+ /.test(line) && line.indexOf(" ") <= level,
  );
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** Every setting named in the first column of a table's rows (`A`, or `A`, `B` on one row). */
function settingsInTable(lines: string[]): Set<string> {
  const names = new Set<string>();
  for (const line of lines) {
    if (!line.startsWith("|")) continue;
    const first = line.split("|")[1] ?? "";
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}

/** Every environment variable app/config.server.ts reads: its schema's keys and `env.X`. */
function settingsReadByConfig(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(/^ {2}([A-Z][A-Z0-9_]*): z\./gm)) names.add(match[1]!);
  for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) names.add(match[1]!);
  return names;
}

const readmeSettings = settingsInTable(section(read("README.md"), "## Configuration"));
const deploymentSettings = settingsInTable(section(read("docs/deployment.md"), "## Settings"));
const configSettings = settingsReadByConfig(read("app/config.server.ts"));

const missingFrom = (from: Set<string>, names: Set<string>) =>
  [...names].filter((name) => !from.has(name)).sort();

describe("the configuration as documented", () => {
  it("finds the tables and the schema it compares", () => {
    // A parser that found nothing would let every comparison below pass.
    expect(configSettings.size).toBeGreaterThan(30);
    expect(readmeSettings.size).toBeGreaterThan(30);
    expect(deploymentSettings.size).toBeGreaterThan(30);
    expect(configSettings).toContain("DATA_ENCRYPTION_KEYS");
  });

  it("names every setting app/config.server.ts reads in the README's table", () => {
    expect(missingFrom(readmeSettings, configSettings)).toEqual([]);
  });

  it("has the README's table and docs/deployment.md name the same settings", () => {
    expect(missingFrom(deploymentSettings, readmeSettings)).toEqual([]);
    expect(missingFrom(readmeSettings, deploymentSettings)).toEqual([]);
  });

  it("documents no setting the server does not read", () => {
    expect(missingFrom(configSettings, readmeSettings)).toEqual([]);
  });
});
