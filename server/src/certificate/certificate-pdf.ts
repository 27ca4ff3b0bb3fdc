// Draws the certificate as a one-page landscape A4 PDF with pdf-lib's standard fonts (no font
// files to ship; text is folded to WinAnsi first, see win-ansi.ts). The layout, top to bottom:
// logo, title, the learner's name, the course and its institution; along the bottom the issue date
// and id, the signatories (a typed name when nobody has a signature, decision 079) with the line
// saying for whom the platform signed, and the QR code that opens the public verification page.
import {
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  degrees,
  drawObject,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setCharacterSpacing,
  setFillingRgbColor,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { encode } from 'uqr';
import type { PdfImage } from './certificate-images';
import { toWinAnsi } from './win-ansi';

export interface CertificatePdfInput {
  certificateId: string;
  learnerName: string;
  courseTitle: string;
  institution: string;
  issuedAt: Date;
  verifyUrl: string;
  logo: PdfImage | null;
  /** `typed`: no signature picture exists; this text is written on the line instead (decision 079). */
  signatories: { name: string; jobTitle: string; signature: PdfImage | null; typed?: string | null }[];
  /** Printed under the signatures when the platform signed for the partner. */
  signingNote?: string | null;
}

const PAGE = { width: 841.89, height: 595.28 };
const NAVY = rgb(11 / 255, 46 / 255, 111 / 255);
const GOLD = rgb(184 / 255, 144 / 255, 47 / 255);
const INK = rgb(31 / 255, 41 / 255, 55 / 255);
const MUTED = rgb(75 / 255, 85 / 255, 101 / 255);
const PAPER = rgb(1, 253 / 255, 247 / 255);
const WHITE = rgb(1, 1, 1);

export const formatIssueDate = (date: Date) =>
  new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }).format(date);

interface Fonts {
  title: PDFFont;
  name: PDFFont;
  italic: PDFFont;
  serif: PDFFont;
  sans: PDFFont;
  sansBold: PDFFont;
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    title: await doc.embedFont(StandardFonts.TimesRomanBold),
    name: await doc.embedFont(StandardFonts.TimesRomanBoldItalic),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    serif: await doc.embedFont(StandardFonts.TimesRoman),
    sans: await doc.embedFont(StandardFonts.Helvetica),
    sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  doc.setTitle(`Certificate of Completion: ${input.courseTitle}`);
  doc.setSubject(`${input.learnerName} completed ${input.courseTitle}, offered by ${input.institution}`);
  doc.setAuthor(input.institution);
  doc.setCreator('Rivet');
  doc.setProducer('Rivet');
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);

  const page = doc.addPage([PAGE.width, PAGE.height]);
  drawFrame(page);
  const center = PAGE.width / 2;

  if (input.logo) {
    const { width, height } = fitInside(input.logo, 150, 62);
    drawImage(doc, page, input.logo, { x: center - width / 2, y: 548 - height, width, height });
  }

  centered(page, 'CERTIFICATE OF COMPLETION', { font: fonts.title, size: 28, y: 446, color: NAVY, spacing: 2.5 });
  drawRule(page, center, 430, 90);
  centered(page, 'This is to certify that', { font: fonts.italic, size: 15, y: 398, color: MUTED });

  const name = toWinAnsi(input.learnerName);
  const nameSize = fitSize(fonts.name, name, 40, 24, 620);
  centered(page, name, { font: fonts.name, size: nameSize, y: 352, color: NAVY });
  page.drawLine({ start: { x: center - 220, y: 340 }, end: { x: center + 220, y: 340 }, thickness: 0.75, color: GOLD });

  centered(page, 'has successfully completed', { font: fonts.italic, size: 15, y: 314, color: MUTED });
  const title = toWinAnsi(input.courseTitle);
  const titleSize = fitSize(fonts.sansBold, title, 21, 15, 1240);
  const titleLines = wrapText(fonts.sansBold, title, titleSize, 640, 2);
  let y = 284;
  for (const line of titleLines) {
    centered(page, line, { font: fonts.sansBold, size: titleSize, y, color: INK });
    y -= titleSize * 1.25;
  }
  centered(page, `offered by ${toWinAnsi(input.institution)}`, { font: fonts.serif, size: 14, y: y - 4, color: MUTED, maxWidth: 640 });

  drawIssueDetails(page, fonts, input);
  drawSignatories(doc, page, fonts, input.signatories);
  if (input.signingNote) {
    centered(page, toWinAnsi(input.signingNote), { font: fonts.italic, size: 9, y: 78, color: MUTED, x: SIGNATURE_ROW.center, maxWidth: SIGNATURE_ROW.right - SIGNATURE_ROW.left });
  }
  drawQrCode(page, input.verifyUrl, { x: PAGE.width - 60 - 86, y: 74, size: 86 });
  centered(page, `Scan or visit ${input.verifyUrl} to verify`, { font: fonts.sans, size: 8, y: 40, color: MUTED, maxWidth: PAGE.width - 90 });

  return doc.save();
}

