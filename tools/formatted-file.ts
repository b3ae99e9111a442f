/**
 * Text a tool writes into the repository, formatted as `npm run lint` expects (Prettier, with the
 * project's settings for that file), so that a generated file passes the linter as written
 * (issue 57: the lead record's schema, once regenerated, failed Prettier).
 */
import { writeFile } from "node:fs/promises";

import prettier from "prettier";

/** `text` as Prettier formats a file at `file` (its parser chosen by the file's name). */
export async function formattedAs(file: string, text: string): Promise<string> {
  const options = await prettier.resolveConfig(file);
  return prettier.format(text, { ...options, filepath: file });
}

/** Writes `text` to `file`, formatted (formattedAs). */
export async function writeFormatted(file: string, text: string): Promise<void> {
  await writeFile(file, await formattedAs(file, text));
}
