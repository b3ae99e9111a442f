import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";

/** A share of a page's JavaScript: by npm package, or by folder of the app's own code. */
export interface JsShare {
  source: string;
  /** Minified bytes that the source maps attribute to it. */
  rawBytes: number;
  /** Its part of the files' brotli size, in proportion to its minified bytes in each file. */
  brotliBytes: number;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Decodes one source-map segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** Where a module comes from: `react-dom`, `@conform-to/react`, or `app/components` and so on. */
function sourceGroup(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage?.[1]) return inPackage[1];
  const inApp = /(?:^|\/)(app\/[^/]+)\//.exec(source);
  if (inApp?.[1]) return inApp[1];
  return source.replace(/^(\.\.\/)+/, "");
}

/**
 * What a page's scripts consist of, from the hidden source maps of the bench's build: each
 * minified byte counted for the module it came from (bytes no map covers count as "(unmapped)").
 */
export function jsComposition(clientDir: string, files: string[]): JsShare[] {
  const shares = new Map<string, { rawBytes: number; brotliBytes: number }>();
  const add = (source: string, rawBytes: number, brotliBytes: number) => {
    const share = shares.get(source) ?? { rawBytes: 0, brotliBytes: 0 };
    share.rawBytes += rawBytes;
    share.brotliBytes += brotliBytes;
    shares.set(source, share);
  };
  for (const file of files) {
    const code = readFileSync(path.join(clientDir, file), "utf8");
    // The build's own brotli file (tools/compress-assets.ts), as the server sends it.
    const built = path.join(clientDir, `${file}.br`);
    const brotliBytes = existsSync(built) ? statSync(built).size : brotliCompressSync(code).length;
    const mapFile = path.join(clientDir, `${file}.map`);
    if (!existsSync(mapFile)) {
      add("(no source map)", code.length, brotliBytes);
      continue;
    }
    const map = JSON.parse(readFileSync(mapFile, "utf8")) as {
      sources: string[];
      mappings: string;
    };
    const counts = new Map<string, number>();
    const lines = code.split("\n");
    let sourceIndex = 0;
    map.mappings.split(";").forEach((line, lineNumber) => {
      const length = lines[lineNumber]?.length ?? 0;
      let column = 0;
      let previous: { column: number; source: string } | undefined;
      for (const segment of line.split(",").filter(Boolean)) {
        const fields = decodeSegment(segment);
        column += fields[0] ?? 0;
        if (previous) {
          counts.set(
            previous.source,
            (counts.get(previous.source) ?? 0) + column - previous.column,
          );
        } else if (column > 0) {
          counts.set("(unmapped)", (counts.get("(unmapped)") ?? 0) + column);
        }
        let source = "(unmapped)";
        if (fields.length >= 4) {
          sourceIndex += fields[1] ?? 0;
          source = sourceGroup(map.sources[sourceIndex] ?? "(unmapped)");
        }
        previous = { column, source };
      }
      const end = previous?.column ?? 0;
      const tail = previous?.source ?? "(unmapped)";
      if (length > end) counts.set(tail, (counts.get(tail) ?? 0) + length - end);
    });
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0) || 1;
    for (const [source, count] of counts) add(source, count, (brotliBytes * count) / total);
  }
  return [...shares]
    .map(([source, share]) => ({ source, ...share }))
    .sort((a, b) => b.brotliBytes - a.brotliBytes);
}
