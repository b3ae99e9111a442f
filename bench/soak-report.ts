/**
 * The soak run's figures (bench/soak.ts) and its Markdown summary: what the run printed, and what
 * bench/soak-report.md keeps of the latest run.
 */
import type { AcknowledgedKind } from "./soak-ledger.ts";

/** A server's resident memory (VmRSS) and the most it held (VmHWM), in MB. */
export interface Memory {
  rssMb: number;
  peakMb: number;
}

export interface SoakFigures {
  date: string;
  commit: string;
  /** The run's length asked for, and the traffic's actual length, in minutes. */
  minutes: number;
  trafficMinutes: number;
  killEverySeconds: number;
  database: string;
  requests: {
    /** Every request the server answered (any status). */
    served: number;
    byClass: Record<string, number>;
    /** Answers other than the one the step expects (a 5xx always is one). */
    unexpected: number;
    unexpectedSamples: string[];
    /** Requests that got no answer: refused while the server was down, or cut by a kill. */
    noAnswer: number;
  };
  /** Log lines at level error or fatal, over every server the run started. */
  serverErrorLines: number;
  kills: number;
  /** Servers that exited without being killed or stopped. */
  unexpectedExits: number;
  /** From the kill to /healthz answering again, the median, in seconds. */
  restartSeconds: number;
  saves: {
    acknowledged: Partial<Record<AcknowledgedKind, number>>;
    lost: number;
    lostSamples: string[];
  };
  uploads: { sent: number; aborted: number };
  webhooks: {
    /** Events the acknowledged saves should have sent, and those no post brought. */
    expected: number;
    missing: number;
    /** Posts received, and distinct delivery ids among them. */
    posts: number;
    deliveries: number;
    /** Deliveries the database still holds as neither delivered nor failed at the end. */
    pending: number;
  };
  temp: {
    /** The server's open files in its temporary folder, the most seen before a kill. */
    openFilesBeforeKillMax: number;
    /** Its open files there after the traffic, the server idle. */
    openFilesAtEnd: number;
    /** What is left in the temporary folder once the last server has stopped. */
    filesLeft: number;
    foldersLeft: number;
    /** What was there just before the last server started (what the kills left). */
    filesBeforeLastStart: number;
    foldersBeforeLastStart: number;
  };
  memory: {
    /** The first server, idle after its start. */
    start: Memory;
    /** The last server under traffic, right after the traffic stopped. */
    end: Memory;
    /** Each server just before it was killed, with how long it had run. */
    beforeKills: (Memory & { seconds: number })[];
  };
  /** Whether the last server, stopped with SIGTERM, exited with code 0. */
  cleanStop: boolean;
}

const mb = (value: number) => `${value.toFixed(0)} MB`;

/** The run's figures as Markdown, with the verdict first. */
export function soakMarkdown(figures: SoakFigures): string {
  const { requests, saves, webhooks, temp, memory } = figures;
  const left = temp.filesLeft + temp.foldersLeft;
  const problems = [
    saves.lost > 0 ? `${saves.lost} acknowledged saves lost` : "",
    left > 0
      ? `${temp.filesLeft} files and ${temp.foldersLeft} folders left in the temp folder`
      : "",
    temp.openFilesAtEnd > 0 ? `${temp.openFilesAtEnd} temp files still open at the end` : "",
    requests.unexpected > 0 ? `${requests.unexpected} unexpected answers` : "",
    webhooks.missing > 0 ? `${webhooks.missing} webhook events missing` : "",
    figures.unexpectedExits > 0 ? `${figures.unexpectedExits} servers exited on their own` : "",
    figures.cleanStop ? "" : "the last server did not stop cleanly",
  ].filter(Boolean);
  const kinds = Object.entries(saves.acknowledged)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(", ");
  const kills = memory.beforeKills
    .map((kill) => `${mb(kill.rssMb)} after ${(kill.seconds / 60).toFixed(1)} min`)
    .join("; ");
  const classes = Object.entries(requests.byClass)
    .sort()
    .map(([status, count]) => `${status} ${count}`)
    .join(", ");
  return [
    "# Soak run",
    "",
    `${figures.date.slice(0, 16).replace("T", " ")} UTC, commit ${figures.commit}, ${figures.database}: ` +
      `${figures.trafficMinutes.toFixed(1)} minutes of traffic (${figures.minutes} asked for), the server killed with SIGKILL ` +
      `about every ${figures.killEverySeconds} s and started again (\`npm run soak\`, bench/soak.ts).`,
    "",
    problems.length === 0
      ? "**Verdict: nothing lost, nothing left.**"
      : `**Problems:** ${problems.join("; ")}.`,
    "",
    "| Figure | Value |",
    "| --- | --- |",
    `| Requests served | ${requests.served} (${classes}) |`,
    `| Unexpected answers (errors) | ${requests.unexpected} |`,
    `| Requests without an answer (server down or killed) | ${requests.noAnswer} |`,
    `| Error lines in the servers' logs | ${figures.serverErrorLines} |`,
    `| Kills, restart time (median) | ${figures.kills}, ${figures.restartSeconds.toFixed(1)} s |`,
    `| Servers that exited on their own | ${figures.unexpectedExits} |`,
    `| Acknowledged saves | ${Object.values(saves.acknowledged).reduce((sum, count) => sum + count, 0)} (${kinds}) |`,
    `| **Acknowledged saves lost** | **${saves.lost}** |`,
    `| Uploads sent whole, aborted mid-body | ${figures.uploads.sent}, ${figures.uploads.aborted} |`,
    `| Webhook events expected, missing | ${webhooks.expected}, ${webhooks.missing} |`,
    `| Webhook posts, distinct deliveries, still pending | ${webhooks.posts}, ${webhooks.deliveries}, ${webhooks.pending} |`,
    `| Temp files open before a kill (most), at the end | ${temp.openFilesBeforeKillMax}, ${temp.openFilesAtEnd} |`,
    `| Temp files and folders the kills left (before the last start) | ${temp.filesBeforeLastStart}, ${temp.foldersBeforeLastStart} |`,
    `| **Temp files and folders left at the end** | **${temp.filesLeft}, ${temp.foldersLeft}** |`,
    `| Memory at the start (RSS, idle) | ${mb(memory.start.rssMb)} |`,
    `| Memory at the end (RSS; peak VmHWM) | ${mb(memory.end.rssMb)}; ${mb(memory.end.peakMb)} |`,
    `| Memory before each kill (RSS) | ${kills || "no kill"} |`,
    `| Last server stopped with SIGTERM | ${figures.cleanStop ? "exit code 0" : "not cleanly"} |`,
    ...(saves.lostSamples.length > 0
      ? ["", "Lost saves (first ones):", "", ...saves.lostSamples.map((line) => `- ${line}`)]
      : []),
    ...(requests.unexpectedSamples.length > 0
      ? [
          "",
          "Unexpected answers (last ones):",
          "",
          ...requests.unexpectedSamples.map((line) => `- ${line}`),
        ]
      : []),
    "",
  ].join("\n");
}
