/** One target of the performance targets (docs/decisions/README.md) against what was measured. */
export interface TargetCheck {
  target: string;
  figure: string;
  /** null: not measured in this run (the figure says why). */
  met: boolean | null;
}
