import { CalendarFormatError, contentLines, type ContentLine } from './ical-lines.ts';
import { PAUSE_EVERY, type ParsedEvent } from './ical-occurrences.ts';
import type { Observance, ZoneDefinition } from './vtimezone.ts';

/**
 * The components of an iCalendar text: its events (VEVENT, with their EXDATEs and RDATEs) and its
 * own time zones (VTIMEZONE, by TZID), as a generator that yields where the work may pause. Throws
 * CalendarFormatError naming the line when the text is not a calendar.
 */
export function* readComponents(text: string): Generator<void, { events: ParsedEvent[]; definitions: Map<string, ZoneDefinition> }> {
  const stack: Array<{ name: string; line: number }> = [];
  let event: Map<string, ContentLine> | undefined;
  let repeats: ContentLine[] = [];
  let eventLine = 0;
  const events: ParsedEvent[] = [];
  let sawCalendar = false;
  // The calendar's own time zones (VTIMEZONE), by TZID, with the observance being read.
  const definitions = new Map<string, ZoneDefinition>();
  let zone: ZoneDefinition | undefined;
  let observance: Observance | undefined;
  const first = text.replace(/^\uFEFF/, '').trimStart();
  if (first !== '' && !/^BEGIN:VCALENDAR(\r\n|\r|\n|$)/i.test(first)) {
    throw new CalendarFormatError('The address did not answer with an iCalendar file (it must start with BEGIN:VCALENDAR)');
  }
  let lines = 0;
  for (const prop of contentLines(text)) {
    if (++lines % PAUSE_EVERY === 0) yield;
    if (prop.name === 'BEGIN') {
      const component = prop.value.trim().toUpperCase();
      if (!/^[A-Z0-9-]+$/.test(component)) throw new CalendarFormatError(`Line ${prop.line} is not valid iCalendar`);
      sawCalendar = true;
      stack.push({ name: component, line: prop.line });
      if (component === 'VEVENT' && stack.length === 2) {
        event = new Map();
        repeats = [];
        eventLine = prop.line;
      }
      if (component === 'VTIMEZONE' && stack.length === 2) zone = { tzid: '', observances: [] };
      if ((component === 'STANDARD' || component === 'DAYLIGHT') && zone && stack.length === 3) {
        observance = { props: new Map(), rdates: [] };
        zone.observances.push(observance);
      }
      continue;
    }
    if (prop.name === 'END') {
      const component = prop.value.trim().toUpperCase();
      const open = stack.pop();
      if (open?.name !== component)
        throw new CalendarFormatError(
          `Line ${prop.line}: END:${component} does not close ${open ? `BEGIN:${open.name} of line ${open.line}` : 'anything'}`,
        );
      if (component === 'VEVENT' && event && stack.length === 1) {
        events.push({ props: event, repeats, line: eventLine });
        event = undefined;
      }
      if (component === 'VTIMEZONE' && zone && stack.length === 1) {
        if (zone.tzid !== '' && !definitions.has(zone.tzid)) definitions.set(zone.tzid, zone);
        zone = undefined;
      }
      if (stack.length === 2) observance = undefined;
      continue;
    }
    if (stack.length === 0) throw new CalendarFormatError(`Line ${prop.line}: ${prop.name} is outside BEGIN:VCALENDAR`);
    // Only the event's own properties, not those of an alarm inside it. EXDATE and RDATE may repeat.
    if (event && stack.length === 2) {
      if (prop.name === 'EXDATE' || prop.name === 'RDATE') repeats.push(prop);
      else if (!event.has(prop.name)) event.set(prop.name, prop);
    }
    if (zone && stack.length === 2 && prop.name === 'TZID') zone.tzid = prop.value.trim();
    if (observance && stack.length === 3) {
      if (prop.name === 'RDATE') observance.rdates.push(prop);
      else if (!observance.props.has(prop.name)) observance.props.set(prop.name, prop);
    }
  }
  if (!sawCalendar) throw new CalendarFormatError('The address did not answer with an iCalendar file (it is empty)');
  const open = stack.at(-1);
  if (open) throw new CalendarFormatError(`The calendar ends without END:${open.name} for line ${open.line}`);
  return { events, definitions };
}
