/**
 * A visitor without a browser: posts the wizard's forms as a browser with JavaScript off would,
 * keeping the wizard's cookies between requests.
 */
export class HttpVisitor {
  private cookies = new Map<string, string>();
  /** The status of every answer this visitor has had. */
  readonly statuses: number[] = [];
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** Posts a form; answers the status and where it redirects to (if it does). */
  async post(path: string, fields: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { Cookie: this.cookieHeader() },
      signal: AbortSignal.timeout(15_000),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      this.cookies.set(name!, value.join("="));
    }
    await response.arrayBuffer();
    this.statuses.push(response.status);
    return { status: response.status, location: response.headers.get("Location") };
  }

  /** Posts a form and reads the page it answers with. */
  async postPage(path: string, fields: Record<string, string>) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      redirect: "manual",
      headers: { Cookie: this.cookieHeader() },
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, html: await response.text() };
  }

  /** Reads a page with this visitor's cookies (following no redirect). */
  async getPage(path: string) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      redirect: "manual",
      headers: { Cookie: this.cookieHeader() },
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, html: await response.text() };
  }

  /** The Cookie header this visitor sends. */
  cookie(): string {
    return this.cookieHeader();
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /**
   * Steps 1 and 2 and the email step. Resolves true once the server has answered that the email
   * step was saved (its redirect to questionnaire 1), false if it answered anything else.
   */
  async saveEmailStep(
    email: string,
    business: { industry: string; state: string; segments: string[] } = {
      industry: "food",
      state: "Ohio",
      segments: ["Bakery"],
    },
  ): Promise<boolean> {
    const { industry, state, segments } = business;
    await this.post("/business-wizard", { industry, state, intent: "continue" });
    await this.post("/business-wizard/segments", { segments, intent: "continue" });
    const saved = await this.post("/business-wizard/email", { email, intent: "continue" });
    return saved.status === 302 && saved.location === "/business-wizard/questionnaire-1";
  }

  /**
   * Questionnaires 1 to 3 after saveEmailStep. Resolves true once the server has answered that the
   * application was saved (its redirect to the Quote step).
   */
  async completeApplication(answers: {
    businessName: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    streetAddress: string;
    mailingAddress: string;
    ownershipStructure?: string;
  }): Promise<boolean> {
    await this.post("/business-wizard/questionnaire-1", {
      businessName: answers.businessName,
      intent: "continue",
    });
    await this.post("/business-wizard/questionnaire-2", {
      firstName: answers.firstName,
      lastName: answers.lastName,
      phoneNumber: answers.phoneNumber,
      consentToTexts: "on",
      legalBusinessName: answers.businessName,
      streetAddress: answers.streetAddress,
      sameAddress: "No",
      mailingAddress: answers.mailingAddress,
      intent: "continue",
    });
    const saved = await this.post("/business-wizard/questionnaire-3", {
      ownershipStructure: answers.ownershipStructure ?? "Partnership",
      startYear: "2010",
      intent: "continue",
    });
    return saved.status === 302 && saved.location === "/business-wizard/quote";
  }
}
