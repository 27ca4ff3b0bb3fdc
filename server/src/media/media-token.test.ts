import { describe, expect, it } from 'vitest';
import { signMediaToken, verifyMediaToken } from './media-token';

const SECRET = 'a-secret-for-media-tokens';
const USER = '5b0c8f5e-2f1a-4c7e-9d3b-0f6a1e2d3c4b';
const claims = { userId: USER, expires: 1_800_000_000 };

/** The same string with one character of the signature changed. */
const tamper = (token: string, at: number) => {
  const chars = [...token];
  const i = at < 0 ? chars.length + at : at;
  chars[i] = chars[i] === 'A' ? 'B' : 'A';
  return chars.join('');
};

describe('media tokens', () => {
  it('verify for the asset they were signed for and carry learner and expiry', () => {
    const token = signMediaToken(SECRET, 42, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyMediaToken(SECRET, token, 42)).toEqual({ ...claims, kind: 'learner' });
  });

  it('sign a staff preview as its own kind, which cannot be turned into a learner’s or back', () => {
    const preview = signMediaToken(SECRET, 42, { ...claims, kind: 'preview' });
    expect(verifyMediaToken(SECRET, preview, 42)).toEqual({ ...claims, kind: 'preview' });
    const learner = signMediaToken(SECRET, 42, claims);
    const [previewPayload, previewMac] = preview.split('.');
    const [learnerPayload, learnerMac] = learner.split('.');
    // The same user, asset and expiry under the other kind's label does not verify.
    expect(verifyMediaToken(SECRET, `${learnerPayload}.${previewMac}`, 42)).toBeNull();
    expect(verifyMediaToken(SECRET, `${previewPayload}.${learnerMac}`, 42)).toBeNull();
    const unknownKind = Buffer.from(JSON.stringify({ u: USER, e: claims.expires, k: 'x' })).toString('base64url');
    expect(verifyMediaToken(SECRET, `${unknownKind}.${learnerMac}`, 42)).toBeNull();
  });

  it('are refused for another asset or under another secret', () => {
    const token = signMediaToken(SECRET, 42, claims);
    expect(verifyMediaToken(SECRET, token, 43)).toBeNull();
    expect(verifyMediaToken('another-secret', token, 42)).toBeNull();
  });

  it('are refused when any character of the signature changes, including its spare bits', () => {
    const token = signMediaToken(SECRET, 42, claims);
    for (const at of [-1, -2, -20, token.indexOf('.') + 1]) expect(verifyMediaToken(SECRET, tamper(token, at), 42), `at ${at}`).toBeNull();
  });

  it('are refused when the learner or the expiry in them is changed', () => {
    const token = signMediaToken(SECRET, 42, claims);
    const signature = token.split('.')[1]!;
    const forge = (payload: object) => `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    expect(verifyMediaToken(SECRET, forge({ u: '00000000-0000-4000-8000-000000000000', e: claims.expires }), 42)).toBeNull();
    expect(verifyMediaToken(SECRET, forge({ u: USER, e: claims.expires + 86_400 }), 42)).toBeNull();
  });

  it('are refused when malformed', () => {
    for (const bad of ['', 'abc', 'abc.def', `${'x'.repeat(500)}.${'y'.repeat(43)}`, `!!.${'y'.repeat(43)}`, `${Buffer.from('[]').toString('base64url')}.${'y'.repeat(43)}`]) {
      expect(verifyMediaToken(SECRET, bad, 42), bad.slice(0, 20)).toBeNull();
    }
  });
});
