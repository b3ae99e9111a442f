/** A short message shown after an action: a saved step, a refused choice, a failed save. */
export interface Toast {
  kind: "success" | "error" | "info";
  message: string;
}

/**
 * How long a toast that is not an error stays before it closes by itself (while the pointer or
 * focus is not on it). An error stays until the visitor closes it or does something else.
 */
export const TOAST_CLOSES_AFTER_MS = 6_000;
