import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseCsv } from "#tests/support/csv.ts";

import { csvCell, csvRow } from "#app/domain/leads/csv.ts";

describe("csvCell", () => {
  it("writes plain text as it is, and nothing for null and undefined", () => {
    expect(csvCell("Chapter One")).toBe("Chapter One");
    expect(csvCell(2019)).toBe("2019");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes cells with commas, semicolons, quotes, tabs or line breaks, doubling the quotes", () => {
    expect(csvCell("Smith, Jones & Co")).toBe('"Smith, Jones & Co"');
    expect(csvCell("Bookstore; Florist")).toBe('"Bookstore; Florist"');
    expect(csvCell("Suite\t2")).toBe('"Suite\t2"');
    expect(csvCell('say "hi"; then\tgo')).toBe('"say ""hi""; then\tgo"');
    expect(csvCell('The "Best" Bakery')).toBe('"The ""Best"" Bakery"');
    expect(csvCell("Suite 2\nBuilding B")).toBe('"Suite 2\nBuilding B"');
    expect(csvCell("a\rb")).toBe('"a\rb"');
  });

  it("neutralises what a spreadsheet would run as a formula with a leading quote", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvCell("\t=1")).toBe('"\'\t=1"');
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("+")).toBe("'+");
  });

  it("leaves a sign followed by digits alone: E.164 phone numbers stay importable", () => {
    expect(csvCell("+15035550188")).toBe("+15035550188");
    expect(csvCell("-42")).toBe("-42");
    expect(csvCell("+1 503 555 0188")).toBe("'+1 503 555 0188");
  });

  it("does not touch text that only contains formula characters later on", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("jo+ops@example.com")).toBe("jo+ops@example.com");
  });
});

describe("csvRow", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvRow(["id", "industry", null, "Bookstore; Florist"])).toBe(
      'id,industry,,"Bookstore; Florist"\r\n',
    );
  });

  it("reads back as the same cells, whatever the text (formula starts aside)", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 1 })), (rows) => {
        const text = rows.map((cells) => csvRow(cells)).join("");
        const read = parseCsv(text);
        expect(read).toEqual(
          rows.map((cells) =>
            cells.map((cell) =>
              /^[=+\-@\t\r]/.test(cell) && !/^[+-]\d+$/.test(cell) ? `'${cell}` : cell,
            ),
          ),
        );
      }),
    );
  });

  it("quotes every cell a reader splitting on ; or tab would cut", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1 }), (cells) => {
        // Outside quotes, no separator a spreadsheet might pick is left but the comma between cells.
        const outsideQuotes = csvRow(cells).replace(/"(?:[^"]|"")*"/g, "");
        expect(outsideQuotes).toMatch(/^[^";\t\r\n]*\r\n$/);
      }),
      { numRuns: 200 },
    );
  });

  it("never starts a cell with a formula character, as a spreadsheet reads it", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1 }), (cells) => {
        for (const cell of parseCsv(csvRow(cells))[0]!) {
          expect(/^[=+\-@\t\r]/.test(cell) && !/^[+-]\d+$/.test(cell)).toBe(false);
        }
      }),
    );
  });
});
