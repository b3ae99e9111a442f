import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The repository this script belongs to. */
export const ROOT = path.resolve(import.meta.dirname, "..");

/** The static reference page's path on the bench server (a file of the bench's build only). */
export const REFERENCE_PATH = "/bench-reference.html";

/** A copy of the working tree, built for one site address. */
export interface Workspace {
  dir: string;
  /** How long `react-router build` took, in milliseconds. */
  buildMs: number;
  /** Removes the copy. */
  remove(): void;
}

/**
 * Copies the working tree (tracked and untracked files, less what git ignores) to a scratch
 * directory that shares this checkout's node_modules, and builds it there for `siteUrl`. The
 * checkout's own build/ is left alone, so the bench never races a test run that uses it.
 */
export function buildWorkspace(siteUrl: string): Workspace {
  const dir = mkdtempSync(path.join(tmpdir(), "coverpilot-bench-"));
  const listed = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  for (const file of listed.split("\0")) {
    // Deleted but not yet committed files are still listed.
    if (!file || !existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  // The compiled messages (app/paraglide) are generated, so git does not list them: compiled here
  // from the copy's own catalogs, as `npm run build` does.
  const messages = spawnSync("npm", ["run", "-s", "messages"], { cwd: dir, encoding: "utf8" });
  if (messages.status !== 0) {
    throw new Error(`Compiling the messages failed:\n${messages.stdout}\n${messages.stderr}`);
  }

  const started = performance.now();
  const build = spawnSync(
    process.execPath,
    // Hidden source maps (no comment in the scripts, which stay byte for byte as in production)
    // tell what the scripts consist of.
    [
      path.join(ROOT, "node_modules/@react-router/dev/bin.cjs"),
      "build",
      "--sourcemapClient",
      "hidden",
    ],
    {
      cwd: dir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        SITE_URL: siteUrl,
        DATA_DIR: dataDirOf(dir),
        // The Spanish pages too (issue 31), prerendered as production would with SPANISH=true.
        SPANISH: "true",
      },
      encoding: "utf8",
    },
  );
  const buildMs = performance.now() - started;
  if (build.status !== 0) {
    throw new Error(`The build failed:\n${build.stdout}\n${build.stderr}`);
  }
  // The reference page is a static file of this build only, served like the site's own files.
  copyFileSync(
    path.join(ROOT, "bench/reference.html"),
    path.join(dir, "build/client", REFERENCE_PATH.slice(1)),
  );
  return { dir, buildMs, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The embedded database's directory of the server run in a workspace. */
export function dataDirOf(dir: string): string {
  return path.join(dir, ".bench-data");
}
