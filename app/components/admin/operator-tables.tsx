/**
 * The lead desk's operators page's tables (routes/admin/operators.tsx): the operators, the
 * invitations waiting, and the history of both, each with its buttons for the owner. Plain forms
 * that post to the page.
 */
import { buttonClasses, DateTime } from "#app/components/admin/admin-ui.tsx";
import { type DeskColumn } from "#app/components/admin/desk-table.tsx";
import {
  OPERATOR_EVENT_KINDS,
  OPERATOR_ROLES,
  type OperatorEventKind,
  type OperatorRole,
} from "#app/domain/leads/desk-operators.ts";

/** An operator, as the page lists them. */
export interface OperatorRow {
  id: string;
  email: string;
  role: OperatorRole;
  createdAt: Date;
  disabledAt: Date | null;
}

/** An invitation not yet used. */
export interface InvitationRow {
  id: string;
  email: string;
  role: OperatorRole;
  invitedBy: string;
  invitedAt: Date;
  expiresAt: Date;
}

/** A change to the operators, recorded. */
export interface OperatorEventRow {
  email: string;
  kind: OperatorEventKind;
  by: string | null;
  at: Date;
  detail: string | null;
}

function SwitchButton({ row, me, owner }: { row: OperatorRow; me: string; owner: boolean }) {
  if (row.id === me) return <span className="text-muted">You</span>;
  if (!owner) return <span className="text-muted">The owner's to change</span>;
  const disabling = row.disabledAt === null;
  return (
    <form method="post">
      <input type="hidden" name="id" value={row.id} />
      <button
        type="submit"
        name="intent"
        value={disabling ? "disable" : "enable"}
        className={buttonClasses("secondary", "sm")}
      >
        {disabling ? "Disable" : "Enable"}
        <span className="sr-only"> {row.email}</span>
      </button>
    </form>
  );
}

/** The operators' table: `me` may not switch themself off; only the owner switches others. */
export function operatorColumns(me: string, owner: boolean): DeskColumn<OperatorRow>[] {
  return [
    { label: "Email", rowHeader: true, cell: (row) => row.email },
    { label: "Role", cell: (row) => OPERATOR_ROLES[row.role] },
    {
      label: "Status",
      nowrap: true,
      cell: (row) =>
        row.disabledAt ? (
          <>
            Disabled since <DateTime value={row.disabledAt} />
          </>
        ) : (
          "May sign in"
        ),
    },
    { label: "Operator since", nowrap: true, cell: (row) => <DateTime value={row.createdAt} /> },
    { label: "Action", cell: (row) => <SwitchButton row={row} me={me} owner={owner} /> },
  ];
}

/** The invitations' table, each link's expiry as of `now`; only the owner withdraws one. */
export function invitationColumns(now: Date, owner: boolean): DeskColumn<InvitationRow>[] {
  return [
    { label: "Email", rowHeader: true, cell: (row) => row.email },
    { label: "Role", cell: (row) => OPERATOR_ROLES[row.role] },
    { label: "Invited by", cell: (row) => row.invitedBy },
    { label: "Sent", nowrap: true, cell: (row) => <DateTime value={row.invitedAt} /> },
    {
      label: "Link",
      nowrap: true,
      cell: (row) =>
        row.expiresAt > now ? (
          <>
            Works until <DateTime value={row.expiresAt} />
          </>
        ) : (
          <>
            Expired <DateTime value={row.expiresAt} />
          </>
        ),
    },
    {
      label: "Action",
      cell: (row) =>
        owner ? (
          <form method="post">
            <input type="hidden" name="id" value={row.id} />
            <button
              type="submit"
              name="intent"
              value="withdraw"
              className={buttonClasses("secondary", "sm")}
            >
              Withdraw<span className="sr-only"> the invitation to {row.email}</span>
            </button>
          </form>
        ) : (
          <span className="text-muted">The owner's to change</span>
        ),
    },
  ];
}

/** The history of the operators and invitations. */
export const EVENT_COLUMNS: DeskColumn<OperatorEventRow>[] = [
  { label: "When", nowrap: true, cell: (row) => <DateTime value={row.at} /> },
  { label: "Operator", rowHeader: true, cell: (row) => row.email },
  {
    label: "What",
    cell: (row) => `${OPERATOR_EVENT_KINDS[row.kind]}${row.detail ? `: ${row.detail}` : ""}`,
  },
  { label: "By", cell: (row) => row.by ?? "The command line" },
];
