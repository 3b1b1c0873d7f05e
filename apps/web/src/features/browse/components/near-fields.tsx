import { insideUk, pointNearText, RADIUS_MILES_OPTIONS, radiusLabel } from '@toolshed/core';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from '../../../lib/router/index.ts';
import { withFilter, withPlace } from '../filter-params.ts';
import { forgetPlace } from '../remembered-place.ts';
import { useUpdateParams } from '../use-filter-url.ts';
import { useNearShown } from '../use-near-shown.ts';

type FieldA11y = { 'aria-invalid'?: true; 'aria-describedby'?: string };

export interface NearFieldsProps {
  inputClass: string;
  /** The validation message of the place or the radius (core's, or the API's for a place it cannot find). */
  nearProblem: string | undefined;
  radiusProblem: string | undefined;
  field: (props: { id: string; label: string; problem: string | undefined; children: (a11y: FieldA11y) => ReactNode }) => ReactNode;
}

/** Asks the browser where it is, once pressed, and puts a UK answer in the URL as the place. */
function useLocateMe(updateParams: ReturnType<typeof useUpdateParams>) {
  const [locating, setLocating] = useState(false);
  const [geoProblem, setGeoProblem] = useState<string | null>(null);

  function locateMe() {
    setGeoProblem(null);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const point = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        if (!insideUk(point)) {
          setGeoProblem('Your location is outside the UK. Enter a UK postcode or a town instead.');
          return;
        }
        updateParams((p) => withPlace(p, pointNearText(point)));
      },
      (error) => {
        setLocating(false);
        setGeoProblem(
          error.code === error.PERMISSION_DENIED
            ? 'Your browser did not share your location. Enter a postcode or a town instead.'
            : 'Your location could not be found. Enter a postcode or a town instead.',
        );
      },
      { timeout: 15_000, maximumAge: 300_000 },
    );
  }
  return { locating, geoProblem, setGeoProblem, locateMe };
}

function LocateButton({ locating, onClick }: { locating: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={locating}
      className="mt-1 inline-flex items-center gap-1.5 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-wait disabled:opacity-70"
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
      </svg>
      {locating ? 'Finding you...' : 'Use my location'}
    </button>
  );
}

/**
 * The location box ('Near': a UK postcode, a district or a town; or the browser's location, asked
 * for only when its button is pressed) and the radius. The place is written to the URL when it is
 * entered (Enter, or leaving the box), not on every keystroke: each one would be geocoded.
 */
export function NearFields({ inputClass, nearProblem, radiusProblem, field: Field }: NearFieldsProps) {
  const [params] = useSearchParams();
  const updateParams = useUpdateParams();
  const urlNear = params.get('near') ?? '';
  const shown = useNearShown();
  const [draft, setDraft] = useState({ text: shown, basis: shown });
  const text = draft.basis === shown ? draft.text : shown;
  const { locating, geoProblem, setGeoProblem, locateMe } = useLocateMe(updateParams);
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  function commit(value: string) {
    const next = value.trim();
    if (next === shown.trim()) return;
    setGeoProblem(null);
    if (next === '') forgetPlace();
    updateParams((p) => withPlace(p, next));
    setDraft({ text: value, basis: next });
  }

  return (
    <>
      <div className="sm:col-span-2">
        <Field id="filter-near" label="Near (postcode or town)" problem={nearProblem ?? geoProblem ?? undefined}>
          {(a11y) => (
            <div className="flex flex-wrap items-start gap-2">
              <input
                id="filter-near"
                type="search"
                autoComplete="postal-code"
                enterKeyHint="search"
                placeholder="OX2 6AE, Leeds..."
                maxLength={60}
                value={text}
                onChange={(e) => setDraft({ text: e.target.value, basis: shown })}
                onBlur={() => commit(text)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') commit(text);
                }}
                className={`${inputClass} min-w-0 flex-1`}
                {...a11y}
              />
              {canLocate && <LocateButton locating={locating} onClick={locateMe} />}
            </div>
          )}
        </Field>
      </div>
      <Field id="filter-radius" label="Distance" problem={radiusProblem}>
        {(a11y) => (
          <select
            id="filter-radius"
            value={params.get('radius') ?? ''}
            disabled={urlNear === ''}
            onChange={(e) => updateParams((p) => withFilter(p, 'radius', e.target.value))}
            className={`${inputClass} disabled:bg-slate-100 disabled:text-slate-600`}
            {...a11y}
          >
            <option value="">{radiusLabel(undefined)}</option>
            {RADIUS_MILES_OPTIONS.map((r) => (
              <option key={r} value={String(r)}>
                {radiusLabel(r)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
