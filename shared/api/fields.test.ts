import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { registerFormSchema, registerInputSchema } from './authentication';
import { MAX_ID, id, idList, noControlCharacters, pathId, pathUserId, queryBoolean, queryInt, required, text } from './fields';
import { updateStudentProfileSchema } from './profile';

const firstMessage = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? null : result.issues[0]!.message;
};

describe('bounded contract fields', () => {
  it('takes ids from 1 to 2³¹−1 and names the range otherwise', () => {
    const courseId = id('courseId');
    expect(v.parse(courseId, MAX_ID)).toBe(MAX_ID);
    expect(firstMessage(courseId, undefined)).toBe('courseId is required');
    for (const bad of [MAX_ID + 1, 2 ** 53, 0, -1, 1.5]) expect(firstMessage(courseId, bad), String(bad)).toBe('courseId must be a whole number from 1 to 2147483647');
  });

  it('caps id lists at 100 and checks every id in them', () => {
    const list = idList('languageIds');
    expect(v.parse(list, undefined)).toEqual([]);
    expect(firstMessage(list, Array.from({ length: 101 }, () => 1))).toBe('At most 100 languageIds');
    expect(firstMessage(list, [1, 2 ** 31])).toBe('Each of languageIds must be a whole number from 1 to 2147483647');
  });

  it('refuses NUL and other control characters in text, keeping line breaks only in multi-line text', () => {
    expect(firstMessage(text(50), 'Ada\u0000')).toBe('Text must not contain control characters.');
    expect(firstMessage(text(50), 'Ada\u001b[31m')).toBe('Text must not contain control characters.');
    expect(firstMessage(text(50), 'two\nlines')).toBe('Text must not contain control characters.');
    expect(v.parse(text(50, { multiline: true }), ' two\nlines\tand a tab ')).toBe('two\nlines\tand a tab');
    expect(firstMessage(v.pipe(v.string(), noControlCharacters(true)), 'bell\u0007')).toBe('Text must not contain control characters.');
    expect(firstMessage(text(50), 'x'.repeat(51))).toBe('At most 50 characters');
  });

  it('bounds required text at 1,000 characters unless told otherwise', () => {
    expect(firstMessage(required('Password is required'), '   ')).toBe('Password is required');
    expect(firstMessage(required('Password is required'), 'x'.repeat(1001))).toBe('At most 1,000 characters');
    expect(firstMessage(required('Password is required'), 'a\u0000b')).toBe('Text must not contain control characters.');
  });

  it('reads bounded numbers and booleans from query strings', () => {
    const page = queryInt('Page', 1, 100_000, 1);
    expect(v.parse(page, undefined)).toBe(1);
    expect(v.parse(page, '42')).toBe(42);
    for (const bad of ['0', '100001', '-1', '1.5', '1e3', 'abc', '99999999999']) expect(firstMessage(page, bad), bad).toBe('Page must be a whole number from 1 to 100000');
    expect(v.parse(queryBoolean('IsActive'), 'TRUE')).toBe(true);
    expect(firstMessage(queryBoolean('IsActive'), 'yes')).toBe('IsActive must be true or false');
  });

  it('checks path ids and user ids, leaving them as text', () => {
    expect(v.parse(pathId('courseId'), '2147483647')).toBe('2147483647');
    for (const bad of ['2147483648', '0', '007', '-1', 'abc']) expect(firstMessage(pathId('courseId'), bad), bad).toBe('courseId must be a whole number from 1 to 2147483647');
    expect(firstMessage(pathUserId(), 'not-a-uuid')).toBe('userId must be a UUID');
  });
});

describe('sign-up limits are the profile form’s', () => {
  const good = { firstName: 'Chidi', lastName: 'Okeke', email: 'chidi@example.ng', password: 'Str0ng!pass', age: '25-29', country: 'NG' };

  it('refuses a 5 KB first name, as the profile form does', () => {
    const long = 'A'.repeat(5 * 1024);
    expect(firstMessage(registerInputSchema, { ...good, firstName: long })).toBe('At most 60 characters');
    expect(firstMessage(updateStudentProfileSchema, { Id: '00000000-0000-4000-8000-000000000000', 'UpdateProfiles.FirstName': long })).toBe('At most 60 characters');
    expect(firstMessage(registerFormSchema, { ...good, firstName: long, confirmPassword: good.password, acceptTerms: true })).toBe('At most 60 characters');
  });

  it('takes letters only in names, and a country code', () => {
    expect(v.parse(registerInputSchema, { ...good, firstName: 'Ọláolúwa', lastName: "Eze-O'Neil" })).toMatchObject({ firstName: 'Ọláolúwa', lastName: "Eze-O'Neil" });
    expect(firstMessage(registerInputSchema, { ...good, firstName: 'Chidi2' })).toBe('Only alphabets please');
    expect(firstMessage(registerInputSchema, { ...good, lastName: 'x'.repeat(61) })).toBe('At most 60 characters');
    expect(firstMessage(registerInputSchema, { ...good, middleName: 'Ada\u0000' })).toBe('Only alphabets please');
    expect(firstMessage(registerInputSchema, { ...good, country: 'Nigeria' })).toBe('Please select a country');
    expect(firstMessage(registerInputSchema, { ...good, firstName: '' })).toBe('Please input your Firstname!');
  });
});
