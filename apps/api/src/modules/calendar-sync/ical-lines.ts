/**
 * iCalendar content lines (RFC 5545 section 3.1): lines ending in CRLF, a bare LF or a bare CR, mixed
 * in one file; folded lines (a continuation starts with a space or tab) unfolded, and each content
 * line numbered by the physical line where it began, so an error can name it.
 */
export class CalendarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendarFormatError';
  }
}

export interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
  line: number;
}

// name *(";" param) ":" value; a parameter value may be quoted (and then hold ; : ,).
const NAME = /^[A-Za-z0-9-]+/;
const PARAM = /^;([A-Za-z0-9-]+)=((?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)/;

function parseContentLine(text: string, line: number): ContentLine {
  const invalid = () => new CalendarFormatError(`Line ${line} is not valid iCalendar`);
  const name = NAME.exec(text)?.[0];
  if (!name) throw invalid();
  let rest = text.slice(name.length);
  const params: Record<string, string> = {};
  while (rest.startsWith(';')) {
    const m = PARAM.exec(rest);
    if (!m) throw invalid();
    params[m[1]!.toUpperCase()] = m[2]!.replace(/^"|"$/g, '');
    rest = rest.slice(m[0].length);
  }
  if (!rest.startsWith(':')) throw invalid();
  return { name: name.toUpperCase(), params, value: rest.slice(1), line };
}

/** Any line ending: CRLF, LF, or a CR alone (old Mac files, and some exports mix them). */
const LINE_BREAK = /\r\n|\r|\n/g;

/** The physical lines of a text, one at a time (a 2 MB text is not split at once: the reading may pause between lines). */
function* physicalLines(text: string): Generator<string> {
  const breaks = new RegExp(LINE_BREAK);
  let from = 0;
  for (let m = breaks.exec(text); m; m = breaks.exec(text)) {
    yield text.slice(from, m.index);
    from = m.index + m[0].length;
  }
  yield text.slice(from);
}

export function* contentLines(text: string): Generator<ContentLine> {
  let current: { text: string; line: number } | undefined;
  let index = 0;
  for (const physical of physicalLines(text.replace(/^\uFEFF/, ''))) {
    index += 1;
    if (physical.startsWith(' ') || physical.startsWith('\t')) {
      if (!current) throw new CalendarFormatError(`Line ${index} is not valid iCalendar`);
      current.text += physical.slice(1);
      continue;
    }
    if (current) yield parseContentLine(current.text, current.line);
    current = physical.trim() === '' ? undefined : { text: physical, line: index };
  }
  if (current) yield parseContentLine(current.text, current.line);
}
