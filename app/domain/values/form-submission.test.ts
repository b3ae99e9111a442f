import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  anyForm,
  FORM_LIMITS,
  isBoundedFieldName,
  isBoundedForm,
  parseForm,
} from "#app/domain/values/form-submission.ts";
import { getIndustry, INDUSTRIES } from "#app/domain/reference/industries.ts";
import { segmentsSchema } from "#app/domain/wizard/segment-choice.ts";
import { emailSchema } from "#app/domain/wizard/wizard.ts";
import { stepAnswersSchema } from "#app/domain/wizard/wizard-answers.ts";

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

const aboutYou: [string, string][] = [
  ["firstName", "Ada"],
  ["lastName", "Lovelace"],
  ["phoneNumber", "(555) 234-5678"],
  ["legalBusinessName", "Analytical Engines LLC"],
  ["streetAddress", "1 Main St"],
  ["unit", ""],
  ["city", "Columbus"],
  ["zipCode", "43215"],
  ["sameAddress", "Yes"],
  ["mailingAddress", ""],
];

describe("a posted form read against a schema", () => {
  it("takes an empty field as not given, with the field's own message", () => {
    const submission = parseForm(
      form([
        ["firstName", "  "],
        ["lastName", ""],
      ]),
      stepAnswersSchema("about-you", {
        thisYear: 2026,
        state: "Ohio",
        locale: "en",
        placeNames: {},
      }),
    );
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? submission.error : null;
    expect(errors?.firstName).toEqual(["Please enter your first name"]);
    expect(errors?.lastName).toEqual(["Please enter your last name"]);
  });

  it("reads a ticked checkbox as true, an unticked one as false, and refuses other values", () => {
    const ticked = parseForm(
      form([...aboutYou, ["consentToTexts", "on"]]),
      stepAnswersSchema("about-you", {
        thisYear: 2026,
        state: "Ohio",
        locale: "en",
        placeNames: {},
      }),
    );
    const unticked = parseForm(
      form(aboutYou),
      stepAnswersSchema("about-you", {
        thisYear: 2026,
        state: "Ohio",
        locale: "en",
        placeNames: {},
      }),
    );
    expect(ticked.status === "success" && ticked.value).toMatchObject({ consentToTexts: true });
    const tampered = parseForm(
      form([...aboutYou, ["consentToTexts", "false"]]),
      stepAnswersSchema("about-you", {
        thisYear: 2026,
        state: "Ohio",
        locale: "en",
        placeNames: {},
      }),
    );
    expect(tampered.status).toBe("error");
    expect(unticked.status === "success" && unticked.value).toMatchObject({
      consentToTexts: false,
      unit: undefined,
      phoneNumber: "+15552345678",
    });
  });

  it("reads one, several or no ticked segments as a list", () => {
    const food = segmentsSchema(getIndustry("food"));
    const [first, second, third, fourth] = getIndustry("food").segments;
    const one = parseForm(form([["segments", first ?? ""]]), food);
    expect(one.status === "success" && one.value.segments).toEqual([first]);
    const none = parseForm(form([]), food);
    expect(none.status === "error" && none.error?.segments).toEqual([
      "Please choose at least one option",
    ]);
    const four = parseForm(
      form([first, second, third, fourth].map((segment) => ["segments", segment ?? ""])),
      food,
    );
    expect(four.status === "error" && four.error?.segments).toEqual([
      "You can only select up to 3 segments",
    ]);
  });

  it("keeps what was posted, for the form to show again", () => {
    const submission = parseForm(
      form([["firstName", "Ada"]]),
      stepAnswersSchema("about-you", {
        thisYear: 2026,
        state: "Ohio",
        locale: "en",
        placeNames: {},
      }),
    );
    expect(submission.reply().initialValue).toMatchObject({ firstName: "Ada" });
  });
});

