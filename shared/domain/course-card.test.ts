import { describe, expect, it } from 'vitest';
import { cardButtonLabel, coursePriceLabel, courseTimeFacts, courseTypeLabel, formatDuration, needsPayment, snippet, thumbnailHeight, truncateTitle, videoUrl } from './course-card';
import { titleSlug } from './slug';

describe('course card button label', () => {
  it('says Resume on the dashboard, whatever else is true', () => {
    expect(cardButtonLabel({ context: 'dashboard', draft: true, showPrice: true })).toBe('Resume');
  });
  it('says Explore in the learner build and on the manage-course page', () => {
    expect(cardButtonLabel({ context: 'learner', showPrice: true })).toBe('Explore');
    expect(cardButtonLabel({ context: 'manage', draft: true })).toBe('Explore');
  });
  it('says Review Course in review mode', () => {
    expect(cardButtonLabel({ context: 'review', showPrice: true, draft: true })).toBe('Review Course');
  });
  it('says View Course when a price is shown, before the draft rule', () => {
    expect(cardButtonLabel({ context: 'admin', showPrice: true, draft: true })).toBe('View Course');
  });
  it('says Continue for a draft and Published otherwise', () => {
    expect(cardButtonLabel({ context: 'admin', draft: true })).toBe('Continue');
    expect(cardButtonLabel({ context: 'admin' })).toBe('Published');
  });
});

describe('title truncation', () => {
  it('keeps titles of 60 characters or fewer', () => {
    const title = 'x'.repeat(60);
    expect(truncateTitle(title)).toEqual({ text: title, truncated: false });
  });
  it('cuts longer titles at 60 characters and adds an ellipsis', () => {
    const result = truncateTitle(`${'a'.repeat(60)}bcd`);
    expect(result).toEqual({ text: `${'a'.repeat(60)}…`, truncated: true });
  });
  it('does not leave a space before the ellipsis', () => {
    expect(truncateTitle(`${'a'.repeat(59)} and more`).text).toBe(`${'a'.repeat(59)}…`);
  });
});

describe('display helpers', () => {
  it('cuts snippets near 85 characters at a word boundary', () => {
    const text = 'Learn to build budgets, track stock and present sales figures with spreadsheets that your team can trust.';
    const result = snippet(text);
    expect(result.endsWith('…')).toBe(true);
    expect(result.length).toBeLessThanOrEqual(86);
    expect(text.startsWith(result.slice(0, -1))).toBe(true);
    expect(snippet('Short text.')).toBe('Short text.');
  });
  it('prefixes video URLs lacking http, but not app media paths', () => {
    expect(videoUrl('videos.example.ng/a.mp4')).toBe('http://videos.example.ng/a.mp4');
    expect(videoUrl('https://videos.example.ng/a.mp4')).toBe('https://videos.example.ng/a.mp4');
    expect(videoUrl('/media/demo/a.mp4')).toBe('/media/demo/a.mp4');
  });
  it('reads a duration as people say it, never "1mins" or "0 hours"', () => {
    expect(formatDuration(45)).toBe('45 mins');
    expect(formatDuration(1)).toBe('1 min');
    expect(formatDuration(60)).toBe('1 hour');
    expect(formatDuration(80)).toBe('1 hr 20 mins');
    expect(formatDuration(61)).toBe('1 hr 1 min');
    expect(formatDuration(125)).toBe('2 hrs 5 mins');
    expect(formatDuration(180)).toBe('3 hours');
    expect(formatDuration(585)).toBe('9 hrs 45 mins');
    expect(formatDuration(0)).toBeNull();
    expect(formatDuration(-3)).toBeNull();
  });
  it('reads the Self course type as self-paced', () => {
    expect(courseTypeLabel('Self')).toBe('Self-paced');
    expect(courseTypeLabel('Instructor-led')).toBe('Instructor-led');
  });
  it('makes readable title slugs', () => {
    expect(titleSlug('Excel for Small Business: Budgets & Stock')).toBe('excel-for-small-business-budgets-stock');
    expect(titleSlug('???')).toBe('course');
  });
  it('sends only priced paid courses to checkout', () => {
    expect(needsPayment({ isPaid: true, coursePrice: { amount: 8500 } })).toBe(true);
    expect(needsPayment({ isPaid: true, coursePrice: { amount: 0 } })).toBe(false);
    expect(needsPayment({ isPaid: false, coursePrice: { amount: 8500 } })).toBe(false);
  });
});

describe('course price on cards and pages', () => {
  const price = (amount: number, basePrice: number) => ({ amount, basePrice, vat: 0, gatewayCharge: 0, currencyId: 1 });
  it('is the course’s own price, without VAT and the card fee that checkout adds', () => {
    expect(coursePriceLabel({ isPaid: true, coursePrice: price(32_842.64, 30_000) })).toBe('₦30,000');
  });
  it('is Free for a free course or a price of 0', () => {
    expect(coursePriceLabel({ isPaid: false, coursePrice: price(0, 0) })).toBe('Free');
    expect(coursePriceLabel({ isPaid: true, coursePrice: price(0, 0) })).toBe('Free');
  });
});

describe('thumbnail shape', () => {
  it('follows the 1125×796 authoring guideline', () => {
    expect(thumbnailHeight(1125)).toBe(796);
    expect(thumbnailHeight(270)).toBe(191);
  });
});

describe('course time facts', () => {
  it('shows the effort the author entered beside the computed duration, even when the course is shorter than a week of it', () => {
    expect(courseTimeFacts({ duration: 65, effort: '4 to 6 hours per week' })).toEqual({ duration: '1 hr 5 mins', effort: '4 to 6 hours per week' });
    expect(courseTimeFacts({ duration: 600, effort: ' 2 to 3 hours per week ' })).toEqual({ duration: '10 hours', effort: '2 to 3 hours per week' });
  });
  it('leaves out a duration nothing in the course has measured yet, and an empty effort', () => {
    expect(courseTimeFacts({ duration: 0, effort: 'Self-paced' })).toEqual({ duration: null, effort: 'Self-paced' });
    expect(courseTimeFacts({ duration: 30, effort: '  ' })).toEqual({ duration: '30 mins', effort: null });
  });
});
