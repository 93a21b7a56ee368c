/**
 * A searchable time zone picker (combobox): type part of a place, a zone name or an offset
 * ("stock", "Europe/", "+05:30") and choose from the list, by mouse or with the arrow keys and
 * Enter. Labels are spec §9's style, "GMT +01:00 Stockholm".
 */
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timezoneLabel, timezoneOptions } from './format';
import css from './Profile.module.css';

const MAX_SHOWN = 200;

export function TimezonePicker(props: { label: string; value: string; onChange(tz: string): void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const all = useMemo(() => timezoneOptions(props.value), [props.value]);
  const shown = useMemo(() => {
    const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
    const hits = words.length ? all.filter((o) => words.every((w) => o.search.includes(w))) : all;
    return hits.slice(0, MAX_SHOWN);
  }, [all, query]);

  const openList = () => {
    setOpen(true);
    setQuery('');
    const at = all.findIndex((o) => o.value === props.value);
    setActive(Math.max(at, 0));
    requestAnimationFrame(() => list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' }));
  };
  const choose = (tz: string) => {
    props.onChange(tz);
    setOpen(false);
    setQuery('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openList();
      const next = Math.min(Math.max(active + (e.key === 'ArrowDown' ? 1 : -1), 0), shown.length - 1);
      setActive(next);
      list.current?.children[next]?.scrollIntoView?.({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      if (open && shown[active]) {
        e.preventDefault();
        choose(shown[active]!.value);
      }
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setQuery('');
    }
  };

  return (
    <div className={css.combo}>
      <label className={css.comboLabel} htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className={css.comboInput}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${id}-${active}` : undefined}
        autoComplete="off"
        placeholder={open ? t('profile.preferences.timezoneSearch') : undefined}
        value={open ? query : timezoneLabel(props.value)}
        onFocus={() => !open && openList()}
        onClick={() => !open && openList()}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="timezone-input"
      />
      {open && (
        <ul ref={list} id={listId} className={css.comboList} role="listbox" aria-label={props.label}>
          {shown.length === 0 && <li className={css.comboEmpty}>{t('profile.preferences.timezoneNone')}</li>}
          {shown.map((o, i) => (
            <li
              key={o.value}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              data-current={o.value === props.value || undefined}
              className={css.comboOption}
              title={o.value}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o.value);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {o.label}
              <span className={css.comboZone}>{o.value}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
