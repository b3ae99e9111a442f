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
    return report.messages.map((message) => {
      const file = path.basename(message.url ?? "");
      return `${names.get(file) ?? file}, line ${message.lastLine ?? "?"}: ${message.message}`;
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
