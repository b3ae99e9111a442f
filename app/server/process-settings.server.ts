/**
 * Node and allocator settings a process can only take when it starts (decisions 021 and 024): the
 * server and the lead export start themselves again in their own place with theirs.
 */

export interface ProcessSettings {
  /** Node and V8 flags, as on Node's command line ("--max-semi-space-size=16"). */
  flags: readonly string[];
  /** Environment variables read at start (glibc's MALLOC_* tunables). */
  env: Readonly<Record<string, string>>;
}

/**
 * Process settings that keep the server's memory down (decision 021), read only when a process
 * starts (server.ts starts itself again with them). glibc's allocator otherwise raises its thresholds after each large block it frees and
 * then keeps what V8's compiler frees (some 100 MB once PGlite's SQL parser is compiled);
 * V8's young generation otherwise grows under load to a size that follows the machine's memory
 * (64 MB a half on 24 GB) and stays so until V8 finds the process idle.
 *
 * On PostgreSQL (`DATABASE_URL` set) the server holds no database, and its young generation may
 * grow to 32 MB a half: under a load of saves, half the scavenges, some tenth less CPU a save
 * (decision 081). On the embedded database, 16 MB, for the small server it runs on.
 */
export function serverMemorySettings(environment: Readonly<Record<string, string | undefined>>) {
  const onPostgres = (environment.DATABASE_URL ?? "").trim() !== "";
  return {
    // PGlite's WebAssembly compiled by V8's baseline compiler only (decision 074): its optimising
    // compiler's 500 MB peak is what a small server runs out of. On PostgreSQL no WebAssembly runs.
    flags: [`--max-semi-space-size=${onPostgres ? 32 : 16}`, "--liftoff-only"],
    // At most two of glibc's arenas, where it makes one per thread up to eight per core: what libuv's
    // and V8's threads free in arenas of their own stays resident (some 5 MB idle; decision 080).
    env: { MALLOC_TRIM_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "2" },
  } satisfies ProcessSettings;
}

/**
 * Starts this process again in its place (same process id, same standard streams, same arguments)
 * with `settings`, unless it already has them: however it was started, it runs with them. A setting
 * already given (in the environment, NODE_OPTIONS or Node's own arguments) is left as it is, so a
 * person can still override any. Does nothing where execve is not available (not Linux).
 */
export function restartWithSettings(settings: ProcessSettings): void {
  if (process.platform !== "linux" || typeof process.execve !== "function") return;
  const given = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  const flags = settings.flags.filter((flag) => !given.includes(flag.split("=")[0] ?? flag));
  const env = Object.entries(settings.env).filter(([name]) => process.env[name] === undefined);
  if (flags.length === 0 && env.length === 0) return;
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)],
    { ...process.env, ...Object.fromEntries(env) },
  );
}
