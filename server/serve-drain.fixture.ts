import express from "express";
import { serve } from "./serve.ts";

// A server whose one route is slow, and whose "database" is closed by shutdown: what
// serve.test.ts stops mid-request to see that shutdown waits for the answer.
let databaseClosed = false;
const app = express();
app.get("/slow", async (_req, res) => {
  await new Promise((resolve) => setTimeout(resolve, 400));
  res.status(databaseClosed ? 500 : 200).send(databaseClosed ? "database closed" : "answered");
});
await serve({
  app,
  port: 0,
  host: "127.0.0.1",
  publicUrl: "http://127.0.0.1:0",
  shutdown: async () => {
    databaseClosed = true;
  },
  log: (message) => console.log(message),
});
