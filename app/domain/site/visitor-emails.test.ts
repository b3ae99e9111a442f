import { describe, expect, it } from "vitest";

import { wordsOfHtml, wordsOfText } from "#tests/support/email-words.ts";

import { SAMPLE_AGENCY, type Agency } from "#app/domain/site/agency.ts";
import { bindRequestedEmail, policyBoundEmail } from "#app/domain/quote/bind-requests.ts";
import { certificateIssuedEmail } from "#app/domain/quote/certificates.ts";
import { quoteConfirmationEmail } from "#app/domain/quote/quote-request.ts";
import { renewalReminderEmail } from "#app/domain/quote/renewals.ts";
import { questionAskedEmail } from "#app/domain/quote/request-questions.ts";
import { resumeEmail } from "#app/domain/wizard/resume-links.ts";

/** An agency as set, whose phone is neither of the site's own lines. */
const AGENCY: Agency = {
  ...SAMPLE_AGENCY,
  name: "Harbor Insurance Agency LLC",
  npn: "12345678",
  phone: "(619) 555-0100",
  sample: false,
};
const LINK = `https://coverpilot.example/resume/${"A".repeat(43)}`;

function confirmation(overrides: Partial<Parameters<typeof quoteConfirmationEmail>[0]> = {}) {
  return quoteConfirmationEmail({
    firstName: "Rae",
    leadName: "Rise Bakery",
    reference: "CP-7K3F9Q",
    lines: ["business-owners-policy", "cyber-insurance"],
    startDate: "2026-12-01",
    contactChannel: "phone",
    hasNote: false,
    updated: false,
    resumeLink: LINK,
    agency: AGENCY,
    ...overrides,
  });
}

/** Every US phone number an email's text shows. */
function phonesIn(text: string): string[] {
  return [...new Set(text.match(/\(\d{3}\) \d{3}-\d{4}/g) ?? [])];
}

