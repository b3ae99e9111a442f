import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** The Nu HTML Checker's jar, from the vnu-jar package (run with the machine's Java). */
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
}

/**
 * What the checker says of valid CSS, in the rules a page carries in a `<style>` (decision 053):
 * its CSS grammar predates these. The same rules in the linked stylesheet were never checked by
 * it; every other message about a page's CSS still counts.
 */
const CSS_THE_CHECKER_PREDATES = [
  // CSS Properties and Values API Level 1.
  /^CSS: Unrecognized at-rule “@property”$/,
  // CSS Transitions Level 2.
  /^CSS: Unrecognized at-rule “@starting-style”$/,
  /^CSS: “transition-behavior”: Property “transition-behavior” doesn't exist\.$/,
  // CSS Box Model Level 4.
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/,
  // A custom property's name is a property a transition may name (CSS Transitions Level 1).
  /^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value\.$/,
];

/** The Nu HTML Checker's errors in `documents`, each named by its document. */
export async function htmlErrors(documents: Map<string, string>): Promise<string[]> {
  const folder = mkdtempSync(path.join(tmpdir(), "coverpilot-html-"));
  try {
    const names = new Map<string, string>();
    for (const [index, [name, html]] of [...documents].entries()) {
      const file = path.join(folder, `page-${index}.html`);
      writeFileSync(file, html);
      names.set(`page-${index}.html`, name);
    }
    const { stdout, stderr } = await promisify(execFile)(
      "java",
      [
        // Quick to start (the checker runs once, briefly): the JIT's first tier only, with the
        // deeper stack its schema needs then.
        "-XX:TieredStopAtLevel=1",
        "-Xss8m",
        "-jar",
        VNU_JAR,
        "--errors-only",
        // Guessing each page's language takes most of the time, and only ever warns.
        "--no-langdetect",
        "--exit-zero-always",
        "--format",
        "json",
        folder,
      ],
      { maxBuffer: 32 * 1024 * 1024 },
    );
    // The checker writes its JSON report to standard error.
    const report = JSON.parse(stderr || stdout) as { messages: NuMessage[] };
    const known = (message: NuMessage) =>
      CSS_THE_CHECKER_PREDATES.some((pattern) => pattern.test(message.message));
    return report.messages
      .filter((message) => !known(message))
      .map((message) => {
        const file = path.basename(message.url ?? "");
        return `${names.get(file) ?? file}, line ${message.lastLine ?? "?"}: ${message.message}`;
      });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
