/**
 * The public site's only script (see site-script.tsx). Every part works as plain HTML first; this
 * adds what HTML alone cannot do well:
 * - side menu: focus moves into it and stays there while it is open; choosing an item closes it;
 * - carousel: previous and next buttons that loop, arrow keys, and dragging with a mouse;
 * - Talk to an Expert: the link opens the dialog, whose form is sent without leaving the page;
 * - tooltips: Escape hides them (WCAG 1.4.13);
 * - a form that sends a file: its button says "Sending…" until the next page comes;
 * - a page that answers a refused form: the first refused field takes the focus.
 * It only adds listeners and data attributes of its own (and the words of a form on its way), so
 * React can still hydrate a page that loads it (the wizard's header).
 */

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

const FOCUSABLE =
  'a[href], button:not([disabled]), summary, input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) =>
    element.checkVisibility(),
  );
}

function enhanceSideMenu(menu: HTMLElement): void {
  menu.addEventListener("toggle", (event) => {
    if ((event as ToggleEvent).newState !== "open") return;
    menu.querySelector<HTMLElement>("ul a, ul summary")?.focus();
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const items = focusableIn(menu);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  // Choosing an item navigates and closes the menu (docs/product.md, "Pages and addresses"), also for a link to the same
  // page, and so that Back does not bring the page back with the menu open.
  menu.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a[href]") && menu.matches(":popover-open")) {
      menu.hidePopover();
    }
  });
}

function enhanceCarousel(carousel: HTMLElement): void {
  const track = carousel.querySelector<HTMLElement>("[data-carousel-track]");
  const previous = carousel.querySelector<HTMLButtonElement>("[data-carousel-previous]");
  const next = carousel.querySelector<HTMLButtonElement>("[data-carousel-next]");
  if (!track || !previous || !next) return;

  const behavior = (): ScrollBehavior => (reducedMotion.matches ? "instant" : "smooth");

  // One card on; past the last card it loops back to the first, and before the first to the last.
  function go(direction: 1 | -1): void {
    if (!track) return;
    const end = track.scrollWidth - track.clientWidth;
    if (direction === 1 && track.scrollLeft >= end - 2) {
      track.scrollTo({ left: 0, behavior: behavior() });
    } else if (direction === -1 && track.scrollLeft <= 2) {
      track.scrollTo({ left: end, behavior: behavior() });
    } else {
      const card = track.firstElementChild as HTMLElement | null;
      track.scrollBy({
        left: direction * (card?.offsetWidth ?? track.clientWidth),
        behavior: behavior(),
      });
    }
  }

  previous.addEventListener("click", () => go(-1));
  next.addEventListener("click", () => go(1));
  carousel.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    go(event.key === "ArrowLeft" ? -1 : 1);
  });

  // Free drag with a mouse (touch screens scroll natively); a drag does not count as a click.
  let drag: { x: number; left: number; moved: boolean } | undefined;
  let swallowClick = false;
  track.addEventListener("dragstart", (event) => event.preventDefault());
  track.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    drag = { x: event.clientX, left: track.scrollLeft, moved: false };
  });
  track.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const distance = event.clientX - drag.x;
    if (!drag.moved) {
      if (Math.abs(distance) < 6) return;
      drag.moved = true;
      carousel.dataset.dragging = "";
      track.setPointerCapture(event.pointerId);
    }
    track.scrollLeft = drag.left - distance;
  });
  const endDrag = () => {
    if (!drag) return;
    swallowClick = drag.moved;
    drag = undefined;
    delete carousel.dataset.dragging;
  };
  track.addEventListener("pointerup", endDrag);
  track.addEventListener("pointercancel", endDrag);
  track.addEventListener(
    "click",
    (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );

  carousel.dataset.enhanced = "";
}

/**
 * A link with data-dialog="<id>" opens that dialog instead of going to its page (the page is the
 * fallback without JavaScript). Forms inside the dialog are posted in the background and their
 * panel ([data-form-panel], found by id in the page the server answers with) replaces the old one:
 * field messages or the confirmation, without leaving the page.
 */
function enhanceDialogLink(link: HTMLAnchorElement): void {
  const dialog = document.getElementById(link.dataset.dialog ?? "");
  if (!(dialog instanceof HTMLDialogElement)) return;
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    dialog.showModal();
  });
  dialog.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    const panel = form.closest<HTMLElement>("[data-form-panel]");
    if (!panel?.id) return;
    event.preventDefault();
    void submitInBackground(form, panel);
  });
}

/**
 * Adds the site's stylesheets that the server's answer links to and this page lacks, and waits for
 * them: a prerendered page carries only the rules its own content uses (decision 025), and a panel
 * from the answer (a field's message, a confirmation) may use others.
 */
async function adoptStylesheets(answer: Document): Promise<void> {
  const present = new Set(
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) =>
      link.getAttribute("href"),
    ),
  );
  const missing = Array.from(
    answer.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href^="/assets/"]'),
    (link) => link.getAttribute("href") ?? "",
  ).filter((href) => !present.has(href));
  await Promise.all(
    missing.map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = href;
          link.addEventListener("load", () => resolve(), { once: true });
          link.addEventListener("error", () => resolve(), { once: true });
          document.head.append(link);
        }),
    ),
  );
}

