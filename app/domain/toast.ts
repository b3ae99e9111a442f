/** A short message shown after an action: a saved step, a refused choice, a failed save. */
export interface Toast {
  kind: "success" | "error" | "info";
  message: string;
}
