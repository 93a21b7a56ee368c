/**
 * A Swedish personal identity number (personnummer, or samordningsnummer whose day is +60), the
 * number BankID names a person by — as an administrator links it to a user (admin user
 * management), so that user's BankID sign-in finds his account.
 *
 * Accepted as people write it: "19900101-1234", "199001011234", "900101-1234", "900101+1234"
 * (10 digits: the century from the date, "+" for someone 100 or older). Stored as 12 digits, the
 * form BankID's brokers send. The last digit is the Luhn check of the other nine of the 10-digit
 * form, so a mistyped digit is caught here, not at the person's first failed sign-in.
 */

export type PersonalNumberProblem = 'format' | 'date' | 'checksum';

/** The Luhn check digit of the nine digits YYMMDDNNN. */
function luhnDigit(nine: string): number {
  let sum = 0;
  for (let i = 0; i < nine.length; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

function validDate(year: number, month: number, day: number): boolean {
  // A coordination number (samordningsnummer) has 60 added to the day.
  const d = day > 60 ? day - 60 : day;
  const date = new Date(Date.UTC(year, month - 1, d));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === d;
}

/**
 * The 12-digit form of `input`, or what is wrong with it. `today` decides the century of a
 * 10-digit number (the latest year not after today's, a hundred years earlier with "+").
 */
export function parsePersonalNumber(
  input: string,
  today: Date = new Date(),
): { value: string } | { problem: PersonalNumberProblem } {
  const text = input.trim();
  const m = /^(\d{2})?(\d{6})([-+ ]?)(\d{4})$/.exec(text);
  if (!m) return { problem: 'format' };
  const [, century, yymmdd, sep, last] = m as unknown as [string, string | undefined, string, string, string];
  let full: string;
  if (century !== undefined) {
    if (sep === '+') return { problem: 'format' };
    full = century + yymmdd + last;
  } else {
    const yy = Number(yymmdd.slice(0, 2));
    const thisYear = today.getUTCFullYear();
    let year = thisYear - ((thisYear - yy) % 100 + 100) % 100;
    if (sep === '+') year -= 100;
    full = String(year).padStart(4, '0') + yymmdd.slice(2) + last;
  }
  const year = Number(full.slice(0, 4));
  if (!validDate(year, Number(full.slice(4, 6)), Number(full.slice(6, 8))) || year > today.getUTCFullYear())
    return { problem: 'date' };
  const ten = full.slice(2);
  if (luhnDigit(ten.slice(0, 9)) !== Number(ten[9])) return { problem: 'checksum' };
  return { value: full };
}

/** "19900101-••••" style, for showing that a number is linked without showing all of it. */
export function maskPersonalNumber(value: string): string {
  return value.length === 12 ? `${value.slice(0, 8)}-••••` : '••••';
}
