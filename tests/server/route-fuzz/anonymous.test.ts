import { it } from "vitest";
import { ServerCaller } from "~tests/support/server-requests.ts";
import { fuzz, fuzzServerForFile, report, walkTimeout } from "./fuzz.ts";

const server = fuzzServerForFile();

it(
  "route fuzz: no input makes the server fail, as an anonymous visitor",
  async () => {
    const caller = new ServerCaller(server());
    try {
      report("anonymous", await fuzz(caller, "anonymous", { edgeProbes: true }));
    } finally {
      caller.close();
    }
  },
  walkTimeout,
);
