/**
 * What a visitor did on a prerendered page before the app took it over (decision 0139): the form
 * controls they changed, with their last value, and their last action (a form submitted, a button
 * pressed), held back until the app can carry it out. `replayEarlyInput` reads it at take-over.
 */
export interface EarlyInput {
  /** Set by the replay: from then on the app handles everything itself. */
  done: boolean;
  /** Every control the visitor changed, with its last value. */
  controls: Map<Element, EarlyControl>;
  /** The last action, held back: carried out once after take-over. */
  action: EarlyAction | null;
  /** Where the visitor's focus and caret were last (the app's first render may move both). */
  focus: EarlyFocus | null;
  /**
   * Called when the app's scripts failed to load: nothing is held any more, and a held form
   * submission goes to the server as the plain post it is (decision 0144).
   */
  release(): void;
}

export interface EarlyFocus {
  el: Element;
  key: ElementKey;
  start: number | null;
  end: number | null;
  direction: 'forward' | 'backward' | 'none' | null;
}

export interface EarlyControl {
  value: string;
  checked: boolean;
  /** How to find the control again should the app have replaced the node. */
  key: ElementKey;
}

export interface EarlyAction {
  kind: 'submit' | 'click';
  /** The form (submit) or the button (click). */
  target: Element;
  targetKey: ElementKey;
  /** The button that submitted the form, if any. */
  submitter: Element | null;
  submitterKey: ElementKey | null;
}

export interface ElementKey {
  id: string | null;
  testId: string | null;
  name: string | null;
  /** Child indexes from #root. */
  path: number[];
}

/** The attribute that shows a held-back action as pending (styled in root-layout.css). */
export const EARLY_PENDING_ATTRIBUTE = 'data-early-pending';

/** Marks a link whose press before take-over is held for the app like a button's (a store link). */
export const EARLY_HOLD_ATTRIBUTE = 'data-early-hold';

declare global {
  interface Window {
    __vspEarlyInput?: EarlyInput;
  }
}

/**
 * Installed by the page's inline start-up module before any other script (vite.config.ts inlines
 * this function's source, so it must not refer to anything outside itself). Listens in the capture
 * phase on the document, so it sees every input and action before anything else could.
 */
export function captureEarlyInput(): void {
  if (window.__vspEarlyInput) return;
  const pendingAttribute = 'data-early-pending';
  const holdAttribute = 'data-early-hold';
  const early: EarlyInput = {
    done: false,
    controls: new Map(),
    action: null,
    focus: null,
    release() {
      if (early.done) return;
      early.done = true;
      const held = early.action;
      early.action = null;
      early.controls.clear();
      for (const el of Array.from(document.querySelectorAll(`[${pendingAttribute}]`))) el.removeAttribute(pendingAttribute);
      if (!held) return;
      held.target.removeAttribute('aria-busy');
      // The forms that work without scripts post to the server, which answers with the page (the
      // browser then leaves this one); any other action needed the app and is dropped.
      const form = held.target;
      if (held.kind !== 'submit' || !(form instanceof HTMLFormElement) || form.method !== 'post' || !form.isConnected) return;
      const submitter = held.submitter;
      form.requestSubmit((submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.form === form ? submitter : undefined);
    },
  };
  window.__vspEarlyInput = early;

  const keyOf = (el: Element): ElementKey => {
    const path: number[] = [];
    for (let node: Element | null = el; node && node.id !== 'root' && node.parentElement; node = node.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return { id: el.id || null, testId: el.getAttribute('data-testid'), name: el.getAttribute('name'), path };
  };
  const inApp = (el: EventTarget | null): el is Element => el instanceof Element && !!el.closest('#root');

  const record = (event: Event) => {
    if (early.done) return;
    const el = event.target;
    if (!inApp(el) || !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) return;
    early.controls.set(el, { value: el.value, checked: el instanceof HTMLInputElement && el.checked, key: keyOf(el) });
  };
  document.addEventListener('input', record, true);
  document.addEventListener('change', record, true);

  const remember = () => {
    if (early.done) return;
    const el = document.activeElement;
    if (!inApp(el)) return;
    const text = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;
    let start: number | null = null;
    let end: number | null = null;
    let direction: EarlyFocus['direction'] = null;
    try {
      if (text) ({ selectionStart: start, selectionEnd: end, selectionDirection: direction } = el);
    } catch {
      /* an input type without a caret */
    }
    early.focus = { el, key: keyOf(el), start, end, direction };
  };
  // What the visitor does, not what a script does to a field (a caret moved by code is no choice).
  for (const type of ['focusin', 'keyup', 'pointerup', 'input', 'select']) document.addEventListener(type, remember, true);

  const hold = (action: EarlyAction) => {
    if (early.action) for (const el of [early.action.target, early.action.submitter]) el?.removeAttribute(pendingAttribute);
    early.action = action;
    const shown = action.submitter ?? action.target;
    shown.setAttribute(pendingAttribute, '');
    if (action.kind === 'submit') action.target.setAttribute('aria-busy', 'true');
  };

  // A form sent before the app runs would leave the page (a plain GET of the page itself): hold it.
  document.addEventListener(
    'submit',
    (event) => {
      if (early.done || !inApp(event.target)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = (event as SubmitEvent).submitter ?? null;
      hold({ kind: 'submit', target: event.target, targetKey: keyOf(event.target), submitter, submitterKey: submitter ? keyOf(submitter) : null });
    },
    true,
  );

  // A button that is not a form's submit button does nothing without the app: hold the press.
  // So does a link marked `data-early-hold` (decision 0172), whose destination the app decides (a
  // store link: the visitor's platform and, in some languages, a notice first). Other links, check
  // boxes, radio buttons and selects work by themselves; their state is recorded.
  document.addEventListener(
    'click',
    (event) => {
      if (early.done || !inApp(event.target)) return;
      const link = event.target.closest('a[href]');
      const button = link ? (link.hasAttribute(holdAttribute) ? link : null) : event.target.closest('button, [role="button"]');
      if (!button || !inApp(button)) return;
      if (button instanceof HTMLButtonElement && button.type === 'submit' && button.form) return; // the submit event follows
      if (button instanceof HTMLButtonElement && button.disabled) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      hold({ kind: 'click', target: button, targetKey: keyOf(button), submitter: null, submitterKey: null });
    },
    true,
  );
}
