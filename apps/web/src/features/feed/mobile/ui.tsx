import { useEffect, useRef, useState, type ReactNode } from 'react';

/*
 * The few controls the phone page shows, in plain elements: the page loads no antd, whose
 * desktop components would be most of its download (bundle budgets, docs/decisions/0016).
 */

export function Tag({ tone, icon, children }: { tone: 'orange' | 'red'; icon?: ReactNode; children: ReactNode }) {
  return (
    <span className={`fp-m-tag is-${tone}`}>
      {icon}
      {children}
    </span>
  );
}

/** A small turning circle for buttons waiting on a call. */
export function Spinner() {
  return <span className="fp-m-spinner" aria-hidden="true" />;
}

export interface MenuEntry {
  key: string;
  label: string;
  icon?: ReactNode;
  /** The language the label is in, where it is not the screen's (a language named in itself). */
  lang?: string;
  /** A line before this entry. */
  divided?: boolean;
}

/** A button opening a short menu under it; Escape or a tap elsewhere closes it. */
export function MenuButton({
  label,
  icon,
  entries,
  onSelect,
}: {
  label: string;
  icon: ReactNode;
  entries: readonly MenuEntry[];
  onSelect: (key: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div className="fp-m-menu" ref={root}>
      <button type="button" className="fp-m-icon-btn" aria-label={label} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {icon}
      </button>
      {open ? (
        <ul className="fp-m-menu-list" role="menu" aria-label={label}>
          {entries.map((entry) => (
            <li key={entry.key} role="none" className={entry.divided ? 'is-divided' : undefined}>
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  onSelect(entry.key);
                }}
              >
                {entry.icon}
                <span lang={entry.lang}>{entry.label}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
