import type { SearchSuggestion } from '@toolshed/core/contract';
import { useEffect, useId, useRef, useState, type FocusEvent, type InputHTMLAttributes, type KeyboardEvent, type Ref } from 'react';
import { useNavigate } from '../../../lib/router/index.ts';
import { OPENED_FROM_LIST } from '../../../ui/item-card.tsx';
import { useSearchSuggestions } from '../api/search-suggestions.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'role' | 'type' | 'autoComplete'>;

export interface SearchComboboxProps extends InputProps {
  id: string;
  /** The box itself, for a form that puts the focus on it when its words are refused. */
  ref?: Ref<HTMLInputElement>;
  value: string;
  onValueChange(value: string): void;
  /** A suggestion is being opened instead of the words typed (the owner drops a write of them still waiting). */
  onPick?(suggestion: SearchSuggestion): void;
}

/** Where a suggestion leads: an item opens its popup over its category, a category opens itself. */
export function suggestionPath(suggestion: SearchSuggestion): string {
  const category = `/category/${encodeURIComponent(suggestion.categoryId)}`;
  return suggestion.kind === 'item' ? `${category}/item/${encodeURIComponent(suggestion.id)}` : category;
}

function countText(count: number): string {
  return `${count} ${count === 1 ? 'suggestion' : 'suggestions'}`;
}

/**
 * A search box that suggests item names and categories while typing: the ARIA combobox with a
 * list popup. The focus stays in the box; ArrowDown and ArrowUp move through the suggestions (the
 * active one is the box's aria-activedescendant), Enter opens the active one or, with none, does
 * what Enter did before (the form's search), Escape closes the list (a second Escape is the search
 * box's own: it empties it), and a click or tap opens one. A live region says how many there are.
 * The list is absolutely placed: the owner puts the box in a `relative` parent whose width suits it.
 */
export function SearchCombobox({ id, value, onValueChange, onPick, onKeyDown, onBlur, onFocus, ...input }: SearchComboboxProps) {
  // Only words typed into the box are suggested for: not what the address put there, nor a box left.
  const [typing, setTyping] = useState(false);
  const suggestions = useSearchSuggestions(typing ? value : '');
  const navigate = useNavigate();
  const listId = useId();
  const [dismissed, setDismissed] = useState(false);
  // The active suggestion belongs to the list it was chosen in: a new answer starts with none.
  const [active, setActive] = useState<{ list: SearchSuggestion[]; index: number }>({ list: suggestions, index: -1 });
  const activeIndex = active.list === suggestions ? active.index : -1;
  const open = typing && !dismissed && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeId = open && activeIndex >= 0 ? optionId(activeIndex) : undefined;
  // A pick leaves the box: its owner's 'on leaving' (writing the words) is not wanted then.
  const picking = useRef(false);

  // The active suggestion stays in sight when the list scrolls (a short screen, a phone's keyboard up).
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function pick(suggestion: SearchSuggestion) {
    picking.current = true;
    setDismissed(true);
    onPick?.(suggestion);
    // Closing an item's popup goes back here, as from a card.
    void navigate(suggestionPath(suggestion), suggestion.kind === 'item' ? { state: OPENED_FROM_LIST } : undefined);
  }

  function move(step: 1 | -1) {
    const count = suggestions.length;
    const from = open ? activeIndex : -1;
    const next = from < 0 ? (step === 1 ? 0 : count - 1) : (from + step + count) % count;
    setDismissed(false);
    setActive({ list: suggestions, index: next });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Keys that finish composing a character (an input method's Enter) are the input method's.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length > 0) {
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
      }
    } else if (event.key === 'Enter') {
      const chosen = open && activeIndex >= 0 ? suggestions[activeIndex] : undefined;
      if (chosen) {
        event.preventDefault();
        pick(chosen);
        return;
      }
      setDismissed(true);
    } else if (event.key === 'Escape') {
      if (open) {
        // Only the list closes: not the box's own clearing, nor a dialog the form is in.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(true);
        setActive({ list: suggestions, index: -1 });
        return;
      }
    }
    onKeyDown?.(event);
  }

  return (
    <>
      <input
        {...input}
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        value={value}
        onChange={(e) => {
          picking.current = false;
          setTyping(true);
          setDismissed(false);
          setActive({ list: suggestions, index: -1 });
          onValueChange(e.target.value);
        }}
        onKeyDown={handleKeyDown}
        onFocus={(e) => {
          picking.current = false;
          onFocus?.(e);
        }}
        onBlur={(e: FocusEvent<HTMLInputElement>) => {
          setTyping(false);
          setDismissed(false);
          if (!picking.current) onBlur?.(e);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open}
        // A press on the list keeps the focus in the box, so the click that follows picks.
        onMouseDown={(e) => e.preventDefault()}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-[60vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-left text-slate-900 shadow-lg"
      >
        {open &&
          suggestions.map((suggestion, index) => (
            // Keys go to the box, which owns the list (aria-activedescendant); a click or tap picks.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the box's keys choose, as above
            <li
              key={`${suggestion.kind}-${suggestion.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              onClick={() => pick(suggestion)}
              className={`flex min-h-11 cursor-pointer items-center gap-3 px-4 py-2 text-base ${
                index === activeIndex ? 'bg-emerald-100 text-emerald-950' : 'hover:bg-slate-100'
              }`}
            >
              <SuggestionIcon kind={suggestion.kind} />
              <span className="min-w-0 flex-1 truncate">
                {suggestion.label}
                {suggestion.kind === 'category' && <span className="sr-only">, category</span>}
              </span>
              {suggestion.kind === 'category' && (
                <span aria-hidden="true" className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  Category
                </span>
              )}
            </li>
          ))}
      </ul>
      <div role="status" className="sr-only">
        {open ? countText(suggestions.length) : ''}
      </div>
    </>
  );
}

function SuggestionIcon({ kind }: { kind: SearchSuggestion['kind'] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-4 w-4 shrink-0 text-slate-500"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {kind === 'category' ? (
        <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
      ) : (
        <>
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </>
      )}
    </svg>
  );
}
