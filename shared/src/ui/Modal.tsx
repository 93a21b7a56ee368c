/**
 * A modal dialog, a confirmation dialog and a popover menu, rendered into document.body: a parent
 * that is CSS transformed (the dashboard grid's items) would make `position: fixed` relative to it
 * and clip what overflows.
 */
import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './Icon';
import css from './Modal.module.css';

/** What Tab can reach, in document order (disabled, hidden and tabindex=-1 elements left out). */
const TABBABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), iframe, summary, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]') && getComputedStyle(el).visibility !== 'hidden',
  );
}

/**
 * The dialogs open now, the last on top: Escape and the focus trap belong to the top one only, so
 * a confirmation over a dialog closes alone.
 */
const openDialogs: HTMLElement[] = [];

export function Modal(props: {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  closeLabel: string;
  testId?: string;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The latest onClose, read when a key is pressed: the effect below runs once per opening, so a
  // parent re-rendering with a new function neither moves the focus nor returns it early.
  const onClose = useRef(props.onClose);
  useLayoutEffect(() => {
    onClose.current = props.onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    openDialogs.push(dialog);
    const first = dialog.querySelector<HTMLElement>('input, select, textarea, [data-autofocus]');
    (first ?? dialog).focus();
    const onKey = (e: KeyboardEvent) => {
      // A menu or a field inside the dialog that used the key (a menu's Escape) keeps it.
      if (e.defaultPrevented || openDialogs[openDialogs.length - 1] !== dialog) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose.current();
        return;
      }
      if (e.key !== 'Tab') return;
      // Tab and Shift+Tab go round the dialog's controls and never leave it.
      const all = tabbables(dialog);
      const active = document.activeElement as HTMLElement | null;
      const inside = !!active && dialog.contains(active);
      if (all.length === 0) {
        e.preventDefault();
        dialog.focus();
        return;
      }
      const firstEl = all[0]!;
      const lastEl = all[all.length - 1]!;
      if (e.shiftKey && (!inside || active === firstEl || active === dialog)) {
        e.preventDefault();
        lastEl.focus();
      } else if (!e.shiftKey && (!inside || active === lastEl)) {
        e.preventDefault();
        firstEl.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      // Back to what opened the dialog, if it is still on the page.
      if (previous && previous !== document.body && previous.isConnected) previous.focus();
    };
  }, []);
  return createPortal(
    <div className={css.overlay} onMouseDown={(e) => e.target === e.currentTarget && props.onClose()}>
      <div
        ref={ref}
        className={`${css.dialog} ${props.wide ? css.wide : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={props.testId}
      >
        <header className={css.header}>
          <h2 id={titleId} className={css.title}>
            {props.title}
          </h2>
          <button type="button" className={css.close} onClick={props.onClose} aria-label={props.closeLabel}>
            <Icon name="close" size={16} />
          </button>
        </header>
        <div className={css.body}>{props.children}</div>
        {props.footer && <footer className={css.footer}>{props.footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

/** A menu's items that take the focus (not the disabled ones), in order. */
const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []),
];

export interface MenuItem {
  key: string;
  label: string;
  onSelect(): void;
  danger?: boolean;
  disabled?: boolean;
}

/** A button opening a small menu of actions below it. */
export function Menu(props: {
  label: string;
  items: MenuItem[];
  icon?: ReactNode;
  buttonClassName?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState<{ top: number; right: number }>({ top: 0, right: 0 });
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  /**
   * Puts the menu below its button; closes it once the button has left the window. A scroll or a
   * resize moves the menu with the button: closing on every scroll closed it under the user's hand
   * when any part of the page scrolled (a list refreshing, a widget scrolled into view).
   */
  const place = useCallback(() => {
    const b = button.current;
    if (!b) return;
    const r = b.getBoundingClientRect();
    if (r.bottom < 0 || r.top > window.innerHeight) {
      setOpen(false);
      return;
    }
    setAt({ top: r.bottom + 4, right: Math.max(8, window.innerWidth - r.right) });
  }, []);

  /** Which item takes the focus when the menu opens: the last one after ArrowUp on the button. */
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useLayoutEffect(() => {
    if (!open) return;
    place();
    const all = menuItems(menu.current);
    (focusOnOpen.current === 'last' ? all[all.length - 1] : all[0])?.focus();
    focusOnOpen.current = 'first';
  }, [open, place]);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (menu.current?.contains(e.target as Node) || button.current?.contains(e.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', close);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      document.removeEventListener('mousedown', close);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, place]);

  /** Closes the menu with the focus back on its button (Escape, Tab, a chosen item). */
  const closeToButton = () => {
    button.current?.focus();
    setOpen(false);
  };

  /**
   * The keys of the WAI-ARIA menu button pattern inside the menu: arrows, Home and End move (round
   * the ends), Escape closes back to the button, Tab closes and goes on from the button. Handled
   * here rather than on the document, so a dialog the menu sits in does not close on its Escape.
   */
  const onMenuKey = (e: ReactKeyboardEvent) => {
    const all = menuItems(menu.current);
    const n = all.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(n + 1);
    else if (e.key === 'ArrowUp') go(n < 0 ? all.length - 1 : n - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      closeToButton();
    } else if (e.key === 'Tab') closeToButton();
  };

  /** ArrowDown or ArrowUp on the closed menu's button opens it at the first or the last item. */
  const onButtonKey = (e: ReactKeyboardEvent) => {
    if (open || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    e.preventDefault();
    focusOnOpen.current = e.key === 'ArrowUp' ? 'last' : 'first';
    setOpen(true);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={props.buttonClassName ?? css.menuButton}
        aria-label={props.label}
        title={props.label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
        data-testid={props.testId}
      >
        {props.icon ?? <span className={css.kebab} aria-hidden="true" />}
      </button>
      {open &&
        createPortal(
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={props.label}
            className={css.menu}
            style={{ top: at.top, right: at.right }}
            onKeyDown={onMenuKey}
          >
            {props.items.map((item) => (
              <button
                key={item.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                disabled={item.disabled}
                className={`${css.menuItem} ${item.danger ? css.danger : ''}`}
                onClick={() => {
                  // The button has the focus again before the item acts: a dialog it opens
                  // returns the focus there when it closes.
                  closeToButton();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
