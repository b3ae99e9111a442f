import { parseAst, type Plugin } from "vite";
import { describe, expect, it } from "vitest";

import { messageImports } from "./message-imports.ts";

/** The plugin's transform of `code`, with the parser and the error a build gives it. */
function transform(code: string): string | null {
  const plugin = messageImports() as Plugin & {
    transform: (code: string, id: string) => { code: string } | null;
  };
  const context = {
    parse: (input: string) => parseAst(input),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return plugin.transform.call(context, code, "/app/x.tsx")?.code ?? null;
}

describe("each module's messages imported one by one", () => {
  it("imports each message the code names from its own module, once", () => {
    const code = [
      'import { m } from "#app/paraglide/messages.js";',
      'const title = m.home_title({}, { locale: "es" });',
      "const again = m.home_title;",
      'export const menu = { m: 1, label: m.chrome_menu({}, { locale: "en" }) };',
      "export const other = thing.m;",
    ].join("\n");
    const result = transform(code)!;
    expect(result).toContain(
      'import { home_title as __message_home_title } from "#app/paraglide/messages/home_title.js";',
    );
    expect(result).toContain(
      'import { chrome_menu as __message_chrome_menu } from "#app/paraglide/messages/chrome_menu.js";',
    );
    expect(result.match(/messages\/home_title\.js/g)).toHaveLength(1);
    expect(result).not.toContain("#app/paraglide/messages.js");
    expect(result).toContain('const title = __message_home_title({}, { locale: "es" });');
    expect(result).toContain("const again = __message_home_title;");
    // Property names that happen to be m stay as they are.
    expect(result).toContain("{ m: 1, label: __message_chrome_menu(");
    expect(result).toContain("thing.m;");
  });

  it("leaves a module that does not use the messages alone", () => {
    expect(transform("export const m = 1;")).toBeNull();
  });

  it("refuses any other use of m, which it could not rewrite", () => {
    const header = 'import { m } from "#app/paraglide/messages.js";\n';
    expect(() => transform(`${header}export const a = m[key];`)).toThrow(/used other than/);
    expect(() => transform(`${header}export const a = use(m);`)).toThrow(/used other than/);
    expect(() => transform(`${header}export const a = { m };`)).toThrow(/used other than/);
    expect(() =>
      transform('import { m, locales } from "#app/paraglide/messages.js";\nm.a();'),
    ).toThrow(/import only/);
  });
});