async function submitInBackground(form: HTMLFormElement, panel: HTMLElement): Promise<void> {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit) submit.disabled = true;
  panel.setAttribute("aria-busy", "true");
  const answer = await fetch(form.action, {
    method: "POST",
    body: new FormData(form),
    headers: { Accept: "text/html" },
  })
    .then((response) => response.text())
    .then((html) => new DOMParser().parseFromString(html, "text/html"))
    .catch(() => null);
  const fresh = answer?.getElementById(panel.id);
  if (answer) await adoptStylesheets(answer);
  if (!fresh) {
    // Anything unexpected: send the form the ordinary way and let the server's page answer.
    form.submit();
    return;
  }
  panel.replaceChildren(...Array.from(fresh.childNodes, (node) => document.importNode(node, true)));
  panel.removeAttribute("aria-busy");
  panel.querySelector<HTMLElement>('[aria-invalid="true"], [data-autofocus]')?.focus();
}

function enhanceTooltips(): void {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const trigger of document.querySelectorAll<HTMLElement>(
      ".has-tooltip:hover, .has-tooltip:focus-within",
    )) {
      trigger.dataset.dismissed = "";
    }
  });
  const reset = (event: Event) => {
    const trigger = (event.target as Element).closest?.<HTMLElement>(".has-tooltip");
    if (trigger && !trigger.contains((event as MouseEvent).relatedTarget as Node | null)) {
      delete trigger.dataset.dismissed;
    }
  };
  document.addEventListener("mouseout", reset);
  document.addEventListener("focusout", reset);
}

/** How often the Get Quote icon turns again after its turn on load (docs/product.md, "Numbers and limits"). */
const SPIN_EVERY_MS = 60_000;

/**
 * Turns the icon of each link marked `data-spin-icon-every-minute` once a minute, as its CSS turns
 * it on load; never while the visitor asks for reduced motion.
 */
function spinIconsEveryMinute(): void {
  const icons = document.querySelectorAll<SVGElement>("[data-spin-icon-every-minute] svg");
  if (icons.length === 0) return;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  window.setInterval(() => {
    if (reducedMotion.matches) return;
    for (const icon of icons) {
      icon.animate([{ transform: "rotate(0deg)" }, { transform: "rotate(360deg)" }], {
        duration: 1000,
        easing: "ease-in-out",
      });
    }
  }, SPIN_EVERY_MS);
}

/**
 * A form that takes a while to send (a file): once it goes, its button says so and takes no second
 * press, and its note says what is happening, each in the words the page gave it
 * (`data-sending-label`, `data-sending-note`). A page the browser brings back from its history
 * shows the form as it was.
 */
function showSending(): void {
  const SENDING_LABEL = "[data-sending-label]";
  const SENDING_NOTE = "[data-sending-note]";
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    for (const button of form.querySelectorAll<HTMLButtonElement>(SENDING_LABEL)) {
      button.dataset.idleLabel = button.textContent;
      button.textContent = button.dataset.sendingLabel ?? "";
      button.disabled = true;
    }
    for (const note of form.querySelectorAll<HTMLElement>(SENDING_NOTE)) {
      note.textContent = note.dataset.sendingNote ?? "";
    }
  });
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const button of document.querySelectorAll<HTMLButtonElement>(SENDING_LABEL)) {
      if (button.dataset.idleLabel === undefined) continue;
      button.textContent = button.dataset.idleLabel;
      button.disabled = false;
    }
    for (const note of document.querySelectorAll<HTMLElement>(SENDING_NOTE)) note.textContent = "";
  });
}

/**
 * A page the server answered a refused form with shows each field's message beside it (marked
 * `data-field-error`), and opens at its top like any page: the first refused field takes the focus,
 * and so comes into view, as the forms checked in the browser do. The message's id names the
 * field (its `aria-describedby`); a group's (a fieldset's) first control takes it for the group.
 * A visitor already at work on the page (focus anywhere but the page itself) keeps their place.
 */
function focusRefusedField(): void {
  if (document.activeElement && document.activeElement !== document.body) return;
  const message = document.querySelector<HTMLElement>("form [data-field-error][id]");
  if (!message) return;
  const described = message
    .closest("form")
    ?.querySelector<HTMLElement>(`[aria-describedby~="${CSS.escape(message.id)}"]`);
  const field =
    described instanceof HTMLFieldSetElement
      ? described.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled])")
      : described;
  field?.focus();
}

function enhance(): void {
  const menu = document.querySelector<HTMLElement>("[data-side-menu]");
  if (menu) enhanceSideMenu(menu);
  document.querySelectorAll<HTMLElement>("[data-carousel]").forEach(enhanceCarousel);
  document.querySelectorAll<HTMLAnchorElement>("a[data-dialog]").forEach(enhanceDialogLink);
  enhanceTooltips();
  showSending();
  focusRefusedField();
  spinIconsEveryMinute();
  // Prerendered pages ask for this script only after their first paint (decision 025): the mark
  // says when what it adds is in place.
  document.documentElement.dataset.enhanced = "";
}

// The script is async: it may run before the page has finished parsing.
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", enhance, { once: true });
} else {
  enhance();
}