/** How many values, keys and list slots a parsed payload holds: what parsing it allocated. */
function cells(value: unknown): number {
  if (Array.isArray(value)) return value.length + value.reduce<number>((n, v) => n + cells(v), 0);
  if (typeof value === "object" && value !== null) {
    return Object.values(value).reduce<number>((n, v) => n + 1 + cells(v), 0);
  }
  return 1;
}

/** The largest body the server reads (guards.server.ts), for forms as large as a post can be. */
const MAX_BODY_BYTES = 64 * 1024;

const key = fc.oneof(
  fc.constantFrom("email", "segments", "firstName", "anything", "__proto__", "constructor", "a"),
  fc.string({ minLength: 1, maxLength: 8 }),
);
/** List indexes as a client may write them: in range, huge, negative, fractional, 1e9, 007. */
const index = fc.oneof(
  fc.nat({ max: 150 }).map(String),
  fc.bigInt({ min: 100n, max: 10n ** 30n }).map(String),
  fc.integer({ min: -1_000_000_000, max: -1 }).map(String),
  fc.double({ noNaN: true }).map(String),
  fc.constantFrom("1e9", "1E+9", "0x10", "007", "00", "", " 1", "Infinity", "9".repeat(400)),
);
const part = fc.oneof(
  key.map((k) => `.${k}`),
  index.map((i) => `[${i}]`),
);
const hostileName = fc.oneof(
  fc.tuple(key, fc.array(part, { maxLength: 6 })).map(([first, rest]) => first + rest.join("")),
  // Deep nesting, as deep as a body may carry.
  fc
    .tuple(fc.constantFrom(".a", "[0]", "[1].b"), fc.integer({ min: 3, max: 20_000 }))
    .map(([step, depth]) => `a${step.repeat(depth)}`),
  fc.constantFrom("__intent__", "__state__", "anything[123456789]", "a[4294967295]"),
);
const hostileValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "",
    "a@b.co",
    '{"type":"update","payload":{"name":"x[99999999]","value":"a"}}',
    '{"type":"insert","payload":{"name":"x","index":99999999}}',
  ),
);
/** A form as a client may post it: hostile names, or one name repeated or many distinct names. */
const hostileForm = fc.oneof(
  fc.array(fc.tuple(hostileName, hostileValue), { maxLength: 40 }),
  fc
    .tuple(fc.constantFrom("segments", "a[0]", "a.b"), fc.integer({ min: 1, max: 30_000 }))
    .map(([name, count]) => Array.from({ length: count }, (): [string, string] => [name, "x"])),
  fc
    .integer({ min: 1, max: 10_000 })
    .map((count) => Array.from({ length: count }, (_, i): [string, string] => [`k${i}`, ""])),
);