function drawFrame(page: PDFPage) {
  const { width, height } = PAGE;
  page.drawRectangle({ x: 0, y: 0, width, height, color: PAPER });
  page.drawRectangle({ x: 14, y: 14, width: width - 28, height: height - 28, borderColor: NAVY, borderWidth: 4 });
  page.drawRectangle({ x: 22, y: 22, width: width - 44, height: height - 44, borderColor: GOLD, borderWidth: 1.2 });
  page.drawRectangle({ x: 26, y: 26, width: width - 52, height: height - 52, borderColor: NAVY, borderWidth: 0.4 });
  // A faint rosette behind the text, as on printed certificates.
  for (let i = 0; i < 12; i++) {
    page.drawEllipse({ x: width / 2, y: 300, xScale: 150, yScale: 54, rotate: degrees(i * 15), borderColor: NAVY, borderWidth: 0.5, borderOpacity: 0.06 });
  }
  // Corner ornaments: a diamond on the gold line with a bracket inside the corner.
  for (const [cx, cy, sx, sy] of [
    [22, 22, 1, 1],
    [width - 22, 22, -1, 1],
    [22, height - 22, 1, -1],
    [width - 22, height - 22, -1, -1],
  ] as const) {
    page.drawSquare({ x: cx, y: cy - 6 * Math.SQRT2, size: 12, rotate: degrees(45), color: NAVY });
    page.drawLine({ start: { x: cx + sx * 16, y: cy + sy * 12 }, end: { x: cx + sx * 46, y: cy + sy * 12 }, thickness: 1.2, color: GOLD });
    page.drawLine({ start: { x: cx + sx * 12, y: cy + sy * 16 }, end: { x: cx + sx * 12, y: cy + sy * 46 }, thickness: 1.2, color: GOLD });
  }
}

function drawRule(page: PDFPage, cx: number, y: number, half: number) {
  page.drawLine({ start: { x: cx - half, y }, end: { x: cx - 8, y }, thickness: 1, color: GOLD });
  page.drawLine({ start: { x: cx + 8, y }, end: { x: cx + half, y }, thickness: 1, color: GOLD });
  page.drawSquare({ x: cx, y: y - 3.5 * Math.SQRT2, size: 7, rotate: degrees(45), color: GOLD });
}

function drawIssueDetails(page: PDFPage, fonts: Fonts, input: CertificatePdfInput) {
  const x = 62;
  label(page, fonts, 'DATE OF ISSUE', x, 158);
  page.drawText(formatIssueDate(input.issuedAt), { x, y: 142, font: fonts.serif, size: 13, color: INK });
  const prefix = 'Certificate ID: ';
  page.drawText(prefix, { x, y: 114, font: fonts.sans, size: 8.5, color: MUTED });
  page.drawText(input.certificateId, { x: x + fonts.sans.widthOfTextAtSize(prefix, 8.5), y: 114, font: fonts.sansBold, size: 9, color: INK });
}

function label(page: PDFPage, fonts: Fonts, text: string, x: number, y: number) {
  page.pushOperators(setCharacterSpacing(1));
  page.drawText(text, { x, y, font: fonts.sansBold, size: 7, color: GOLD });
  page.pushOperators(setCharacterSpacing(0));
}

/** Between the issue details and the QR code. */
const SIGNATURE_ROW = { left: 236, right: PAGE.width - 190, center: (236 + PAGE.width - 190) / 2 };

function drawSignatories(doc: PDFDocument, page: PDFPage, fonts: Fonts, signatories: CertificatePdfInput['signatories']) {
  if (!signatories.length) return;
  const { left, right } = SIGNATURE_ROW;
  const slot = Math.min(170, (right - left) / signatories.length);
  const start = (left + right) / 2 - (slot * signatories.length) / 2;
  for (const [i, signatory] of signatories.entries()) {
    const cx = start + slot * i + slot / 2;
    const lineHalf = slot / 2 - 12;
    if (signatory.signature) {
      const { width, height } = fitInside(signatory.signature, lineHalf * 2, 44);
      drawImage(doc, page, signatory.signature, { x: cx - width / 2, y: 138, width, height });
    } else if (signatory.typed) {
      const typed = toWinAnsi(signatory.typed);
      centered(page, typed, { font: fonts.name, size: fitSize(fonts.name, typed, 24, 12, lineHalf * 2), y: 142, color: NAVY, x: cx });
    }
    page.drawLine({ start: { x: cx - lineHalf, y: 134 }, end: { x: cx + lineHalf, y: 134 }, thickness: 0.75, color: INK });
    const name = toWinAnsi(signatory.name);
    const nameSize = fitSize(fonts.sansBold, name, 9.5, 7, lineHalf * 2 + 16);
    centered(page, name, { font: fonts.sansBold, size: nameSize, y: 121, color: INK, x: cx });
    wrapText(fonts.sans, toWinAnsi(signatory.jobTitle), 8, lineHalf * 2 + 16, 2).forEach((line, n) => {
      centered(page, line, { font: fonts.sans, size: 8, y: 109 - n * 10, color: MUTED, x: cx });
    });
  }
}

