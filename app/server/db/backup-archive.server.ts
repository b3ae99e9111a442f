/**
 * What makes a file a backup of the embedded database (decision 013): a gzipped tar archive of
 * PGlite's data directory, as PGlite's dumpDataDir writes it (entries named "/PG_VERSION",
 * "/global/pg_control", "/base/5/1259"...). `npm run db:backup` checks what it wrote before it says
 * the database is backed up: a truncated download, an error page or anything else that answered
 * is refused. The archive is read as a stream, one 512-byte block at a time, so a large database
 * takes no more memory than a small one.
 */
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { Writable } from "node:stream";
import { createGunzip } from "node:zlib";

/** Thrown when a file is not a complete backup; its message says what is wrong with it. */
export class NotABackupError extends Error {
  override name = "NotABackupError";
}

const BLOCK = 512;

/** Files every PostgreSQL data directory has, as the archive names them (without a leading "/"). */
const REQUIRED = ["PG_VERSION", "global/pg_control"] as const;

/** What a check found: how many entries the archive holds and the PostgreSQL version it is of. */
export interface BackupArchiveSummary {
  entries: number;
  postgresVersion: string;
}

/** A NUL- (or space-) terminated text field of a tar header. */
function text(field: Buffer): string {
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString("utf8");
}

/** A numeric field of a tar header: octal digits, or base-256 when its first bit is set (GNU). */
function number(field: Buffer): number {
  if (field[0] !== undefined && (field[0] & 0x80) !== 0) {
    let value = field[0] & 0x7f;
    for (const byte of field.subarray(1)) value = value * 256 + byte;
    return value;
  }
  const digits = text(field).trim();
  if (!/^[0-7]+$/.test(digits)) throw new NotABackupError(`a tar header has a bad number field`);
  return Number.parseInt(digits, 8);
}

/**
 * Reads tar blocks as they come and keeps the entries' names (and PG_VERSION's text). Each header
 * must be a POSIX (ustar) one with a valid checksum, and the archive must end with its end marker
 * (a block of zeros): a download cut short lacks it.
 */
class TarWalker {
  readonly names = new Set<string>();
  pgVersion = "";
  ended = false;
  private carry = Buffer.alloc(0);
  /** Bytes of the current entry's data, and its padding to a whole block, still to pass over. */
  private skip = 0;
  /** Bytes of PG_VERSION's data still to keep (its text is a few bytes: "17\n"). */
  private keep = 0;

  push(chunk: Buffer): void {
    let data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    while (data.length > 0 && !this.ended) {
      if (this.skip > 0) {
        const taken = Math.min(this.skip, data.length);
        const kept = Math.min(this.keep, taken);
        this.pgVersion += data.subarray(0, kept).toString("latin1");
        this.keep -= kept;
        this.skip -= taken;
        data = data.subarray(taken);
        continue;
      }
      if (data.length < BLOCK) {
        this.carry = Buffer.from(data);
        return;
      }
      this.header(data.subarray(0, BLOCK));
      data = data.subarray(BLOCK);
    }
  }

  private header(block: Buffer): void {
    if (block.every((byte) => byte === 0)) {
      this.ended = true;
      return;
    }
    if (text(block.subarray(257, 263)) !== "ustar") {
      throw new NotABackupError("it is not a tar archive (no ustar header)");
    }
    // The checksum: the header's bytes summed, its own eight counted as spaces.
    let sum = 8 * 0x20;
    for (let i = 0; i < BLOCK; i++) if (i < 148 || i >= 156) sum += block[i] ?? 0;
    if (number(block.subarray(148, 156)) !== sum) {
      throw new NotABackupError("a tar header's checksum is wrong");
    }
    const prefix = text(block.subarray(345, 500));
    const name = (prefix ? `${prefix}/` : "") + text(block.subarray(0, 100));
    const size = number(block.subarray(124, 136));
    const normalized = name.replace(/^(\.?\/)+/, "").replace(/\/+$/, "");
    this.names.add(normalized);
    // The entry's data follows its header, padded to whole blocks (a PAX or GNU extension header
    // counts its own data in its size too).
    this.skip = Math.ceil(size / BLOCK) * BLOCK;
    this.keep = normalized === "PG_VERSION" ? Math.min(size, 16) : 0;
    if (this.keep > 0) this.pgVersion = "";
  }
}

/**
 * Checks that `file` is a complete backup of the embedded database: gzip, then a tar archive that
 * ends properly and holds a PostgreSQL data directory (PG_VERSION with a version number,
 * global/pg_control, and the databases under base/). Throws NotABackupError when it is not.
 */
export async function verifyBackupArchive(file: string): Promise<BackupArchiveSummary> {
  const walker = new TarWalker();
  try {
    await pipeline(
      createReadStream(file),
      createGunzip(),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          try {
            walker.push(chunk);
            done();
          } catch (error) {
            done(error instanceof Error ? error : new Error(String(error)));
          }
        },
      }),
    );
  } catch (error) {
    if (error instanceof NotABackupError) throw error;
    // zlib's errors (not gzip, truncated, corrupt) carry a Z_ code: Z_DATA_ERROR, Z_BUF_ERROR...
    if (error instanceof Error && "code" in error && String(error.code).startsWith("Z_")) {
      throw new NotABackupError(`it is not a complete gzip file (${error.message})`, {
        cause: error,
      });
    }
    throw error;
  }
  if (!walker.ended) throw new NotABackupError("the tar archive is cut short (no end marker)");
  const missing = REQUIRED.filter((name) => !walker.names.has(name));
  if (missing.length > 0) {
    throw new NotABackupError(`it holds no PostgreSQL data directory (no ${missing.join(", ")})`);
  }
  if (![...walker.names].some((name) => name.startsWith("base/"))) {
    throw new NotABackupError("it holds no database (nothing under base/)");
  }
  const postgresVersion = walker.pgVersion.trim();
  if (!/^\d+(\.\d+)?$/.test(postgresVersion)) {
    throw new NotABackupError("its PG_VERSION holds no PostgreSQL version");
  }
  return { entries: walker.names.size, postgresVersion };
}
