/**
 * A small iCalendar (RFC 5545) writer for all-day events and timed ones: CRLF line ends, lines folded
 * at 75 octets, text escaped. DTEND of an all-day event is exclusive, so a rental ending on the 3rd
 * ends on the 4th in the feed. Timed events (handover times) are written in UTC, which every calendar
 * app shows in its own zone without a VTIMEZONE.
 */
export interface AllDayEvent {
  uid: string;
  /** YYYY-MM-DD, first day. */
  startDate: string;
  /** YYYY-MM-DD, last day (inclusive, as rentals count it). */
  endDate: string;
  summary: string;
  description: string;
  url: string;
}

/** An event at a moment: a pick-up or a return at its chosen time. */
export interface TimedEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url: string;
}

const CRLF = '\r\n';

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line to at most 75 octets per line, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const basicDate = (iso: string) => iso.replace(/-/g, '');

function dayAfter(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** '2026-06-01T09:00:00.000Z' -> '20260601T090000Z' */
function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function buildCalendar(options: { name: string; events: Array<AllDayEvent | TimedEvent>; now: Date }): string {
  const stamp = utcStamp(options.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Toolshed//Rentals calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
  ];
  for (const e of options.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      ...('start' in e
        ? [`DTSTART:${utcStamp(e.start)}`, `DTEND:${utcStamp(e.end)}`]
        : [`DTSTART;VALUE=DATE:${basicDate(e.startDate)}`, `DTEND;VALUE=DATE:${basicDate(dayAfter(e.endDate))}`]),
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `URL:${e.url}`,
      // A handover needs both people there: busy. A rental's days do not keep anyone busy.
      `TRANSP:${'start' in e ? 'OPAQUE' : 'TRANSPARENT'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
