import { describe, expect, it } from 'vitest';
import { ASSET_TYPE } from './curriculum';
import { assetSeconds, courseMinutes, readingMinutes } from './course-duration';

const video = (seconds: number | null) => ({ assetType: ASSET_TYPE.video, duration: seconds });
const article = (minutes: number) => ({ assetType: ASSET_TYPE.article, duration: minutes });
const quiz = (settings: { timed: boolean; duration?: number; questions: number }) => ({ assetType: ASSET_TYPE.quiz, duration: null, quiz: settings });

describe('a course’s minutes from its content', () => {
  it('adds videos’ measured seconds, articles’ reading minutes and timed quizzes’ limits', () => {
    // 12:30 of video + 7:30 of video + 4 min read + a 15-minute quiz = 39 minutes.
    expect(courseMinutes([video(750), video(450), article(4), quiz({ timed: true, duration: 15, questions: 3 })])).toBe(39);
  });
  it('counts an untimed quiz at a minute a question', () => {
    expect(courseMinutes([quiz({ timed: false, questions: 5 })])).toBe(5);
    expect(courseMinutes([quiz({ timed: true, duration: 0, questions: 5 })])).toBe(0);
  });
  it('counts a video still being processed (no length yet) as nothing, not as a minute', () => {
    expect(courseMinutes([video(null), article(1)])).toBe(1);
    expect(courseMinutes([video(null)])).toBe(0);
  });
  it('rounds the sum up to the minute, not each clip down', () => {
    expect(courseMinutes(Array.from({ length: 10 }, () => video(20)))).toBe(4);
    expect(courseMinutes([video(61)])).toBe(2);
  });
  it('counts audio and a lesson package with a known length, and never a picture', () => {
    expect(assetSeconds({ assetType: ASSET_TYPE.audio, duration: 90 })).toBe(90);
    expect(assetSeconds({ assetType: ASSET_TYPE.compressVideo, duration: 120 })).toBe(120);
    expect(assetSeconds({ assetType: ASSET_TYPE.image, duration: 999 })).toBe(0);
  });
  it('ignores nonsense it may read from older rows (negative, missing quiz settings)', () => {
    expect(courseMinutes([video(-30), { assetType: ASSET_TYPE.quiz, duration: null, quiz: null }, { assetType: ASSET_TYPE.quiz, duration: null }])).toBe(0);
    expect(courseMinutes([])).toBe(0);
  });
});

describe('reading time', () => {
  it('is the words (tags left out) at 200 a minute, rounded up, at least one minute', () => {
    expect(readingMinutes('<p>Hello <strong>there</strong></p>')).toBe(1);
    expect(readingMinutes(`<p>${'word '.repeat(401)}</p>`)).toBe(3);
    expect(readingMinutes('')).toBe(1);
  });
});