describe("field names a client may write", () => {
  it("takes the names the site's forms send", () => {
    const names = [
      "industry",
      "state",
      "segments",
      "searchQuery",
      "email",
      "intent",
      "website",
      "next",
      "password",
      "consentToTexts",
      "segments[0]",
      "segments[99]",
      "address.street",
    ];
    for (const name of names) expect(isBoundedFieldName(name), name).toBe(true);
    // The longest form: every retail segment ticked, with its step's other fields.
    const retail = INDUSTRIES.find((industry) => industry.id === "retail")?.segments ?? [];
    const form = new URLSearchParams([
      ...retail.map((segment): [string, string] => ["segments", segment]),
      ["searchQuery", ""],
      ["website", ""],
      ["intent", "continue"],
    ]);
    expect(isBoundedForm(form)).toBe(true);
  });

  it("refuses indexes past the bound or not plainly written, and deep names", () => {
    const names = [
      "anything[123456789]",
      `a[${FORM_LIMITS.index + 1}]`,
      "a[-1]",
      "a[1.5]",
      "a[1e9]",
      "a[007]",
      "a[]",
      "[0]",
      ".a",
      "a..b",
      "a[0]b",
      "a.b.c",
      "a[0][0]",
      "a[",
      "a]",
      "",
    ];
    for (const name of names) expect(isBoundedFieldName(name), name).toBe(false);
    const tooMany = new URLSearchParams(
      Array.from({ length: FORM_LIMITS.fields + 1 }, (): [string, string] => ["segments", "x"]),
    );
    expect(isBoundedForm(tooMany)).toBe(false);
  });

  it("takes Conform's intents within the same limits, and refuses its state", () => {
    const intent = (value: unknown) =>
      isBoundedForm(new URLSearchParams({ __intent__: JSON.stringify(value) }));
    // What Conform sends as the visitor leaves a field, and its other intents within the limits.
    expect(intent({ type: "validate", payload: { name: "email" } })).toBe(true);
    expect(intent({ type: "validate", payload: {} })).toBe(true);
    expect(intent({ type: "update", payload: { name: "businessName", value: "" } })).toBe(true);
    expect(intent({ type: "remove", payload: { name: "segments", index: 2 } })).toBe(true);
    // Names and positions that would build what they claim, and what is no intent at all.
    expect(intent({ type: "update", payload: { name: "x[99999999]", value: "a" } })).toBe(false);
    expect(intent({ type: "update", payload: { name: "x", index: 99999999, value: "a" } })).toBe(
      false,
    );
    expect(intent({ type: "reorder", payload: { name: "x", from: 0, to: -1 } })).toBe(false);
    expect(intent({ type: "validate" })).toBe(false);
    expect(intent("validate")).toBe(false);
    expect(isBoundedForm(new URLSearchParams({ __intent__: "{not json" }))).toBe(false);
    expect(isBoundedForm(new URLSearchParams({ __state__: "{}" }))).toBe(false);
  });

  it("any name is refused when its index or depth passes the bound, and taken otherwise", () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const parts = /^[^.[\]]+((\.[^.[\]]+)|\[(0|[1-9]\d?)\])?$/.exec(name);
        const index = parts?.[3] === undefined ? 0 : Number(parts[3]);
        const within = parts !== null && index <= FORM_LIMITS.index;
        expect(isBoundedFieldName(name)).toBe(within);
      }),
      { numRuns: 2_000 },
    );
  });

  it("parsing any post is quick and builds no more than the limits allow", () => {
    const most = FORM_LIMITS.fields * FORM_LIMITS.depth * (FORM_LIMITS.index + 2);
    fc.assert(
      fc.property(hostileForm, fc.constantFrom(anyForm, emailSchema()), (fields, schema) => {
        const form = new URLSearchParams(fields);
        fc.pre(form.toString().length <= MAX_BODY_BYTES);
        const started = performance.now();
        const submission = parseForm(form, schema);
        const reply = submission.reply();
        expect(performance.now() - started).toBeLessThan(1_000);
        expect(cells(submission.payload)).toBeLessThanOrEqual(most);
        expect(cells(reply.initialValue)).toBeLessThanOrEqual(most);
      }),
      {
        numRuns: 300,
        examples: [
          [[["anything[123456789]", "x"]], anyForm],
          [[["email[99999999]", "x"]], emailSchema()],
          [[["a" + ".b".repeat(20_000), "x"]], anyForm],
          [Array.from({ length: 30_000 }, (): [string, string] => ["segments", "x"]), anyForm],
          [
            [["__intent__", '{"type":"update","payload":{"name":"x[99999999]","value":"a"}}']],
            anyForm,
          ],
          [[["__state__", "not json"]], anyForm],
        ],
      },
    );
  });

  it("keeps only what the schema defines, whatever else is posted", () => {
    fc.assert(
      fc.property(hostileForm, (fields) => {
        const submission = parseForm(
          new URLSearchParams([...fields, ["email", "visitor@example.com"]]),
          emailSchema(),
        );
        if (submission.status === "success") {
          expect(Object.keys(submission.value)).toEqual(["email"]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
