import { ianaZoneClock, type ZoneClock } from '@toolshed/core';
import { findIana } from 'windows-iana';
import type { WorkBudget } from './work-budget.ts';
import { vtimezoneClock, type ZoneDefinition } from './vtimezone.ts';

/**
 * What a TZID names, in this order:
 * 1. the calendar's own VTIMEZONE of that TZID, when it can be read (vtimezone.ts);
 * 2. an IANA zone name, through Intl ('Europe/Paris', any case, aliases such as 'US/Pacific');
 * 3. a Windows zone name, as Outlook and Exchange write ('Pacific Standard Time'), through CLDR's
 *    windowsZones mapping (the windows-iana package): its zone for the world ('001');
 * 4. an id with a prefix before an IANA name ('/Europe/London', '/mozilla.org/20050126_1/Europe/Paris');
 * 5. an Outlook display name, '(UTC-08:00) Pacific Time (US & Canada)': 'X Time' read as the Windows
 *    name 'X Standard Time', else the first of its listed cities that is an IANA zone's city
 *    ('(UTC+00:00) Dublin, Edinburgh, Lisbon, London' is Europe/Dublin).
 * Anything else is unknown: `resolve` answers null and the name is kept in `unknown`, for the owner.
 */
export interface ZoneResolver {
  resolve(tzid: string): ZoneClock | null;
  /** TZIDs no rule above could read, in the order first met. */
  readonly unknown: ReadonlySet<string>;
}

const DISPLAY_NAME = /^\((?:UTC|GMT)\s*(?:[+-−]\s*\d{1,2}(?:[:.]\d{2})?)?\)\s*(.+)$/i;

function windowsZone(name: string): ZoneClock | null {
  const iana = findIana(name)[0];
  return iana ? ianaZoneClock(iana) : null;
}

let cities: Map<string, string> | undefined;
/** IANA zones by their city ('london' -> 'Europe/London'), the first zone of each city. */
function zoneOfCity(city: string): string | undefined {
  if (!cities) {
    cities = new Map();
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const key = zone.split('/').at(-1)!.replace(/_/g, ' ').toLowerCase();
      if (zone.includes('/') && !cities.has(key)) cities.set(key, zone);
    }
  }
  return cities.get(city.trim().replace(/\.$/, '').toLowerCase());
}

/** A zone from its name alone (rules 2 to 5), or null. */
export function zoneByName(raw: string): ZoneClock | null {
  const name = raw.trim().replace(/^"|"$/g, '');
  if (name === '') return null;
  const direct = ianaZoneClock(name) ?? windowsZone(name);
  if (direct) return direct;
  if (name.includes('/')) {
    const parts = name.split('/').filter((p) => p !== '');
    for (let i = 1; i < parts.length - 1; i += 1) {
      const clock = ianaZoneClock(parts.slice(i).join('/'));
      if (clock) return clock;
    }
    if (name.startsWith('/')) {
      const clock = ianaZoneClock(parts.join('/'));
      if (clock) return clock;
    }
  }
  const display = DISPLAY_NAME.exec(name);
  if (display) {
    const text = display[1]!.trim();
    const time = /^(.+?) Time\b/.exec(text);
    const named = windowsZone(text) ?? (time ? windowsZone(`${time[1]} Standard Time`) : null);
    if (named) return named;
    for (const city of text.split(/,|\band\b/)) {
      const zone = zoneOfCity(city);
      if (zone) return ianaZoneClock(zone);
    }
  }
  return null;
}

/** A resolver for one calendar: `definitions` are its VTIMEZONEs by TZID; their rules spend `budget`. */
export function createZoneResolver(definitions: ReadonlyMap<string, ZoneDefinition>, budget: WorkBudget): ZoneResolver {
  const known = new Map<string, ZoneClock | null>();
  const unknown = new Set<string>();
  return {
    unknown,
    resolve(tzid: string): ZoneClock | null {
      let clock = known.get(tzid);
      if (clock === undefined) {
        const definition = definitions.get(tzid);
        clock = (definition && vtimezoneClock(definition, budget)) || zoneByName(tzid);
        known.set(tzid, clock);
        if (!clock) unknown.add(tzid);
      }
      return clock;
    },
  };
}
