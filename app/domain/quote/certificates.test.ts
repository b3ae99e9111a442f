import { describe, expect, it } from "vitest";

import {
  certificateFormSchema,
  certificateMessages,
  endorsementsText,
  HOLDER_ADDRESS_MAX_LENGTH,
  sameHolder,
} from "#app/domain/quote/certificates.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";

const TODAY = "2026-11-27";

function form(fields: Record<string, string>) {
  const data = new FormData();
  const filled: Record<string, string> = {
    holderName: "Summit Builders LLC",
    holderAddress: "1 Main St\r\nColumbus, OH 43215",
    job: "Roof at 5 Elm St",
    neededBy: "2026-12-10",
    ...fields,
  };
  for (const [name, value] of Object.entries(filled)) data.append(name, value);
  return parseForm(data, certificateFormSchema(TODAY));
}

/** Each field's messages when the form is refused. */
function errorsOf(fields: Record<string, string>) {
  const parsed = form(fields);
  return parsed.status === "success" ? undefined : parsed.error;
}

describe("the certificate request form", () => {
  it("takes a holder, the endorsements ticked, the job and a day from today to a year ahead", () => {
    const parsed = form({ holderEmail: " Certs@Summit.example ", additionalInsured: "on" });
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" ? parsed.value : undefined).toEqual({
      holderName: "Summit Builders LLC",
      // The address keeps its lines, as it goes on the certificate.
      holderAddress: "1 Main St\nColumbus, OH 43215",
      holderEmail: "certs@summit.example",
      additionalInsured: true,
      waiverOfSubrogation: false,
      primaryNonContributory: false,
      job: "Roof at 5 Elm St",
      neededBy: "2026-12-10",
    });
    // The holder's email may be left out; today and a year ahead are the ends.
    expect(form({ neededBy: TODAY }).status).toBe("success");
    expect(form({ neededBy: "2027-11-27" }).status).toBe("success");
  });

  it("refuses a day past or too far ahead, a long address and a bad email, each with its message", () => {
    expect(errorsOf({ neededBy: "2026-11-26" })).toEqual({
      neededBy: [certificateMessages().neededBy],
    });
    expect(errorsOf({ neededBy: "2027-11-28" })).toEqual({
      neededBy: [certificateMessages().neededBy],
    });
    expect(errorsOf({ neededBy: "2026-02-30" })).toEqual({
      neededBy: [certificateMessages().neededBy],
    });
    expect(errorsOf({ holderAddress: "x".repeat(HOLDER_ADDRESS_MAX_LENGTH + 1) })).toEqual({
      holderAddress: ["Please keep this to 300 characters or fewer"],
    });
    expect(errorsOf({ holderAddress: " \n \n" })).toEqual({
      holderAddress: [certificateMessages().holderAddress],
    });
    expect(errorsOf({ holderEmail: "certs@summit" })).toEqual({
      holderEmail: [certificateMessages().holderEmail.invalid],
    });
    expect(errorsOf({ holderName: "" })).toEqual({
      holderName: [certificateMessages().holderName],
    });
    // A tampered checkbox cannot tick it with another value.
    expect(form({ waiverOfSubrogation: "false" }).status).toBe("error");
  });

  it("refuses in Spanish on the Spanish page, with the length limit in Spanish too", () => {
    const data = new FormData();
    data.append("holderName", "");
    data.append("holderAddress", "x".repeat(HOLDER_ADDRESS_MAX_LENGTH + 1));
    data.append("holderEmail", "certs@summit");
    data.append("job", "Techo en 5 Elm St");
    data.append("neededBy", "2026-11-26");
    const parsed = parseForm(data, certificateFormSchema(TODAY, "es"));
    expect(parsed.status === "error" && parsed.error).toEqual({
      holderName: ["Escriba el nombre del titular del certificado"],
      holderAddress: ["Use 300 caracteres o menos"],
      holderEmail: ["Escriba un correo electrónico válido, o deje el campo vacío"],
      neededBy: ["Elija el día en que lo necesita, entre hoy y dentro de un año"],
    });
    expect(certificateMessages("es").tooMany).toBe(
      "Ya tiene 20 pedidos de certificado pendientes. Por favor, llámenos.",
    );
  });
});

describe("certificate words", () => {
  it("names the endorsements asked for, or none", () => {
    const none = {
      additionalInsured: false,
      waiverOfSubrogation: false,
      primaryNonContributory: false,
    };
    expect(endorsementsText(none)).toBe("None");
    expect(
      endorsementsText({ ...none, waiverOfSubrogation: true, primaryNonContributory: true }),
    ).toBe("Waiver of subrogation, primary and non-contributory");
  });

  it("knows a holder named again, whatever the case and spacing", () => {
    const holder = { name: "Summit Builders", address: "1 Main St\nColumbus", email: null };
    expect(sameHolder(holder, { ...holder, name: "SUMMIT  builders " })).toBe(true);
    expect(sameHolder(holder, { ...holder, email: "a@b.example" })).toBe(false);
  });
});
