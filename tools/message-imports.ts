import type { Plugin } from "vite";

/** Where the app takes its messages from: `import { m } from "#app/paraglide/messages.js"`. */
const MESSAGES_MODULE = "#app/paraglide/messages.js";

/** The module of one message, as Paraglide compiles it (one module per message). */
function messageModule(key: string): string {
  return `#app/paraglide/messages/${key}.js`;
}

/** An ESTree node, as far as this walk reads it. */
interface Node {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/**
 * Each module's messages imported one by one, at build time (decision 049). The code names a
 * message `m.key`, from Paraglide's module of all messages; built as it is written, every page
 * that uses one message would load every message any page uses (a bundler splits code by module,
 * and that one module imports them all). Rewritten to import `key` from its own module, each page
 * carries the messages its own code names and no others, as the budgets need.
 *
 * It refuses, rather than guesses, any other use of `m` in such a module (`m[key]`, `m` passed on,
 * another `m` declared): the build fails there.
 */
export function messageImports(): Plugin {
  return {
    name: "coverpilot:message-imports",
    apply: "build",
    transform(code, id) {
      if (!code.includes(MESSAGES_MODULE) || /[\\/](node_modules|paraglide)[\\/]/.test(id)) {
        return null;
      }
      // Rolldown's ESTree, typed in full by oxc; this walk reads it through the few fields it needs.
      const program = this.parse(code) as unknown as Node;
      const edits: { start: number; end: number; text: string }[] = [];
      const keys = new Set<string>();
      const fail = (node: Node, problem: string): never =>
        this.error(`${id}: ${problem} (at offset ${node.start}); write m.key for each message`);

      let local: string | undefined;
      for (const statement of program.body as Node[]) {
        if (statement.type !== "ImportDeclaration") continue;
        if ((statement.source as { value: string }).value !== MESSAGES_MODULE) continue;
        const [only, ...more] = statement.specifiers as Node[];
        if (
          only?.type !== "ImportSpecifier" ||
          (only.imported as { name: string }).name !== "m" ||
          more.length > 0
        ) {
          return fail(statement, `import only { m } from ${MESSAGES_MODULE}`);
        }
        local = (only.local as { name: string }).name;
        edits.push({ start: statement.start, end: statement.end, text: "" });
      }
      if (local === undefined) return null;

      const visit = (node: Node, parent: Node | undefined, field: string) => {
        if (node.type === "ImportDeclaration") return;
        if (
          node.type === "MemberExpression" &&
          !node.computed &&
          isNode(node.object) &&
          node.object.type === "Identifier" &&
          node.object.name === local
        ) {
          const key = (node.property as { name: string }).name;
          keys.add(key);
          edits.push({ start: node.start, end: node.end, text: `__message_${key}` });
          return;
        }
        if (node.type === "Identifier" && node.name === local) {
          const isPropertyName =
            parent !== undefined &&
            !parent.computed &&
            ((parent.type === "MemberExpression" && field === "property") ||
              (parent.type === "Property" && field === "key" && !parent.shorthand) ||
              (parent.type === "MethodDefinition" && field === "key") ||
              (parent.type === "PropertyDefinition" && field === "key"));
          if (!isPropertyName) fail(node, `${local} used other than as ${local}.key`);
          return;
        }
        for (const [name, value] of Object.entries(node)) {
          if (Array.isArray(value)) {
            for (const item of value) if (isNode(item)) visit(item, node, name);
          } else if (isNode(value)) {
            visit(value, node, name);
          }
        }
      };
      visit(program, undefined, "");

      const imports = [...keys]
        .map((key) => `import { ${key} as __message_${key} } from "${messageModule(key)}";`)
        .join("\n");
      let result = code;
      for (const edit of edits.sort((a, b) => b.start - a.start)) {
        result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
      }
      return { code: `${imports}\n${result}`, map: null };
    },
  };
}
