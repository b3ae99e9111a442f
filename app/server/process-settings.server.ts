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
