import { useEffect, useState } from "react";
import { createPortal } from "react-dom";

import { TOAST_CLOSES_AFTER_MS, type Toast } from "#app/domain/site/toast.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

/** The ids of the wizard layout's two live regions (ToastAnnouncer). */
const POLITE_REGION_ID = "toast-announcements";
const ASSERTIVE_REGION_ID = "toast-alerts";

/**
 * Where screen readers hear the toasts: two live regions that stay on the page from one screen to
 * the next. A live region announces what is put into it, not what arrives with it, and each screen
 * brings its own toasts; so the screens' toasts are rendered into these (ToastRegion).
 */
export function ToastAnnouncer() {
  return (
    <div className="sr-only">
      <div id={POLITE_REGION_ID} role="status" />
      <div id={ASSERTIVE_REGION_ID} role="alert" />
    </div>
  );
}

/**
 * A screen's toasts, in the flow of the page above its card (StepFrame), so they cover nothing.
 * One that is not an error closes by itself after a few seconds; an error stays until the visitor
 * closes it or leaves the screen. Each is announced through the layout's live regions.
 */
export function ToastRegion({ toasts }: { toasts: Toast[] }) {
  const keyOf = (toast: Toast) => `${toast.kind}:${toast.message}`;
  // Closed toasts are remembered as the objects they are: the same words raised again (another
  // refused choice) are a new toast, shown again.
  const [dismissed, setDismissed] = useState<ReadonlySet<Toast>>(() => new Set());
  const dismiss = (toast: Toast) => setDismissed((previous) => new Set(previous).add(toast));
  const visible = toasts
    .filter((toast) => !dismissed.has(toast))
    // The same words twice (flashed by one step and answered by the next) show once.
    .filter(
      (toast, index, all) => all.findIndex((other) => keyOf(other) === keyOf(toast)) === index,
    );
  const regions = useLiveRegions();
  const announce = (region: Element | null, items: Toast[]) =>
    region && items.length
      ? createPortal(
          items.map((toast) => <p key={keyOf(toast)}>{toast.message}</p>),
          region,
        )
      : null;

  return (
    <>
      {visible.length ? (
        <div className="mb-6 flex flex-col gap-2">
          {visible.map((toast) => (
            <ToastCard key={keyOf(toast)} toast={toast} onClose={() => dismiss(toast)} />
          ))}
        </div>
      ) : null}
      {announce(
        regions.polite,
        visible.filter((toast) => toast.kind !== "error"),
      )}
      {announce(
        regions.assertive,
        visible.filter((toast) => toast.kind === "error"),
      )}
    </>
  );
}

/** The layout's live regions, once the page is in the browser's hands (none while rendering). */
function useLiveRegions(): { polite: Element | null; assertive: Element | null } {
  const hydrated = useHydrated();
  return {
    polite: hydrated ? document.getElementById(POLITE_REGION_ID) : null,
    assertive: hydrated ? document.getElementById(ASSERTIVE_REGION_ID) : null,
  };
}

function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const error = toast.kind === "error";
  const hydrated = useHydrated();
  const locale = useLocale();
  // The pointer or focus on a toast holds it open: whoever is reading it, or about to close it.
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const closesItself = !error && !held.pointer && !held.focus;
  useEffect(() => {
    if (!closesItself) return;
    const timer = setTimeout(onClose, TOAST_CLOSES_AFTER_MS);
    return () => clearTimeout(timer);
    // onClose is a new function on every render; the timer belongs to this toast's showing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [closesItself]);
  return (
    <div
      data-toast={toast.kind}
      onPointerEnter={() => setHeld((now) => ({ ...now, pointer: true }))}
      onPointerLeave={() => setHeld((now) => ({ ...now, pointer: false }))}
      onFocus={() => setHeld((now) => ({ ...now, focus: true }))}
      onBlur={() => setHeld((now) => ({ ...now, focus: false }))}
      className={
        "flex w-full items-start gap-3 rounded-lg border px-4 py-3 shadow-sm " +
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
          className="-m-1 flex size-8 shrink-0 items-center justify-center rounded text-sm leading-none"
          aria-label={m.wizard_dismiss({}, { locale })}
        >
          <span aria-hidden="true">✕</span>
        </button>
      ) : null}
    </div>
  );
}
