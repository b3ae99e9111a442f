import { useState } from "react";

import type { Toast } from "#app/domain/toast.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";

/**
 * Where toasts appear: at the top of the screen, announced politely (errors assertively). A toast
 * stays until the visitor closes it or leaves the page: no timer takes a message away unread.
 */
export function ToastRegion({ toasts }: { toasts: Toast[] }) {
  const keyOf = (toast: Toast) => `${toast.kind}:${toast.message}`;
  const current = toasts.map(keyOf).join("|");
  // Closed toasts are remembered for this set of toasts only: a new set (the next step, another
  // refusal) shows what was closed before.
  const [closed, setClosed] = useState<{ set: string; keys: string[] }>({ set: current, keys: [] });
  const dismissed = closed.set === current ? closed.keys : [];
  const dismiss = (toast: Toast) => setClosed({ set: current, keys: [...dismissed, keyOf(toast)] });
  const visible = toasts.filter((toast) => !dismissed.includes(keyOf(toast)));
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex flex-col items-center gap-2 px-4">
      <div role="status" aria-live="polite" className="contents">
        {visible
          .filter((toast) => toast.kind !== "error")
          .map((toast) => (
            <ToastCard key={toast.message} toast={toast} onClose={() => dismiss(toast)} />
          ))}
      </div>
      <div role="alert" className="contents">
        {visible
          .filter((toast) => toast.kind === "error")
          .map((toast) => (
            <ToastCard key={toast.message} toast={toast} onClose={() => dismiss(toast)} />
          ))}
      </div>
    </div>
  );
}

function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const error = toast.kind === "error";
  const hydrated = useHydrated();
  return (
    <div
      data-toast={toast.kind}
      className={
        "pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border px-4 py-3 shadow-lg " +
        (error
          ? "border-red-300 bg-red-50 text-red-900"
          : "border-green-300 bg-green-50 text-green-900")
      }
    >
      <p className="flex-1 text-sm font-medium">{toast.message}</p>
      {hydrated ? (
        <button
          type="button"
          onClick={onClose}
          className="-m-1 rounded p-1 text-sm leading-none"
          aria-label="Dismiss message"
        >
          ✕
        </button>
      ) : null}
    </div>
  );
}
