import { QUOTE_REQUESTED_PATH } from "#app/domain/quote/quote-request.ts";
import { isUsState } from "#app/domain/reference/states.ts";
import { QUOTE_STEP_PATH, stepPath } from "#app/domain/wizard/wizard-screens.ts";
import { sampleZipOf } from "#app/domain/reference/zip-codes.ts";

/** How a visitor without a browser goes about the site. */
export interface HttpVisitorOptions {
  /** The User-Agent it sends (Node's own when absent). */
  userAgent?: string;
  /**
   * After a post that redirects within the site, opens the page it leads to, as a browser does
   * (the funnel counts a step when its page is opened).
   */
  opensPages?: boolean;
  /**
   * The Origin header its requests carry, as a browser's posts do (the lead desk refuses a post
   * that names no origin); none when absent.
   */
  origin?: string;
}

/** What completeApplication answers, the rest as its defaults. */
export interface ApplicationAnswers {
  businessName: string;
  legalBusinessName?: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  consentToTexts?: boolean;
  streetAddress: string;
  /** A city of the state's, and its ZIP code, unless given. */
  city?: string;
  zipCode?: string;
  mailingAddress?: string;
  ownershipStructure?: string;
  startYear?: string;
}

/** Whether a Set-Cookie header clears its cookie. */
function clears(header: string): boolean {
  return /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(header);
}

/**
 * A visitor without a browser: posts the wizard's forms as a browser with JavaScript off would,
 * keeping the site's cookies between requests. The one HTTP visitor of the journeys.
 */
export class HttpVisitor {
  private cookies = new Map<string, string>();
  /** The state step 1 was sent with: the address's ZIP code is one of its. */
  private state = "Ohio";
  /** The status of every answer this visitor has had. */
  readonly statuses: number[] = [];
  private readonly baseUrl: string;
  private readonly options: HttpVisitorOptions;

  constructor(baseUrl: string, options: HttpVisitorOptions = {}) {
    this.baseUrl = baseUrl;
    this.options = options;
  }

  private headers(): Record<string, string> {
    const { userAgent, origin } = this.options;
    return {
      Cookie: this.cookieHeader(),
      ...(userAgent ? { "User-Agent": userAgent } : {}),
      ...(origin ? { Origin: origin } : {}),
    };
  }

  private keep(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const [name = "", ...value] = pair.split("=");
      if (clears(header)) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
  }

  /** Opens a page; answers its status and where it redirects to (if it does). */
  async open(path: string): Promise<{ status: number; location: string | null }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      redirect: "manual",
      headers: this.headers(),
      signal: AbortSignal.timeout(15_000),
    });
    this.keep(response);
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get("Location") };
  }

  /** Posts a form; answers the status and where it redirects to (if it does). */
  async post(path: string, fields: Record<string, string | string[]>) {
    // Step 1's state, for the address's ZIP code later (completeApplication).
    if (path === stepPath("industry-and-state") && typeof fields.state === "string") {
      this.state = fields.state;
    }
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: this.headers(),
      signal: AbortSignal.timeout(15_000),
    });
    this.keep(response);
    await response.arrayBuffer();
    this.statuses.push(response.status);
    const location = response.headers.get("Location");
    if (this.options.opensPages && location?.startsWith("/")) await this.open(location);
    return { status: response.status, location };
  }

  /** Posts a form and reads the page it answers with. */
  async postPage(path: string, fields: Record<string, string>) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      redirect: "manual",
      headers: this.headers(),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, html: await response.text() };
  }

  /** Reads a page with this visitor's cookies (following no redirect). */
  async getPage(path: string) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      redirect: "manual",
      headers: this.headers(),
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
   * step was saved (its redirect to the business name), false if it answered anything else.
   * `segments` are sent as chosen from the list; `segment`, as the one of an industry that offers
   * one choice.
   */
  async saveEmailStep(
    email: string,
    business: { industry: string; state: string } & (
      { segments: string[] } | { segment: string }
    ) = { industry: "food", state: "Ohio", segments: ["Bakery"] },
  ): Promise<boolean> {
    const { industry, state } = business;
    await this.post(stepPath("industry-and-state"), { industry, state, intent: "continue" });
    const chosen = "segment" in business ? { segment: business.segment } : business;
    await this.post(stepPath("segments"), {
      ...("segments" in chosen ? { segments: chosen.segments } : { segment: chosen.segment }),
      intent: "continue",
    });
    const saved = await this.post(stepPath("email"), { email, intent: "continue" });
    return saved.status === 302 && saved.location === stepPath("business-name");
  }

  /**
   * The business name, about you and ownership after saveEmailStep. Resolves true once the server
   * has answered that the application was saved (its redirect to the Quote step). Without a
   * mailing address, the mailing address is the primary location.
   */
  async completeApplication(answers: ApplicationAnswers): Promise<boolean> {
    await this.answerUntilTheLastStep(answers);
    return this.saveTheLastStep(answers);
  }

  /** The business name and about-you steps of completeApplication, the last step not sent. */
  async answerUntilTheLastStep(answers: ApplicationAnswers): Promise<void> {
    await this.post(stepPath("business-name"), {
      businessName: answers.businessName,
      intent: "continue",
    });
    await this.post(stepPath("about-you"), {
      firstName: answers.firstName,
      lastName: answers.lastName,
      phoneNumber: answers.phoneNumber,
      ...(answers.consentToTexts === false ? {} : { consentToTexts: "on" }),
      legalBusinessName: answers.legalBusinessName ?? answers.businessName,
      streetAddress: answers.streetAddress,
      city: answers.city ?? "Springfield",
      zipCode: answers.zipCode ?? sampleZipOf(isUsState(this.state) ? this.state : "Ohio"),
      ...(answers.mailingAddress
        ? { sameAddress: "No", mailingAddress: answers.mailingAddress }
        : { sameAddress: "Yes" }),
      intent: "continue",
    });
  }

  /** The last step, the application's final save: true once it answered with the Quote step. */
  async saveTheLastStep(answers: ApplicationAnswers): Promise<boolean> {
    const saved = await this.post(stepPath("ownership"), {
      ownershipStructure: answers.ownershipStructure ?? "Partnership",
      startYear: answers.startYear ?? "2010",
      intent: "continue",
    });
    return saved.status === 302 && saved.location === QUOTE_STEP_PATH;
  }

  /**
   * The Quote step's request, after completeApplication: `lines` (slugs), a start date a month
   * ahead, contact by email. Resolves true once the server has answered that it was saved.
   */
  async requestQuotes(lines: string[]): Promise<boolean> {
    const startDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const saved = await this.post(QUOTE_STEP_PATH, {
      lines,
      startDate,
      contactChannel: "email",
      intent: "request",
    });
    return saved.status === 302 && saved.location?.startsWith(QUOTE_REQUESTED_PATH) === true;
  }
}
