// Bounded fields for the contract. Every id, number, list and piece of text an endpoint accepts
// has a range, so nothing a caller sends can overflow a column (PostgreSQL `integer` stops at
// 2³¹−1), fill memory with a huge list, or reach the database as a byte it cannot store (`text`
// refuses NUL). Whatever falls outside is a 400 with a message, never a 500. Endpoints declare
// their fields with these helpers; the forms that share the schemas get the same limits.
import * as v from 'valibot';

/** The largest id: PostgreSQL `integer` (serial) columns stop here. */
export const MAX_ID = 2_147_483_647;
/**
 * The largest `smallint`: levels, types, statuses and other codes are stored in smallint columns,
 * so a field compared with or stored in one stops here (server/src/db/contract-columns.test.ts
 * checks every contract field against the columns it reaches).
 */
export const MAX_SMALLINT = 32_767;
/** The most ids one filter list may hold; no real filter comes near it. */
export const MAX_IDS = 100;
/** The longest text a field takes unless it says otherwise. */
export const MAX_TEXT = 1000;
/** Names on the sign-up and profile forms. */
export const NAME_MAX = 60;
/** The longest e-mail address (RFC 5321). */
export const EMAIL_MAX = 254;

export const CONTROL_CHARACTERS_MESSAGE = 'Text must not contain control characters.';

// C0 and C1 controls and DEL; multi-line text keeps tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex -- these are exactly the characters refused
const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, less \t \n \r
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Refuses control characters: none belongs in a name, a code or an answer, and NUL cannot be stored. */
export const noControlCharacters = (multiline = false) =>
  v.check((s: string) => !(multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(s), CONTROL_CHARACTERS_MESSAGE);

const tooLong = (max: number) => `At most ${max.toLocaleString('en-NG')} characters`;

/** Trimmed text of at most `max` characters, without control characters (line breaks only when multiline). */
export const text = (max = MAX_TEXT, options: { multiline?: boolean; tooLong?: string } = {}) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, options.tooLong ?? tooLong(max)), noControlCharacters(options.multiline));

/** A required text field: missing, null, empty and blank all give the same message. */
export const required = (message: string, max = MAX_TEXT) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), ''),
    v.transform((s) => (s ?? '').trim()),
    v.nonEmpty(message),
    v.maxLength(max, tooLong(max)),
    noControlCharacters(),
  );

