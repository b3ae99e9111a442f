import { createContext, useContext } from "react";
import type { MetaDescriptor } from "react-router";

import { zoneNameAt } from "#app/domain/values/time-zones.ts";

import { INVALID_CURSOR_MESSAGE, type ListPosition } from "#app/domain/leads/lead-desk.ts";
import { RENEWALS_PATH } from "#app/domain/quote/renewals.ts";
import { mailtoUrl } from "#app/domain/site/mailto.ts";
import { site } from "#app/domain/site/site.ts";
import { buttonClasses } from "#app/components/ui/button.ts";
import { LogoMark } from "#app/components/ui/icons.tsx";

/** The lead desk's pages: a title, and never in a search engine. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [
    { title: `${title} | Lead desk | ${site.brand}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** The desk's menu, in order: each page's link and its name. */
export const DESK_MENU = [
  { href: "/admin", label: "Work queue" },
  { href: "/admin/needs-action", label: "Needs action" },
  { href: "/admin/certificates", label: "Certificates" },
  { href: RENEWALS_PATH, label: "Renewals" },
  { href: "/admin/submissions", label: "Submissions" },
  { href: "/admin/funnel", label: "Funnel" },
  { href: "/admin/call-backs", label: "Call-backs" },
  { href: "/admin/waitlist", label: "Waitlist" },
  { href: "/admin/messages", label: "Messages" },
  { href: "/admin/templates", label: "Email templates" },
  { href: "/admin/operators", label: "Operators" },
  { href: "/admin/profile", label: "Your licences" },
] as const;

