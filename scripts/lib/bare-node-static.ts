import fs from "node:fs";
import http from "node:http";

/*
 * The floor for the product's answers ahead of the router (scripts/bench-web.ts): bare Node
 * `http` sending, for each address, the very bytes and headers the product sent for it, with
 * nothing worked out per request. What the product spends over this is its own; what this
 * spends over nginx is Node's. Usage: node scripts/lib/bare-node-static.ts <answers.json> <port>,
 * the file mapping each address to its headers (flat name, value, …) and a file of its body.
 */
const [answersFile, port] = process.argv.slice(2);
const answers = new Map<string, { headers: string[]; body: Buffer }>(
  Object.entries(
    JSON.parse(fs.readFileSync(answersFile!, "utf8")) as Record<
      string,
      { headers: string[]; bodyFile: string }
    >,
  ).map(([url, answer]) => [
    url,
    { headers: answer.headers, body: fs.readFileSync(answer.bodyFile) },
  ]),
);

http
  .createServer((req, res) => {
    const answer = answers.get(req.url ?? "");
    if (!answer) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  })
  .listen(Number(port), "127.0.0.1");