function fitInside(image: PdfImage, maxWidth: number, maxHeight: number) {
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

/** An image XObject (with its alpha as a soft mask) from the prepared, already deflated samples. */
function drawImage(doc: PDFDocument, page: PDFPage, image: PdfImage, box: { x: number; y: number; width: number; height: number }) {
  const { context } = doc;
  const samples = { Type: 'XObject', Subtype: 'Image', Width: image.width, Height: image.height, BitsPerComponent: 8, Filter: 'FlateDecode' };
  const mask = image.alpha ? context.register(context.stream(image.alpha, { ...samples, ColorSpace: 'DeviceGray' })) : null;
  const ref = context.register(context.stream(image.rgb, { ...samples, ColorSpace: 'DeviceRGB', ...(mask ? { SMask: mask } : {}) }));
  const name = page.node.newXObject('Image', ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(box.width, 0, 0, box.height, box.x, box.y), drawObject(name), popGraphicsState());
}

function drawQrCode(page: PDFPage, text: string, box: { x: number; y: number; size: number }) {
  const qr = encode(text, { ecc: 'M', border: 0 });
  const quiet = 4;
  const module = box.size / (qr.size + quiet * 2);
  page.drawRectangle({ x: box.x, y: box.y, width: box.size, height: box.size, color: WHITE });
  const ox = box.x + quiet * module;
  const top = box.y + box.size - quiet * module;
  // One path of a rectangle per run of dark modules in a row, filled once: raw operators, as
  // pdf-lib's drawRectangle per module costs ~30 ms a code.
  const runs = [];
  for (const [r, row] of qr.data.entries()) {
    for (let c = 0; c < row.length; ) {
      if (!row[c]) {
        c++;
        continue;
      }
      let end = c;
      while (end < row.length && row[end]) end++;
      // A hair of overlap hides the seams some viewers draw between neighbouring rectangles.
      runs.push(rectangle(ox + c * module, top - (r + 1) * module, (end - c) * module + 0.05, module + 0.05));
      c = end;
    }
  }
  page.pushOperators(pushGraphicsState(), setFillingRgbColor(NAVY.red, NAVY.green, NAVY.blue), ...runs, fill(), popGraphicsState());
}

interface TextOptions {
  font: PDFFont;
  size: number;
  y: number;
  color: ReturnType<typeof rgb>;
  /** Centre line; the page's by default. */
  x?: number;
  /** Extra space between letters. */
  spacing?: number;
  /** Shrinks the text to fit. */
  maxWidth?: number;
}

function centered(page: PDFPage, text: string, options: TextOptions) {
  const { font, y, color, spacing = 0 } = options;
  const size = options.maxWidth ? fitSize(font, text, options.size, 5, options.maxWidth) : options.size;
  const width = font.widthOfTextAtSize(text, size) + spacing * Math.max(0, text.length - 1);
  const x = (options.x ?? PAGE.width / 2) - width / 2;
  if (!spacing) {
    page.drawText(text, { x, y, font, size, color });
    return;
  }
  page.pushOperators(pushGraphicsState(), setCharacterSpacing(spacing));
  page.drawText(text, { x, y, font, size, color });
  page.pushOperators(popGraphicsState());
}

/** The largest size up to `max` (not below `min`) at which the text fits the width. */
function fitSize(font: PDFFont, text: string, max: number, min: number, width: number): number {
  const atMax = font.widthOfTextAtSize(text, max);
  return atMax <= width ? max : Math.max(min, (max * width) / atMax);
}

/** Greedy word wrap; the last line takes the rest of the text, cut with an ellipsis if needed. */
function wrapText(font: PDFFont, text: string, size: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(' ');
  for (const [i, word] of words.entries()) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (lines.length === maxLines - 1) {
      line = [line, ...words.slice(i)].join(' ');
      break;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(truncate(font, line, size, width));
  return lines;
}

function truncate(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
