import { chmodSync, lstatSync, mkdirSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

/**
 * Takes the group's and others' permissions off `target` and, for a folder, everything in it
 * (links are left alone). The owner's stay as they are: 0600 for the database's files, 0700 for
 * folders, and an executable someone keeps there still runs.
 */
function restrict(target: string): void {
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) chmodSync(target, stat.mode & 0o700);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target)) restrict(path.join(target, entry));
  }
}

/** Takes the group's and others' permissions off DATA_DIR and everything in it. */
export function restrictDataDir(dataDir: string): void {
  restrict(realpathSync(dataDir));
}

/**
 * Makes DATA_DIR private to the user the server runs as, before the embedded database opens in it:
 * its files hold visitors' emails and answers (in the tables and the write-ahead log), the
 * operators' password hashes and the session secret. The folder and everything already in it lose
 * the group's and others' permissions (a folder made by an older version, or by hand, may be
 * world-readable), and this process's umask becomes 077, so that nothing it creates later (WAL
 * segments, tables, emails, backups) is readable by others even where no mode is given. A new
 * database is copied in by PGlite with modes of its own (0666): call restrictDataDir once it has
 * started.
 */
export function prepareDataDir(dataDir: string): void {
  // A worker thread may not change the umask (it is the whole process's); the server's main
  // thread opens the database.
  if (isMainThread) process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrictDataDir(dataDir);
}
