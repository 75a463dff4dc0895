import { describe, expect, it } from 'vitest';
import { lineBody, rowProblems, rowsFromCsv, rowsFromText } from './rooming-lines';

const types = [
  { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' },
  { code: 'silver', nameAr: 'الغرفة الفضية', nameEn: 'Silver Room' },
];
const plain = (rows: ReturnType<typeof rowsFromText>) => rows.map(({ key: _key, ...rest }) => rest);

describe('the rooming list read from pasted text and CSV', () => {
  it('tab or comma separated lines, Arabic names, Arabic-Indic digits, types by code or name', () => {
    const text = [
      'الاسم\tالهاتف\tنوع الغرفة\tالبالغون',
      'سعيد بن سالم الهنائي\t+968 9123 4567\tذهبية\t٢',
      'Fatma Al Balushi, 91234568, Silver Room, 1',
      '',
      'مريم الكندي، gold، ١',
    ].join('\n');
    expect(plain(rowsFromText(text, types))).toEqual([
      { fullName: 'سعيد بن سالم الهنائي', phoneNumber: '+96891234567', roomType: 'gold', adults: '2' },
      { fullName: 'Fatma Al Balushi', phoneNumber: '91234568', roomType: 'silver', adults: '1' },
      { fullName: 'مريم الكندي', phoneNumber: '', roomType: 'gold', adults: '1' },
    ]);
  });

  it('names alone take the block’s one type', () => {
    expect(plain(rowsFromText('أحمد\nخالد العامري', types, 'gold'))).toEqual([
      { fullName: 'أحمد', phoneNumber: '', roomType: 'gold', adults: '1' },
      { fullName: 'خالد العامري', phoneNumber: '', roomType: 'gold', adults: '1' },
    ]);
  });

  it('a CSV file: BOM, header, quoted comma, semicolons', () => {
    const csv =
      '\uFEFFname;phone;room type;adults\r\n"Al Hinai, Said";99887766;gold;2\r\nعلي الرواحي;;silver;1\r\n';
    expect(plain(rowsFromCsv(csv, types))).toEqual([
      { fullName: 'Al Hinai, Said', phoneNumber: '99887766', roomType: 'gold', adults: '2' },
      { fullName: 'علي الرواحي', phoneNumber: '', roomType: 'silver', adults: '1' },
    ]);
  });

  it('problems before sending, and the body of a good line', () => {
    const row = { key: 'k', fullName: 'x', phoneNumber: 'abc', roomType: 'bronze', adults: '0' };
    expect(rowProblems(row, ['gold', 'silver'])).toEqual(['name', 'roomType', 'adults', 'phone']);
    const [good] = rowsFromText('سعيد, ٩١٢٣٤٥٦٧, gold, ٢', types);
    expect(rowProblems(good!, ['gold'])).toEqual([]);
    expect(lineBody(good!)).toEqual({
      fullName: 'سعيد',
      roomType: 'gold',
      adults: 2,
      phoneNumber: '91234567',
    });
  });
});
