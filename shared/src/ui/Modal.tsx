/**
 * A modal dialog, a confirmation dialog and a popover menu, rendered into document.body: a parent
 * that is CSS transformed (the dashboard grid's items) would make `position: fixed` relative to it
 * and clip what overflows.
 */
import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './Icon';
import css from './Modal.module.css';

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
  const { onClose } = props;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, select, textarea, [data-autofocus]');
    (first ?? ref.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return createPortal(
    <div className={css.overlay} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
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
          <button type="button" className={css.close} onClick={onClose} aria-label={props.closeLabel}>
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

  useLayoutEffect(() => {
    if (!open) return;
    place();
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus();
  }, [open, place]);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (menu.current?.contains(e.target as Node) || button.current?.contains(e.target as Node)) return;
      setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const items = [
          ...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []),
        ];
        const n = items.indexOf(document.activeElement as HTMLElement);
        const next = items[(n + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length];
        next?.focus();
        e.preventDefault();
      }
    };
    document.addEventListener('mousedown', close);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, place]);

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
          >
            {props.items.map((item) => (
              <button
                key={item.key}
                type="button"
                role="menuitem"
                disabled={item.disabled}
                className={`${css.menuItem} ${item.danger ? css.danger : ''}`}
                onClick={() => {
                  setOpen(false);
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