describe("the quote request's confirmation email", () => {
  it("greets the applicant by first name and sums up what they asked for", () => {
    const email = confirmation();
    expect(email.subject).toBe("Your quote request CP-7K3F9Q");
    expect(email.text.startsWith("Hello Rae,\n\n")).toBe(true);
    expect(email.text).toContain(
      "Thanks for your quote request with CoverPilot. Your reference is CP-7K3F9Q.",
    );
    expect(email.text).toContain(
      [
        "Business: Rise Bakery",
        "Lines to be quoted:",
        "- Business Owner's Policy",
        "- Cyber Insurance",
        "Preferred start date: Tuesday, December 1, 2026",
        "How the agent contacts you: Phone call",
      ].join("\n"),
    );
    expect(email.text).toContain(
      "A licensed agent reviews your request and contacts you by phone.",
    );
    expect(email.text).toContain(`(the link works once):\n${LINK}`);
    expect(email.text).toContain("Harbor Insurance Agency LLC");
    expect(email.text).toContain("National Producer Number 12345678");
    expect(confirmation({ contactChannel: "email" }).text).toContain(
      "How the agent contacts you: Email",
    );
  });

  it("is written in Spanish for an application made on the Spanish pages", () => {
    const email = confirmation({
      locale: "es",
      lines: ["business-owners-policy", "commercial-auto"],
      resumeLink: LINK.replace("/resume/", "/es/resume/"),
      agency: { ...AGENCY, responseHours: 4 },
    });
    expect(email.subject).toBe("Su pedido de cotización CP-7K3F9Q");
    expect(email.text.startsWith("Hola, Rae:\n\n")).toBe(true);
    expect(email.text).toContain(
      [
        "Negocio: Rise Bakery",
        "Coberturas a cotizar:",
        "- Póliza para dueños de negocios (Business Owner's Policy, BOP)",
        "- Seguro de auto comercial (Commercial Auto)",
        "Fecha de inicio preferida: martes, 1 de diciembre de 2026",
        "Cómo se comunicará con usted el agente: Llamada telefónica",
      ].join("\n"),
    );
    expect(email.text).toContain(
      "Un agente con licencia revisa su pedido y se comunica con usted por teléfono en un plazo de 4 horas.",
    );
    expect(email.text).toContain("/es/resume/");
    expect(email.text).toContain("Número Nacional de Productor (NPN) 12345678");
    expect(wordsOfHtml(email.html)).toBe(wordsOfText(email.text));
  });

  it("says hello without a name when there is none, and says an update is one", () => {
    const email = confirmation({ firstName: null, leadName: null, updated: true });
    expect(email.subject).toBe("Your updated quote request CP-7K3F9Q");
    expect(email.text.startsWith("Hello,\n\n")).toBe(true);
    expect(email.text).toContain("We've updated your quote request CP-7K3F9Q with CoverPilot.");
    expect(email.text).not.toContain("Business:");
  });

  it("gives one phone number, the agency's", () => {
    for (const email of [confirmation(), confirmation({ contactChannel: "email" })]) {
      expect(phonesIn(email.text)).toEqual([AGENCY.phone]);
      expect(email.text).toContain(`Questions in the meantime? Call us on ${AGENCY.phone}.`);
      // The product's own numbers of old: gone from every page and email (issue 53).
      expect(email.html).not.toContain("(888) 555-0199");
      expect(email.html).not.toContain("(888) 555-0142");
    }
  });

  it("says a note is kept, without repeating it", () => {
    expect(confirmation({ hasNote: true }).text).toContain(
      "Your note for the agent is kept with your request.",
    );
    expect(confirmation().text).not.toContain("note");
  });

  it("has an HTML part with the same words, its link, and no image", () => {
    const email = confirmation();
    expect(email.html).toContain("<p style=");
    expect(email.html).toContain("Hello Rae,");
    expect(email.html).toContain(`<a href="${LINK}"`);
    expect(email.html).not.toMatch(/<img|<script|<style|url\(/i);
    expect(wordsOfHtml(email.html)).toBe(wordsOfText(email.text));
  });

  it("escapes what the visitor typed in the HTML: the business name and the first name", () => {
    const email = confirmation({
      firstName: `Ann<img src=x onerror="alert(1)">`,
      leadName: `Tom & Jerry's <script>alert("x")</script>`,
    });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain(
      "Business: Tom &amp; Jerry&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;",
    );
    expect(email.html).toContain("Hello Ann&lt;img src=x onerror=&quot;alert(1)&quot;&gt;,");
    // The text part is text: it shows what was typed, as typed.
    expect(email.text).toContain(`Business: Tom & Jerry's <script>alert("x")</script>`);
    expect(wordsOfHtml(email.html)).toBe(wordsOfText(email.text));
  });
});

describe("the email that carries an application link", () => {
  it("gives the link, one phone number (the agency's) and an HTML part with the same words", () => {
    const email = resumeEmail(LINK, AGENCY);
    expect(email.subject).toBe("Finish your CoverPilot application");
    expect(email.text).toContain(`on any device:\n\n${LINK}\n\n`);
    expect(email.text).toContain(`Questions? Call us on ${AGENCY.phone}.`);
    expect(phonesIn(email.text)).toEqual([AGENCY.phone]);
    expect(email.html).toContain(`<a href="${LINK}"`);
    expect(wordsOfHtml(email.html)).toBe(wordsOfText(email.text));
  });

  it("is written in Spanish for a visitor who used the Spanish pages, the agency's details too", () => {
    const link = `https://coverpilot.example/es/resume/${"A".repeat(43)}`;
    const email = resumeEmail(link, AGENCY, "es");
    expect(email.subject).toBe("Termine su solicitud de CoverPilot");
    expect(email.text).toContain(
      `Hola:\n\nPuede continuar su solicitud de CoverPilot donde la dejó, desde cualquier dispositivo:\n\n${link}\n\n`,
    );
    expect(email.text).toContain("El enlace funciona una sola vez y durante 7 días.");
    expect(email.text).toContain(`¿Preguntas? Llámenos al ${AGENCY.phone}.`);
    expect(email.text).toContain("Número Nacional de Productor (NPN) 12345678");
    expect(email.text).not.toContain("Questions?");
    expect(wordsOfHtml(email.html)).toBe(wordsOfText(email.text));
  });
});

describe("the emails after the request, in the application's language (issue 31)", () => {
  const link = `https://coverpilot.example/es/resume/${"A".repeat(43)}`;
  const emails = {
    question: questionAskedEmail({
      firstName: "Rosa",
      reference: "CP-7K3F9Q",
      link,
      linkDays: 7,
      agency: AGENCY,
      locale: "es",
    }),
    bind: bindRequestedEmail({
      firstName: "Rosa",
      reference: "CP-7K3F9Q-B",
      insurer: "Acme Mutual",
      agency: AGENCY,
      locale: "es",
    }),
    bound: policyBoundEmail({
      firstName: "Rosa",
      insurer: "Acme Mutual",
      policyNumber: "ACM-100",
      start: "2026-12-01",
      end: "2027-12-01",
      link,
      agency: AGENCY,
      locale: "es",
    }),
    certificate: certificateIssuedEmail({
      firstName: "Rosa",
      reference: "CP-7K3F9Q-C1",
      holderName: "Obras del Sur",
      holderEmailed: true,
      link,
      agency: AGENCY,
      locale: "es",
    }),
    renewal: renewalReminderEmail({
      firstName: "Rosa",
      insurer: "Acme Mutual",
      policyNumber: "ACM-100",
      policyEnd: "2027-12-01",
      reference: "CP-8M2R4T",
      link,
      agency: AGENCY,
      locale: "es",
    }),
  };

  it("says each in Spanish, with the dates as Spanish writes them", () => {
    expect(emails.question.subject).toBe("Su agente tiene una pregunta (CP-7K3F9Q)");
    expect(emails.question.text).toContain(
      "Para terminar las cotizaciones de su pedido CP-7K3F9Q, la aseguradora necesita la respuesta a una pregunta.",
    );
    expect(emails.bind.subject).toBe(
      "Recibimos su pedido para contratar la cobertura (CP-7K3F9Q-B)",
    );
    expect(emails.bind.text).toContain(
      "Su negocio no está cubierto por esta cotización hasta que le confirmemos por escrito que Acme Mutual aceptó la contratación.",
    );
    expect(emails.bound.subject).toBe("Su póliza fue emitida (ACM-100)");
    expect(emails.bound.text).toContain(
      "Acme Mutual emitió su póliza ACM-100, del 1 de diciembre de 2026 al 1 de diciembre de 2027.",
    );
    expect(emails.certificate.subject).toBe("Su certificado de seguro está listo (CP-7K3F9Q-C1)");
    expect(emails.certificate.text).toContain(
      "También se lo enviamos por correo electrónico al titular.",
    );
    expect(emails.renewal.subject).toBe("Su póliza ACM-100 vence el 1 de diciembre de 2027");
  });

  it("greets in Spanish, gives the agency's phone and details in Spanish, and has the same words in its HTML", () => {
    for (const [name, email] of Object.entries(emails)) {
      expect(email.text, name).toMatch(/^Hola, Rosa:\n\n/);
      expect(email.text, name).toContain(`Llámenos al ${AGENCY.phone}.`);
      expect(email.text, name).toContain("Número Nacional de Productor (NPN) 12345678");
      expect(email.text, name).not.toMatch(/Questions\?|Hello|The link/);
      expect(wordsOfHtml(email.html), name).toBe(wordsOfText(email.text));
    }
  });

  it("stays as it was in English", () => {
    const english = questionAskedEmail({
      firstName: "Ana",
      reference: "CP-7K3F9Q",
      link: LINK,
      linkDays: 7,
      agency: AGENCY,
    });
    expect(english.subject).toBe("Your agent has a question (CP-7K3F9Q)");
    expect(english.text).toContain(
      `The link works once, for 7 days, in the browser you open it in. Questions? Call us on ${AGENCY.phone}.`,
    );
    const bound = policyBoundEmail({
      firstName: "Ana",
      insurer: "Acme Mutual",
      policyNumber: "ACM-100",
      start: "2026-12-01",
      end: "2027-12-01",
      link: LINK,
      agency: AGENCY,
    });
    expect(bound.text).toContain(
      "Acme Mutual has issued your policy ACM-100, from December 1, 2026 to December 1, 2027.",
    );
  });
});
