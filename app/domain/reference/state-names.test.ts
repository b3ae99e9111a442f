import { describe, expect, it } from "vitest";

import { stateChoices, stateName } from "#app/domain/reference/state-names.ts";
import { US_STATES } from "#app/domain/reference/states.ts";

describe("the states' names in each language", () => {
  it("are the stored names in English, in the list's order", () => {
    expect(stateChoices("en").map((choice) => choice.value)).toEqual([...US_STATES]);
    for (const state of US_STATES) expect(stateName(state, "en")).toBe(state);
  });

  it("are Spanish below /es, sorted as Spanish sorts them, each still naming its state", () => {
    expect(stateName("New York", "es")).toBe("Nueva York");
    expect(stateName("Texas", "es")).toBe("Texas");
    const spanish = stateChoices("es");
    expect(spanish.map((choice) => choice.value).sort()).toEqual([...US_STATES].sort());
    const names = spanish.map((choice) => choice.name);
    expect(names.indexOf("Carolina del Norte")).toBeLessThan(names.indexOf("Colorado"));
    expect(spanish.find((choice) => choice.name === "Nuevo México")?.value).toBe("New Mexico");
  });
});
