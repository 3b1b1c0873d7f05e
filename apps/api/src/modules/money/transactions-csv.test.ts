import { describe, expect, it } from 'vitest';
import { csvCell } from './transactions-csv.ts';

describe('CSV cells', () => {
  it.each([
    ['Cordless drill', 'Cordless drill'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+44 20', "'+44 20"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['Saw, circular', '"Saw, circular"'],
    ['12" blade', '"12"" blade"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
