import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { PGLITE_TEMPLATE_FILE } from "#tests/support/databases.ts";

import { NotABackupError, verifyBackupArchive } from "#app/server/db/backup-archive.server.ts";

/** One tar entry: a ustar header (name, size, checksum) and the data padded to whole blocks. */
function entry(name: string, data = ""): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, "utf8");
  header.write("0000600\0", 100);
  header.write(`${data.length.toString(8).padStart(11, "0")}\0`, 124);
  header.write("0", 156);
  header.write("ustar\u000000", 257, "latin1");
  header.write("        ", 148);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  const body = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  body.write(data);
  return Buffer.concat([header, body]);
}

const END = Buffer.alloc(1024);

function fileWith(contents: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "coverpilot-archive-")), "b.tar.gz");
  writeFileSync(file, contents);
  return file;
}

async function problem(contents: Buffer): Promise<string> {
  const error = await verifyBackupArchive(fileWith(contents)).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(NotABackupError);
  return (error as Error).message; // Checked just above.
}

describe("verifyBackupArchive", () => {
  it("takes a gzipped dump of PGlite's data directory", async () => {
    const tar = readFileSync(PGLITE_TEMPLATE_FILE);
    const summary = await verifyBackupArchive(fileWith(gzipSync(tar)));
    expect(summary.postgresVersion).toMatch(/^\d+$/);
    expect(summary.entries).toBeGreaterThan(100);
    // The same, in small pieces (headers and PG_VERSION split across reads).
    const minimal = Buffer.concat([
      entry("/PG_VERSION", "17\n"),
      entry("/global/pg_control", "x".repeat(700)),
      entry("/base/1/1259", "y"),
      END,
    ]);
    expect(await verifyBackupArchive(fileWith(gzipSync(minimal, { chunkSize: 64 })))).toEqual({
      entries: 3,
      postgresVersion: "17",
    });
  });

  it("refuses anything else, and a backup cut short", async () => {
    const whole = gzipSync(readFileSync(PGLITE_TEMPLATE_FILE));
    expect(await problem(Buffer.from("<html>Not found</html>"))).toMatch(/gzip/);
    expect(await problem(whole.subarray(0, whole.length / 2))).toMatch(/gzip/);
    expect(await problem(gzipSync("a fake archive"))).toMatch(/cut short|not a tar archive/);
    expect(await problem(gzipSync(Buffer.alloc(2048, 1)))).toMatch(/not a tar archive/);
    expect(await problem(gzipSync(Buffer.concat([entry("/PG_VERSION", "17\n")])))).toMatch(
      /cut short/,
    );
    expect(await problem(gzipSync(Buffer.concat([entry("/PG_VERSION", "17\n"), END])))).toMatch(
      /no global\/pg_control/,
    );
    const corrupt = entry("/PG_VERSION", "17\n");
    corrupt[0] = 0x41;
    expect(await problem(gzipSync(Buffer.concat([corrupt, END])))).toMatch(/checksum/);
    const notPostgres = Buffer.concat([
      entry("/PG_VERSION", "hello"),
      entry("/global/pg_control", "x"),
      entry("/base/1/1259", "y"),
      END,
    ]);
    expect(await problem(gzipSync(notPostgres))).toMatch(/PG_VERSION/);
  });
});
