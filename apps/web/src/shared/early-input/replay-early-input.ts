import { EARLY_PENDING_ATTRIBUTE, type EarlyControl, type ElementKey } from './capture-early-input';

/** The node a key names now: the same node if the app kept it, else its id, test id, name or place. */
function find(el: Element, key: ElementKey): Element | null {
  if (el.isConnected) return el;
  const root = document.getElementById('root');
  if (!root) return null;
  const found =
    (key.id && document.getElementById(key.id)) ||
    (key.testId && root.querySelector(`[data-testid="${CSS.escape(key.testId)}"]`)) ||
    (key.name && root.querySelector(`[name="${CSS.escape(key.name)}"]`));
  if (found) return found;
  let node: Element | undefined = root;
  for (const index of key.path) node = node?.children[index];
  return node ?? null;
}

/**
 * Gives a control its value the way a person typing would, so that the app's change handler runs:
 * React keeps the last value it saw beside the node and reports a change only when the node's value
 * differs from it, so the value is set through the instance (which React watches) to something
 * else first, then through the prototype's setter (which it does not), then announced.
 */
function applyControl(el: Element, control: EarlyControl) {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    // The same for a check: set the opposite where React sees it, and let a click give the value.
    if (el.type === 'radio' && !control.checked) return; // the group's checked radio is recorded too
    el.checked = !control.checked;
    el.click();
    return;
  }
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) return;
  if (el.disabled || ('readOnly' in el && el.readOnly)) return;
  const prototype = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  el.value = control.value === '' ? ' ' : '';
  setter?.call(el, control.value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Until the replay below has run on a prerendered page, its fields may hold what the app's state does not. */
export function takingOver(): boolean {
  if (typeof window === 'undefined' || !window.__vspEarlyInput || window.__vspEarlyInput.done) return false;
  return document.getElementById('root')?.dataset.prerendered !== undefined;
}

/**
 * Called once the app has taken over a prerendered page (RootLayout's ready effect; decision 0139):
 * gives every control the visitor changed before then its value again (the app's state may have
 * started empty), puts focus and caret back, and carries out the last held-back action once.
 */
export function replayEarlyInput(): void {
  const early = window.__vspEarlyInput;
  if (!early || early.done) return;
  early.done = true;
  const { action, focus } = early;
  for (const [el, control] of early.controls) {
    const now = find(el, control.key);
    if (now) applyControl(now, control);
  }

  early.controls.clear();
  early.action = null;
  early.focus = null;

  // Focus and caret where the visitor left them (a value given back moves the caret to its end).
  const focused = focus ? find(focus.el, focus.key) : null;
  if (focused instanceof HTMLElement) {
    if (document.activeElement !== focused) focused.focus();
    if ((focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) && focus?.start != null) {
      try {
        focused.setSelectionRange(focus.start, focus.end ?? focus.start, focus.direction ?? undefined);
      } catch {
        /* an input type without a caret */
      }
    }
  }

  if (!action) return;
  for (const el of [action.target, action.submitter]) el?.removeAttribute(EARLY_PENDING_ATTRIBUTE);
  action.target.removeAttribute('aria-busy');
  // After the values' state updates have rendered: the action then reads what was typed.
  setTimeout(() => {
    const target = find(action.target, action.targetKey);
    if (!target) return;
    if (action.kind === 'submit' && target instanceof HTMLFormElement) {
      const submitter = action.submitter && action.submitterKey ? find(action.submitter, action.submitterKey) : null;
      if (submitter instanceof HTMLElement && submitter.hasAttribute('disabled')) return;
      const ownSubmitter = (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.form === target ? submitter : undefined;
      target.requestSubmit(ownSubmitter);
    } else if (target instanceof HTMLAnchorElement && target.target === '_blank' && navigator.userActivation?.isActive === false) {
      // The tap's permission to open a tab has run out (a slow take-over): the browser would block
      // the new tab, so the link opens here instead; the visitor asked to go there.
      target.removeAttribute('target');
      target.click();
      target.setAttribute('target', '_blank');
    } else if (target instanceof HTMLElement && !target.hasAttribute('disabled')) {
      target.click();
    }
  }, 0);
}
