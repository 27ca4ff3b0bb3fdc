import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { toWinAnsi } from './win-ansi';

describe('text for the standard PDF fonts', () => {
  it.each([
    ['Ọláolúwa Adébáyọ̀', 'Olaoluwa Adebayo'],
    ['Ụchẹ Nwáńkwọ', 'Uche Nwankwo'],
    ['Ɓala Ɗanjuma Ƙauran', 'Bala Danjuma Kauran'],
    ['Renée Müller', 'Renée Müller'],
    ['  Ada\u200b   Obi  ', 'Ada Obi'],
    ['Chioma Eze', 'Chioma Eze'],
    ['Ngozi 王', 'Ngozi ?'],
  ])('folds %s to %s', (input, expected) => {
    expect(toWinAnsi(input)).toBe(expected);
  });

  it('gives text every standard font can encode', async () => {
    const doc = await PDFDocument.create();
    const fonts = await Promise.all([StandardFonts.Helvetica, StandardFonts.TimesRomanBoldItalic].map((f) => doc.embedFont(f)));
    const text = toWinAnsi('Ọláolúwa Ɓala Ŋozi ẞ Đặng Łukasz “quoted” — €5 ₦5,000 😀');
    for (const font of fonts) expect(() => font.encodeText(text)).not.toThrow();
  });
});
