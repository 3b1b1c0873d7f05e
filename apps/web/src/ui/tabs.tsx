import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef<Id extends string> {
  id: Id;
  label: string;
}

interface Props<Id extends string> {
  label: string;
  tabs: readonly TabDef<Id>[];
  selected: Id;
  onSelect(id: Id): void;
  /** Prefix for element ids, unique on the page. */
  idPrefix: string;
  children: ReactNode;
}

/**
 * The ARIA tabs pattern: one tab stop for the whole list, arrow keys (and Home/End) move between
 * tabs and select them, Tab moves on into the panel. Tabs that do not fit one row (five on a
 * phone) wrap onto the next, so every tab stays in view instead of scrolling out of sight.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, idPrefix, children }: Props<Id>) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.id === selected);
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    refs.current[tab.id]?.focus();
  }

  return (
    <div>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus is on the selected tab (one tab stop); its arrow keys bubble up here */}
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap sm:px-4 ${
                active ? 'border-emerald-700 text-emerald-900' : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel-${selected}`}
        aria-labelledby={`${idPrefix}-tab-${selected}`}
        tabIndex={0}
        className="rounded-b-md pt-6 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        {children}
      </div>
    </div>
  );
}
