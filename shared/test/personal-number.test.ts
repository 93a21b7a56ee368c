import { maskPersonalNumber, parsePersonalNumber } from '../src/domain/personal-number';

const TODAY = new Date('2026-11-27T12:00:00Z');

describe('personal identity numbers (BankID link)', () => {
  it('accepts the ways people write one and stores 12 digits', () => {
    for (const input of ['19811218-9876', '198112189876', '811218-9876', '8112189876', ' 811218 9876 '])
      expect(parsePersonalNumber(input, TODAY)).toEqual({ value: '198112189876' });
  });

  it('takes the century from the date, a hundred years earlier with "+"', () => {
    expect(parsePersonalNumber('900101-1239', TODAY)).toEqual({ value: '199001011239' });
    expect(parsePersonalNumber('900101+1239', TODAY)).toEqual({ value: '189001011239' });
    // This year's and last year's numbers are of this century.
    expect(parsePersonalNumber('260101-1238', TODAY)).toMatchObject({ value: expect.stringMatching(/^2026/) });
  });

  it('accepts a coordination number (day + 60)', () => {
    // 19811278-98xx: day 18 + 60; check digit computed for it.
    const nine = '811278987';
    let sum = 0;
    for (let i = 0; i < 9; i++) {
      let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
      if (d > 9) d -= 9;
      sum += d;
    }
    const check = (10 - (sum % 10)) % 10;
    expect(parsePersonalNumber(`19${nine}${check}`, TODAY)).toEqual({ value: `19${nine}${check}` });
  });

  it('says what is wrong', () => {
    expect(parsePersonalNumber('19811218-9875', TODAY)).toEqual({ problem: 'checksum' });
    expect(parsePersonalNumber('19811318-9876', TODAY)).toEqual({ problem: 'date' });
    expect(parsePersonalNumber('20990101-1234', TODAY)).toEqual({ problem: 'date' });
    expect(parsePersonalNumber('19811218+9876', TODAY)).toEqual({ problem: 'format' });
    for (const bad of ['', 'abc', '1981-12-18-9876', '12345', '19811218-98765'])
      expect(parsePersonalNumber(bad, TODAY)).toEqual({ problem: 'format' });
  });

  it('masks the individual digits', () => {
    expect(maskPersonalNumber('198112189876')).toBe('19811218-••••');
    expect(maskPersonalNumber('123')).toBe('••••');
  });
});
