/**
 * The throughput reference: a bare Node http server that answers every request with the bytes the
 * app answered one request with (its headers and body, recorded by the bench). Run by the bench as
 * `node bench/bare-server.ts` with PORT, BARE_BODY (a file) and BARE_HEADERS (a JSON file).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.env.BARE_BODY ?? "");
const headers = JSON.parse(readFileSync(process.env.BARE_HEADERS ?? "", "utf8")) as Record<
  string,
  string
>;
headers["content-length"] = String(body.length);

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
