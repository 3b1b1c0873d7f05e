/**
 * A strict reader of iCalendar text for tests: checks CRLF line ends, the 75-octet line limit,
 * BEGIN/END nesting and the properties every VEVENT needs, then unfolds and unescapes.
 */
export interface ParsedEvent {
  [name: string]: { params: Record<string, string>; value: string };
}

const unescape = (v: string) => v.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');

export function parseCalendar(text: string): { calendar: Record<string, string>; events: ParsedEvent[] } {
  if (!text.endsWith('\r\n')) throw new Error('must end with CRLF');
  const raw = text.slice(0, -2).split('\r\n');
  for (const line of raw) {
    if (line.includes('\n') || line.includes('\r')) throw new Error('bare LF or CR');
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line longer than 75 octets: ${line}`);
  }
  const lines: string[] = [];
  for (const line of raw) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) throw new Error('continuation first');
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const stack: string[] = [];
  const calendar: Record<string, string> = {};
  const events: ParsedEvent[] = [];
  let event: ParsedEvent | null = null;
  for (const line of lines) {
    const m = /^([A-Z0-9-]+)((?:;[A-Z0-9-]+=[^;:]*)*):(.*)$/.exec(line);
    if (!m) throw new Error(`not a content line: ${line}`);
    const [, name, paramText, value] = m as unknown as [string, string, string, string];
    const params = Object.fromEntries(
      paramText
        .split(';')
        .filter(Boolean)
        .map((p) => p.split('=') as [string, string]),
    );
    if (name === 'BEGIN') {
      stack.push(value);
      if (value === 'VEVENT') event = {};
      continue;
    }
    if (name === 'END') {
      if (stack.pop() !== value) throw new Error(`END:${value} does not match`);
      if (value === 'VEVENT' && event) {
        for (const required of ['UID', 'DTSTAMP', 'DTSTART']) if (!event[required]) throw new Error(`VEVENT without ${required}`);
        events.push(event);
        event = null;
      }
      continue;
    }
    if (stack.length === 0) throw new Error(`property outside VCALENDAR: ${name}`);
    if (event) event[name] = { params, value: unescape(value) };
    else calendar[name] = unescape(value);
  }
  if (stack.length !== 0) throw new Error('unclosed component');
  if (calendar.VERSION !== '2.0' || !calendar.PRODID) throw new Error('VERSION 2.0 and PRODID are required');
  return { calendar, events };
}
