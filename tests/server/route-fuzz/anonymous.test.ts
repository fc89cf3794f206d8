import { it } from "vitest";
import { fuzzServerForFile, walkAs, walkTimeout } from "./fuzz.ts";

const server = fuzzServerForFile();

it(
  "route fuzz: no input makes the server fail, as an anonymous visitor",
  async () => {
    await walkAs(server(), "anonymous", { edgeProbes: true });
  },
  walkTimeout,
);