/** Whether a nav entry is the section of `pathname`. */
function isCurrent(href: string, pathname: string): boolean {
  if (href === "/admin") return pathname === "/admin";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The lead desk's header: the brand and, for a signed-in operator, the sections, who is signed in
 * and Sign out. Plain links and a plain form: the lead desk works without JavaScript and ships none.
 */
export function AdminHeader({ email, pathname }: { email?: string; pathname: string }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <header className="border-b border-line bg-white print:hidden">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
          <a href="/admin" className="flex items-center gap-2 rounded-lg p-1 font-bold text-ink">
            <LogoMark className="size-7" />
            <span>
              {site.brand} <span className="font-semibold text-muted">Lead desk</span>
            </span>
          </a>
          {email ? (
            <nav aria-label="Lead desk" className="order-last w-full sm:order-none sm:w-auto">
              <ul className="flex flex-wrap gap-1">
                {DESK_MENU.map((item) => {
                  const current = isCurrent(item.href, pathname);
                  return (
                    <li key={item.href}>
                      <a
                        href={item.href}
                        aria-current={current ? "page" : undefined}
                        className={`block rounded-lg px-3 py-2 text-sm font-semibold ${
                          current
                            ? "bg-brand-50 text-brand-800 underline underline-offset-4"
                            : "text-ink hover:bg-brand-50 hover:text-brand-700"
                        }`}
                      >
                        {item.label}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : null}
          {email ? (
            <div className="ml-auto flex items-center gap-3 text-sm">
              <span className="text-muted">
                Signed in as <span className="font-medium text-ink">{email}</span>
              </span>
              <form method="post" action="/admin/sign-out">
                <button type="submit" className={buttonClasses("secondary", "sm")}>
                  Sign out
                </button>
              </form>
            </div>
          ) : null}
        </div>
      </header>
    </>
  );
}

/** A page's heading, with an optional line under it and actions beside it. */
export function AdminPageHeading({
  title,
  children,
  actions,
}: {
  title: string;
  children?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {children ? <div className="mt-1 text-muted">{children}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The agency's time zone (AGENCY_TIME_ZONE), which the desk's layout provides to every page below
 * it: the desk's times are the agency's, as its call-backs are.
 */
const DeskTimeZone = createContext<string>("UTC");
export const DeskTimeZoneProvider = DeskTimeZone.Provider;

/** The time zone the desk shows its times in. */
export function useDeskTimeZone(): string {
  return useContext(DeskTimeZone);
}

/** An instant as the lead desk shows it: in the agency's time zone, named ("Nov 26, 2026, 09:05 EST"). */
export function formatDateTime(value: Date | string, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    dateTimeFormats.set(timeZone, format);
  }
  const date = new Date(value);
  return `${format.format(date)} ${zoneNameAt(date, timeZone)}`;
}

/** A time element for an instant, machine-readable too. */
export function DateTime({ value }: { value: Date | string }) {
  const timeZone = useDeskTimeZone();
  const date = new Date(value);
  return <time dateTime={date.toISOString()}>{formatDateTime(date, timeZone)}</time>;
}

/**
 * Links to the newest, newer and older pages of a newest-first list: plain links, so paging needs
 * no script. `href(position)` gives a page's address keeping the list's filter (no position: the
 * newest page). There is no page count: counting every row would cost what reading them does.
 */
export function Pagination({
  newer,
  older,
  shown,
  noun,
  href,
}: {
  newer?: ListPosition;
  older?: ListPosition;
  /** Rows on this page. */
  shown: number;
  /** What the rows are, singular and plural. */
  noun: { one: string; other: string };
  href: (position?: ListPosition) => string;
}) {
  const link = "rounded-lg px-3 py-2 font-semibold text-brand-700 underline hover:bg-brand-50";
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-4 text-sm">
      {newer ? (
        <>
          <a href={href()} className={link}>
            Newest
          </a>
          <a href={href(newer)} className={link} rel="prev">
            Newer
          </a>
        </>
      ) : null}
      <p className="text-muted">
        {shown} {shown === 1 ? noun.one : noun.other} on this page, newest first
      </p>
      {older ? (
        <a href={href(older)} className={link} rel="next">
          Older
        </a>
      ) : null}
    </nav>
  );
}

/** Said above a list whose page link carried a cursor the server could not read. */
export function InvalidCursorNotice({ invalid }: { invalid: boolean }) {
  return invalid ? (
    <p role="status" className="mt-6 rounded-xl border border-line bg-white p-4 text-ink">
      {INVALID_CURSOR_MESSAGE}
    </p>
  ) : null;
}

/** A label for a status: the words, with a colour that is never the only cue. */
export function StatusBadge({ complete }: { complete: boolean }) {
  return complete ? (
    <span className="inline-flex rounded-full bg-success-50 px-2.5 py-0.5 text-sm font-semibold text-success-700">
      Complete
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-accent-100 px-2.5 py-0.5 text-sm font-semibold text-accent-700">
      Email step only
    </span>
  );
}

/** A value the visitor did not give, as the lead desk shows it. */
export function NotGiven() {
  return <span className="text-muted">Not given</span>;
}

/**
 * The mark of an application saved by a visitor who had not proven its email while another
 * application held it (decision 030).
 */
export function EmailNotProvenBadge() {
  return (
    <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset">
      Email not proven
    </span>
  );
}

/**
 * An email address as a mailto: link whose every part is encoded (app/domain/site/mailto.ts); an address
 * that is not exactly one is shown as text only, since a mail program would read a list in it.
 */
export function EmailLink({ address, className = "" }: { address: string; className?: string }) {
  const href = mailtoUrl(address);
  return href ? (
    <a href={href} className={`${className} text-brand-700 underline`.trim()}>
      {address}
    </a>
  ) : (
    <span className={className || undefined}>{address}</span>
  );
}

/** A desk form field's messages after a refused post, under the field it names (by `id`). */
export function FieldMessage({
  id,
  messages,
}: {
  id: string;
  messages: readonly string[] | null | undefined;
}) {
  if (!messages || messages.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-danger-700">
      {messages.join(" ")}
    </p>
  );
}

/**
 * Why the server refused a desk form or an action on the page, read out when it appears; nothing
 * when there is no problem. `id` lets a control name it in `aria-describedby`.
 */
export function FormProblem({
  problem,
  id,
  className,
}: {
  problem: string | null | undefined;
  id?: string;
  className?: string;
}) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className={`${className ? `${className} ` : ""}${PROBLEM_CLASSES}`}>
      {problem}
    </p>
  );
}

const PROBLEM_CLASSES = "text-sm font-medium text-danger-700";

/** A save's confirmation on a desk page, read out when it appears. */
export function SavedNotice({
  className = "mt-4",
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <p
      role="status"
      className={`${className} rounded-xl border border-success-700 bg-success-50 p-4 text-success-700`}
    >
      {children}
    </p>
  );
}

/** The look of the lead desk's inputs and selects. */
export const adminControlClasses =
  "mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-danger-700";

export { buttonClasses };
