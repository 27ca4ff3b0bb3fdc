// The PDF's standard fonts (Times, Helvetica) can only show WinAnsi characters, and pdf-lib throws
// on anything else. Names on a Nigerian certificate often carry Yoruba and Igbo tone marks and
// dot-below letters ('Ọláolúwa', 'Ụchẹ') or Hausa hooked letters ('Ɓala'), so text is folded
// before it is drawn: a word that WinAnsi can show whole keeps its accents ('Renée'); any other
// word loses all its marks, so it reads consistently ('Olaoluwa', not 'Oláolúwa').

/** WinAnsi (Windows-1252): printable ASCII, Latin-1 and the 27 extras in 0x80–0x9F. */
const WIN_ANSI = new Set<number>([
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  ...[...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((c) => c.codePointAt(0)!),
]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Letters with no decomposition, spelt the way their readers would write them without it. */
const LOOKALIKES: Record<string, string> = {
  Ɓ: 'B', ɓ: 'b', Ɗ: 'D', ɗ: 'd', Ƙ: 'K', ƙ: 'k', Ƴ: 'Y', ƴ: 'y',
  Ŋ: 'N', ŋ: 'n', Ə: 'E', ə: 'e', Ɛ: 'E', ɛ: 'e', Ɔ: 'O', ɔ: 'o',
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', ʼ: '’', ʻ: '‘',
};

const showable = (text: string) => [...text].every((c) => WIN_ANSI.has(c.codePointAt(0)!));

function foldWord(word: string): string {
  const nfc = word.normalize('NFC');
  if (showable(nfc)) return nfc;
  return [...nfc.normalize('NFD').replace(/\p{M}/gu, '')]
    .map((c) => (WIN_ANSI.has(c.codePointAt(0)!) ? c : (LOOKALIKES[c] ?? '?')))
    .join('');
}

/** Text the standard PDF fonts can draw; whitespace runs become single spaces. */
export function toWinAnsi(text: string): string {
  return text
    .replace(/\p{Cf}/gu, '')
    .trim()
    .split(/\s+/u)
    .map(foldWord)
    .join(' ');
}
