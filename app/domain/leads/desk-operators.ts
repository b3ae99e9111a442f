/**
 * The desk's operators (issue 28, decision 040): an operator invites the next one by email, the
 * invited person chooses a password through the link, and an operator can disable another without
 * deleting anything they did. Every change is kept as an operator event, with who made it.
 */
import { possessive } from "#app/domain/site/possessive.ts";
import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { renderEmail, type RenderedEmail } from "#app/domain/site/email-content.ts";
import { site } from "#app/domain/site/site.ts";
import { emailAddress } from "#app/domain/values/fields.ts";
import { z } from "#app/domain/values/zod.ts";
import { newPassword, PASSWORD_MAX_LENGTH } from "#app/domain/leads/lead-desk.ts";

/** How long an invitation's link works. */
export const INVITATION_HOURS = 72;

/** Where an invitation's link leads; the token follows. Never written to a log (log-paths.ts). */
export const INVITATION_PATH_PREFIX = "/admin/join/";

/** The path of an invitation's link. */
export function invitationPath(token: string): string {
  return `${INVITATION_PATH_PREFIX}${token}`;
}

/**
 * What an operator may do (decision 063): the owner manages the operators (invites, withdraws,
 * disables, enables) and the templates; an agent works leads, records their own producer licences,
 * and sees the operators without changing them. The first operator of an install is the owner.
 */
export const OPERATOR_ROLES = {
  owner: "Owner",
  agent: "Agent",
} as const;

export type OperatorRole = keyof typeof OPERATOR_ROLES;

/** Whether a stored text names a role; anything else reads as an agent (the lesser). */
export function operatorRoleOf(text: string): OperatorRole {
  return text === "owner" ? "owner" : "agent";
}

/** The desk's form to invite an operator: their email address and the role they will have. */
export const inviteFormSchema = z.object({
  email: emailAddress(),
  role: z._default(z.enum(["owner", "agent"], { error: "Choose Owner or Agent." }), "agent"),
});

/** What the page to join says when a password is not right. */
export const joinMessages = {
  passwordRequired: "Choose a password.",
  confirmRequired: "Type the password again.",
  mismatch: "The two passwords are not the same.",
} as const;

/** The form behind an invitation's link: a password, typed twice. */
export const joinFormSchema = z
  .object({
    password: newPassword(joinMessages.passwordRequired),
    confirm: z
      .string({ error: joinMessages.confirmRequired })
      .check(z.maxLength(PASSWORD_MAX_LENGTH * 4)),
  })
  .check(
    z.refine((form) => form.password === form.confirm, {
      error: joinMessages.mismatch,
      path: ["confirm"],
    }),
  );

/** What happened to an operator's account, and how the desk says it. */
export const OPERATOR_EVENT_KINDS = {
  created: "Account made on the command line",
  invited: "Invited",
  "invitation-withdrawn": "Invitation withdrawn",
  joined: "Joined through the invitation",
  disabled: "Disabled",
  enabled: "Enabled again",
  "password-reset": "Password reset on the command line",
  "licence-added": "Producer licence added",
  "licence-changed": "Producer licence changed",
  "licence-removed": "Producer licence removed",
  "producer-name": "Licensed name set",
} as const;

export type OperatorEventKind = keyof typeof OPERATOR_EVENT_KINDS;

/** Whether a stored text names an operator event. */
export function isOperatorEventKind(text: string): text is OperatorEventKind {
  return Object.hasOwn(OPERATOR_EVENT_KINDS, text);
}

/** What the operators' page says, one place for each message. */
export const operatorMessages = {
  invited: (email: string) =>
    `Invitation sent to ${email}. The link works once, for ${INVITATION_HOURS} hours.`,
  alreadyOperator: "This address already belongs to an operator.",
  inboxFull:
    "This address has had as many emails from the site as it may in an hour. Try again later.",
  withdrawn: (email: string) => `The invitation to ${email} is withdrawn.`,
  disabled: (email: string) =>
    `${email} is disabled and signed out everywhere; the invitations they sent are withdrawn.`,
  enabled: (email: string) => `${email} may sign in again.`,
  notYourself: "You cannot disable your own account. Ask another operator.",
  ownerOnly:
    "Only the agency's owner may invite, disable or enable operators. Ask the owner to make this change.",
  templatesOwnerOnly:
    "Only the agency's owner may change the templates. You can still send them from a lead's page.",
  notEnabled: "Your own account has just been disabled by another operator: nothing was changed.",
  invitationGone:
    "This invitation has expired, been used or been withdrawn. Ask an operator of the agency for a new one.",
} as const;

/** The email that carries an invitation, with who sent it and the agency's identity. */
export function invitationEmail(link: string, invitedBy: string, agency: Agency): RenderedEmail {
  return renderEmail({
    subject: `You are invited to the ${site.brand} lead desk`,
    paragraphs: [
      ["Hello,"],
      [
        `${invitedBy} invites you to work on ${possessive(agency.name)} lead desk at ${site.brand}. Choose your password here:`,
      ],
      [{ link }],
      [
        `The link works once, for ${INVITATION_HOURS} hours. If you were not expecting it, you can ignore this email.`,
      ],
    ],
    footer: agencyLines(agency),
  });
}