const LETTERS = /^[\p{L}\p{M}'’-]+$/u;

/** A first, middle or last name: letters (any script), apostrophes and hyphens, at most 60 characters. */
export const personName = (message = 'Only alphabets please') =>
  v.pipe(v.string(), v.trim(), v.maxLength(NAME_MAX, tooLong(NAME_MAX)), v.check((s) => s === '' || LETTERS.test(s), message));

const wholeNumber = (name: string, min: number, max: number) => `${name} must be a whole number from ${min} to ${max}`;

/** A whole number in [min, max] in a JSON body. */
export const int = (name: string, min: number, max: number, requiredMessage = wholeNumber(name, min, max)) => {
  const range = wholeNumber(name, min, max);
  return v.pipe(v.number(requiredMessage), v.integer(range), v.minValue(min, range), v.maxValue(max, range));
};

/** A number (fractions allowed) in [min, max] in a JSON body. */
export const bounded = (name: string, min: number, max: number) => {
  const range = `${name} must be from ${min} to ${max}`;
  return v.pipe(v.number(range), v.minValue(min, range), v.maxValue(max, range));
};

/** A database id in a JSON body: a whole number from 1 to 2³¹−1. */
export const id = (name: string, requiredMessage = `${name} is required`) => int(name, 1, MAX_ID, requiredMessage);

/** A list of ids (a filter): at most `max` of them, each a valid id; missing is empty. */
export const idList = (name: string, max = MAX_IDS) =>
  v.optional(v.pipe(v.array(id(`Each of ${name}`, wholeNumber(`Each of ${name}`, 1, MAX_ID)), `${name} must be a list of ids`), v.maxLength(max, `At most ${max} ${name}`)), []);

/** A code kept in a `smallint` column (a level, type or status), as a whole number in [min, max ≤ 32767]. */
export const smallint = (name: string, min = 0, max = MAX_SMALLINT, requiredMessage?: string) => int(name, min, Math.min(max, MAX_SMALLINT), requiredMessage);

/** A filter on a `smallint` column (levels, types): at most `max` codes, each from 1 to 32767; missing is empty. */
export const smallintList = (name: string, max = MAX_IDS) => {
  const range = wholeNumber(`Each of ${name}`, 1, MAX_SMALLINT);
  return v.optional(v.pipe(v.array(smallint(`Each of ${name}`, 1, MAX_SMALLINT, range), `${name} must be a list of whole numbers`), v.maxLength(max, `At most ${max} ${name}`)), []);
};

/** Kobo as the naira a message shows: 1_000_000_000 → '₦10,000,000'. */
export const nairaText = (kobo: number) => `₦${(kobo / 100).toLocaleString('en-NG')}`;

/**
 * A sum of money in naira, from ₦0 to `maxKobo` (a limit derived from the one base-price limit in
 * shared/domain/pricing.ts, never a figure of its own), with kobo at most.
 */
export const naira = (name: string, maxKobo: number, requiredMessage = `${name} is required`) => {
  const range = `${name} must be from ₦0 to ${nairaText(maxKobo)}`;
  return v.pipe(v.number(requiredMessage), v.minValue(0, range), v.maxValue(maxKobo / 100, range));
};

/** A user id (UUID) in a JSON body or query. */
export const userId = (name = 'userId', requiredMessage = `${name} is required`) =>
  v.pipe(required(requiredMessage), v.uuid(`${name} must be a UUID`));

// ── Query strings and path segments arrive as text ────────────────────────────────────────────

const DIGITS = /^\d{1,10}$/;

const queryNumber = (name: string, min: number, max: number) => {
  const range = wholeNumber(name, min, max);
  return v.pipe(v.string(), v.regex(DIGITS, range), v.toNumber(), v.minValue(min, range), v.maxValue(max, range));
};

/** A whole number in [min, max] from a query string; `fallback` when absent. */
export const queryInt = (name: string, min: number, max: number, fallback: number) => v.optional(queryNumber(name, min, max), String(fallback));

/** A whole number in [min, max] from a query string, or nothing. */
export const optionalQueryInt = (name: string, min: number, max: number) => v.optional(queryNumber(name, min, max));

/** A required id from a query string. */
export const queryId = (name: string, requiredMessage = `${name} is required`) => {
  const range = wholeNumber(name, 1, MAX_ID);
  return v.pipe(required(requiredMessage), v.regex(DIGITS, range), v.toNumber(), v.minValue(1, range), v.maxValue(MAX_ID, range));
};

/** 'true' or 'false' (any case) from a query string. */
export const queryBoolean = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.picklist(['true', 'false'], `${name} must be true or false`),
      v.transform((s) => s === 'true'),
    ),
  );

/** 'true' or 'false' (any case), required. */
export const requiredQueryBoolean = (name: string) =>
  v.pipe(v.string(`${name} must be true or false`), v.toLowerCase(), v.picklist(['true', 'false'], `${name} must be true or false`), v.transform((s) => s === 'true'));

// Path segments stay strings (the routes read them as such); they are only checked here.

/** An id in the path. */
export const pathId = (name: string) => {
  const range = wholeNumber(name, 1, MAX_ID);
  return v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, range), v.check((s) => Number(s) <= MAX_ID, range));
};

/** A user id (UUID) in the path. */
export const pathUserId = (name = 'userId') => v.pipe(v.string(), v.uuid(`${name} must be a UUID`));

/** A code or reference in the path: at most `max` characters, no control characters. */
export const pathCode = (name: string, max = 64) =>
  v.pipe(v.string(), v.maxLength(max, `${name} is too long`), noControlCharacters());
